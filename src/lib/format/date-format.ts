/**
 * Dates as the product shows and accepts them: dd/mm/yyyy in both languages (spec section 5,
 * "Input Start Date (dd/mm/yyyy)"), ISO `YYYY-MM-DD` on the wire. Plain calendar dates, no
 * time zone: a contract starting on 01/03/2026 starts that day wherever the browser is. What
 * a calendar day is, is `schemas/date.schema.ts`: the server applies the same rule.
 */
import { calendarDateOf } from '../../../schemas/date.schema';

export { isIsoDate } from '../../../schemas/date.schema';
// dd/mm/yyyy is shared with the documents the server draws.
export { formatDate } from '../../../i18n/notation';

const DISPLAY_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A typed dd/mm/yyyy (one-digit day and month accepted) as the ISO wire date, or null when it
 * is not a real calendar day.
 */
export function parseDate(input: string): string | null {
  const match = DISPLAY_DATE.exec(input.trim());
  if (!match) return null;
  return calendarDateOf(Number(match[3]), Number(match[2]), Number(match[1]));
}

/** A timestamp (ISO with time) as dd/mm/yyyy hh:mm in the browser's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Sort key of a dd/mm/yyyy text (yyyymmdd), for comparing dates shown in a grid; '' for blanks
 * so they sort first.
 */
export function dateSortKey(display: string): string {
  const iso = parseDate(display);
  return iso ? iso.replaceAll('-', '') : '';
}
