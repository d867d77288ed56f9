// Exact arithmetic on wire decimals, for every area that adds, compares or divides money,
// prices or energy outside SQL: package.json holds no decimal library (settlements add up in
// SQL `numeric`), so a decimal string becomes a BigInt of its digits and its scale. A float
// would let 0.1 + 0.2 fall short of 0.3 and leave an invoice paid to the cent unreconciled.
// Rounding is half away from zero, as PostgreSQL's round(numeric, n), so the browser's
// preview, the server and the database's checks agree to the cent.

interface Exact {
  digits: bigint;
  scale: number;
}

function exact(value: string): Exact {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new Error(`exact-decimal: not a decimal string: ${JSON.stringify(value)}`);
  const [, sign = '', whole = '', fraction = ''] = match;
  return { digits: BigInt(`${sign}${whole}${fraction}`), scale: fraction.length };
}

/** Both values on the larger scale, so their digits compare and add as integers. */
function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = exact(a);
  const y = exact(b);
  const scale = Math.max(x.scale, y.scale);
  return [x.digits * 10n ** BigInt(scale - x.scale), y.digits * 10n ** BigInt(scale - y.scale), scale];
}

function formatted(digits: bigint, scale: number): string {
  const sign = digits < 0n ? '-' : '';
  const text = (digits < 0n ? -digits : digits).toString().padStart(scale + 1, '0');
  return scale === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`, exactly. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `a + b` exactly, on the larger of their scales ("40.5" + "59.50" = "100.00"). */
export function addDecimals(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return formatted(x + y, scale);
}

/** The exact sum of decimals ('0' for none). */
export function sumDecimals(values: readonly string[]): string {
  return values.reduce(addDecimals, '0');
}

/** `a - b` exactly, on the larger of their scales. */
export function subtractDecimals(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return formatted(x - y, scale);
}

/** `value` rounded to `scale` decimals, half away from zero (PostgreSQL's round). */
function roundDecimal(value: string, scale: number): string {
  const { digits, scale: from } = exact(value);
  if (from <= scale) return formatted(digits * 10n ** BigInt(scale - from), scale);
  const divisor = 10n ** BigInt(from - scale);
  const magnitude = digits < 0n ? -digits : digits;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return formatted(digits < 0n ? -rounded : rounded, scale);
}

/** `a x b` exactly, on the sum of their scales (MW x $/MWh: the dollars of one hour's bid). */
export function multiplyDecimals(a: string, b: string): string {
  const x = exact(a);
  const y = exact(b);
  return formatted(x.digits * y.digits, x.scale + y.scale);
}

/** Whether `value` is a decimal string these functions read (digits, an optional sign and fraction). */
export function isExactDecimal(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value);
}

/** `a x b / 100` rounded to cents: a share in percent of an amount (a discount, a tax, a bid on a price). */
export function percentOf(amount: string, percent: string): string {
  const x = exact(amount);
  const y = exact(percent);
  return roundDecimal(formatted(x.digits * y.digits, x.scale + y.scale + 2), 2);
}

/** `a / b` rounded to `scale` decimals, half away from zero (a unit price: an amount over its MWh). */
export function divideDecimals(a: string, b: string, scale: number): string {
  const x = exact(a);
  const y = exact(b);
  if (y.digits === 0n) throw new Error(`exact-decimal: ${a} divided by zero`);
  // a / b = (x / 10^xs) / (y / 10^ys), taken in units of 10^-scale.
  const numerator = x.digits * 10n ** BigInt(y.scale + scale);
  const denominator = y.digits * 10n ** BigInt(x.scale);
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return formatted(negative ? -rounded : rounded, scale);
}
