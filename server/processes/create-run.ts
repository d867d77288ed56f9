// Asking for a run: in the caller's transaction, the job that carries it, the run, and its
// items in the order they will be sent (docs/processes.md, "How a run goes", 1); and asking a
// run to stop (5). The job is queued first: the run names it (`trabajo_id` is required), and a
// worker that claims the job the moment the transaction commits finds the run and its items.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { nextRunState } from '../../machines/processes/run.machine';
import type { MarketSite, RunKind } from '../../schemas/process.schema';
import type { Db } from '../db/client';
import { trabajos } from '../db/schema/jobs';
import { procesoEjecuciones, procesoItems, type RunRow } from '../db/schema/processes';
import { enqueueJob } from '../jobs/enqueue';
import { requestStop as requestJobStop } from '../jobs/store';
import { RUN_JOB_TYPES, type RunJobParams } from './job-types';

/** One item to send: its natural key on the site, what a user recognises it by, what is sent. */
export interface NewRunItem {
  clave: string;
  descripcion: string;
  datos: Record<string, unknown>;
}

export interface NewRun {
  tipo: RunKind;
  sitio: MarketSite;
  trabajadores: number;
  max_reintentos: number;
  fecha_operacion: string | null;
  parametros: Record<string, unknown>;
  items: NewRunItem[];
}

/** Inserts the run, its items (`pendiente`, in order) and its job in `tx`, as `email`. */
export async function createRun(tx: Db, run: NewRun, email: string): Promise<RunRow> {
  const { items, ...columns } = run;
  // The job's parameters name the run, whose id is known only once inserted: the job goes in
  // first with none, then learns it (all in one transaction, so no worker sees it in between).
  const job = await enqueueJob(tx, { tipo: RUN_JOB_TYPES[run.tipo], parametros: {}, creado_por: email });
  const [row] = await tx
    .insert(procesoEjecuciones)
    .values({ ...columns, trabajo_id: job.id, creado_por: email })
    .returning();
  if (!row) throw new Error('run insert returned no row');
  const parametros: RunJobParams = { ejecucion_id: row.id };
  await tx.update(trabajos).set({ parametros, total: items.length }).where(eq(trabajos.id, job.id));
  if (items.length > 0) {
    await tx.insert(procesoItems).values(items.map((item, index) => ({ ejecucion_id: row.id, orden: index + 1, ...item })));
  }
  return row;
}

/**
 * Asks run `runId` to stop: the run `deteniendo` from now on (no new request starts), and its
 * job told to stop, in one transaction. A run whose job no worker had claimed yet sent nothing:
 * it ends `detenida` at once. Answers the run, or null when it had already ended. A second
 * stop keeps the first one's time.
 */
export async function requestStop(db: Db, runId: number): Promise<RunRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(procesoEjecuciones)
      .set({ estado: 'deteniendo', detener_en: sql`coalesce(${procesoEjecuciones.detener_en}, now())` })
      .where(and(eq(procesoEjecuciones.id, runId), inArray(procesoEjecuciones.estado, ['en_curso', 'deteniendo'])))
      .returning();
    if (!row) return null;
    if ((await requestJobStop(tx, row.trabajo_id)) !== 'detenido') return row;
    const [stopped] = await tx
      .update(procesoEjecuciones)
      .set({ estado: nextRunState(row.estado, { type: 'run.stopped' }) ?? row.estado, terminado_en: sql`now()` })
      .where(eq(procesoEjecuciones.id, runId))
      .returning();
    return stopped ?? row;
  });
}
