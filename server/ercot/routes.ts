// ERCOT (spec section 7; docs/ercot.md, docs/api-ercot.md): the day-ahead awards settled at the
// DAM settlement point price, the settlement points with their prices, the accumulated MWh and
// USD, and the imports of ERCOT's price files and of the awards. Behind the `mercados` view key
// (the role matrix has no ERCOT page, so no role action).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  accumulatedBodySchema,
  accumulatedRowSchema,
  ERCOT_IMPORT_MAX_BYTES,
  ERCOT_MAX_RANGE_DAYS,
  ercotImportedSchema,
  settledBidsBodySchema,
  settledBidsSchema,
  settlementPointSchema,
  settlementPointsBodySchema,
  type AccumulatedBody,
  type SettledBidsBody,
  type SettlementPointsBody,
} from '../../schemas/ercot.schema';
import type { Db } from '../db/client';
import { assertDateRange } from '../kit/date-range';
import { perform } from '../kit/use-case';
import { readTableUpload } from '../market-data/file-table';
import { importAwards, importDamPrices, importRtmPrices } from './imports';
import { accumulated, settledBids, settlementPoints } from './store';

const MERCADOS = { permission: 'mercados' } as const;
const BASE = '/ercot/api/v1';

export default async function ercotRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Multipart in this plugin's scope only, for the imports.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: ERCOT_IMPORT_MAX_BYTES, files: 1, fields: 1, fieldSize: 64, parts: 2, headerPairs: 50 },
  });

  app.post<{ Body: SettledBidsBody }>(
    `${BASE}/settled-bids`,
    { config: MERCADOS, schema: { body: settledBidsBodySchema, response: { 200: dataOf(settledBidsSchema) } } },
    async (request) => {
      assertDateRange(request.body, ERCOT_MAX_RANGE_DAYS);
      return { data: await settledBids(db, request.body) };
    },
  );
  app.post<{ Body: SettlementPointsBody }>(
    `${BASE}/settlement_points`,
    { config: MERCADOS, schema: { body: settlementPointsBodySchema, response: { 200: dataListOf(settlementPointSchema) } } },
    async (request) => {
      if (request.body.con_precios) assertDateRange(request.body.con_precios, ERCOT_MAX_RANGE_DAYS);
      return { data: await settlementPoints(db, request.body) };
    },
  );
  app.post<{ Body: AccumulatedBody }>(
    `${BASE}/acumulados`,
    { config: MERCADOS, schema: { body: accumulatedBodySchema, response: { 200: dataListOf(accumulatedRowSchema) } } },
    async (request) => {
      assertDateRange(request.body, ERCOT_MAX_RANGE_DAYS);
      return { data: await accumulated(db, request.body) };
    },
  );

  // ERCOT's price files and the awards, each a CSV or a workbook.
  const imported = { config: MERCADOS, schema: { response: { 200: dataOf(ercotImportedSchema) } } };
  app.post(`${BASE}/precios-dam`, imported, async (request, reply) => perform(db, request, reply, importDamPrices, await readTableUpload(request)));
  app.post(`${BASE}/precios-rtm`, imported, async (request, reply) => perform(db, request, reply, importRtmPrices, await readTableUpload(request)));
  app.post(`${BASE}/adjudicaciones`, imported, async (request, reply) => perform(db, request, reply, importAwards, await readTableUpload(request)));
}
