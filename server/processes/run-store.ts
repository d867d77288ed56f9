// The runner's reads and writes of a run's rows (docs/processes.md, "How a run goes"). Each
// write is one short transaction, never held across a call to the site: an item is marked
// `enviando` (with its attempt) and committed before anything is sent, and its outcome is
// committed with the session's state, the job's progress and the log line that tells it.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { nextRunState, type RunOutcome } from '../../machines/processes/run.machine';
import type { RunState, SessionState } from '../../schemas/process.schema';
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

/** The hub's tile of `worker` in the same statement as an item's change (`item` is the CTE that changed it). */
function tileOf(runId: number, worker: number, estado: SessionState, clave: SQL, intentos: SQL): SQL {
  return sql`insert into proceso_sesiones (ejecucion_id, trabajador, estado, item_clave, intentos, desde)
    select ${runId}::int, ${worker}::int, ${estado}::text, ${clave}, ${intentos}, now() from item
    on conflict (ejecucion_id, trabajador) do update set estado = excluded.estado, item_clave = excluded.item_clave,
      intentos = excluded.intentos, desde = excluded.desde`;
}

/**
 * Worker `worker` takes the next item to do, in order: an orphan (kept `enviando`, asked about
 * first) or a pending one (marked `enviando` with one more attempt), and its tile says so. One
 * statement, committed before anything is sent; SKIP LOCKED lets the workers claim at once, each
 * a different item. (One statement, not a transaction of several: on the embedded database each
 * statement holds the one connection, and a run of 12 workers claims hundreds of items.)
 */
export async function claimNextItem(db: Db, runId: number, worker: number, withOrphans: boolean): Promise<ClaimedItem | null> {
  // Without orphans (a run's first claim of each of its items) the run's pending items in order
  // come straight from the (ejecucion_id, estado, orden) index.
  const which = withOrphans
    ? sql`(estado = 'pendiente' or (estado = 'enviando' and trabajador is null))`
    : sql`estado = 'pendiente'`;
  const [row] = await queryRows<RunItemRow & { orphan: boolean }>(
    db,
    sql`with next as (
          select id, estado = 'enviando' as orphan from proceso_items
          where ejecucion_id = ${runId} and ${which}
          order by orden limit 1 for update skip locked),
        item as (
          update proceso_items i set
            estado = 'enviando', trabajador = ${worker}::int, actualizado_en = now(),
            intentos = i.intentos + case when next.orphan then 0 else 1 end
          from next where i.id = next.id
          returning i.*, next.orphan),
        tile as (${tileOf(runId, worker, 'enviando', sql`item.clave`, sql`item.intentos`)})
        select * from item`,
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

/** Item `itemId` ended (`hecho` with the site's answer, or `fallido` with why); worker `worker` is free again. One statement. */
export async function endItem(
  db: Db,
  runId: number,
  worker: number,
  itemId: number,
  end: { estado: 'hecho'; resultado: string | null } | { estado: 'fallido'; error: string },
): Promise<void> {
  const resultado = end.estado === 'hecho' ? end.resultado : null;
  const error = end.estado === 'fallido' ? end.error : null;
  await db.execute(
    sql`with item as (
          update proceso_items set estado = ${end.estado}::text, actualizado_en = now(),
            resultado = case when ${end.estado}::text = 'hecho' then ${resultado}::text else resultado end,
            error = ${error}::text
          where id = ${itemId} returning clave),
        tile as (${tileOf(runId, worker, 'libre', sql`null`, sql`0`)})
        select 1`,
  );
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

/**
 * Ends a run its runner could not end (its job failed: the process running it kept dying, or
 * the handler threw): `fallida` with `reason`, unless it ended already (its end stands). Its
 * items left on their way fail with `unconfirmed` (a request may have reached the site); the
 * pending ones stay pending: never sent.
 */
export async function abandonRun(tx: Db, runId: number, reason: string, unconfirmed: string): Promise<void> {
  const [run] = await tx
    .select({ estado: procesoEjecuciones.estado, terminado_en: procesoEjecuciones.terminado_en })
    .from(procesoEjecuciones)
    .where(eq(procesoEjecuciones.id, runId))
    .for('update');
  const estado = run && !run.terminado_en ? nextRunState(run.estado as RunState, { type: 'run.failed' }) : null;
  if (!estado) return;
  await tx.update(procesoEjecuciones).set({ estado, error: reason, terminado_en: sql`now()` }).where(eq(procesoEjecuciones.id, runId));
  await tx
    .update(procesoItems)
    .set({ estado: 'fallido', error: unconfirmed, trabajador: null, actualizado_en: sql`now()` })
    .where(and(eq(procesoItems.ejecucion_id, runId), eq(procesoItems.estado, 'enviando')));
}

/**
 * Ends the run as `outcome` says, in the state the run machine leads to from the one stored
 * (once: a run that already ended keeps its end).
 */
export async function endRun(db: Db, runId: number, outcome: RunOutcome, error: string | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    const [run] = await tx.select({ estado: procesoEjecuciones.estado }).from(procesoEjecuciones).where(eq(procesoEjecuciones.id, runId)).for('update');
    const estado = run && nextRunState(run.estado as RunState, outcome);
    if (!estado) return;
    await tx.update(procesoEjecuciones).set({ estado, error, terminado_en: sql`now()` }).where(eq(procesoEjecuciones.id, runId));
  });
}
