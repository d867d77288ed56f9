// Jobs for the browser: the caller's running jobs (the top bar), one job, its events live as
// Server-Sent Events, and stop. Every route is open to any signed-in user, because jobs belong
// to several areas; each job is then checked on its own (./rules.ts), and a refusal is audited
// like any other.
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { jobListQuerySchema, jobSchema, type JobListQuery } from '../../schemas/job.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import { requireCaller } from '../authz/caller';
import type { Db } from '../db/client';
import { perform } from '../kit/use-case';
import { JOB_EVENTS_ANSWER, serveJobEvents } from './events-stream';
import { visibleTo } from './rules';
import { stopJob } from './stop-job';
import { listJobs, readJob } from './store';
import { jobView } from './views';

const SIGNED_IN = { permission: 'signed-in' } as const;

export default async function jobRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // Open event streams end when the server closes, which would otherwise wait for them.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());

  app.get<{ Querystring: JobListQuery }>(
    '/api/v1/trabajos',
    { config: SIGNED_IN, schema: { querystring: jobListQuerySchema, response: { 200: dataListOf(jobSchema) } } },
    async (request) => ({ data: (await listJobs(db, requireCaller(request), request.query)).map(jobView) }),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/trabajos/:id',
    { config: SIGNED_IN, schema: { params: idParamsSchema, response: { 200: dataOf(jobSchema) } } },
    async (request) => ({ data: jobView(visibleTo(requireCaller(request), await readJob(db, request.params.id))) }),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v1/trabajos/:id/eventos',
    { config: { ...SIGNED_IN, answers: JOB_EVENTS_ANSWER }, schema: { params: idParamsSchema } },
    async (request, reply) => serveJobEvents(db, request, reply, visibleTo(requireCaller(request), await readJob(db, request.params.id)).id, closing.signal),
  );

  app.post<{ Params: { id: number } }>(
    '/api/v1/trabajos/:id/detener',
    { config: SIGNED_IN, schema: { params: idParamsSchema, response: { 200: dataOf(jobSchema) } } },
    async (request, reply) => perform(db, request, reply, stopJob, { id: request.params.id }),
  );
}
