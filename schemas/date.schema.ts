// Calendar dates on the wire (ISO `YYYY-MM-DD`). What a calendar day is, is ajv-formats'
// `date` format from year 1 on (`calendarDateFormat`): the server's request schemas, the browser's compiled form validators and the
// rules the machines share all apply that one check, so the browser refuses what the server
// refuses and no area writes its own.
import { fullFormats } from 'ajv-formats/dist/formats.js';

/** A calendar date on the wire: the JSON Schema piece every schema file uses for a date. */
export const isoDate = { type: 'string', format: 'date' } as const;

/** What the server says beside a date that is no calendar day, whoever checks it. */
export const CALENDAR_DATE_MESSAGE = 'must be a calendar date (YYYY-MM-DD)';

const ajvCalendarDate = fullFormats.date as { validate: (value: string) => boolean };

/**
 * The `date` format the server's ajv and the browser's compiled validators both use in place
 * of ajv-formats' own: its calendar check, from year 1 on. ISO 8601 has a year 0000, but
 * PostgreSQL has none and would refuse the value only when the SQL runs (a 500, not a 400).
 */
export const calendarDateFormat = {
  type: 'string',
  validate: (value: string): boolean => ajvCalendarDate.validate(value) && !value.startsWith('0000'),
} as const;

/** The formats the product's schemas name, by name (the browser's validators import them). */
export const WIRE_FORMATS = { date: calendarDateFormat } as const;

/** Whether a wire value is an ISO date that names a real calendar day (no 31/04, 29/02 only in leap years, no year 0). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && calendarDateFormat.validate(value);
}

/** The ISO date of year-month-day, or null when they name no calendar day. */
export function calendarDateOf(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger) || year < 1) return null;
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** Whether `end` is on or after `start`; true while either is not a date yet (that is another rule's message). */
export function isOnOrAfter(start: unknown, end: unknown): boolean {
  // ISO dates compare as text.
  return !isIsoDate(start) || !isIsoDate(end) || end >= start;
}

/**
 * The company's calendar: it works in Central America, so "today" is the date in Guatemala
 * (UTC-6 all year, no daylight saving), wherever the browser or the server runs. The rules
 * that read "today" (an issue date or a payment not in the future, a statement's default
 * cut-off, the cash flow's default window) all read it here, so the page and the server
 * agree on what today is even when the user's clock is in another zone.
 */
export const BUSINESS_TIME_ZONE = 'America/Guatemala';

const businessDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today (or the day of `now`) in the company's calendar, as an ISO date. */
export function businessToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD; the parts are read rather than trusted to that order.
  const parts = Object.fromEntries(businessDay.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The ISO date `days` after `iso` (before it when negative). */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of a month, as an ISO date. */
export function firstOfMonth(anio: number, mes: number): string {
  return `${String(anio).padStart(4, '0')}-${String(mes).padStart(2, '0')}-01`;
}

/** What is wrong with a range of days: its end before its start, or more than `maxDays` days from start to end (both counted). */
export type DateRangeFault = 'rangeOrder' | 'rangeMax';

/** The fault of `desde`..`hasta` as a range of at most `maxDays` days, or null; null while either is not a date yet (another rule's message). */
export function dateRangeFault(desde: unknown, hasta: unknown, maxDays: number): DateRangeFault | null {
  if (!isIsoDate(desde) || !isIsoDate(hasta)) return null;
  if (hasta < desde) return 'rangeOrder';
  return hasta > addDays(desde, maxDays - 1) ? 'rangeMax' : null;
}
