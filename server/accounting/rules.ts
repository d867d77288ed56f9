// What the accounting calls check beyond their JSON Schemas (which refuse a day that is not in
// the calendar): a cash-flow range must be in order and bounded. Each broken rule is a field
// detail of a 400, as the other areas answer.
import { CASH_FLOW_MAX_DAYS, isCashFlowRange } from '../../schemas/accounting.schema';
import { isOnOrAfter } from '../../schemas/date.schema';
import type { ErrorDetail } from '../errors/catalogue';

/** The problems of a cash-flow range of calendar days: the end not before the start, at most CASH_FLOW_MAX_DAYS long. */
export function rangeProblems(desde: string, hasta: string): ErrorDetail[] {
  if (isCashFlowRange(desde, hasta)) return [];
  if (!isOnOrAfter(desde, hasta)) return [{ instancePath: '/hasta', keyword: 'dateOrder', message: 'must be on or after desde' }];
  return [{ instancePath: '/hasta', keyword: 'maximum', message: `must be at most ${CASH_FLOW_MAX_DAYS} days after desde` }];
}
