// Guarantees (spec section 7; docs/guarantees.md, docs/api-guarantees.md): the instruments posted
// with each market operator, listed, read, created and edited on the record kit, and every
// operator's position on a day. Behind the `monitoreo` view key: the role matrix has no page of
// guarantees (schemas/role.schema.ts ROLE_PAGE_ACTIONS), so these routes declare no role action.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { EPWM_BRANCHES } from '../../schemas/contract.schema';
import { addDays, businessToday, isoDate } from '../../schemas/date.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  GUARANTEE_MAX_RANGE_DAYS,
  GUARANTEE_OPERATORS,
  guaranteeAlertSchema,
  guaranteeDaySchema,
  guaranteeHistoryBodySchema,
  guaranteePositionSchema,
  instrumentCreateSchema,
  instrumentSchema,
  instrumentUpdateSchema,
  STATEMENT_MAX_BYTES,
  statementImportedSchema,
  termsBodySchema,
  termsSchema,
  type GuaranteeHistoryBody,
  type TermsBody,
} from '../../schemas/guarantee.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { assertDateRange } from '../kit/date-range';
import { recordRoutes } from '../kit/record-handlers';
import { perform } from '../kit/use-case';
import { tableUpload } from '../market-data/file-table';
import { positionsOn } from './position';
import { instrumentRecord } from './record';
import { listAlerts } from './alerts';
import { guaranteeHistory } from './snapshot';
import { importStatements, readStatementFile } from './statements';
import { listInstruments } from './store';
import { listTerms, setTerms } from './terms';

const MONITOREO = { permission: 'monitoreo' } as const;
const BASE = '/garantias/api/v1';

/** The optional operator a read is narrowed to. */
const operatorFilter = { type: 'string', enum: GUARANTEE_OPERATORS } as const;

const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { operador: operatorFilter, sucursal: { type: 'string', enum: EPWM_BRANCHES } },
} as const;
type ListQuery = FromSchema<typeof listQuerySchema>;

const positionQuerySchema = { type: 'object', additionalProperties: false, properties: { fecha: isoDate, operador: operatorFilter } } as const;
type PositionQuery = FromSchema<typeof positionQuerySchema>;

const alertsQuerySchema = { type: 'object', additionalProperties: false, properties: { desde: isoDate, operador: operatorFilter } } as const;
type AlertsQuery = FromSchema<typeof alertsQuerySchema>;

export default async function guaranteeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const instruments = recordRoutes(db, instrumentRecord);
  // Multipart in this plugin's scope only, for the statements import; the file's cap is its `config.upload` (STATEMENT_MAX_BYTES).
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { files: 1, fields: 1, fieldSize: 64, parts: 2, headerPairs: 50 },
  });

  app.get<{ Querystring: ListQuery }>(
    `${BASE}/instrumentos`,
    { config: MONITOREO, schema: { querystring: listQuerySchema, response: { 200: dataListOf(instrumentSchema) } } },
    async (request) => ({ data: await listInstruments(db, request.query) }),
  );
  app.get(`${BASE}/instrumentos/:id`, { config: MONITOREO, schema: { params: idParamsSchema, response: { 200: dataOf(instrumentSchema) } } }, instruments.read);
  app.post(`${BASE}/instrumentos`, { config: MONITOREO, schema: { body: instrumentCreateSchema, response: { 201: dataOf(instrumentSchema) } } }, instruments.create);
  app.patch(`${BASE}/instrumentos`, { config: MONITOREO, schema: { body: instrumentUpdateSchema, response: { 200: dataOf(instrumentSchema) } } }, instruments.update);

  // Every operator's position on a day (default today), computed from what the product holds.
  app.get<{ Querystring: PositionQuery }>(
    `${BASE}/posicion`,
    { config: MONITOREO, schema: { querystring: positionQuerySchema, response: { 200: dataListOf(guaranteePositionSchema) } } },
    async (request) => ({ data: await positionsOn(db, request.query.fecha ?? businessToday(), request.query.operador) }),
  );

  app.get(`${BASE}/terminos`, { config: MONITOREO, schema: { response: { 200: dataListOf(termsSchema) } } }, async () => ({ data: await listTerms(db) }));
  app.put<{ Body: TermsBody }>(
    `${BASE}/terminos`,
    { config: MONITOREO, schema: { body: termsBodySchema, response: { 200: dataOf(termsSchema) } } },
    async (request, reply) => perform(db, request, reply, setTerms, request.body),
  );

  // The spec's history call (a read that is a POST: its filters are a body).
  app.post<{ Body: GuaranteeHistoryBody }>(
    `${BASE}/get-garantias-historicas`,
    { config: MONITOREO, schema: { body: guaranteeHistoryBodySchema, response: { 200: dataListOf(guaranteeDaySchema) } } },
    async (request) => {
      assertDateRange(request.body, GUARANTEE_MAX_RANGE_DAYS);
      return { data: await guaranteeHistory(db, request.body) };
    },
  );

  // An operator's own statement (CENACE's REA, ERCOT's ACL and EAL), imported from its CSV or workbook.
  app.post(
    `${BASE}/estados`,
    {
      config: { ...MONITOREO, upload: tableUpload(STATEMENT_MAX_BYTES, "The operators' statements (columns `fecha, operador, sucursal, rea, acl, eal`)") },
      schema: { response: { 200: dataOf(statementImportedSchema) } },
    },
    async (request, reply) => perform(db, request, reply, importStatements, await readStatementFile(request)),
  );

  // The alerts raised in the last days (a week by default), newest first.
  app.get<{ Querystring: AlertsQuery }>(
    `${BASE}/alertas`,
    { config: MONITOREO, schema: { querystring: alertsQuerySchema, response: { 200: dataListOf(guaranteeAlertSchema) } } },
    async (request) => ({ data: await listAlerts(db, request.query.desde ?? addDays(businessToday(), -7), request.query.operador) }),
  );
}
