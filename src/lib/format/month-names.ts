import type { Locale } from '../i18n/locales';

/** The twelve month names of `locale`, January first, capitalised as a label starts ("Enero", "January"). */
export function monthNames(locale: Locale): string[] {
  const name = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => {
    const text = name.format(new Date(Date.UTC(2000, index, 1)));
    return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  });
}
