// The long work of this process (docs/architecture.md, Jobs): registers the job types the app
// composes from its areas, serves the job routes, and runs this process's share of the work.
// Claiming starts once the app is ready; closing the app stops claiming and waits (within a
// bound) for the handlers under way.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { registerJobTypes, type JobType } from './registry';
import jobRoutes from './routes';
import { startJobWorker, type JobWorker, type JobWorkerOptions } from './worker';

interface JobsPluginOptions {
  db: Db;
  /** Every area's job types (settlement refreshes, bid runs, ...). */
  types: readonly JobType[];
  /** The worker's concurrency (0: this process only serves requests) and timings. */
  worker: Omit<JobWorkerOptions, 'db' | 'logger'>;
}

async function jobsPlugin(app: FastifyInstance, { db, types, worker: options }: JobsPluginOptions) {
  registerJobTypes(types);
  await app.register(jobRoutes, { db });
  let worker: JobWorker | null = null;
  app.addHook('onReady', async () => {
    worker = startJobWorker({ db, logger: app.log, ...options });
  });
  app.addHook('onClose', async () => {
    await worker?.close();
  });
}

export default fp(jobsPlugin, { name: 'jobs', fastify: '5.x' });
