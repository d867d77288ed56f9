// The bid processes' API (docs/api-processes.md), under /procesos/api/v1, all behind the
// `acciones` view key: what the selection steps start from (Registra's candidates, Sube's bid
// hours), asking for a run (Registra, Sube, Supresion's deletions), following one (the run, its
// items, its live events) and stopping it (who started it, or an admin). Every selection rule
// is checked here too (machines/processes/selection-rules.ts): a broken one is a 400 with its details
// beside the fields, and no run starts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { runTransition } from '../../machines/processes/run.machine';
import { RUN_REFUSALS, runFacts, type RunUser } from '../../machines/processes/run-rules';
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
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/app';
import { mutate } from '../db/versioned';
import { AppErrors, invalidRequest, type ErrorDetail } from '../errors/catalogue';
import { serveJobEvents } from '../jobs/routes';
import { hasPermission } from '../plugins/auth';
import { bidHours, registrationCandidates, todayIso } from './candidates';
import { createRun, requestStop, type RunRequest } from './create-run';
import { deletionProblems, pmsUnderWayProblems, registraProblems, subeProblems } from '../../machines/processes/selection-rules';
import { deletionRun, registraRun, subeRun } from './run-requests';
import { existingAnnexes, keysUnderWay, listRuns, readRun, registeredOrUnderWay, registeredPlanillas, runItems, runSessions, runView } from './store';

const ACCIONES = { permission: 'acciones' } as const;
const BASE = '/procesos/api/v1';

/** The caller as the run lifecycle knows them. */
function runUserOf(request: FastifyRequest): RunUser {
  const user = request.user as UserRow;
  return { email: user.email, isAdmin: hasPermission(user, 'admin') };
}

/**
 * Asks for a run as the caller, audited: `prepare` checks the selection inside the transaction
 * (after the lock, so two requests at once cannot both pass a check the first one's run would
 * break) and answers the run to create, or the details of the broken rules.
 */
async function startRun(db: Db, request: FastifyRequest, lock: string, prepare: (tx: Db) => Promise<RunRequest | ErrorDetail[]>) {
  const user = runUserOf(request);
  return mutate(db, request, { action: 'run.create', entity: 'run' }, async (tx) => {
    // One request at a time per kind of run and site: what is checked stays true until it commits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`processes:${lock}`}))`);
    const prepared = await prepare(tx);
    if (Array.isArray(prepared)) throw invalidRequest(prepared);
    const row = await createRun(tx, { ...prepared, creado_por: user.email });
    const after = runView((await readRun(tx, row.id))!, user);
    return { id: row.id, before: null, after };
  });
}

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

  app.post<{ Body: RegistraRunBody }>(
    `${BASE}/registra/ejecuciones`,
    { config: ACCIONES, schema: { body: registraRunBodySchema, response: { 201: dataOf(runSchema) } } },
    async (request, reply) => {
      const { body } = request;
      const data = await startRun(db, request, `registra:${body.sitio}`, async (tx) => {
        const facts = {
          annexIds: await existingAnnexes(tx, body.filas.filter((row) => row.registrar).map((row) => row.anexo_id)),
          registered: await registeredOrUnderWay(tx, body.sitio),
        };
        const details = registraProblems(body, facts);
        return details.length > 0 ? details : registraRun(body);
      });
      return reply.status(201).send({ data });
    },
  );

  app.post<{ Body: SubeRunBody }>(
    `${BASE}/sube/ejecuciones`,
    { config: ACCIONES, schema: { body: subeRunBodySchema, response: { 201: dataOf(runSchema) } } },
    async (request, reply) => {
      const { body } = request;
      const data = await startRun(db, request, `sube:${body.sitio}`, async (tx) => {
        const details = subeProblems(body);
        if (details.length === 0) details.push(...pmsUnderWayProblems(body, await keysUnderWay(tx, 'sube', body.sitio, body.fecha_operacion)));
        return details.length > 0 ? details : subeRun(body);
      });
      return reply.status(201).send({ data });
    },
  );

  app.get<{ Querystring: RunListQuery }>(
    `${BASE}/ejecuciones`,
    { config: ACCIONES, schema: { querystring: runListQuerySchema, response: { 200: dataListOf(runSchema) } } },
    async (request) => {
      const user = runUserOf(request);
      return { data: (await listRuns(db, request.query)).map((row) => runView(row, user)) };
    },
  );

  app.get<{ Params: { id: number } }>(
    `${BASE}/ejecuciones/:id`,
    { config: ACCIONES, schema: { params: idParamsSchema, response: { 200: dataOf(runDetailSchema) } } },
    async (request) => {
      const row = await readRun(db, request.params.id);
      if (!row) throw new AppErrors.processRunNotFound();
      return { data: { ejecucion: runView(row, runUserOf(request)), sesiones: await runSessions(db, row.id) } };
    },
  );

  app.get<{ Params: { id: number }; Querystring: RunItemsQuery }>(
    `${BASE}/ejecuciones/:id/items`,
    { config: ACCIONES, schema: { params: idParamsSchema, querystring: runItemsQuerySchema, response: { 200: dataListOf(runItemSchema) } } },
    async (request) => {
      const row = await readRun(db, request.params.id);
      if (!row) throw new AppErrors.processRunNotFound();
      return { data: await runItems(db, row.id, request.query.estado) };
    },
  );

  app.get<{ Params: { id: number } }>(
    `${BASE}/ejecuciones/:id/eventos`,
    { config: ACCIONES, schema: { params: idParamsSchema } },
    async (request, reply: FastifyReply) => {
      const row = await readRun(db, request.params.id);
      if (!row) throw new AppErrors.processRunNotFound();
      // The run's live log is its job's: the runner writes the log lines and progress there.
      await serveJobEvents(db, request, reply, row.trabajo_id, closing.signal);
    },
  );

  app.post<{ Params: { id: number } }>(
    `${BASE}/ejecuciones/:id/detener`,
    { config: ACCIONES, schema: { params: idParamsSchema, response: { 200: dataOf(runSchema) } } },
    async (request) => {
      const user = runUserOf(request);
      const before = await readRun(db, request.params.id);
      if (!before) throw new AppErrors.processRunNotFound();
      const verdict = runTransition(runFacts(before), { type: 'run.stop' }, user);
      if (!verdict.allowed) {
        if (verdict.code === RUN_REFUSALS.ended) throw new AppErrors.processRunEnded();
        if (verdict.code === RUN_REFUSALS.forbidden) throw new AppErrors.authForbidden();
        throw new AppErrors.processRunTransition();
      }
      const data = await mutate(db, request, { action: 'run.stop', entity: 'run' }, async (tx) => {
        // It may have ended since it was read: then it is ended for this stop too.
        if (!(await requestStop(tx, before.id))) throw new AppErrors.processRunEnded();
        return { id: before.id, before: runView(before, user), after: runView((await readRun(tx, before.id))!, user) };
      });
      return { data };
    },
  );

  app.get(
    `${BASE}/supresion/planillas`,
    { config: ACCIONES, schema: { response: { 200: dataListOf(deletionRowSchema) } } },
    async () => ({ data: await registeredPlanillas(db) }),
  );

  app.post<{ Body: DeletionBody }>(
    `${BASE}/supresion/eliminar`,
    { config: ACCIONES, schema: { body: deletionBodySchema, response: { 201: dataOf(runSchema) } } },
    async (request, reply) => {
      const { numeros } = request.body;
      const data = await startRun(db, request, 'supresion', async (tx) => {
        const planillas = await registeredPlanillas(tx, numeros);
        const details = deletionProblems(numeros, planillas);
        return details.length > 0 ? details : deletionRun(numeros, planillas);
      });
      return reply.status(201).send({ data });
    },
  );
}
