// How any area asks for long work: a row in `trabajos` that some worker of some process claims.
import type { JobRow } from '../db/schema/jobs';
import { jobType } from './registry';
import { insertJob, type Executor, type NewJob } from './store';

/**
 * Queues a job of a registered type. Pass the transaction that decides the work as `db` and the
 * job exists only if it commits; the workers of every process hear of it when it does.
 */
export async function enqueueJob(db: Executor, job: NewJob): Promise<JobRow> {
  // Every process runs the same code: a type unknown here is a typo, not another process's.
  if (!jobType(job.tipo)) throw new Error(`no job handler is registered for ${job.tipo}`);
  return insertJob(db, job);
}
