/** The day `days` from today (negative: past) on this machine's calendar: its ISO date and how it is typed (dd/mm/yyyy). */
export function dayFromToday(days: number): { iso: string; typed: string } {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { iso: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`, typed: `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}` };
}
