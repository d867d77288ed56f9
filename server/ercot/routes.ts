// ERCOT (spec section 7; docs/ercot.md, docs/api-ercot.md): the day-ahead awards settled at the
// DAM settlement point price, the settlement points with their prices, the accumulated MWh and
// USD, the pages' workbooks, the imports of ERCOT's price files, of the awards and of the
// settlement-point catalogue, and a point's edit. Behind the `mercados` view key (the role
// matrix has no ERCOT page, so no role action).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { ercotFileName } from '../../i18n/download-names';
import {
  accumulatedBodySchema,
  accumulatedExcelBodySchema,
  accumulatedRowSchema,
  ERCOT_IMPORT_MAX_BYTES,
  ERCOT_MAX_RANGE_DAYS,
  ercotImportedSchema,
  pricesExcelBodySchema,
  settledBidsBodySchema,
  settledBidsExcelBodySchema,
  settledBidsSchema,
  settlementPointSchema,
  settlementPointsBodySchema,
  settlementPointUpdateBodySchema,
  type AccumulatedBody,
  type AccumulatedExcelBody,
  type PricesExcelBody,
  type SettledBidsBody,
  type SettledBidsExcelBody,
  type SettlementPointsBody,
  type SettlementPointUpdate,
} from '../../schemas/ercot.schema';
import type { Db } from '../db/client';
import { sendWorkbook, WORKBOOK_ANSWER } from '../files/workbook';
import { assertDateRange } from '../kit/date-range';
import { perform } from '../kit/use-case';
import { readTableUpload, tableUpload } from '../market-data/file-table';
import { writeAccumulatedWorkbook, writePricesWorkbook, writeSettledBidsWorkbook } from './ercot-excel';
import { importAwards, importDamPrices, importPoints, importRtmPrices } from './imports';
import { assertPointsKnown } from './rules';
import { accumulated, pointsByName, pricesByInterval, settledBids, settledTotals, settlementPoints } from './store';
import { updatePoint } from './update-point';

const MERCADOS = { permission: 'mercados' } as const;
const BASE = '/ercot/api/v1';

export default async function ercotRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Multipart in this plugin's scope only, for the imports; the file's cap is each import's `config.upload` (ERCOT_IMPORT_MAX_BYTES).
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { files: 1, fields: 1, fieldSize: 64, parts: 2, headerPairs: 50 },
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

  app.patch<{ Body: SettlementPointUpdate }>(
    `${BASE}/settlement_points`,
    { config: MERCADOS, schema: { body: settlementPointUpdateBodySchema, response: { 200: dataOf(settlementPointSchema) } } },
    async (request, reply) => perform(db, request, reply, updatePoint, request.body),
  );

  // The pages' workbooks, each read whole before the first byte: a failure is still an error answer, not half a file.
  app.post<{ Body: SettledBidsExcelBody }>(`${BASE}/settled-bids-excel`, { config: { ...MERCADOS, answers: WORKBOOK_ANSWER }, schema: { body: settledBidsExcelBodySchema } }, async (request, reply) => {
    const { idioma = 'es-ES', ...body } = request.body;
    assertDateRange(body, ERCOT_MAX_RANGE_DAYS);
    const data = await settledBids(db, body);
    return sendWorkbook(request, reply, ercotFileName('adjudicaciones', body, idioma), (out) => writeSettledBidsWorkbook(out, data, body, idioma));
  });
  app.post<{ Body: PricesExcelBody }>(`${BASE}/precios-excel`, { config: { ...MERCADOS, answers: WORKBOOK_ANSWER }, schema: { body: pricesExcelBodySchema } }, async (request, reply) => {
    const { idioma = 'es-ES', ...body } = request.body;
    assertDateRange(body, ERCOT_MAX_RANGE_DAYS);
    assertPointsKnown(body.puntos, new Set((await pointsByName(db, body.puntos.map((name) => name.toUpperCase()))).map((point) => point.nombre)));
    // A name given twice in different letter cases is one column.
    const query = { ...body, puntos: [...new Set(body.puntos.map((name) => name.toUpperCase()))] };
    const intervals = await pricesByInterval(db, query);
    return sendWorkbook(request, reply, ercotFileName(body.mercado === 'DAM' ? 'precios-dam' : 'precios-rtm', body, idioma), (out) => writePricesWorkbook(out, intervals, query, idioma));
  });
  app.post<{ Body: AccumulatedExcelBody }>(`${BASE}/acumulados-excel`, { config: { ...MERCADOS, answers: WORKBOOK_ANSWER }, schema: { body: accumulatedExcelBodySchema } }, async (request, reply) => {
    const { idioma = 'es-ES', ...body } = request.body;
    assertDateRange(body, ERCOT_MAX_RANGE_DAYS);
    const [rows, totals] = await Promise.all([accumulated(db, body), settledTotals(db, body)]);
    return sendWorkbook(request, reply, ercotFileName('acumulados', body, idioma), (out) => writeAccumulatedWorkbook(out, rows, totals, body, idioma));
  });

  // ERCOT's price files, the awards and the settlement-point catalogue, each a CSV or a workbook.
  const imported = (what: string) => ({
    config: { ...MERCADOS, upload: tableUpload(ERCOT_IMPORT_MAX_BYTES, what) },
    schema: { response: { 200: dataOf(ercotImportedSchema) } },
  });
  app.post(`${BASE}/precios-dam`, imported("ERCOT's day-ahead settlement point prices"), async (request, reply) => perform(db, request, reply, importDamPrices, await readTableUpload(request)));
  app.post(`${BASE}/precios-rtm`, imported("ERCOT's real-time settlement point prices"), async (request, reply) => perform(db, request, reply, importRtmPrices, await readTableUpload(request)));
  app.post(`${BASE}/adjudicaciones`, imported('The day-ahead awards'), async (request, reply) => perform(db, request, reply, importAwards, await readTableUpload(request)));
  app.post(`${BASE}/puntos`, imported('The settlement-point catalogue'), async (request, reply) => perform(db, request, reply, importPoints, await readTableUpload(request)));
}
