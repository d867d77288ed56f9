// The bid processes (docs/processes.md): a run, its items and its worker sessions. A run is
// carried by a job (server/jobs: claim, lease, taken up again after a crash, its log and live
// events); these tables hold what only a run has: the site, the pool's size, each item's state
// on the way to the site, and each session's state for the hub.
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { ITEM_STATES, MARKET_SITES, RUN_KINDS, RUN_STATES, SESSION_STATES } from '../../../schemas/process.schema';
import { trabajos } from './jobs';
import { sqlInList } from './columns';

export const procesoEjecuciones = pgTable(
  'proceso_ejecuciones',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo', { enum: RUN_KINDS }).notNull(),
    sitio: text('sitio', { enum: MARKET_SITES }).notNull(),
    estado: text('estado', { enum: RUN_STATES }).notNull().default('en_curso'),
    trabajadores: integer('trabajadores').notNull(),
    max_reintentos: integer('max_reintentos').notNull(),
    /** The operating day of a Sube run. */
    fecha_operacion: date('fecha_operacion', { mode: 'string' }),
    /** What the run was asked with beyond the columns (Sube: pm, porcentaje_precio, priorizacion). */
    parametros: jsonb('parametros').notNull().default({}),
    trabajo_id: integer('trabajo_id')
      .notNull()
      .references(() => trabajos.id),
    /** Why it failed: an i18n key. */
    error: text('error'),
    creado_por: text('creado_por'),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    /** When someone asked it to stop: from then on no request starts. */
    detener_en: timestamp('detener_en', { withTimezone: true }),
    terminado_en: timestamp('terminado_en', { withTimezone: true }),
  },
  (table) => [
    unique('proceso_ejecuciones_trabajo_key').on(table.trabajo_id),
    index('proceso_ejecuciones_creado_idx').on(table.creado_en),
    // Home's bid runs (server/home): the running and the failed ones, not the many completed.
    index('proceso_ejecuciones_pendientes_idx').on(table.tipo, table.terminado_en).where(sql`${table.estado} in ('en_curso', 'deteniendo', 'fallida')`),
    check('proceso_ejecuciones_tipo_check', sql`${table.tipo} IN (${sqlInList(RUN_KINDS)})`),
    check('proceso_ejecuciones_sitio_check', sql`${table.sitio} IN (${sqlInList(MARKET_SITES)})`),
    check('proceso_ejecuciones_estado_check', sql`${table.estado} IN (${sqlInList(RUN_STATES)})`),
  ],
);

export const procesoItems = pgTable(
  'proceso_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ejecucion_id: integer('ejecucion_id')
      .notNull()
      .references(() => procesoEjecuciones.id, { onDelete: 'cascade' }),
    /** The order it is sent in. */
    orden: integer('orden').notNull(),
    /** Its natural key on the site: the annex code, the planilla number or the PM. */
    clave: text('clave').notNull(),
    descripcion: text('descripcion').notNull(),
    /** What is sent: the planilla, or the PM's hours. */
    datos: jsonb('datos').notNull(),
    estado: text('estado', { enum: ITEM_STATES }).notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    /** What the site answered: the planilla number of a registration. */
    resultado: text('resultado'),
    /** Why it failed or was retried last: an i18n key. */
    error: text('error'),
    trabajador: integer('trabajador'),
    actualizado_en: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('proceso_items_clave_key').on(table.ejecucion_id, table.clave),
    index('proceso_items_estado_idx').on(table.ejecucion_id, table.estado, table.orden),
    check('proceso_items_estado_check', sql`${table.estado} IN (${sqlInList(ITEM_STATES)})`),
  ],
);

export const procesoSesiones = pgTable(
  'proceso_sesiones',
  {
    ejecucion_id: integer('ejecucion_id')
      .notNull()
      .references(() => procesoEjecuciones.id, { onDelete: 'cascade' }),
    trabajador: integer('trabajador').notNull(),
    estado: text('estado', { enum: SESSION_STATES }).notNull(),
    item_clave: text('item_clave'),
    intentos: integer('intentos').notNull().default(0),
    desde: timestamp('desde', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'proceso_sesiones_pkey', columns: [table.ejecucion_id, table.trabajador] }),
    check('proceso_sesiones_estado_check', sql`${table.estado} IN (${sqlInList(SESSION_STATES)})`),
  ],
);

/**
 * The planillas our Registra runs registered, until a Supresion run deletes them: what the
 * Supresion screen lists. One per site and planilla number.
 */
export const planillasRegistradas = pgTable(
  'planillas_registradas',
  {
    id: serial('id').primaryKey(),
    sitio: text('sitio', { enum: MARKET_SITES }).notNull(),
    numero_planilla: text('numero_planilla').notNull(),
    codigo_anexo: text('codigo_anexo').notNull(),
    anexo_id: integer('anexo_id'),
    /** RUN_ID: the run that registered it. */
    ejecucion_id: integer('ejecucion_id')
      .notNull()
      .references(() => procesoEjecuciones.id),
    tipo_contrato: text('tipo_contrato'),
    transaccion: text('transaccion'),
    contraparte: text('contraparte'),
    pmi: text('pmi').array().notNull().default(sql`'{}'::text[]`),
    pmr: text('pmr').array().notNull().default(sql`'{}'::text[]`),
    registrada_en: timestamp('registrada_en', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a Supresion run deleted it on the site: it leaves the list. */
    eliminada_en: timestamp('eliminada_en', { withTimezone: true }),
    eliminada_por_ejecucion: integer('eliminada_por_ejecucion').references(() => procesoEjecuciones.id),
  },
  (table) => [
    unique('planillas_registradas_numero_key').on(table.sitio, table.numero_planilla),
    index('planillas_registradas_vigentes_idx').on(table.sitio, table.eliminada_en),
    check('planillas_registradas_sitio_check', sql`${table.sitio} IN (${sqlInList(MARKET_SITES)})`),
  ],
);

export type RunRow = typeof procesoEjecuciones.$inferSelect;
export type RunItemRow = typeof procesoItems.$inferSelect;
export type RunSessionRow = typeof procesoSesiones.$inferSelect;
