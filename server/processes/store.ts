// The reads of the bid processes in the shapes the API shows: a run with its counts (summed
// from its items by the database, so they never drift from them), its items, its worker
// sessions, and the planillas our runs registered that no run deleted since; and what the
// selection rules need to know of the database.
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { isRunStoppable } from '../../machines/processes/run.machine';
import { runFacts, type RunUser } from '../../machines/processes/run-rules';
import type { DeletionRow, ItemState, Run, RunItem, RunListQuery, RunSession } from '../../schemas/process.schema';
import { queryRows, type Db } from '../db/client';
import type { UserRow } from '../db/schema/app';
import { planillasRegistradas, procesoEjecuciones, procesoItems, procesoSesiones, type RunRow } from '../db/schema/processes';
import { foundRun, runUserOf } from './rules';

/** A run's row and its counts. */
export type RunRead = RunRow & { total: number; hechos: number; fallidos: number; pendientes: number; reintentos: number };

const countOf = (condition: SQL) => sql<number>`(count(${procesoItems.id}) filter (where ${condition}))::int`;

const runColumns = {
  ...getTableColumns(procesoEjecuciones),
  total: sql<number>`count(${procesoItems.id})::int`,
  hechos: countOf(sql`${procesoItems.estado} = 'hecho'`),
  fallidos: countOf(sql`${procesoItems.estado} = 'fallido'`),
  pendientes: countOf(sql`${procesoItems.estado} in ('pendiente', 'enviando')`),
  // Every attempt beyond an item's first.
  reintentos: sql<number>`coalesce(sum(greatest(${procesoItems.intentos} - 1, 0)), 0)::int`,
};

function selectRuns(db: Db, where: SQL | undefined) {
  return db
    .select(runColumns)
    .from(procesoEjecuciones)
    .leftJoin(procesoItems, eq(procesoItems.ejecucion_id, procesoEjecuciones.id))
    .where(where)
    .groupBy(procesoEjecuciones.id);
}

/** Run `id` with its counts, or undefined. */
export async function readRun(db: Db, id: number): Promise<RunRead | undefined> {
  const [row] = await selectRuns(db, eq(procesoEjecuciones.id, id));
  return row;
}

/** The newest runs first, filtered by kind and state. */
async function listRuns(db: Db, query: RunListQuery): Promise<RunRead[]> {
  const filters = [query.tipo ? eq(procesoEjecuciones.tipo, query.tipo) : undefined, query.estado ? eq(procesoEjecuciones.estado, query.estado) : undefined];
  return selectRuns(db, and(...filters))
    .orderBy(desc(procesoEjecuciones.creado_en), desc(procesoEjecuciones.id))
    .limit(query.limit ?? 50);
}

/** A run as the API shows it to `user` (whether they may stop it is theirs to know). */
export function runView(row: RunRead, user: RunUser): Run {
  return {
    id: row.id,
    tipo: row.tipo,
    sitio: row.sitio,
    estado: row.estado,
    trabajadores: row.trabajadores,
    max_reintentos: row.max_reintentos,
    fecha_operacion: row.fecha_operacion,
    total: row.total,
    hechos: row.hechos,
    fallidos: row.fallidos,
    pendientes: row.pendientes,
    reintentos: row.reintentos,
    trabajo_id: row.trabajo_id,
    creado_por: row.creado_por,
    creado_en: row.creado_en.toISOString(),
    terminado_en: row.terminado_en?.toISOString() ?? null,
    error: row.error,
    detenible: isRunStoppable(runFacts(row), user),
    // No run is taken up again in place (machines/processes/run.machine.ts): Sube's stop is
    // final, and a stopped Registra or Supresion run is followed by a new one.
    reanudable: false,
  };
}

/** The runs `query` selects as `user` sees them. */
export async function listRunViews(db: Db, query: RunListQuery, user: UserRow): Promise<Run[]> {
  const runUser = runUserOf(user);
  return (await listRuns(db, query)).map((row) => runView(row, runUser));
}

/** Run `id` as `user` sees it, with its worker sessions; 404 when there is none. */
export async function readRunDetail(db: Db, id: number, user: UserRow): Promise<{ ejecucion: Run; sesiones: RunSession[] }> {
  const row = foundRun(await readRun(db, id));
  return { ejecucion: runView(row, runUserOf(user)), sesiones: await runSessions(db, row.id) };
}

// What the API shows of an item (its `datos` stay with the runner) and of a registered planilla
// (its bookkeeping stays on the server): every other column, as stored.
const { ejecucion_id: _itemRun, datos: _itemData, ...ITEM_COLUMNS } = getTableColumns(procesoItems);
const { id: _planillaId, anexo_id: _annex, eliminada_en: _deleted, eliminada_por_ejecucion: _deletedBy, ...PLANILLA_COLUMNS } = getTableColumns(planillasRegistradas);

/** The items of run `id` in the order they are sent, optionally of one state. */
export async function runItems(db: Db, id: number, estado?: ItemState): Promise<RunItem[]> {
  const rows = await db
    .select(ITEM_COLUMNS)
    .from(procesoItems)
    .where(and(eq(procesoItems.ejecucion_id, id), estado ? eq(procesoItems.estado, estado) : undefined))
    .orderBy(asc(procesoItems.orden), asc(procesoItems.id));
  return rows.map((row) => ({ ...row, actualizado_en: row.actualizado_en.toISOString() }));
}

/** The worker sessions of run `id` (the hub's tiles), by worker number. */
async function runSessions(db: Db, id: number): Promise<RunSession[]> {
  const rows = await db.select().from(procesoSesiones).where(eq(procesoSesiones.ejecucion_id, id)).orderBy(asc(procesoSesiones.trabajador));
  return rows.map((row) => ({ trabajador: row.trabajador, estado: row.estado, item_clave: row.item_clave, intentos: row.intentos, desde: row.desde.toISOString() }));
}

/** The live planillas (registered by our runs, not deleted since), newest first; only those of `numeros` when given. */
export async function registeredPlanillas(db: Db, numeros?: readonly string[]): Promise<DeletionRow[]> {
  const rows = await db
    .select(PLANILLA_COLUMNS)
    .from(planillasRegistradas)
    .where(and(isNull(planillasRegistradas.eliminada_en), numeros ? inArray(planillasRegistradas.numero_planilla, [...numeros]) : undefined))
    .orderBy(desc(planillasRegistradas.registrada_en), desc(planillasRegistradas.id));
  return rows.map((row) => ({ ...row, registrada_en: row.registrada_en.toISOString() }));
}

// ---- What only the database knows about a selection (the rules' server-only facts).

/**
 * The natural keys (annex codes, PMs) a run still under way on `sitio` has yet to send or is
 * sending: asking for them again would send them twice (the site has no idempotency key).
 * For Sube, only the runs of the same operating day.
 */
export async function keysUnderWay(db: Db, tipo: 'registra' | 'sube', sitio: string, fecha: string | null): Promise<Set<string>> {
  const rows = await queryRows<{ clave: string }>(
    db,
    sql`select distinct i.clave from proceso_items i join proceso_ejecuciones e on e.id = i.ejecucion_id
        where e.tipo = ${tipo} and e.sitio = ${sitio} and e.estado in ('en_curso', 'deteniendo')
          and i.estado in ('pendiente', 'enviando')
          and (${fecha}::date is null or e.fecha_operacion = ${fecha}::date)`,
  );
  return new Set(rows.map((row) => row.clave));
}

/** The annex codes with a live planilla on `sitio`, or one a run under way is registering there. */
export async function registeredOrUnderWay(db: Db, sitio: string): Promise<Set<string>> {
  const rows = await queryRows<{ codigo: string }>(
    db,
    sql`select codigo_anexo as codigo from planillas_registradas where sitio = ${sitio} and eliminada_en is null`,
  );
  return new Set([...rows.map((row) => row.codigo), ...(await keysUnderWay(db, 'registra', sitio, null))]);
}
