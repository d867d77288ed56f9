// The runner's reads and writes of a run's rows (docs/processes.md, "How a run goes"). Each
// write is one short transaction, never held across a call to the site: an item is marked
// `enviando` (with its attempt) and committed before anything is sent, and its outcome is
// committed with the session's state, the job's progress and the log line that tells it.
import { and, eq, sql } from 'drizzle-orm';
import type { SessionState } from '../../schemas/process.schema';
import { queryRows, type Db } from '../db/client';
import { planillasRegistradas, procesoEjecuciones, procesoItems, procesoSesiones, type RunItemRow, type RunRow } from '../db/schema/processes';

export async function readRun(db: Db, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(procesoEjecuciones).where(eq(procesoEjecuciones.id, id)).limit(1);
  return row;
}

/** What the stop watch needs of the run: whether someone asked it to stop. */
export async function stopAsked(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ estado: procesoEjecuciones.estado, detener_en: procesoEjecuciones.detener_en })
    .from(procesoEjecuciones)
    .where(eq(procesoEjecuciones.id, id))
    .limit(1);
  return !row || row.detener_en !== null || row.estado === 'deteniendo';
}

/**
 * The items a request of an earlier holder of the run may have left on their way (`enviando`):
 * the holder is gone (the job is ours now), so they are orphans, marked by having no worker,
 * and each is asked about before it is sent again. Answers how many.
 */
export async function orphanInFlightItems(db: Db, runId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update proceso_items set trabajador = null where ejecucion_id = ${runId} and estado = 'enviando' returning id`,
  );
  return rows.length;
}

/** A claimed item, and whether it was an orphan (to be asked about before it is sent). */
export interface ClaimedItem {
  item: RunItemRow;
  orphan: boolean;
}

/**
 * Worker `worker` takes the next item to do, in order: an orphan (kept `enviando`, asked about
 * first) or a pending one (marked `enviando` with one more attempt). Committed before anything
 * is sent; SKIP LOCKED lets the workers claim at once, each a different item.
 */
export async function claimNextItem(tx: Db, runId: number, worker: number): Promise<ClaimedItem | null> {
  const [row] = await queryRows<RunItemRow & { orphan: boolean }>(
    tx,
    sql`with next as (
          select id, estado = 'enviando' as orphan from proceso_items
          where ejecucion_id = ${runId} and (estado = 'pendiente' or (estado = 'enviando' and trabajador is null))
          order by orden limit 1 for update skip locked)
        update proceso_items i set
          estado = 'enviando', trabajador = ${worker}::int, actualizado_en = now(),
          intentos = i.intentos + case when next.orphan then 0 else 1 end
        from next where i.id = next.id
        returning i.*, next.orphan`,
  );
  if (!row) return null;
  const { orphan, ...item } = row;
  return { item: normaliseItem(item), orphan };
}

/** Raw SQL answers the timestamps as text and the ids as they come: the shape drizzle gives. */
function normaliseItem(item: RunItemRow): RunItemRow {
  return { ...item, id: Number(item.id), actualizado_en: new Date(item.actualizado_en) };
}

/** Whether the run still has an item to take (pending, or an orphan to ask about). */
export async function hasWorkLeft(db: Db, runId: number): Promise<boolean> {
  const [row] = await queryRows<{ left: boolean }>(
    db,
    sql`select exists (select 1 from proceso_items where ejecucion_id = ${runId}
          and (estado = 'pendiente' or (estado = 'enviando' and trabajador is null))) as left`,
  );
  return row?.left ?? false;
}

/** One more attempt of `itemId`, committed before it is sent again. Answers the attempts so far. */
export async function markAttempt(tx: Db, itemId: number, error: string | null): Promise<number> {
  const [row] = await tx
    .update(procesoItems)
    .set({ intentos: sql`${procesoItems.intentos} + 1`, error, actualizado_en: sql`now()` })
    .where(eq(procesoItems.id, itemId))
    .returning({ intentos: procesoItems.intentos });
  return row?.intentos ?? 0;
}

/** Records why the item is being retried (the per-item grid shows the last reason). */
export async function noteRetryReason(tx: Db, itemId: number, error: string): Promise<void> {
  await tx.update(procesoItems).set({ error, actualizado_en: sql`now()` }).where(eq(procesoItems.id, itemId));
}

export async function markDone(tx: Db, itemId: number, resultado: string | null): Promise<void> {
  await tx.update(procesoItems).set({ estado: 'hecho', resultado, error: null, actualizado_en: sql`now()` }).where(eq(procesoItems.id, itemId));
}

export async function markFailed(tx: Db, itemId: number, error: string): Promise<void> {
  await tx.update(procesoItems).set({ estado: 'fallido', error, actualizado_en: sql`now()` }).where(eq(procesoItems.id, itemId));
}

/** What a Registra run registered: the Supresion screen's list (one per site and number). */
export async function recordRegistered(
  tx: Db,
  row: Omit<typeof planillasRegistradas.$inferInsert, 'id' | 'registrada_en' | 'eliminada_en' | 'eliminada_por_ejecucion'>,
): Promise<void> {
  await tx.insert(planillasRegistradas).values(row).onConflictDoNothing({ target: [planillasRegistradas.sitio, planillasRegistradas.numero_planilla] });
}

/** A Supresion run deleted planilla `numero` on `sitio` (or found it already gone): it leaves the list. */
export async function recordDeleted(tx: Db, sitio: RunRow['sitio'], numero: string, runId: number): Promise<void> {
  await tx
    .update(planillasRegistradas)
    .set({ eliminada_en: sql`coalesce(${planillasRegistradas.eliminada_en}, now())`, eliminada_por_ejecucion: sql`coalesce(${planillasRegistradas.eliminada_por_ejecucion}, ${runId}::int)` })
    .where(and(eq(planillasRegistradas.sitio, sitio), eq(planillasRegistradas.numero_planilla, numero)));
}

/** The hub's tile of worker `worker`: what it does now, on which item, since when. */
export async function setSession(
  db: Db,
  runId: number,
  worker: number,
  estado: SessionState,
  item: { clave: string; intentos: number } | null = null,
): Promise<void> {
  const values = { estado, item_clave: item?.clave ?? null, intentos: item?.intentos ?? 0, desde: sql`now()` };
  await db
    .insert(procesoSesiones)
    .values({ ejecucion_id: runId, trabajador: worker, ...values })
    .onConflictDoUpdate({ target: [procesoSesiones.ejecucion_id, procesoSesiones.trabajador], set: values });
}

export interface RunCounts {
  total: number;
  hechos: number;
  fallidos: number;
  /** Pending or on their way. */
  pendientes: number;
  /** Failed items whose reason is that the site could not be reached. */
  inalcanzables: number;
}

export async function runCounts(db: Db, runId: number, unreachableKey: string): Promise<RunCounts> {
  const [row] = await queryRows<RunCounts>(
    db,
    sql`select count(*)::int as total,
          count(*) filter (where estado = 'hecho')::int as hechos,
          count(*) filter (where estado = 'fallido')::int as fallidos,
          count(*) filter (where estado in ('pendiente', 'enviando'))::int as pendientes,
          count(*) filter (where estado = 'fallido' and error = ${unreachableKey})::int as inalcanzables
        from proceso_items where ejecucion_id = ${runId}`,
  );
  return row ?? { total: 0, hechos: 0, fallidos: 0, pendientes: 0, inalcanzables: 0 };
}

/** Ends the run in `estado` (once: a run that already ended keeps its end). */
export async function endRun(db: Db, runId: number, estado: 'completada' | 'fallida' | 'detenida', error: string | null = null): Promise<void> {
  await db
    .update(procesoEjecuciones)
    .set({ estado, error, terminado_en: sql`now()` })
    .where(and(eq(procesoEjecuciones.id, runId), sql`${procesoEjecuciones.terminado_en} is null`));
}
