// Settlements (docs/settlements.md, docs/api-settlements.md): the pre-settlement's data check,
// computing a contract's month (the SQL engine, server/settlements/engine.ts), the filtered
// list, one settlement with its rows at an aggregation, its Excel workbook, and the lifecycle's
// commands the server decides with the shared machine: computing, validating (four eyes) and
// reconciling a final DF into a new CD. Every route needs the `liquidaciones` view key and the role's action on the
// Settlements page; every command is one transaction with its audit row (server/db/versioned).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { settlementFacts } from '../../machines/settlements/settlement-rules';
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
import { assertMayPerform, mayPerform } from '../authz/authorize';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { AppErrors, invalidRequest } from '../errors/catalogue';
import { computeSettlement, missingData } from './engine';
import { writeSettlementWorkbook } from './excel';
import { assertTransition } from './rules';
import * as store from './store';
import { sendWorkbook } from '../files/workbook';
import { settlementFileName } from '../../i18n/download-names';

type SettlementAction = 'view' | 'create' | 'validate';
const action = (verb: SettlementAction) => ({ page: 'Settlements', action: verb }) as const;
const SETTLEMENTS = (verb: SettlementAction) => ({ permission: 'liquidaciones', action: action(verb) }) as const;

const BASE = '/liquidacion/api/v3/liquidaciones';

/** The signed-in caller (the auth plugin refused the request otherwise). */
function callerOf(request: FastifyRequest) {
  if (!request.user) throw new AppErrors.authUnauthenticated();
  return request.user;
}

export default async function settlementRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post<{ Body: PreSettlementBody }>(
    '/liquidacion/api/v3/pre-liquidacion',
    { config: SETTLEMENTS('create'), schema: { body: preSettlementSchema, response: { 200: dataOf(preSettlementResultSchema) } } },
    async (request) => {
      const { contrato_id, anio, mes, version, codigo_contraparte, codigo_agente } = request.body;
      const contract = await store.contractCodes(db, contrato_id);
      if (!contract) throw new AppErrors.contractNotFound();
      // The check is the first step of computing: a role that may not compute for the contract's
      // country is not told about its data either.
      assertMayPerform(request, action('create'), { recordCountry: contract.sucursal });
      // The codes the user typed must be the contract's: a wrong one means another deal was meant.
      const wrong = [
        ...(contract.codigo_contraparte === codigo_contraparte.trim() ? [] : ['codigo_contraparte']),
        ...(contract.codigo_agente === codigo_agente.trim() ? [] : ['codigo_agente']),
      ];
      if (wrong.length > 0) {
        throw invalidRequest(wrong.map((field) => ({ instancePath: `/${field}`, keyword: 'contractCode', message: `${field} is not the contract's` })));
      }
      const { items, total } = await missingData(db, contrato_id, anio, mes, version);
      return { data: { disponible: total === 0, faltantes: items, total_faltantes: total } };
    },
  );

  app.post<{ Body: SettlementComputeBody }>(
    BASE,
    { config: SETTLEMENTS('create'), schema: { body: settlementComputeSchema, response: { 200: dataOf(settlementSchema), 201: dataOf(settlementSchema) } } },
    async (request, reply) => {
      const user = callerOf(request);
      const key = request.body;
      let created = false;
      const computed = await mutate(
        db,
        request,
        { action: 'settlement.compute', entity: 'settlement' },
        async (tx) => {
          const contract = await store.contractCodes(tx, key.contrato_id);
          if (!contract) throw new AppErrors.contractNotFound();
          assertMayPerform(request, action('create'), { recordCountry: contract.sucursal });
          const stored = await store.lockSettlementOf(tx, key);
          // A CD is made from a validated DF (conciliar), never computed from nothing.
          if (!stored && key.version === 'CD') throw new AppErrors.settlementNotFound();
          const available = (await missingData(tx, key.contrato_id, key.anio, key.mes, key.version, 0)).total === 0;
          const mayValidate = mayPerform(user, request.role, action('validate'), contract.sucursal);
          const subject = stored ? { settlement: settlementFacts(stored, await store.userIdOf(tx, stored.calculada_por)) } : { settlement: null, dataAvailable: available };
          // Recomputing by key replaces the rows from the data as it is now: nothing a user typed
          // is overwritten, so the row read here is the current one by definition.
          assertTransition(subject, { type: 'settlement.compute', version: stored?.version }, { id: user.id, mayValidate }, 'compute');
          // A stored preliminary one is recomputed only on complete data too.
          if (!available) throw new AppErrors.settlementDataUnavailable();
          created = stored === null;
          const id = stored?.id ?? (await store.insertSettlement(tx, { ...key, version: key.version === 'PE' ? 'PE' : 'DF' }, user.email));
          await computeSettlement(tx, id, user.email);
          return { id, before: stored, after: await store.readSettlement(tx, id) };
        },
        // Two first computations of one month at once: the unique key lets one through.
        { unique: () => new AppErrors.recordStale() },
      );
      return reply.status(created ? 201 : 200).send({ data: computed });
    },
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
    async (request) => {
      const agregacion = request.query.agregacion ?? 'hora';
      const settlement = await store.readSettlement(db, request.params.id);
      const [filas, totales] = await Promise.all([store.settlementRows(db, settlement.id, agregacion), store.settlementRowTotals(db, settlement.id)]);
      return { data: { ...settlement, agregacion, filas, totales: totales ?? null } };
    },
  );

  app.get<{ Params: { id: number }; Querystring: SettlementExcelQuery }>(
    `${BASE}/:id/excel`,
    { config: SETTLEMENTS('view'), schema: { params: idParamsSchema, querystring: settlementExcelQuerySchema } },
    async (request, reply) => {
      const agregacion = request.query.agregacion ?? 'hora';
      // Everything is read before the first byte: a failure is still an error answer, not half a file.
      const settlement = await store.readSettlement(db, request.params.id);
      const [rows, totals] = await Promise.all([store.settlementRows(db, settlement.id, agregacion), store.settlementRowTotals(db, settlement.id)]);
      const idioma = request.query.idioma ?? 'es-ES';
      return sendWorkbook(request, reply, settlementFileName(settlement, idioma), (out) => writeSettlementWorkbook(out, settlement, rows, totals, idioma));
    },
  );

  app.post<{ Params: { id: number }; Body: SettlementCommandBody }>(
    `${BASE}/:id/validar`,
    {
      config: SETTLEMENTS('validate'),
      schema: { params: idParamsSchema, body: settlementCommandSchema, response: { 200: dataOf(settlementSchema) } },
    },
    async (request) => {
      const { id } = request.params;
      const user = callerOf(request);
      const validated = await mutate(
        db,
        request,
        { action: 'settlement.validate', entity: 'settlement' },
        async (tx) => {
          // Locked first: of concurrent validations one runs here at a time, the rest then read it validated.
          const before = await store.lockSettlement(tx, id);
          const facts = settlementFacts(before, await store.userIdOf(tx, before.calculada_por));
          // Roles act in their own country: the settlement's is its contract's branch.
          const mayValidate = mayPerform(user, request.role, action('validate'), before.sucursal);
          assertTransition({ settlement: facts }, { type: 'settlement.validate', version: request.body.version }, { id: user.id, mayValidate }, 'validate');
          return { id, before, after: await store.validateSettlement(tx, id, user.email) };
        },
        // The database's four-eyes check, should the preparer's e-mail match another way than ours.
        { check: () => new AppErrors.settlementFourEyes() },
      );
      return { data: validated };
    },
  );

  app.post<{ Params: { id: number }; Body: SettlementCommandBody }>(
    `${BASE}/:id/conciliar`,
    {
      config: SETTLEMENTS('create'),
      schema: { params: idParamsSchema, body: settlementCommandSchema, response: { 201: dataOf(settlementSchema) } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const user = callerOf(request);
      const created = await mutate(
        db,
        request,
        { action: 'settlement.reconcile', entity: 'settlement' },
        async (tx) => {
          // The DF stays as it is; locking it makes two reconciliations of it take turns.
          const df = await store.lockSettlement(tx, id);
          assertMayPerform(request, action('create'), { recordCountry: df.sucursal });
          const facts = settlementFacts(df, await store.userIdOf(tx, df.calculada_por));
          const mayValidate = mayPerform(user, request.role, action('validate'), df.sucursal);
          assertTransition({ settlement: facts }, { type: 'settlement.reconcile', version: request.body.version }, { id: user.id, mayValidate }, 'reconcile');
          const cd = await store.insertReconciliation(tx, df, user.email);
          return { id: cd.id, before: null, after: cd, audited: { before: null, after: { ...cd, liquidacion_origen: df.id } } };
        },
        { unique: () => new AppErrors.settlementReconciled() },
      );
      return reply.status(201).send({ data: created });
    },
  );
}
