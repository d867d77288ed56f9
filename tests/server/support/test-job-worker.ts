// The job worker of a server test whose app has none of its own (NO_JOB_WORKERS): jobs asked
// for stay queued until the test lets them run, so it can look at a queued job first.
import { afterAll } from 'vitest';
import type { Job } from '../../../schemas/job.schema';
import { startJobWorker, type JobWorker } from '../../../server/jobs/worker';
import type { AdminWorld } from '../admin-fixtures';
import type { TestApp } from '../helpers';

export interface TestJobWorker {
  /** Runs the queued jobs and waits (at most 30 s) until job `id` has ended, read as `email`. */
  finished(id: number, email: string): Promise<Job>;
  /** Stops running jobs: those asked for from now on stay queued until the next `finished`. */
  pause(): Promise<void>;
}

/**
 * A worker for the file's app, closed after its tests. Call it after `useAdminWorld`: hooks
 * after the tests run in reverse, so the worker stops before the app closes.
 */
export function useTestJobWorker(app: () => TestApp, world: () => AdminWorld): TestJobWorker {
  let worker: JobWorker | null = null;
  afterAll(async () => {
    await worker?.close();
  });
  return {
    async finished(id, email) {
      worker ??= startJobWorker({ db: app().db, concurrency: 1, pollMs: 30, heartbeatMs: 100, leaseMs: 5_000 });
      for (let attempt = 0; attempt < 300; attempt += 1) {
        const job = (await world().as(email, { method: 'GET', url: `/api/v1/trabajos/${id}` })).json().data as Job;
        if (['terminado', 'fallido', 'detenido'].includes(job.estado)) return job;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`job ${id} did not end within 30 s`);
    },
    async pause() {
      await worker?.close();
      worker = null;
    },
  };
}
