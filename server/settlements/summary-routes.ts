// The summary calls of spec section 7 that the settlements dashboard draws
// (docs/api-settlements.md, "Summary"): the period's figures per month, country and contract
// type (`resumen`), the accumulated margin (`liquidations`) and the figures per contract
// (`contracts`). POST with a JSON body as the spec names them, though they only read. They need
// what the settlement list needs (the `liquidaciones` view key and Settlements `view`) and, like
// it, count the settlements of every country.
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  accumulatedMarginSchema,
  contractSummarySchema,
  settlementSummaryQuerySchema,
  settlementSummarySchema,
  type SettlementSummaryQuery,
} from '../../schemas/settlement-summary.schema';
import type { Db } from '../db/client';
import { accumulatedMargin, contractSummaries, settlementSummary } from './summary-store';

const VIEW = { permission: 'liquidaciones', action: { page: 'Settlements', action: 'view' } } as const;
const BASE = '/liquidacion/api/v3';

export default async function settlementSummaryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post<{ Body: SettlementSummaryQuery }>(
    `${BASE}/resumen`,
    { config: VIEW, schema: { body: settlementSummaryQuerySchema, response: { 200: dataOf(settlementSummarySchema) } } },
    async (request) => ({ data: await settlementSummary(db, request.body) }),
  );

  app.post<{ Body: SettlementSummaryQuery }>(
    `${BASE}/liquidations`,
    { config: VIEW, schema: { body: settlementSummaryQuerySchema, response: { 200: dataOf(accumulatedMarginSchema) } } },
    async (request) => ({ data: await accumulatedMargin(db, request.body) }),
  );

  app.post<{ Body: SettlementSummaryQuery }>(
    `${BASE}/contracts`,
    { config: VIEW, schema: { body: settlementSummaryQuerySchema, response: { 200: dataListOf(contractSummarySchema) } } },
    async (request) => ({ data: await contractSummaries(db, request.body) }),
  );
}
