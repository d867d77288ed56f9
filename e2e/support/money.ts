// Amounts as a spec expects to see them, worked out on its own rather than with the product's
// formatters: exact cents (BigInt, as the product's amounts are exact decimals) and each
// language's notation (`1.234,50 USD` in Spanish, `USD 1,234.50` in English).
import type { Lang } from './messages';

/** Cents of a wire decimal string (`"1234.5"` -> 123450n); at most two decimals. */
export function cents(decimal: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not an amount: ${decimal}`);
  const value = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}

/** `numerator / denominator` rounded half away from zero, as PostgreSQL's `round`. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const [n, d] = [numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator];
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** `percent` % of an amount in cents, to the cent (`percent` a decimal string: `"2.5"`, `"12"`). */
export function percentOf(amount: bigint, percent: string): bigint {
  const [whole, fraction = ''] = percent.split('.');
  return divideRounded(amount * BigInt(`${whole}${fraction}`), 100n * 10n ** BigInt(fraction.length));
}

/** A decimal as typed and shown in `lang` without grouping (`2.5` -> `2,5` in Spanish). */
export function typedDecimal(lang: Lang, decimal: string): string {
  return lang === 'es-ES' ? decimal.replace('.', ',') : decimal;
}

/** Cents as the language writes an amount without its currency, grouped: `1.234,50` / `1,234.50`. */
export function amountText(lang: Lang, value: bigint): string {
  const [group, point] = lang === 'es-ES' ? ['.', ','] : [',', '.'];
  const absolute = value < 0n ? -value : value;
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${value < 0n ? '-' : ''}${whole}${point}${(absolute % 100n).toString().padStart(2, '0')}`;
}

/** Cents as the product shows money: with the currency's code where the language puts it. */
export function moneyText(lang: Lang, value: bigint, currency: string): string {
  return lang === 'es-ES' ? `${amountText(lang, value)} ${currency}` : `${currency} ${amountText(lang, value)}`;
}

/** The cents of an amount as shown (either language, with or without its currency code). */
export function centsShown(text: string): bigint {
  const digits = text.replace(/[^\d]/g, '');
  if (digits === '') throw new Error(`no amount in "${text}"`);
  return text.includes('-') ? -BigInt(digits) : BigInt(digits);
}

/** Cents as a wire decimal (`123450n` -> `"1234.50"`), as the API and workbooks write it. */
export function decimalOf(value: bigint): string {
  const absolute = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
}
