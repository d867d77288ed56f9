import type { SettlementPoint } from '../../../schemas/ercot.schema';

type PointPrice = NonNullable<SettlementPoint['precios']>[number];

/** An hour ending as traders write it: `02`, and `02*` for the repeated hour of a fall-back day. */
export const hourEndingLabel = (hora: number, repetida: boolean): string => `${String(hora).padStart(2, '0')}${repetida ? '*' : ''}`;

/** One operating hour of a point: its day-ahead price and its real-time price (the mean of its four 15-minute prices). */
export interface PriceHour {
  /** The hour's UTC start: the order of the hours, and what tells the two 02:00 of a fall-back day apart. */
  inicio_utc: string;
  dia_operacion: string;
  hora_final: number;
  repetida: boolean;
  dam: number | null;
  /** Null unless all four intervals are priced: an hour is never averaged over part of it. */
  rtm: number | null;
}

const QUARTER_MS = 15 * 60 * 1000;

/** The UTC start (epoch ms) of the hour a price lies in: a 15-minute interval (1..4) is a quarter of it. */
const hourStartOf = (price: PointPrice) => Date.parse(price.inicio_utc) - ((price.intervalo ?? 1) - 1) * QUARTER_MS;

/** Rounds a mean of cents to the hundredth of a cent (four 2-decimal prices averaged are exact to four decimals). */
const toFourDecimals = (value: number) => Math.round(value * 10000) / 10000;

/**
 * A point's hours from its DAM hourly and RTM 15-minute prices, in UTC order: every hour either
 * market priced, so a spring-forward day has 23, a fall-back day 25 (its repeated hour twice,
 * the second flagged) and never a 24-slot grid that loses or invents an hour.
 */
export function hourlyPrices(dam: readonly PointPrice[], rtm: readonly PointPrice[]): PriceHour[] {
  const hours = new Map<number, PriceHour & { start: number; quarters: number[] }>();
  const hourOf = (price: PointPrice) => {
    const start = hourStartOf(price);
    let hour = hours.get(start);
    if (!hour) {
      hour = { start, inicio_utc: new Date(start).toISOString().replace('.000Z', 'Z'), dia_operacion: price.dia_operacion, hora_final: price.hora_final, repetida: price.repetida, dam: null, rtm: null, quarters: [] };
      hours.set(start, hour);
    }
    return hour;
  };
  for (const price of dam) hourOf(price).dam = Number(price.precio);
  for (const price of rtm) hourOf(price).quarters.push(Number(price.precio));
  return [...hours.values()]
    .sort((a, b) => a.start - b.start)
    .map(({ start: _start, quarters, ...hour }) => ({ ...hour, rtm: quarters.length === 4 ? toFourDecimals(quarters.reduce((sum, one) => sum + one, 0) / 4) : null }));
}
