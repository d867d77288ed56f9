// Settlements (docs/settlements.md, docs/api-settlements.md): the pre-settlement's data check,
// the filtered list, one settlement with its rows at an aggregation, its Excel workbook, and the
// use cases of the lifecycle the server decides with the shared machine: computing
// (./compute-settlement.ts, the SQL engine), validating (four eyes) and reconciling a final DF
// into a new CD. Every route needs the `liquidaciones` view key and the role's action on the
// Settlements page.
import type { FastifyInstance } from 'fastify';
import { dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import {
  preSettlementResultSchema,
  preSettlementSchema,
  settlementComputeSchema,
  settlementCommandSchema,
  settlementDetailQuerySchema,
  settlementDetailSchema,
  settlementExcelQuerySchema,
  settlementListQuerySchema,
  settlementPageSchema,
  settlementSchema,
  type PreSettlementBody,
  type SettlementComputeBody,
  type SettlementCommandBody,
  type SettlementDetailQuery,
  type SettlementExcelQuery,
  type SettlementListQuery,
} from '../../schemas/settlement.schema';
import { requireCallerWithRole } from '../authz/caller';
import type { Db } from '../db/client';
import { WORKBOOK_ANSWER } from '../files/workbook';
import { perform } from '../kit/use-case';
import { checkSettlementData } from './check-data';
import { computeSettlement } from './compute-settlement';
import { sendSettlementWorkbook } from './excel';
import { reconcileSettlement } from './reconcile-settlement';
import { settlementAction, type SettlementAction } from './rules';
import * as store from './store';
import { validateSettlement } from './validate-settlement';

const SETTLEMENTS = (verb: SettlementAction) => ({ permission: 'liquidaciones', action: settlementAction(verb) }) as const;

const BASE = '/liquidacion/api/v3/liquidaciones';

export default async function settlementRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post<{ Body: PreSettlementBody }>(
    '/liquidacion/api/v3/pre-liquidacion',
    { config: SETTLEMENTS('create'), schema: { body: preSettlementSchema, response: { 200: dataOf(preSettlementResultSchema) } } },
    async (request) => checkSettlementData(db, requireCallerWithRole(request), request.body),
  );

  app.post<{ Body: SettlementComputeBody }>(
    BASE,
    { config: SETTLEMENTS('create'), schema: { body: settlementComputeSchema, response: { 200: dataOf(settlementSchema), 201: dataOf(settlementSchema) } } },
    async (request, reply) => perform(db, request, reply, computeSettlement, request.body),
  );

  app.get<{ Querystring: SettlementListQuery }>(
    BASE,
    { config: SETTLEMENTS('view'), schema: { querystring: settlementListQuerySchema, response: { 200: settlementPageSchema } } },
    async (request) => store.listSettlements(db, request.query),
  );

  app.get<{ Params: { id: number }; Querystring: SettlementDetailQuery }>(
    `${BASE}/:id`,
    {
      config: SETTLEMENTS('view'),
      schema: { params: idParamsSchema, querystring: settlementDetailQuerySchema, response: { 200: dataOf(settlementDetailSchema) } },
    },
    async (request) => ({ data: await store.readSettlementDetail(db, request.params.id, request.query.agregacion) }),
  );

  app.get<{ Params: { id: number }; Querystring: SettlementExcelQuery }>(
    `${BASE}/:id/excel`,
    { config: { ...SETTLEMENTS('view'), answers: WORKBOOK_ANSWER }, schema: { params: idParamsSchema, querystring: settlementExcelQuerySchema } },
    async (request, reply) => sendSettlementWorkbook(db, request, reply, request.params.id, request.query),
  );

  app.post<{ Params: { id: number }; Body: SettlementCommandBody }>(
    `${BASE}/:id/validar`,
    {
      config: SETTLEMENTS('validate'),
      schema: { params: idParamsSchema, body: settlementCommandSchema, response: { 200: dataOf(settlementSchema) } },
    },
    async (request, reply) => perform(db, request, reply, validateSettlement, { id: request.params.id, ...request.body }),
  );

  app.post<{ Params: { id: number }; Body: SettlementCommandBody }>(
    `${BASE}/:id/conciliar`,
    {
      config: SETTLEMENTS('create'),
      schema: { params: idParamsSchema, body: settlementCommandSchema, response: { 201: dataOf(settlementSchema) } },
    },
    async (request, reply) => perform(db, request, reply, reconcileSettlement, { id: request.params.id, ...request.body }),
  );
}
