// The kinds of long work the server knows, by `tipo`. Each area declares its job types as data
// (`JobType`) and the jobs plugin registers them (server/jobs/plugin.ts): nothing registers by
// the side effect of an import. A worker claims only jobs of types registered in its process. The contract a
// handler must keep is in docs/architecture.md (Jobs) and on `JobHandler` below.
import type { PermissionKey } from '../../schemas/permission-key.schema';
import type { Db } from '../db/client';
import type { JobRow } from '../db/schema/jobs';
import type { Executor } from './store';

/** A log line's level. */
export type JobLogLevel = 'info' | 'warn' | 'error';

/** Where a progress or log write goes: `tx` writes it inside the handler's own transaction. */
interface JobWriteOptions {
  tx?: Executor;
}

/** What a handler gets to do its work and report it. */
export interface JobContext {
  db: Db;
  /** The job as claimed: `parametros`, and `hechos` as last reported (where a taken-up job resumes). */
  job: JobRow;
  /**
   * Records how much is done. Throws `JobLeaseLostError` when this worker no longer holds the
   * job (another process took it up): the handler must stop without writing more.
   */
  progress(done: number, total: number | null, options?: JobWriteOptions): Promise<void>;
  /** Appends a log line: an i18n key and its parameters, worded in the reader's language. */
  log(level: JobLogLevel, key: string, params?: Record<string, unknown>, options?: JobWriteOptions): Promise<void>;
  /**
   * Aborted when the job must stop (its `reason` a `JobAbortedError`): someone stopped it
   * ('stop'), the process is shutting down ('shutdown') or the lease was lost ('lost'). Check
   * it between units of work with `signal.throwIfAborted()`.
   */
  signal: AbortSignal;
}

/**
 * Runs one job. Resolving ends it `terminado`; throwing ends it `fallido` with the error's
 * message, or `detenido` when it threw because the signal was aborted by a stop.
 *
 * The contract (a process may die at any instant, and the job is then taken up again from the
 * start by any process):
 * - work in units, each one transaction that writes its whole result or nothing;
 * - a unit done twice gives the same result (replace or upsert what it writes, never append);
 * - on PGlite the one connection belongs to an open transaction: inside `db.transaction`, write
 *   through `tx` only, and report with `progress(..., { tx })` (or after the commit);
 * - check `signal` between units.
 */
type JobHandler = (context: JobContext) => Promise<void>;

interface JobTypeOptions {
  /** The view key that lets a user see (and stop) jobs of this type besides the one who asked for it. */
  viewKey: PermissionKey;
  /** Whether someone may stop it while it runs (where the spec allows). */
  stoppable: boolean;
  /**
   * Ends what the job's own rows still show under way, in the transaction that fails the job:
   * when its handler threw, and when its attempts ran out (its process kept dying, so no handler
   * of it runs any more). A type whose work lives only in the job's row needs none.
   */
  onFailed?(tx: Executor, job: JobRow): Promise<void>;
}

export interface JobType extends JobTypeOptions {
  tipo: string;
  run: JobHandler;
}

const types = new Map<string, JobType>();

/** Registers the handler of `tipo`; a type is registered once. */
export function registerJobHandler(tipo: string, run: JobHandler, options: JobTypeOptions): void {
  registerJobTypes([{ tipo, run, ...options }]);
}

/**
 * Registers every one of `types`. The same type again is nothing new (an app built twice in one
 * process, as the tests do); another handler for a registered `tipo` is a programming error.
 */
export function registerJobTypes(list: readonly JobType[]): void {
  for (const type of list) {
    if (types.get(type.tipo) === type) continue;
    if (types.has(type.tipo)) throw new Error(`job type ${type.tipo} is already registered`);
    types.set(type.tipo, type);
  }
}

/** The registered type `tipo`, if any. */
export function jobType(tipo: string): JobType | undefined {
  return types.get(tipo);
}

/** Every registered type. */
export function jobTypes(): JobType[] {
  return [...types.values()];
}

/** Why a job's signal was aborted. */
export type JobAbortReason = 'stop' | 'shutdown' | 'lost';

/** The reason of an aborted job signal (`signal.throwIfAborted()` throws it). */
export class JobAbortedError extends Error {
  constructor(readonly why: JobAbortReason) {
    super(`job aborted: ${why}`);
    this.name = 'JobAbortedError';
  }
}

/** The job lost its worker's lease: another worker holds it now. */
export class JobLeaseLostError extends Error {
  constructor(id: number) {
    super(`job ${id} is no longer held by this worker`);
    this.name = 'JobLeaseLostError';
  }
}
