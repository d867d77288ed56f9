// Runs a run (docs/processes.md, "How a run goes"): the job handler of the three kinds. N workers,
// one site session each, take the items in order; an item is marked `enviando` (committed)
// before it is sent; an ambiguous failure is followed by a question to the site by the item's
// natural key before anything is sent again, so a retry never duplicates; a stop is heard at once
// and no request starts after it; a run taken up again (its process died) first asks about the
// items left on their way.
import type { MarketSite } from '../../schemas/process.schema';
import type { Db } from '../db/client';
import type { JobRow } from '../db/schema/jobs';
import type { RunItemRow, RunRow } from '../db/schema/processes';
import type { JobContext, JobType } from '../jobs/registry';
import { backoffMs, sleep } from './backoff';
import { RUN_JOB_TYPES, type RunJobParams } from './job-types';
import { RUN_KIND_OPS, type Applied } from './run-kinds';
import * as store from './run-store';
import { siteFailureOf, type SiteAdapter, type SiteFailure, type SiteSession } from './site-adapter';
import { watchStop, type StopCause } from './stop-watch';

/** Where a process's runs reach the sites (the app sets it from its configuration: `configureRunner`). */
interface RunnerEnvironment {
  siteFor(sitio: MarketSite): SiteAdapter;
}

const environments = new WeakMap<Db, RunnerEnvironment>();

/** Says how the runs on `db` reach the sites (one environment per database: tests run several apps). */
export function configureRunner(db: Db, environment: RunnerEnvironment): void {
  environments.set(db, environment);
}

/** How long requests on their way when a stop is heard are waited for before they are abandoned. */
export const IN_FLIGHT_GRACE_MS = 5_000;
/** Questions about one item (each retried after a backoff) before it is given up as unconfirmed. */
const QUESTION_ATTEMPTS = 8;
/** Sign-ins again for one item (its session kept running out) before it fails. */
const RESIGN_LIMIT = 3;
/** The wait on a 429 that names no Retry-After. */
const BUSY_WAIT_MS = 1_000;
/** How often the job's progress is told at most while items end. */
const PROGRESS_EVERY_MS = 250;
/** How long a stopped run waits for its job's signal (the job's heartbeat) so the job ends `detenido` too. */
const JOB_STOP_WAIT_MS = 15_000;

/** Why an item failed or was retried: `processes.errors.*`. */
const ITEM_ERRORS = {
  refused: 'processes.errors.refused',
  unavailable: 'processes.errors.unavailable',
  timeout: 'processes.errors.timeout',
  dropped: 'processes.errors.dropped',
  unreachable: 'processes.errors.unreachable',
  busy: 'processes.errors.busy',
  credentials: 'processes.errors.credentials',
  unconfirmed: 'processes.errors.unconfirmed',
  sessionLost: 'processes.errors.sessionLost',
  allFailed: 'processes.errors.allFailed',
  incomplete: 'processes.errors.incomplete',
  interrupted: 'processes.errors.interrupted',
} as const;

function reasonOf(failure: SiteFailure): string {
  switch (failure.kind) {
    case 'refused':
      return failure.status === 401 ? ITEM_ERRORS.credentials : ITEM_ERRORS.refused;
    case 'ambiguous':
      return ITEM_ERRORS[failure.reason];
    case 'unreachable':
      return ITEM_ERRORS.unreachable;
    case 'busy':
      return ITEM_ERRORS.busy;
    case 'expired':
      return ITEM_ERRORS.sessionLost;
  }
}

const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Signing in did not work out: the run stopped or has nothing left (null), or why it cannot be done. */
type SignIn = SiteSession | null | { failed: string };

async function runRun(context: JobContext): Promise<void> {
  const { db, job, signal, log, progress } = context;
  const runId = (job.parametros as Partial<RunJobParams>).ejecucion_id;
  const stored = runId === undefined ? undefined : await store.readRun(db, runId);
  if (!stored) throw new Error(`job ${job.id} names no run`);
  const run: RunRow = stored;
  // Ended already (taken up again after it ended, before its job could): nothing to do.
  if (run.terminado_en) return;
  const environment = environments.get(db);
  if (!environment) throw new Error('the runner has no site for this database (configureRunner)');
  const ops = RUN_KIND_OPS[run.tipo];
  const site = environment.siteFor(run.sitio);
  const maxAttempts = run.max_reintentos + 1;

  /** Aborted once the stop is heard: from then on no request starts. */
  const stopping = new AbortController();
  /** Aborted when the requests still on their way are abandoned (their items stay `enviando`). */
  const abandon = new AbortController();
  let cause: StopCause | null = null;
  let inFlight = 0;
  let grace: NodeJS.Timeout | undefined;
  let progressTimer: NodeJS.Timeout | undefined;
  const unwatch = watchStop(db, run.id, signal, (why) => {
    cause = why;
    stopping.abort();
    // A lost lease: another process has the run; this one lets go of everything at once.
    grace = setTimeout(() => abandon.abort(), why === 'lost' ? 0 : IN_FLIGHT_GRACE_MS);
    if (why !== 'lost') void log('info', why === 'stop' ? 'processes.log.stopHeard' : 'processes.log.shutdown', { enCamino: inFlight, oidoEn: Date.now() }).catch(() => undefined);
  });

  /** One call to the site, counted while on its way. */
  async function call<T>(work: () => Promise<T>): Promise<T> {
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
    }
  }

  try {
    const orphans = await store.orphanInFlightItems(db, run.id);
    const start = await store.runCounts(db, run.id, ITEM_ERRORS.unreachable);
    const total = start.total;
    let ended = start.hechos + start.fallidos;
    if (job.intentos > 1) await log('info', 'processes.log.resumed', { pendientes: start.pendientes, enCamino: orphans });
    // The site as a message key: the log reads it in the reader's language.
    else await log('info', 'processes.log.started', { total, trabajadores: run.trabajadores, sitio: `processes.sites.${run.sitio}` });
    await progress(ended, total);

    // Progress is told at most every PROGRESS_EVERY_MS (and once at the end): a bar moves as
    // smoothly for the eye, and a run of hundreds of items does not write hundreds of events.
    let told = ended;
    let progressFailure: unknown = null;
    const tellProgress = async () => {
      clearTimeout(progressTimer);
      progressTimer = undefined;
      if (told === ended) return;
      told = ended;
      await progress(told, total);
    };
    const progressSoon = () => {
      progressTimer ??= setTimeout(() => {
        tellProgress().catch((error: unknown) => {
          // The lease is gone (or the database): every worker stops at its next step.
          progressFailure ??= error;
          stopping.abort();
          abandon.abort();
        });
      }, PROGRESS_EVERY_MS);
    };

    /** Records the item applied on the site, with what its success writes besides; then tells it. */
    async function finishDone(worker: number, item: RunItemRow, applied: Applied, reconciled: boolean): Promise<void> {
      await yieldTurn();
      const end = { estado: 'hecho', resultado: applied.resultado } as const;
      const { recordDone } = ops;
      if (recordDone) {
        await db.transaction(async (tx) => {
          await store.endItem(tx, run.id, worker, item.id, end);
          await recordDone(tx, run, item, applied);
        });
      } else {
        await store.endItem(db, run.id, worker, item.id, end);
      }
      ended += 1;
      progressSoon();
      // Told after the commit: a line lost to a crash right here is all that could be lost. A
      // Sube run's hundreds of uploads are told by its progress and items, not a line each.
      if (applied.logKey) await log('info', applied.logKey, { ...applied.logParams, ...(reconciled ? { comprobado: true } : {}) });
      if (applied.copias > 1) await log('warn', 'processes.log.duplicateOnSite', { clave: item.clave, copias: applied.copias });
    }

    async function finishFailed(worker: number, item: RunItemRow, reason: string, intentos: number): Promise<void> {
      await yieldTurn();
      await store.endItem(db, run.id, worker, item.id, { estado: 'fallido', error: reason });
      ended += 1;
      progressSoon();
      await log('error', 'processes.log.failed', { clave: item.clave, motivo: reason, intentos });
    }

    /**
     * A session for worker `worker`: waits out 429s (the site's places), retries other failures
     * with backoff, up to the run's attempts. `needWork`: give up once no item is left to take.
     */
    async function signIn(worker: number, needWork: boolean): Promise<SignIn> {
      let failures = 0;
      let toldBusy = false;
      for (;;) {
        if (stopping.signal.aborted) return null;
        if (needWork && !(await store.hasWorkLeft(db, run.id))) return null;
        await store.setSession(db, run.id, worker, 'conectando');
        if (stopping.signal.aborted) return null;
        try {
          return await call(() => site.signIn(abandon.signal));
        } catch (error) {
          if (abandon.signal.aborted) return null;
          const failure = siteFailureOf(error);
          if (!failure) throw error;
          if (failure.kind === 'refused') return { failed: reasonOf(failure) };
          await store.setSession(db, run.id, worker, 'esperando');
          if (failure.kind === 'busy') {
            if (!toldBusy) await log('info', 'processes.log.sessionBusy', { trabajador: worker });
            toldBusy = true;
            await sleep(failure.retryAfterMs ?? BUSY_WAIT_MS, stopping.signal);
            continue;
          }
          failures += 1;
          if (failures >= maxAttempts) return { failed: reasonOf(failure) };
          await sleep(backoffMs(failures), stopping.signal);
        }
      }
    }

    /**
     * Takes one item to its end (`hecho`, `fallido`), or leaves it `enviando` when the run stops
     * with it on its way. Answers the worker's session afterwards (renewed when it ran out).
     */
    async function handleItem(worker: number, session: SiteSession, item: RunItemRow, orphan: boolean): Promise<SiteSession | null> {
      let current: SiteSession | null = session;
      let attempts = item.intentos;
      let ask = orphan;
      let markNext = false;
      let lastReason: string = item.error ?? ITEM_ERRORS.unavailable;
      let questions = 0;
      let resigns = 0;

      /** The session ran out: a new one, not an attempt. False when the item was ended or left. */
      const renew = async (): Promise<boolean> => {
        resigns += 1;
        if (resigns > RESIGN_LIMIT) {
          await finishFailed(worker, item, ITEM_ERRORS.sessionLost, attempts);
          return false;
        }
        const got = await signIn(worker, false);
        if (got === null) {
          current = null;
          return false;
        }
        if ('failed' in got) {
          current = null;
          // Asked about but not answered (an orphan, or after an ambiguous failure): it may be on the site.
          await finishFailed(worker, item, ask ? ITEM_ERRORS.unconfirmed : got.failed, attempts);
          return false;
        }
        current = got;
        await store.setSession(db, run.id, worker, 'enviando', { clave: item.clave, intentos: attempts });
        return true;
      };

      for (;;) {
        if (stopping.signal.aborted || !current) return current;
        const live: SiteSession = current;
        if (ask) {
          let found: Applied | null;
          try {
            found = await call(() => ops.find(live, item, abandon.signal));
          } catch (error) {
            if (abandon.signal.aborted) return current;
            const failure = siteFailureOf(error);
            if (!failure) throw error;
            if (failure.kind === 'expired') {
              if (!(await renew())) return current;
              continue;
            }
            questions += 1;
            if (questions >= QUESTION_ATTEMPTS) {
              await finishFailed(worker, item, ITEM_ERRORS.unconfirmed, attempts);
              return current;
            }
            await sleep(failure.kind === 'busy' ? (failure.retryAfterMs ?? BUSY_WAIT_MS) : backoffMs(questions), stopping.signal);
            continue;
          }
          if (found) {
            await finishDone(worker, item, found, true);
            return current;
          }
          ask = false;
          questions = 0;
          if (attempts >= maxAttempts) {
            await finishFailed(worker, item, lastReason, attempts);
            return current;
          }
          markNext = true;
        }
        if (markNext) {
          await yieldTurn();
          attempts = await db.transaction(async (tx) => {
            const now = await store.markAttempt(tx, item.id, lastReason);
            await store.setSession(tx, run.id, worker, 'enviando', { clave: item.clave, intentos: now });
            await log('warn', 'processes.log.retry', { clave: item.clave, intento: now, de: maxAttempts, motivo: lastReason }, { tx });
            return now;
          });
          markNext = false;
        }
        if (stopping.signal.aborted) return current;
        try {
          const applied = await call(() => ops.send(live, item, abandon.signal));
          await finishDone(worker, item, applied, false);
          return current;
        } catch (error) {
          if (abandon.signal.aborted) return current;
          const failure = siteFailureOf(error);
          if (!failure) throw error;
          if (failure.kind === 'refused') {
            await finishFailed(worker, item, reasonOf(failure), attempts);
            return current;
          }
          if (failure.kind === 'expired') {
            // Refused for the session, so not applied: the same attempt goes again once signed in.
            if (!(await renew())) return current;
            continue;
          }
          lastReason = reasonOf(failure);
          // Ambiguous: it may be on the site; ask before anything is sent again.
          ask = failure.kind === 'ambiguous';
          if (!ask && attempts >= maxAttempts) {
            await finishFailed(worker, item, lastReason, attempts);
            return current;
          }
          markNext = !ask;
          await store.setSession(db, run.id, worker, 'esperando', { clave: item.clave, intentos: attempts });
          await sleep(failure.kind === 'busy' ? (failure.retryAfterMs ?? BUSY_WAIT_MS) : backoffMs(attempts), stopping.signal);
        }
      }
    }

    /** One worker: signs in, takes items until none is left or the run stops; answers its session. */
    async function work(worker: number): Promise<SiteSession | null> {
      let session: SiteSession | null = null;
      while (!stopping.signal.aborted) {
        if (!session) {
          const got = await signIn(worker, true);
          if (got === null) break;
          if ('failed' in got) {
            // No session to be had: the next item fails with why, unsent (an orphan may be on
            // the site already: unconfirmed), so a site that is down ends the run.
            await yieldTurn();
            const claimed = await store.claimNextItem(db, run.id, worker, orphans > 0);
            if (!claimed) break;
            await finishFailed(worker, claimed.item, claimed.orphan ? ITEM_ERRORS.unconfirmed : got.failed, claimed.item.intentos);
            continue;
          }
          session = got;
        }
        await yieldTurn();
        if (stopping.signal.aborted) break;
        const claimed = await store.claimNextItem(db, run.id, worker, orphans > 0);
        if (!claimed) break;
        session = await handleItem(worker, session, claimed.item, claimed.orphan);
      }
      await store.setSession(db, run.id, worker, stopping.signal.aborted ? 'cerrada' : 'libre');
      return session;
    }

    let fatal: unknown = null;
    const workers = Array.from({ length: run.trabajadores }, (_, index) =>
      work(index + 1).catch((error: unknown) => {
        // A worker that cannot go on (the database, a lost lease): the whole run stops here.
        fatal ??= error;
        stopping.abort();
        abandon.abort();
        return null;
      }),
    );
    const sessions = await Promise.all(workers);
    fatal ??= progressFailure;
    // Every worker is done: a stop heard from now on has nothing left to stop (the run's own
    // end below must not read as one either).
    unwatch();
    clearTimeout(grace);
    if (fatal) throw fatal;
    await tellProgress();
    const why = cause as StopCause | null;
    const end = await store.runCounts(db, run.id, ITEM_ERRORS.unreachable);
    if (why === 'lost' || why === 'shutdown') {
      // Left as it is: whoever takes the job up asks about the items on their way.
      throw signal.reason ?? new Error(`run ${run.id} paused`);
    }
    if (why === 'stop' && end.pendientes > 0) {
      await store.endRun(db, run.id, { type: 'run.stopped' });
      await log('info', 'processes.log.stopped', { hechos: end.hechos, fallidos: end.fallidos, pendientes: end.pendientes });
      // No request after the stop, not even a sign-out: the site ends idle sessions itself.
      // The job ends `detenido` once its own heartbeat hears the stop (soon).
      await sleep(JOB_STOP_WAIT_MS, signal);
      throw signal.reason ?? new Error('processes.log.stopped');
    }
    // The last item ended (before any stop took hold).
    const failure = end.pendientes > 0 ? ITEM_ERRORS.incomplete : end.hechos === 0 && end.fallidos > 0 ? (end.inalcanzables === end.fallidos ? ITEM_ERRORS.unreachable : ITEM_ERRORS.allFailed) : null;
    await store.endRun(db, run.id, { type: failure ? 'run.failed' : 'run.completed' }, failure);
    // Then the sessions' places are given back (after the run's end: the trader waits for no
    // sign-out), unless a stop came meanwhile: no request at all after a stop.
    if (why !== 'stop') await Promise.all(sessions.map((session) => session?.signOut()));
    if (failure) {
      await log('error', 'processes.log.runFailed', { fallidos: end.fallidos, motivo: failure });
      throw new Error(failure);
    }
    await log('info', 'processes.log.completed', { hechos: end.hechos, fallidos: end.fallidos });
  } finally {
    clearTimeout(grace);
    clearTimeout(progressTimer);
    unwatch();
  }
}

/**
 * A run whose job failed without the runner ending it (its process kept dying until the job's
 * attempts ran out, or the handler threw) ends `fallida`, interrupted, rather than staying under
 * way for ever with its keys held from every new run.
 */
async function abandonRunOf(tx: Db, job: JobRow): Promise<void> {
  const runId = (job.parametros as Partial<RunJobParams>).ejecucion_id;
  if (runId !== undefined) await store.abandonRun(tx, runId, ITEM_ERRORS.interrupted, ITEM_ERRORS.unconfirmed);
}

/** The bid runs' job types, which the jobs plugin registers: stoppable (the spec lets a trader stop a robot); the acciones section sees them all. */
export const RUN_JOBS: readonly JobType[] = Object.values(RUN_JOB_TYPES).map((tipo) => ({ tipo, run: runRun, viewKey: 'acciones', stoppable: true, onFailed: abandonRunOf }));
