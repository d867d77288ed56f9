import { useSearchParams } from 'wouter';
import { addDays, businessToday, isIsoDate } from '../../../schemas/date.schema';

/** The operating day the URL names (`?fecha=`), else tomorrow (the day being prepared), and how to change it (kept in the URL). */
export function useOperatingDay(): [string, (fecha: string) => void] {
  const [params, setParams] = useSearchParams();
  const named = params.get('fecha') ?? '';
  const fecha = isIsoDate(named) ? named : addDays(businessToday(), 1);
  return [fecha, (next) => setParams((previous) => ({ ...Object.fromEntries(previous), fecha: next }))];
}
