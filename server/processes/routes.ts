// The bid processes' API (docs/api-processes.md), under /procesos/api/v1, all behind the
// `acciones` view key: what the selection steps start from (Registra's candidates, Sube's bid
// hours), asking for a run (Registra, Sube, Supresion's deletions: ./start-run.ts), following
// one (the run, its items, its live events) and stopping it (./stop-run.ts).
import type { FastifyInstance } from 'fastify';
import { merCreditQuerySchema, merCreditSchema, type MerCreditQuery } from '../../schemas/credit-check.schema';
import { merCredit } from '../guarantees/credit';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  bidHourSchema,
  bidHoursQuerySchema,
  deletionBodySchema,
  deletionRowSchema,
  registraRunBodySchema,
  registrationCandidatesQuerySchema,
  registrationRowSchema,
  runDetailSchema,
  runItemSchema,
  runItemsQuerySchema,
  runListQuerySchema,
  runSchema,
  subeRunBodySchema,
  type BidHoursQuery,
  type DeletionBody,
  type RegistraRunBody,
  type RegistrationCandidatesQuery,
  type RunItemsQuery,
  type RunListQuery,
  type SubeRunBody,
} from '../../schemas/process.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import { requireCaller } from '../authz/caller';
import type { Db } from '../db/client';
import { JOB_EVENTS_ANSWER, serveJobEvents } from '../jobs/events-stream';
import { perform } from '../kit/use-case';
import { bidHours, registrationCandidates, todayIso } from './candidates';
import { foundRun } from './rules';
import { startDeletion, startRegistra, startSube } from './start-run';
import { stopRun } from './stop-run';
import { listRunViews, readRun, readRunDetail, registeredPlanillas, runItems } from './store';

const ACCIONES = { permission: 'acciones' } as const;
const BASE = '/procesos/api/v1';

export default async function processRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Open event streams end when the server closes, which would otherwise wait for them.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());

  app.get<{ Querystring: RegistrationCandidatesQuery }>(
    `${BASE}/registra/candidatos`,
    { config: ACCIONES, schema: { querystring: registrationCandidatesQuerySchema, response: { 200: dataListOf(registrationRowSchema) } } },
    async (request) => ({ data: await registrationCandidates(db, request.query.fecha ?? todayIso()) }),
  );

  app.get<{ Querystring: BidHoursQuery }>(
    `${BASE}/sube/horas`,
    { config: ACCIONES, schema: { querystring: bidHoursQuerySchema, response: { 200: dataListOf(bidHourSchema) } } },
    async (request) => ({ data: await bidHours(db, request.query.fecha_operacion) }),
  );

  app.get<{ Querystring: MerCreditQuery }>(
    `${BASE}/sube/credito`,
    { config: ACCIONES, schema: { querystring: merCreditQuerySchema, response: { 200: dataOf(merCreditSchema) } } },
    async (request) => ({ data: await merCredit(db, request.query.fecha_operacion) }),
  );

  app.post<{ Body: RegistraRunBody }>(
    `${BASE}/registra/ejecuciones`,
    { config: ACCIONES, schema: { body: registraRunBodySchema, response: { 201: dataOf(runSchema) } } },
    async (request, reply) => perform(db, request, reply, startRegistra, request.body),
  );

  app.post<{ Body: SubeRunBody }>(
    `${BASE}/sube/ejecuciones`,
    { config: ACCIONES, schema: { body: subeRunBodySchema, response: { 201: dataOf(runSchema) } } },
    async (request, reply) => perform(db, request, reply, startSube, request.body),
  );

  app.get<{ Querystring: RunListQuery }>(
    `${BASE}/ejecuciones`,
    { config: ACCIONES, schema: { querystring: runListQuerySchema, response: { 200: dataListOf(runSchema) } } },
    async (request) => ({ data: await listRunViews(db, request.query, requireCaller(request)) }),
  );

  app.get<{ Params: { id: number } }>(
    `${BASE}/ejecuciones/:id`,
    { config: ACCIONES, schema: { params: idParamsSchema, response: { 200: dataOf(runDetailSchema) } } },
    async (request) => ({ data: await readRunDetail(db, request.params.id, requireCaller(request)) }),
  );

  app.get<{ Params: { id: number }; Querystring: RunItemsQuery }>(
    `${BASE}/ejecuciones/:id/items`,
    { config: ACCIONES, schema: { params: idParamsSchema, querystring: runItemsQuerySchema, response: { 200: dataListOf(runItemSchema) } } },
    async (request) => ({ data: await runItems(db, foundRun(await readRun(db, request.params.id)).id, request.query.estado) }),
  );

  // The run's live log is its job's: the runner writes the log lines and progress there.
  app.get<{ Params: { id: number } }>(
    `${BASE}/ejecuciones/:id/eventos`,
    { config: { ...ACCIONES, answers: JOB_EVENTS_ANSWER }, schema: { params: idParamsSchema } },
    async (request, reply) => serveJobEvents(db, request, reply, foundRun(await readRun(db, request.params.id)).trabajo_id, closing.signal),
  );

  app.post<{ Params: { id: number } }>(
    `${BASE}/ejecuciones/:id/detener`,
    { config: ACCIONES, schema: { params: idParamsSchema, response: { 200: dataOf(runSchema) } } },
    async (request, reply) => perform(db, request, reply, stopRun, { id: request.params.id }),
  );

  app.get(
    `${BASE}/supresion/planillas`,
    { config: ACCIONES, schema: { response: { 200: dataListOf(deletionRowSchema) } } },
    async () => ({ data: await registeredPlanillas(db) }),
  );

  app.post<{ Body: DeletionBody }>(
    `${BASE}/supresion/eliminar`,
    { config: ACCIONES, schema: { body: deletionBodySchema, response: { 201: dataOf(runSchema) } } },
    async (request, reply) => perform(db, request, reply, startDeletion, request.body),
  );
}
