import { addDays, businessToday } from '../../schemas/date.schema';

/**
 * The day `days` from today (negative: past) in the company's calendar, as the server counts
 * days (a run after midnight UTC is still yesterday in Guatemala): its ISO date and how it is
 * typed (dd/mm/yyyy).
 */
export function dayFromToday(days: number): { iso: string; typed: string } {
  const iso = addDays(businessToday(), days);
  return { iso, typed: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` };
}
