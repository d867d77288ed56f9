// What the accounting calls check beyond their JSON Schemas: a date the pattern lets through
// may still not be a calendar day (2026-02-30), and a cash-flow range must be in order and
// bounded. Each broken rule is a field detail of a 400, as the other areas answer.
import { CASH_FLOW_MAX_DAYS, isCashFlowRange } from '../../schemas/accounting.schema';
import { isIsoDate, isOnOrAfter } from '../../schemas/date.schema';
import type { ErrorDetail } from '../errors/catalogue';

const notADay = (field: string): ErrorDetail => ({ instancePath: `/${field}`, keyword: 'format', message: 'must be a calendar date (YYYY-MM-DD)' });

/** The problems of a statement's cut-off date (none when it is left out: today). */
export function cutoffProblems(fecha_corte: string | undefined): ErrorDetail[] {
  return fecha_corte === undefined || isIsoDate(fecha_corte) ? [] : [notADay('fecha_corte')];
}

/** The problems of a cash-flow range: each end a calendar day, the end not before the start, at most CASH_FLOW_MAX_DAYS long. */
export function rangeProblems(desde: string, hasta: string): ErrorDetail[] {
  const details = (['desde', 'hasta'] as const).filter((field) => !isIsoDate({ desde, hasta }[field])).map(notADay);
  if (details.length > 0 || isCashFlowRange(desde, hasta)) return details;
  if (!isOnOrAfter(desde, hasta)) return [{ instancePath: '/hasta', keyword: 'dateOrder', message: 'must be on or after desde' }];
  return [{ instancePath: '/hasta', keyword: 'maximum', message: `must be at most ${CASH_FLOW_MAX_DAYS} days after desde` }];
}
