// The bid processes' API (docs/api-processes.md), under /procesos/api/v1, all behind the
// `acciones` view key: what the selection steps start from (Registra's candidates, Sube's bid
// hours), asking for a run (Registra, Sube, Supresion's deletions), following one (the run, its
// items, its live events) and stopping it (who started it, or an admin). Every selection rule
// is checked here too (server/processes/rules.ts): a broken one is a 400 with its details
// beside the fields, and no run starts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { runTransition } from '../../machines/processes/run.machine';
import { RUN_REFUSALS, runFacts, type RunUser } from '../../machines/processes/run-rules';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  bidHourSchema,
  bidHoursQuerySchema,
  DELETION_RETRIES,
  DELETION_WORKERS,
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
  subePmOrder,
  subeRunBodySchema,
  WORKER_LIMITS,
  type BidHoursQuery,
  type DeletionBody,
  type RegistraRunBody,
  type RegistrationCandidatesQuery,
  type RunItemsQuery,
  type RunListQuery,
  type SubeRunBody,
} from '../../schemas/process.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import { queryRows, type Db } from '../db/client';
import type { UserRow } from '../db/schema/app';
import { mutate } from '../db/versioned';
import { AppErrors, invalidRequest, type ErrorDetail } from '../errors/catalogue';
import { serveJobEvents } from '../jobs/routes';
import { hasPermission } from '../plugins/auth';
import { bidHours, registrationCandidates, todayIso } from './candidates';
import { createRun, requestStop, type NewRun } from './create-run';
import { PROCESS_RULES, registraProblems, subeProblems } from './rules';
import { readRun, registeredPlanillas, listRuns, runItems, runSessions, runView } from './store';

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
async function startRun(db: Db, request: FastifyRequest, lock: string, prepare: (tx: Db) => Promise<NewRun | ErrorDetail[]>) {
  const user = runUserOf(request);
  return mutate(db, request, { action: 'run.create', entity: 'run' }, async (tx) => {
    // One request at a time per kind of run and site: what is checked stays true until it commits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`processes:${lock}`}))`);
    const prepared = await prepare(tx);
    if (Array.isArray(prepared)) throw invalidRequest(prepared);
    const row = await createRun(tx, prepared, user.email);
    const after = runView((await readRun(tx, row.id))!, user);
    return { id: row.id, before: null, after };
  });
}

/** The annexes among `ids` that exist. */
async function existingAnnexes(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(db, sql`select id from anexos where id in ${ids}`);
  return new Set(rows.map((row) => row.id));
}

/**
 * The natural keys (annex codes, PMs) a run still under way on `sitio` has yet to send or is
 * sending: asking for them again would send them twice (the site has no idempotency key).
 * For Sube, only the runs of the same operating day.
 */
async function keysUnderWay(db: Db, tipo: 'registra' | 'sube', sitio: string, fecha: string | null): Promise<Set<string>> {
  const rows = await queryRows<{ clave: string }>(
    db,
    sql`select distinct i.clave from proceso_items i join proceso_ejecuciones e on e.id = i.ejecucion_id
        where e.tipo = ${tipo} and e.sitio = ${sitio} and e.estado in ('en_curso', 'deteniendo')
          and i.estado in ('pendiente', 'enviando')
          and (${fecha}::date is null or e.fecha_operacion = ${fecha}::date)`,
  );
  return new Set(rows.map((row) => row.clave));
}

/** The annex codes with a live planilla on `sitio`, or one a run under way is registering there. */
async function registeredOrUnderWay(db: Db, sitio: string): Promise<Set<string>> {
  const rows = await queryRows<{ codigo: string }>(
    db,
    sql`select codigo_anexo as codigo from planillas_registradas where sitio = ${sitio} and eliminada_en is null`,
  );
  return new Set([...rows.map((row) => row.codigo), ...(await keysUnderWay(db, 'registra', sitio, null))]);
}

function registraRun(body: RegistraRunBody): NewRun {
  const selected = body.filas.filter((row) => row.registrar);
  return {
    tipo: 'registra',
    sitio: body.sitio,
    trabajadores: body.trabajadores,
    max_reintentos: body.reintentos,
    fecha_operacion: null,
    parametros: {},
    items: selected.map((row) => ({
      clave: row.codigo,
      descripcion: [row.contrato_codigo, row.contraparte].filter(Boolean).join(' · '),
      // What the site's POST /planillas takes (docs/processes.md), and the annex it came from.
      datos: {
        codigo_anexo: row.codigo,
        tipo_contrato: row.tipo,
        transaccion: row.transaccion,
        contraparte: row.contraparte,
        inicio: row.inicio,
        fin: row.fin,
        pmi: row.pmi,
        pmr: row.pmr,
        oferta_maxima: row.oferta_maxima,
        derechos_transmision: row.derechos_transmision,
        paga_transporte: row.paga_transporte,
        anexo_id: row.anexo_id,
      },
    })),
  };
}

function subeRun(body: SubeRunBody): NewRun {
  const pms = subePmOrder(body.horas, body.priorizacion, body.pm);
  return {
    tipo: 'sube',
    sitio: body.sitio,
    trabajadores: body.trabajadores,
    max_reintentos: body.reintentos,
    fecha_operacion: body.fecha_operacion,
    parametros: { pm: body.pm, porcentaje_precio: body.porcentaje_precio, priorizacion: body.priorizacion },
    items: pms.map((pm) => {
      const horas = body.horas
        .filter((hour) => hour.ofertar && hour.nodo === pm)
        .sort((a, b) => a.periodo - b.periodo)
        .map((hour) => ({ periodo: hour.periodo, potencia: hour.potencia_oferta, precio: hour.precio_oferta }));
      // What the site's POST /ofertas takes.
      return { clave: pm, descripcion: `${pm} · ${horas.length} h`, datos: { fecha_operacion: body.fecha_operacion, pm, horas } };
    }),
  };
}

/** A PM a run under way is already uploading for that day: the detail beside its first hour. */
function pmsUnderWay(body: SubeRunBody, underWay: ReadonlySet<string>): ErrorDetail[] {
  return subePmOrder(body.horas, body.priorizacion, body.pm)
    .filter((pm) => underWay.has(pm))
    .map((pm) => ({
      instancePath: `/horas/${body.horas.findIndex((hour) => hour.ofertar && hour.nodo === pm)}/nodo`,
      keyword: 'unique',
      message: PROCESS_RULES.pmUnderWay,
    }));
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
        const selected = body.filas.filter((row) => row.registrar);
        const facts = {
          annexIds: await existingAnnexes(tx, selected.map((row) => row.anexo_id)),
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
        if (details.length === 0) details.push(...pmsUnderWay(body, await keysUnderWay(tx, 'sube', body.sitio, body.fecha_operacion)));
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
        const details: ErrorDetail[] = [];
        numeros.forEach((numero, index) => {
          if (!planillas.some((planilla) => planilla.numero_planilla === numero)) {
            details.push({ instancePath: `/numeros/${index}`, keyword: 'exists', message: PROCESS_RULES.planillaUnknown });
          }
        });
        // One run works on one site: numbers of two sites (or a number both sites gave) are two requests.
        const sites = [...new Set(planillas.map((planilla) => planilla.sitio))];
        if (sites.length > 1) details.push({ instancePath: '/numeros', keyword: 'site', message: PROCESS_RULES.planillasOfTwoSites });
        const sitio = sites[0];
        if (details.length > 0 || !sitio) return details;
        const byNumber = new Map(planillas.map((planilla) => [planilla.numero_planilla, planilla]));
        return {
          tipo: 'supresion',
          sitio,
          trabajadores: Math.min(DELETION_WORKERS, WORKER_LIMITS[sitio], numeros.length),
          max_reintentos: DELETION_RETRIES,
          fecha_operacion: null,
          parametros: {},
          items: numeros.map((numero) => {
            const planilla = byNumber.get(numero)!;
            return {
              clave: numero,
              descripcion: [planilla.codigo_anexo, planilla.contraparte].filter(Boolean).join(' · '),
              datos: { numero_planilla: numero },
            };
          }),
        };
      });
      return reply.status(201).send({ data });
    },
  );
}
