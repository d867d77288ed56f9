// The worker loop of one process: claims jobs of the registered types from the database, at
// most `concurrency` at a time, and runs their handlers under a lease it renews while they run.
//
// Why our own small queue and not pg-boss (STACK.md): pg-boss is not installed in this project,
// and on PGlite it needs an adapter that runs multi-statement SQL through PGlite's `exec`. The
// queue here is a few statements on our own tables (FOR UPDATE SKIP LOCKED, ARCHITECTURE.md
// Scale-out) that run alike on PGlite and PostgreSQL, and keeps each job's progress and log in
// the rows the browser follows.
//
// A lease instead of a held lock: a process that dies stops renewing, its lease runs out and any
// worker claims the job again; no connection stays open across a handler's run, which on PGlite
// (one connection, each transaction holding it) would stall every request meanwhile.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { changesOf } from '../db/changes';
import type { Db } from '../db/client';
import type { JobRow } from '../db/schema/jobs';
import { JobAbortedError, JobLeaseLostError, jobType, jobTypes, type JobAbortReason, type JobContext, type JobType } from './registry';
import { claimJob, endJob, failExhaustedJobs, recordLog, recordProgress, renewLease } from './store';

export interface JobWorkerOptions {
  db: Db;
  /** Jobs run at once by this worker; 0 claims none (a process that only serves requests). */
  concurrency: number;
  /** How often an idle worker looks for work another process queued (new jobs here wake it at once). */
  pollMs?: number;
  /** How long a claim holds without a heartbeat: after it, a dead process's job is claimed again. */
  leaseMs?: number;
  /** How often a running job's lease is renewed (and a stop request heard). */
  heartbeatMs?: number;
  /** Claims of one job after which a job whose lease keeps running out fails. */
  maxAttempts?: number;
  /** How long `close` waits for running handlers to stop before leaving them to their leases. */
  shutdownMs?: number;
  /** Where the worker's own failures are told (the app's logger). */
  logger?: { error(object: object, message: string): void };
}

export interface JobWorker {
  /** `<host>:<pid>:<random>`: the name its claims carry. */
  readonly id: string;
  /** Looks for work now. */
  wake(): void;
  /** Stops claiming, asks running handlers to stop and waits for them (at most `shutdownMs`). */
  close(): Promise<void>;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/** Starts a worker loop on `db`. */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, concurrency } = options;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.min(2_000, Math.floor(leaseMs / 3));
  const maxAttempts = options.maxAttempts ?? 5;
  const shutdownMs = options.shutdownMs ?? 10_000;
  const logger = options.logger ?? { error: () => undefined };
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const running = new Map<number, Running>();
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;
  let again = false;

  // A job inserted anywhere (or any change of this process, or a reconnection) is worth a look.
  const unsubscribe = changesOf(db).subscribe((change) => {
    if (change === 'all' || change.tables.has('trabajos')) wake();
  });

  function wake(): void {
    if (closed || concurrency === 0) return;
    if (polling) {
      again = true;
      return;
    }
    polling = poll().finally(() => {
      polling = null;
      if (again) {
        again = false;
        wake();
      } else if (!closed) {
        timer = setTimeout(wake, pollMs);
      }
    });
  }

  async function poll(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const tipos = jobTypes().map((type) => type.tipo);
    // A process that runs no type of job has nothing to look for.
    if (tipos.length === 0) return;
    try {
      await failExhaustedJobs(db, maxAttempts, async (tx, job) => jobType(job.tipo)?.onFailed?.(tx, job));
      while (!closed && running.size < concurrency) {
        const job = await claimJob(db, id, tipos, leaseMs);
        if (!job) break;
        run(job);
      }
    } catch (error) {
      logger.error({ err: error }, 'job worker could not claim');
    }
  }

  function run(job: JobRow): void {
    const type = jobType(job.tipo) as JobType;
    const controller = new AbortController();
    const abort = (why: JobAbortReason) => {
      if (!controller.signal.aborted) controller.abort(new JobAbortedError(why));
    };
    // One renewal at a time: on PGlite a renewal waits for the handler's transaction to end.
    let renewing = false;
    const heartbeat = setInterval(() => {
      if (renewing) return;
      renewing = true;
      renewLease(db, job.id, id, leaseMs)
        .then(
          (lease) => {
            if (!lease) abort('lost');
            else if (lease.detener && type.stoppable) abort('stop');
          },
          (error: unknown) => logger.error({ err: error, job: job.id }, 'job lease could not be renewed'),
        )
        .finally(() => {
          renewing = false;
        });
    }, heartbeatMs);
    const lost = () => {
      abort('lost');
      return new JobLeaseLostError(job.id);
    };
    const context: JobContext = {
      db,
      job,
      signal: controller.signal,
      async progress(done, total, write) {
        if (!(await recordProgress(write?.tx ?? db, job.id, id, done, total))) throw lost();
      },
      async log(level, key, params, write) {
        if (!(await recordLog(write?.tx ?? db, job.id, id, { nivel: level, clave: key, params }))) throw lost();
      },
    };
    const done = (async () => {
      let outcome: Parameters<typeof endJob>[3] | null = 'terminado';
      let message: string | null = null;
      try {
        await type.run(context);
      } catch (error) {
        const why = controller.signal.aborted ? (controller.signal.reason as JobAbortedError).why : null;
        if (why === 'lost' || error instanceof JobLeaseLostError) outcome = null; // another worker has it
        else if (why === 'stop') outcome = 'detenido';
        else if (why === 'shutdown') outcome = 'pendiente'; // released: any worker resumes it now
        else {
          outcome = 'fallido';
          message = error instanceof Error ? error.message : String(error);
        }
      } finally {
        clearInterval(heartbeat);
      }
      if (outcome === 'fallido' && type.onFailed) {
        // The job and what its own rows show under way end together.
        const onFailed = type.onFailed;
        await db.transaction(async (tx) => {
          if (await endJob(tx, job.id, id, 'fallido', message)) await onFailed(tx, job);
        });
      } else if (outcome) {
        await endJob(db, job.id, id, outcome, message);
      }
    })()
      .catch((error: unknown) => logger.error({ err: error, job: job.id }, 'job could not be ended'))
      .finally(() => {
        running.delete(job.id);
        wake();
      });
    running.set(job.id, { controller, done });
  }

  wake();

  return {
    id,
    wake,
    async close() {
      closed = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await polling;
      const all = [...running.values()];
      for (const job of all) job.controller.abort(new JobAbortedError('shutdown'));
      let bound: NodeJS.Timeout | undefined;
      // A handler that does not stop in time keeps its lease until it runs out; then another
      // process takes the job up again.
      await Promise.race([
        Promise.allSettled(all.map((job) => job.done)),
        new Promise((resolve) => {
          bound = setTimeout(resolve, shutdownMs);
        }),
      ]);
      clearTimeout(bound);
    },
  };
}
