// Jobs for the browser: the caller's running jobs (the top bar), one job, its events live as
// Server-Sent Events, and stop.
//
// Who sees a job: every route is open to any signed-in user, because jobs belong to several
// areas; each job is then checked on its own. The one who asked for it sees it, and so does
// every holder of its type's view key (settlement refreshes: `liquidaciones`), as they see that
// area's results. Anyone else gets 403 (and the refusal is audited like any other).
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { jobListQuerySchema, jobSchema, type Job, type JobListQuery } from '../../schemas/job.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import type { JobEventRow, JobRow } from '../db/schema/jobs';
import type { UserRow } from '../db/schema/app';
import { mutate } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';
import { hasPermission } from '../plugins/auth';
import { followJobEvents } from './events-stream';
import { jobType, jobTypes } from './registry';
import { ENDED_STATES, listJobs, readJob, requestStop } from './store';

const SIGNED_IN = { permission: 'signed-in' } as const;

/** The job as the API shows it. */
export function jobView(row: JobRow): Job {
  return {
    id: row.id,
    tipo: row.tipo,
    estado: row.estado,
    parametros: (row.parametros ?? {}) as Record<string, unknown>,
    hechos: row.hechos,
    total: row.total,
    creado_por: row.creado_por,
    creado_en: row.creado_en.toISOString(),
    iniciado_en: row.iniciado_en?.toISOString() ?? null,
    terminado_en: row.terminado_en?.toISOString() ?? null,
    error: row.error,
    detenible: Boolean(jobType(row.tipo)?.stoppable) && !ENDED_STATES.includes(row.estado),
  };
}

/** An event as the stream sends it. */
export function eventView(row: JobEventRow) {
  return { ...row, en: row.en.toISOString() };
}

/** Whether `user` may follow `job`. */
function maySee(user: UserRow, job: JobRow): boolean {
  // Who asked for the work follows it, whatever their keys.
  if (job.creado_por === user.email) return true;
  const type = jobType(job.tipo);
  // A type no longer registered has no view key that could grant it.
  if (!type) return false;
  // The area's view key shows the area's work, whoever asked for it.
  return hasPermission(user, type.viewKey);
}

async function visibleJob(db: Db, request: FastifyRequest, id: number): Promise<JobRow> {
  const job = await readJob(db, id);
  if (!job) throw new AppErrors.jobNotFound();
  if (!maySee(request.user as UserRow, job)) throw new AppErrors.authForbidden();
  return job;
}

/** The id after which a reconnecting stream resumes: `Last-Event-ID`, or the start. */
function lastEventId(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * Answers `request` with job `jobId`'s events as Server-Sent Events (from `Last-Event-ID` on)
 * until the job ends, the browser goes or `stop` aborts. The caller has checked who may see it.
 */
export async function serveJobEvents(db: Db, request: FastifyRequest, reply: FastifyReply, jobId: number, stop: AbortSignal): Promise<void> {
  // From here on the stream is ours: Fastify sends nothing more on this reply.
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold the events back.
    'x-accel-buffering': 'no',
  });
  await followJobEvents(db, jobId, lastEventId(request), reply.raw, { view: eventView, stop });
}

export default async function jobRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Open event streams end when the server closes, which would otherwise wait for them.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());

  app.get<{ Querystring: JobListQuery }>(
    '/api/v1/trabajos',
    { config: SIGNED_IN, schema: { querystring: jobListQuerySchema, response: { 200: dataListOf(jobSchema) } } },
    async (request) => {
      const user = request.user as UserRow;
      const visibleTipos = jobTypes()
        .filter((type) => hasPermission(user, type.viewKey))
        .map((type) => type.tipo);
      const rows = await listJobs(db, { email: user.email, visibleTipos }, { estado: request.query.estado, limit: request.query.limit ?? 50 });
      return { data: rows.map(jobView) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/trabajos/:id',
    { config: SIGNED_IN, schema: { params: idParamsSchema, response: { 200: dataOf(jobSchema) } } },
    async (request) => ({ data: jobView(await visibleJob(db, request, request.params.id)) }),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/trabajos/:id/eventos',
    { config: SIGNED_IN, schema: { params: idParamsSchema } },
    async (request, reply: FastifyReply) => {
      const job = await visibleJob(db, request, request.params.id);
      await serveJobEvents(db, request, reply, job.id, closing.signal);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/v1/trabajos/:id/detener',
    { config: SIGNED_IN, schema: { params: idParamsSchema, response: { 200: dataOf(jobSchema) } } },
    async (request) => {
      const job = await visibleJob(db, request, request.params.id);
      if (!jobType(job.tipo)?.stoppable) throw new AppErrors.jobNotStoppable();
      const data = await mutate(db, request, { action: 'job.stop', entity: 'job' }, async (tx) => {
        if (!(await requestStop(tx, job.id))) throw new AppErrors.jobNotStoppable();
        const after = jobView((await readJob(tx, job.id)) as JobRow);
        return { id: String(job.id), before: jobView(job), after };
      });
      return { data };
    },
  );
}
