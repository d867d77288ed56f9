// How each language of the product writes numbers, money, percentages, dates and months. The
// browser's formatters (src/lib/format) and the documents the server draws (the invoice PDF)
// both write with these, so a figure reads the same on the screen and on paper. Amounts travel
// as decimal STRINGS (`"1234.5"`, never floats) and are formatted from the string itself: no
// digit is lost to binary floating point, whatever its length.

interface Separators {
  group: string;
  decimal: string;
}

const SEPARATORS = {
  // es-ES groups thousands with a dot and marks decimals with a comma: 1.234.567,89.
  'es-ES': { group: '.', decimal: ',' },
  'en-US': { group: ',', decimal: '.' },
} as const satisfies Record<string, Separators>;

/** A language whose notation is known: the product's two. */
type NotationLanguage = keyof typeof SEPARATORS;

/** The wire form of a decimal: optional minus, digits, optional fraction. */
const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function separatorsOf(locale: NotationLanguage): Separators {
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
export function formatDecimal(value: string | number | null | undefined, locale: NotationLanguage, options: DecimalFormatOptions = {}): string {
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

/**
 * An amount of money: two decimals (up to `maxFractionDigits` for a price per unit), with the
 * currency's code (USD, MXN) where the language puts it: `1.234,50 USD` in Spanish,
 * `USD 1,234.50` in English. The code, not a `$` sign: both currencies use `$`, and confusing
 * them is costly.
 */
export function formatMoney(value: string | number | null | undefined, currency: string, locale: NotationLanguage, maxFractionDigits = 2): string {
  const amount = formatDecimal(value, locale, { minFractionDigits: 2, maxFractionDigits });
  if (amount === '' || !/\d/.test(amount)) return amount;
  return locale === 'es-ES' ? `${amount} ${currency}` : `${currency} ${amount}`;
}

/**
 * The decimals of a price per unit (an invoice's price per MWh): it is stored rounded to these
 * (the energy line over its MWh), and the page and the PDF both write it whole.
 */
export const UNIT_PRICE_DECIMALS = 4;

/** A price per unit with its currency: at least two decimals, up to UNIT_PRICE_DECIMALS (`97,0425 USD`, `USD 90.10`). */
export function formatUnitPrice(value: string | number | null | undefined, currency: string, locale: NotationLanguage): string {
  return formatMoney(value, currency, locale, UNIT_PRICE_DECIMALS);
}

/** A percentage stored as 0-100 (`"12.5"` -> `12,5 %` / `12.5%`), to at most four decimals unless told. */
export function formatPercent(value: string | number | null | undefined, locale: NotationLanguage, options: DecimalFormatOptions = { maxFractionDigits: 4 }): string {
  const amount = formatDecimal(value, locale, options);
  if (amount === '' || !/\d/.test(amount)) return amount;
  // Spanish typography separates the sign with a (non-breaking) space.
  return locale === 'es-ES' ? `${amount}\u00a0%` : `${amount}%`;
}

/**
 * An ISO date (or a timestamp that starts with one) as dd/mm/yyyy, in both languages (spec
 * section 5). A value that is not a date comes back unchanged so it stays visible.
 */
export function formatDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** The twelve months of a year, 1-based as the API numbers them. */
export const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * The names of the twelve months in `locale`, capitalised as a label starts ("Enero", "Ene."),
 * index 0 for January.
 */
export function monthNames(locale: NotationLanguage, style: 'long' | 'short' = 'long'): string[] {
  const name = new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' });
  return MONTHS.map((month) => {
    const text = name.format(new Date(Date.UTC(2000, month - 1, 1)));
    return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  });
}

/** A month of a year as the pages, the PDF and the workbooks write it: `Octubre 2026`, `October 2026`. */
export function formatMonth(anio: number, mes: number, locale: NotationLanguage): string {
  return `${monthNames(locale)[mes - 1] ?? mes} ${anio}`;
}
