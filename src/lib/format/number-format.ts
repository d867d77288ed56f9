/**
 * Numbers, money and percentages as the active language writes them. Amounts travel as
 * decimal STRINGS (`"1234.5"`, never floats) so they are formatted from the string itself:
 * no digit is lost to binary floating point, whatever its length. The notation is
 * i18n/notation.ts, shared with the documents the server draws; reading typed numbers back is
 * the browser's alone.
 */
import { formatDecimal, separatorsOf } from '../../../i18n/notation';
import type { CURRENCIES } from '../../../schemas/company.schema';
import type { Locale } from '../i18n/locales';

export { formatDecimal, formatMoney, formatPercent, formatUnitPrice, type DecimalFormatOptions } from '../../../i18n/notation';

/** The currencies of the product (spec section 3, bank coordinates and contracts). */
export type Currency = (typeof CURRENCIES)[number];

/** An integer count (contacts, contracts) with the language's thousands separator. */
export function formatInteger(value: number | null | undefined, locale: Locale): string {
  return value === null || value === undefined ? '' : formatDecimal(Math.trunc(value), locale, { maxFractionDigits: 0 });
}

/**
 * Reads a number typed in the language's notation back to the wire decimal string, or null
 * when it is not a number. Spanish accepts `1.234,5` and `1234,5`; English `1,234.5` and
 * `1234.5`. Thousands separators must be well placed so `1.5` typed in Spanish (a likely slip
 * for 1,5) is refused instead of silently read as fifteen.
 */
export function parseDecimal(input: string, locale: Locale): string | null {
  const text = input.trim().replace(/\s|\u00a0/g, '');
  if (text === '') return null;
  const { group, decimal } = separatorsOf(locale);
  const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const g = escape(group);
  const d = escape(decimal);
  const pattern = new RegExp(`^(-?)(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d+))?$`);
  const match = pattern.exec(text);
  if (!match) return null;
  const [, sign = '', int = '', frac] = match;
  const digits = int.split(group).join('').replace(/^0+(?=\d)/, '');
  const value = `${sign}${digits}${frac ? `.${frac}` : ''}`;
  return value === '-0' ? '0' : value;
}
