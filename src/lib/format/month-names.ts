import { useMemo } from 'react';
import type { Locale } from '../i18n/locales';
import { useLocale } from '../i18n/use-locale';

/** The twelve months of a year, 1-based as the API numbers them. */
export const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * The names of the twelve months in `locale`, capitalised as a label starts ("Enero", "Ene."),
 * index 0 for January.
 */
export function monthNames(locale: Locale, style: 'long' | 'short' = 'long'): string[] {
  const name = new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' });
  return MONTHS.map((month) => {
    const text = name.format(new Date(Date.UTC(2000, month - 1, 1)));
    return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  });
}

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
