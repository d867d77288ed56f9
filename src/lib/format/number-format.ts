import type { Locale } from '../i18n/locales';

/**
 * Numbers, money and percentages as the active language writes them. Amounts travel as
 * decimal STRINGS (`"1234.5"`, never floats) so they are formatted from the string itself:
 * no digit is lost to binary floating point, whatever its length.
 */

/** The currencies of the product (spec section 3, bank coordinates and contracts). */
export const CURRENCIES = ['USD', 'MXN'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The wire form of a decimal: optional minus, digits, optional fraction. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

interface Separators {
  group: string;
  decimal: string;
}

const SEPARATORS: Record<Locale, Separators> = {
  // es-ES groups thousands with a dot and marks decimals with a comma: 1.234.567,89.
  'es-ES': { group: '.', decimal: ',' },
  'en-US': { group: ',', decimal: '.' },
};

export function separatorsOf(locale: Locale): Separators {
  return SEPARATORS[locale];
}

function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** Rounds a non-negative decimal string (`int`, `frac`) to `digits` fraction digits, half up. */
function roundDigits(int: string, frac: string, digits: number): { int: string; frac: string } {
  if (frac.length <= digits) return { int, frac };
  const kept = int + frac.slice(0, digits);
  const carry = Number(frac[digits]) >= 5;
  if (!carry) return { int, frac: frac.slice(0, digits) };
  // Add one to the last kept digit, carrying left through the string.
  const chars = kept.split('');
  let index = chars.length - 1;
  while (index >= 0) {
    if (chars[index] === '9') {
      chars[index] = '0';
      index -= 1;
    } else {
      chars[index] = String(Number(chars[index]) + 1);
      break;
    }
  }
  const sum = (index < 0 ? '1' : '') + chars.join('');
  return { int: sum.slice(0, sum.length - digits) || '0', frac: sum.slice(sum.length - digits) };
}

export interface DecimalFormatOptions {
  /** Fewest fraction digits shown (zeros added); default 0. */
  minFractionDigits?: number;
  /** Most fraction digits shown (rounded half up); default 6. */
  maxFractionDigits?: number;
}

/**
 * A wire decimal (string, or a number for counts) in the language's notation. Anything that is
 * not a decimal comes back unchanged, so a bad value stays visible rather than becoming "NaN".
 */
export function formatDecimal(value: string | number | null | undefined, locale: Locale, options: DecimalFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!DECIMAL_PATTERN.test(text)) return String(value);
  const { minFractionDigits = 0, maxFractionDigits = Math.max(6, minFractionDigits) } = options;
  const negative = text.startsWith('-');
  const [rawInt = '0', rawFrac = ''] = text.replace('-', '').split('.');
  const rounded = roundDigits(rawInt.replace(/^0+(?=\d)/, ''), rawFrac, maxFractionDigits);
  let frac = rounded.frac.replace(/0+$/, '');
  if (frac.length < minFractionDigits) frac = frac.padEnd(minFractionDigits, '0');
  const { group, decimal } = SEPARATORS[locale];
  const body = groupDigits(rounded.int, group) + (frac ? decimal + frac : '');
  const isZero = /^[0.,]*$/.test(rounded.int + frac);
  return (negative && !isZero ? '-' : '') + body;
}

/** An integer count (contacts, contracts) with the language's thousands separator. */
export function formatInteger(value: number | null | undefined, locale: Locale): string {
  return value === null || value === undefined ? '' : formatDecimal(Math.trunc(value), locale, { maxFractionDigits: 0 });
}

/**
 * An amount of money: always two decimals, with the currency's code (USD, MXN) where the
 * language puts it: `1.234,50 USD` in Spanish, `USD 1,234.50` in English. The code, not a
 * `$` sign: both currencies use `$`, and confusing them is costly.
 */
export function formatMoney(value: string | number | null | undefined, currency: Currency, locale: Locale): string {
  const amount = formatDecimal(value, locale, { minFractionDigits: 2, maxFractionDigits: 2 });
  if (amount === '' || !/\d/.test(amount)) return amount;
  return locale === 'es-ES' ? `${amount} ${currency}` : `${currency} ${amount}`;
}

/** A percentage stored as 0-100 (`"12.5"` -> `12,5 %` / `12.5%`), to at most four decimals unless told. */
export function formatPercent(value: string | number | null | undefined, locale: Locale, options: DecimalFormatOptions = { maxFractionDigits: 4 }): string {
  const amount = formatDecimal(value, locale, options);
  if (amount === '' || !/\d/.test(amount)) return amount;
  // Spanish typography separates the sign with a (non-breaking) space.
  return locale === 'es-ES' ? `${amount}\u00a0%` : `${amount}%`;
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
  const { group, decimal } = SEPARATORS[locale];
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
