import { useMemo } from 'react';
import { formatMonth } from '../../../i18n/notation';
import { useLocale } from '../i18n/use-locale';
import type { Locale } from '../i18n/locales';
import { formatDate, formatDateTime, parseDate } from './date-format';
import { formatDecimal, formatInteger, formatMoney, formatPercent, formatUnitPrice, parseDecimal, type Currency, type DecimalFormatOptions } from './number-format';

/** The formatters of the active language, bound once per language switch. */
export interface Formatters {
  locale: Locale;
  decimal: (value: string | number | null | undefined, options?: DecimalFormatOptions) => string;
  integer: (value: number | null | undefined) => string;
  money: (value: string | number | null | undefined, currency: Currency) => string;
  /** A price per unit: its stored decimals whole (i18n/notation.ts, as the invoice PDF writes it). */
  unitPrice: (value: string | number | null | undefined, currency: Currency) => string;
  percent: (value: string | number | null | undefined, options?: DecimalFormatOptions) => string;
  date: (value: string | null | undefined) => string;
  /** A month of a year as the pages, the PDF and the workbooks name it ("Marzo 2026"). */
  month: (anio: number, mes: number) => string;
  dateTime: (value: string | null | undefined) => string;
  parseDecimal: (input: string) => string | null;
  parseDate: (input: string) => string | null;
}

export function formattersFor(locale: Locale): Formatters {
  return {
    locale,
    decimal: (value, options) => formatDecimal(value, locale, options),
    integer: (value) => formatInteger(value, locale),
    money: (value, currency) => formatMoney(value, currency, locale),
    unitPrice: (value, currency) => formatUnitPrice(value, currency, locale),
    percent: (value, options) => formatPercent(value, locale, options),
    date: formatDate,
    month: (anio, mes) => formatMonth(anio, mes, locale),
    dateTime: formatDateTime,
    parseDecimal: (input) => parseDecimal(input, locale),
    parseDate,
  };
}

/** `useFormat()`: numbers, money, percentages and dates of the active language. */
export function useFormat(): Formatters {
  const locale = useLocale();
  return useMemo(() => formattersFor(locale), [locale]);
}
