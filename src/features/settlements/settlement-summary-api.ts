import type { AccumulatedMargin, ContractSummary, SettlementSummary, SettlementSummaryQuery } from '../../../schemas/settlement-summary.schema';
import { apiData } from '../../lib/api/client';

/** The summary calls of spec section 7 the dashboard draws (docs/api-settlements.md, "Summary"). */

const SUMMARY = '/liquidacion/api/v3';

/** The period's figures in all, per month, country and contract type. */
export const getSettlementSummary = (body: SettlementSummaryQuery) => apiData<SettlementSummary>({ method: 'POST', path: `${SUMMARY}/resumen`, body });

/** The margin of each month and the margin accumulated up to it. */
export const getAccumulatedMargin = (body: SettlementSummaryQuery) => apiData<AccumulatedMargin>({ method: 'POST', path: `${SUMMARY}/liquidations`, body });

/** Each contract settled in the period with its totals, highest margin first. */
export const getContractSummaries = (body: SettlementSummaryQuery) => apiData<ContractSummary[]>({ method: 'POST', path: `${SUMMARY}/contracts`, body });
