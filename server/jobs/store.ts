// The job tables' reads and writes. Every change of a job that the browser follows is one
// statement that updates the job and appends its event together (a CTE), so the row and its
// events never disagree, whatever process dies when. A worker's writes name the worker: once its
// lease went to another worker, they change nothing and say so.
import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/app';
import { trabajoEventos, trabajos, type JobEventRow, type JobRow, type JobState } from '../db/schema/jobs';
import { visibleTipos } from './rules';

/** A transaction of `Db` (what `db.transaction` hands its callback). */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a statement runs: the database, or a transaction under way on it. */
export type Executor = Db | Tx;

export interface NewJob {
  tipo: string;
  parametros?: Record<string, unknown>;
  /** The e-mail of who asked for it (null for the system). */
  creado_por: string | null;
}

/** The states a job never leaves. */
export const ENDED_STATES: readonly JobState[] = ['terminado', 'fallido', 'detenido'];

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * Inserts a pending job with its first event, in one statement: a worker may claim the job the
 * moment it commits. `db` may be a transaction, so the job starts only if that commits.
 */
export async function insertJob(db: Executor, job: NewJob): Promise<JobRow> {
  const [row] = await rowsOf<JobRow>(
    db,
    sql`WITH job AS (
          INSERT INTO trabajos (tipo, parametros, creado_por)
          VALUES (${job.tipo}, ${JSON.stringify(job.parametros ?? {})}::jsonb, ${job.creado_por})
          RETURNING *),
        event AS (
          INSERT INTO trabajo_eventos (trabajo_id, tipo, estado, clave)
          SELECT id, 'estado', 'pendiente', 'jobs.events.pendiente' FROM job)
        SELECT * FROM job`,
  );
  if (!row) throw new Error('job insert returned no row');
  return row;
}

/**
 * Claims the oldest job of `tipos` that is pending or whose lease ran out (its process died),
 * for `worker` until `leaseMs` from now. SKIP LOCKED lets any number of workers claim at once,
 * each getting a different job or none; never the same one.
 */
export async function claimJob(db: Db, worker: string, tipos: readonly string[], leaseMs: number): Promise<JobRow | null> {
  if (tipos.length === 0) return null;
  const [row] = await rowsOf<JobRow>(
    db,
    sql`WITH claimed AS (
          UPDATE trabajos SET estado = 'en_curso', trabajador = ${worker},
            lease_hasta = now() + ${leaseMs}::int * interval '1 millisecond',
            iniciado_en = coalesce(iniciado_en, now()), intentos = intentos + 1
          WHERE id = (
            SELECT id FROM trabajos
            WHERE tipo IN (${sql.join(tipos.map((tipo) => sql`${tipo}`), sql`, `)})
              AND (estado = 'pendiente' OR (estado = 'en_curso' AND lease_hasta < now()))
            ORDER BY creado_en, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
          RETURNING *),
        event AS (
          INSERT INTO trabajo_eventos (trabajo_id, tipo, estado, clave, params)
          SELECT id, 'estado', 'en_curso', CASE WHEN intentos > 1 THEN 'jobs.events.retomado' ELSE 'jobs.events.en_curso' END,
            jsonb_build_object('intento', intentos)
          FROM claimed)
        SELECT * FROM claimed`,
  );
  return row ?? null;
}

/**
 * Renews `worker`'s lease on job `id`. Null when the worker no longer holds it (another took it
 * up, or it ended); otherwise whether someone asked to stop it.
 */
export async function renewLease(db: Db, id: number, worker: string, leaseMs: number): Promise<{ detener: boolean } | null> {
  const [row] = await rowsOf<{ detener: boolean }>(
    db,
    sql`UPDATE trabajos SET lease_hasta = now() + ${leaseMs}::int * interval '1 millisecond'
        WHERE id = ${id} AND trabajador = ${worker} AND estado = 'en_curso'
        RETURNING detener`,
  );
  return row ?? null;
}

/** Records progress; false when `worker` no longer holds the job. */
export async function recordProgress(db: Executor, id: number, worker: string, hechos: number, total: number | null): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`WITH job AS (
          UPDATE trabajos SET hechos = ${hechos}::int, total = ${total}::int
          WHERE id = ${id} AND trabajador = ${worker} AND estado = 'en_curso'
          RETURNING id)
        INSERT INTO trabajo_eventos (trabajo_id, tipo, hechos, total)
        SELECT id, 'progreso', ${hechos}::int, ${total}::int FROM job
        RETURNING trabajo_id AS id`,
  );
  return rows.length > 0;
}

/** Appends a log line; false when `worker` no longer holds the job. */
export async function recordLog(
  db: Executor,
  id: number,
  worker: string,
  line: { nivel: string; clave: string; params?: Record<string, unknown> },
): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO trabajo_eventos (trabajo_id, tipo, nivel, clave, params)
        SELECT id, 'log', ${line.nivel}::text, ${line.clave}::text, ${JSON.stringify(line.params ?? {})}::jsonb
        FROM trabajos WHERE id = ${id} AND trabajador = ${worker} AND estado = 'en_curso'
        RETURNING trabajo_id AS id`,
  );
  return rows.length > 0;
}

/**
 * Ends the job `worker` holds in `estado` (with `error` when it failed). Back to `pendiente`
 * releases it instead (the process is shutting down): any worker claims it again at once.
 */
export async function endJob(
  db: Executor,
  id: number,
  worker: string,
  estado: Exclude<JobState, 'en_curso'>,
  error: string | null = null,
): Promise<boolean> {
  const ended = estado !== 'pendiente';
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`WITH job AS (
          UPDATE trabajos SET estado = ${estado}::text, error = ${error}::text,
            terminado_en = CASE WHEN ${ended}::boolean THEN now() END,
            trabajador = NULL, lease_hasta = NULL
          WHERE id = ${id} AND trabajador = ${worker} AND estado = 'en_curso'
          RETURNING id)
        INSERT INTO trabajo_eventos (trabajo_id, tipo, estado, clave, params)
        SELECT id, 'estado', ${estado}::text, ${`jobs.events.${estado}`}::text, ${JSON.stringify(error ? { error } : {})}::jsonb FROM job
        RETURNING trabajo_id AS id`,
  );
  return rows.length > 0;
}

/** A running job whose lease ran out after its last attempt: its process died `maxAttempts` times. */
const exhausted = (maxAttempts: number) => sql`estado = 'en_curso' AND lease_hasta < now() AND intentos >= ${maxAttempts}`;

/**
 * Fails the jobs whose lease ran out `maxAttempts` times: a job that keeps killing its process
 * must not be taken up for ever. `onFailed` ends what each one's own rows show under way, in
 * the transaction that fails it (no handler of it runs any more to do so).
 */
export async function failExhaustedJobs(db: Db, maxAttempts: number, onFailed: (tx: Executor, job: JobRow) => Promise<void>): Promise<void> {
  // Nearly every poll finds none: a look first, and a transaction only when there is one.
  const [any] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM trabajos WHERE ${exhausted(maxAttempts)} LIMIT 1`);
  if (!any) return;
  await db.transaction(async (tx) => {
    const failed = await rowsOf<JobRow>(
      tx,
      sql`WITH job AS (
            UPDATE trabajos SET estado = 'fallido', error = 'too many attempts', terminado_en = now(),
              trabajador = NULL, lease_hasta = NULL
            WHERE ${exhausted(maxAttempts)}
            RETURNING *),
          event AS (
            INSERT INTO trabajo_eventos (trabajo_id, tipo, estado, clave, params)
            SELECT id, 'estado', 'fallido', 'jobs.events.agotado', jsonb_build_object('count', ${maxAttempts}::int) FROM job)
          SELECT * FROM job`,
    );
    for (const job of failed) await onFailed(tx, job);
  });
}

/**
 * Asks job `id` to stop: a pending one stops at once, a running one when its worker hears it.
 * Answers the job's state afterwards, or null when it had already ended.
 */
export async function requestStop(db: Db, id: number): Promise<JobState | null> {
  const [pending] = await rowsOf<{ id: number }>(
    db,
    sql`WITH job AS (
          UPDATE trabajos SET estado = 'detenido', detener = true, terminado_en = now()
          WHERE id = ${id} AND estado = 'pendiente'
          RETURNING id)
        INSERT INTO trabajo_eventos (trabajo_id, tipo, estado, clave)
        SELECT id, 'estado', 'detenido', 'jobs.events.detenido' FROM job
        RETURNING trabajo_id AS id`,
  );
  if (pending) return 'detenido';
  const [running] = await db
    .update(trabajos)
    .set({ detener: true })
    .where(and(eq(trabajos.id, id), eq(trabajos.estado, 'en_curso')))
    .returning({ id: trabajos.id });
  return running ? 'en_curso' : null;
}

export async function readJob(db: Db, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(trabajos).where(eq(trabajos.id, id)).limit(1);
  return row;
}

/** The jobs `user` asked for or whose type they see (./rules.ts); newest first, 50 unless `limit` says. */
export async function listJobs(db: Db, user: UserRow, filter: { estado?: JobState; limit?: number }): Promise<JobRow[]> {
  const tipos = visibleTipos(user);
  const visible = tipos.length > 0 ? or(eq(trabajos.creado_por, user.email), inArray(trabajos.tipo, tipos)) : eq(trabajos.creado_por, user.email);
  return db
    .select()
    .from(trabajos)
    .where(filter.estado ? and(visible, eq(trabajos.estado, filter.estado)) : visible)
    .orderBy(desc(trabajos.creado_en), desc(trabajos.id))
    .limit(filter.limit ?? 50);
}

/** The events of job `id` after event `afterId`, oldest first, at most `limit`. */
export async function eventsAfter(db: Db, id: number, afterId: number, limit: number): Promise<JobEventRow[]> {
  return db
    .select()
    .from(trabajoEventos)
    .where(and(eq(trabajoEventos.trabajo_id, id), gt(trabajoEventos.id, afterId)))
    .orderBy(asc(trabajoEventos.id))
    .limit(limit);
}

/** The oldest job of `tipo` still queued or running whose parameter `name` is `value`, if any. */
export async function activeJobOf(db: Executor, tipo: string, name: string, value: string): Promise<JobRow | undefined> {
  const [active] = await db
    .select()
    .from(trabajos)
    .where(and(eq(trabajos.tipo, tipo), inArray(trabajos.estado, ['pendiente', 'en_curso']), sql`${trabajos.parametros}->>${name} = ${value}`))
    .orderBy(asc(trabajos.id))
    .limit(1);
  return active;
}

/** When the newest job of `tipo` whose `parametros.<name>` is `value` and that ended done was asked for; null when none has. */
export async function lastDoneJobAskedAt(db: Executor, tipo: string, name: string, value: string): Promise<Date | null> {
  const [done] = await db
    .select({ creado_en: trabajos.creado_en })
    .from(trabajos)
    .where(and(eq(trabajos.tipo, tipo), eq(trabajos.estado, 'terminado'), sql`${trabajos.parametros}->>${name} = ${value}`))
    .orderBy(desc(trabajos.id))
    .limit(1);
  return done?.creado_en ?? null;
}
