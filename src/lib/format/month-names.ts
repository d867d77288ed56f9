import { useMemo } from 'react';
import { monthNames } from '../../../i18n/notation';
import { useLocale } from '../i18n/use-locale';

// The names themselves are shared with the documents the server draws.
export { MONTHS, monthNames } from '../../../i18n/notation';

/** `monthNames` of the active language. */
export function useMonthNames(style: 'long' | 'short' = 'long'): string[] {
  const locale = useLocale();
  return useMemo(() => monthNames(locale, style), [locale, style]);
}

/** The years a list's year filter offers, newest first: 2020 to next year, and the URL's own year when a link names an older one. */
export function yearsOffered(chosen: string, now = new Date()): number[] {
  const last = now.getFullYear() + 1;
  const first = Math.min(2020, Number(chosen) || 2020);
  return Array.from({ length: last - first + 1 }, (_, index) => last - index);
}
