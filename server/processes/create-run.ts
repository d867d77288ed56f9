// The one way a run starts and the one way it is asked to stop (docs/processes.md, "How a run
// goes", steps 1 and 5). The routes, the tests and the benchmark all go through here, so a run,
// its items and its job are always written together, and a stop always reaches both the run and
// its job.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { nextRunState } from '../../machines/processes/run.machine';
import type { MarketSite, RunKind } from '../../schemas/process.schema';
import type { Db } from '../db/client';
import { procesoEjecuciones, procesoItems, type RunRow } from '../db/schema/processes';
import { enqueueJob } from '../jobs/enqueue';
import { requestStop as requestJobStop } from '../jobs/store';
import { RUN_JOB_TYPES, type RunJobParams } from './job-types';

/** One item of a new run, in the order it is to be sent. */
export interface NewRunItem {
  /** Its natural key on the site: the annex code (registra), the PM (sube), the planilla number (supresion). */
  clave: string;
  descripcion: string;
  /**
   * What is sent: registra, the site's planilla (POST /planillas body, `anexo_id` besides when
   * known); sube, `{ fecha_operacion, pm, horas: [{ periodo, potencia, precio }] }`; supresion,
   * `{ numero_planilla }`.
   */
  datos: Record<string, unknown>;
}

interface NewRun {
  tipo: RunKind;
  sitio: MarketSite;
  trabajadores: number;
  /** Retries of each item after its first attempt. */
  max_reintentos: number;
  fecha_operacion?: string | null;
  parametros?: Record<string, unknown>;
  creado_por: string | null;
  items: readonly NewRunItem[];
}

/** A run as a request asks for it; who asks is added by whoever creates it. */
export type RunRequest = Omit<NewRun, 'creado_por'>;

/** Rows per INSERT of the items (a run of 2000 planillas stays a few statements). */
const ITEMS_PER_INSERT = 500;

/**
 * Inserts the run, its items (`pendiente`, `orden` from 1 in the given order) and its job, in
 * the caller's transaction `tx`: the run exists, and any process may start it, only if that
 * commits. Answers the run's row.
 */
export async function createRun(tx: Db, run: NewRun): Promise<RunRow> {
  const job = await enqueueJob(tx, { tipo: RUN_JOB_TYPES[run.tipo], parametros: {}, creado_por: run.creado_por });
  const [row] = await tx
    .insert(procesoEjecuciones)
    .values({
      tipo: run.tipo,
      sitio: run.sitio,
      trabajadores: run.trabajadores,
      max_reintentos: run.max_reintentos,
      fecha_operacion: run.fecha_operacion ?? null,
      parametros: run.parametros ?? {},
      trabajo_id: job.id,
      creado_por: run.creado_por,
    })
    .returning();
  if (!row) throw new Error('run insert returned no row');
  // The job names its run: a worker may claim it the moment this transaction commits.
  const parametros: RunJobParams = { ejecucion_id: row.id };
  await tx.execute(sql`update trabajos set parametros = ${JSON.stringify(parametros)}::jsonb, total = ${run.items.length} where id = ${job.id}`);
  for (let start = 0; start < run.items.length; start += ITEMS_PER_INSERT) {
    await tx.insert(procesoItems).values(
      run.items.slice(start, start + ITEMS_PER_INSERT).map((item, index) => ({
        ejecucion_id: row.id,
        orden: start + index + 1,
        clave: item.clave,
        descripcion: item.descripcion,
        datos: item.datos,
      })),
    );
  }
  return row;
}

/**
 * Asks run `id` to stop: the run becomes `deteniendo` with its `detener_en`, and its job is told
 * (`detener`); the process running it hears it at once (the change feed) and ends it `detenida`.
 * A run whose job had not been claimed yet ends `detenida` here and now. Answers the run's row
 * afterwards, or null when it had already ended (or does not exist).
 */
export async function requestStop(db: Db, id: number): Promise<RunRow | null> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .update(procesoEjecuciones)
      .set({ estado: 'deteniendo', detener_en: sql`coalesce(${procesoEjecuciones.detener_en}, now())` })
      .where(and(eq(procesoEjecuciones.id, id), inArray(procesoEjecuciones.estado, ['en_curso', 'deteniendo'])))
      .returning();
    if (!run) return null;
    const job = await requestJobStop(tx, run.trabajo_id);
    // Nobody runs it (never claimed, or its job already over): nobody else would end it.
    if (job !== 'en_curso') {
      const [stopped] = await tx
        .update(procesoEjecuciones)
        .set({ estado: nextRunState(run.estado, { type: 'run.stopped' }) ?? run.estado, terminado_en: sql`now()` })
        .where(eq(procesoEjecuciones.id, id))
        .returning();
      return stopped ?? null;
    }
    return run;
  });
}
