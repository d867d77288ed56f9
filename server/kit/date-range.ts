// The one answer to a range of days a read refuses (the guarantees' history, the monitoring
// calls): a 400 whose detail sits on `/hasta`, with the limit in its params so the page can say it.
import { dateRangeFault } from '../../schemas/date.schema';
import { invalidRequest } from '../errors/catalogue';

/** Throws the 400 for a range that ends before it starts (`rangeOrder`) or spans more than `maxDays` days (`rangeMax`, `params.max`). */
export function assertDateRange({ desde, hasta }: { desde: string; hasta: string }, maxDays: number): void {
  const fault = dateRangeFault(desde, hasta, maxDays);
  if (fault === 'rangeOrder') throw invalidRequest([{ instancePath: '/hasta', keyword: 'rangeOrder', message: 'must be on or after desde' }]);
  if (fault === 'rangeMax') {
    throw invalidRequest([{ instancePath: '/hasta', keyword: 'rangeMax', message: `a range is at most ${maxDays} days`, params: { max: maxDays } }]);
  }
}
