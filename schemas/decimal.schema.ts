// Amounts, prices, quantities and percentages travel as decimal strings ("1234.5": never a
// float, so no digit is lost on the way), and JSON Schema's minimum / maximum bound numbers
// only. So each kind of decimal is a pattern that admits exactly the values within its bounds
// and with at most its number of decimals, and the bounds are kept beside the pattern: the
// forms say them in their messages (decimalBoundsOf), the API docs list them, and the
// generated bad-input walk sends a value just past them. The `numeric` columns carry no
// precision of their own, so they store every value a pattern admits exactly.

/**
 * The bounds of one kind of decimal: from 0 (excluded when `positive`), or from `-max` when
 * signed, to `max`, at most `scale` decimals.
 */
export interface DecimalBounds {
  /** The smallest value: 0 (a negative price or share has no meaning in a contract), or `-max` for a signed amount. */
  readonly min: string;
  /** Whether 0 itself is refused: a contract for 0 MWh or 0 MW is no contract. */
  readonly positive: boolean;
  /** The largest value: as many nines as the kind has digits, or 100 for a percentage. */
  readonly max: string;
  /** The most digits after the decimal point. */
  readonly scale: number;
}

/**
 * Every kind of decimal of the contracts, annexes and invoices. A guarantee in MXN is about 18 times its
 * USD amount, so money goes up to a trillion; prices are per MWh or per kW and stay below a
 * hundred million; energy and power (MWh, MW or kW) up to a billion, to the thousandth.
 */
export const DECIMAL_BOUNDS = {
  /** A share in percent: margin, participation, the charge and loss shares. */
  percentage: { min: '0', positive: false, max: '100', scale: 4 },
  /** An amount of money (the guarantee), in cents. */
  money: { min: '0', positive: false, max: '999999999999.99', scale: 2 },
  /** An amount of money that is more than 0 (a payment: a payment of nothing records nothing), in cents. */
  positiveMoney: { min: '0', positive: true, max: '999999999999.99', scale: 2 },
  /** An amount of money either way (an invoice's adjustment adds or takes away), in cents. */
  signedMoney: { min: '-999999999999.99', positive: false, max: '999999999999.99', scale: 2 },
  /** A price, fee or cap per unit ($/MWh, $/kW), or a transmission right in $. */
  price: { min: '0', positive: false, max: '99999999.9999', scale: 4 },
  /** Energy (MWh) or power (MW, kW). */
  quantity: { min: '0', positive: true, max: '999999999.999', scale: 3 },
  /** A bid's price per MWh as the operators take it (USD or MXN), in cents. */
  offerPrice: { min: '0', positive: false, max: '999999.99', scale: 2 },
  /** A bid's MW in one hour (0 is an hour offered with nothing), to the thousandth. */
  offerMw: { min: '0', positive: false, max: '9999.999', scale: 3 },
} as const satisfies Record<string, DecimalBounds>;

export type DecimalKind = keyof typeof DECIMAL_BOUNDS;

/** The fraction digits of a value other than 0 (`0.` then at most `scale` digits, one of them not 0). */
function nonZeroFraction(scale: number): string {
  // The first digit that is not 0 at each place in turn: no lookahead, which the generators
  // of the bad-input walk cannot follow.
  return Array.from({ length: scale }, (_, zeros) => `0{${zeros}}[1-9]\\d{0,${scale - 1 - zeros}}`).join('|');
}

/** The anchored pattern that admits exactly the decimals within `bounds` (no leading zeros; a sign only when signed). */
export function decimalPattern({ min, positive, max, scale }: DecimalBounds): string {
  if (min === `-${max}`) return `^-?${decimalPattern({ min: '0', positive, max, scale }).slice(1)}`;
  if (min !== '0') throw new Error(`decimalPattern: no pattern for a minimum of ${min}`);
  const [whole = '', fraction = ''] = max.split('.');
  const decimals = `(\\.\\d{1,${scale}})?`;
  if (/^10+$/.test(whole) && fraction === '' && !positive) {
    // A power of ten (100): below it any decimals, at it only zeros.
    return `^(${whole}(\\.0{1,${scale}})?|(0|[1-9]\\d{0,${whole.length - 2}})${decimals})$`;
  }
  if (/^9+$/.test(whole) && fraction === '9'.repeat(scale)) {
    const digits = `[1-9]\\d{0,${whole.length - 1}}`;
    return positive ? `^(${digits}${decimals}|0\\.(${nonZeroFraction(scale)}))$` : `^(0|${digits})${decimals}$`;
  }
  throw new Error(`decimalPattern: no pattern for a maximum of ${max} with ${scale} decimals`);
}

const BOUNDS_BY_PATTERN = new Map<string, DecimalBounds>(Object.values(DECIMAL_BOUNDS).map((bounds) => [decimalPattern(bounds), bounds]));

/** The bounds a decimal pattern of DECIMAL_BOUNDS stands for (undefined for any other pattern). */
export function decimalBoundsOf(pattern: unknown): DecimalBounds | undefined {
  return typeof pattern === 'string' ? BOUNDS_BY_PATTERN.get(pattern) : undefined;
}

/** Whether `value` is a wire decimal within `bounds`. */
export function isWithinBounds(value: unknown, bounds: DecimalBounds): boolean {
  return typeof value === 'string' && new RegExp(decimalPattern(bounds), 'u').test(value);
}

function description({ min, positive, max, scale }: DecimalBounds): string {
  const from = positive ? 'greater than 0 up' : min === '0' ? 'from 0 up' : `from ${min}`;
  return `A decimal string ${from} to ${max}, with at most ${scale} decimals.`;
}

/** A required decimal of one kind. */
export function decimalSchema(bounds: DecimalBounds) {
  return { type: 'string', pattern: decimalPattern(bounds), description: description(bounds) } as const;
}

/** An optional decimal of one kind (null clears it). */
export function nullableDecimalSchema(bounds: DecimalBounds) {
  return { type: ['string', 'null'], pattern: decimalPattern(bounds), description: description(bounds) } as const;
}

/** A decimal on the way out (a total, a price, an amount the server computed): exact text, never a float. */
export const amount = { type: 'string' } as const;

/** The same, or null where there is none. */
export const nullableAmount = { type: ['string', 'null'] } as const;
