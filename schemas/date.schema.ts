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
