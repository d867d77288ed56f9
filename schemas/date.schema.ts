// Calendar dates on the wire (ISO `YYYY-MM-DD`) and the rules on them that a JSON Schema
// cannot state: a real calendar day, and an end on or after its start. The forms, the
// machines and the server all import these, so the browser refuses what the server refuses.

/** An ISO calendar date `YYYY-MM-DD` (the UI shows and accepts dd/mm/yyyy). */
export const ISO_DATE_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether year-month-day names a real calendar day (no 31/04, 29/02 only in leap years). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= lengths[month - 1]!;
}

/** Whether a wire value is an ISO date that names a real calendar day. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
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
