// The log books (docs/logbooks.md; AREAS.md (a)): a market's log book of an operating day and
// its offers, hour by hour, with their price/MW blocks; the operator's predespacho results
// imported from its workbook; the thermal agents behind Mexico's import offers; El Salvador's
// floor price and offerable MW per unit and day.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOGBOOK_MARKETS, LOGBOOK_PERIODS, LOGBOOK_STATES, OFFER_CURRENCIES, OFFER_DIRECTIONS, OFFER_KINDS } from '../../../schemas/logbook.schema';
import { editedColumns, sqlInList } from './columns';
import { procesoEjecuciones } from './processes';
import { anexos } from './relations-contracts';

/**
 * A market's log book of an operating day (AMM: of a range of days, to `fecha_fin`): prepared
 * (`borrador`), sent (read-only; who and when, and the bid run it handed to), or replaced by
 * its next version (`numero` + 1). A day has one log book of each market that is not replaced;
 * AMM process records may be many.
 */
export const bitacoras = pgTable(
  'bitacoras',
  {
    id: serial('id').primaryKey(),
    mercado: text('mercado', { enum: LOGBOOK_MARKETS }).notNull(),
    fecha_operacion: date('fecha_operacion', { mode: 'string' }).notNull(),
    fecha_fin: date('fecha_fin', { mode: 'string' }),
    estado: text('estado', { enum: LOGBOOK_STATES }).notNull().default('borrador'),
    numero: integer('numero').notNull().default(1),
    enviada_en: timestamp('enviada_en', { withTimezone: true }),
    enviada_por: text('enviada_por'),
    ejecucion_id: integer('ejecucion_id').references(() => procesoEjecuciones.id, { onDelete: 'set null' }),
    ...editedColumns(),
  },
  (table) => [
    uniqueIndex('bitacoras_dia_vigente_key')
      .on(table.mercado, table.fecha_operacion)
      .where(sql`${table.estado} <> 'reemplazada' and ${table.mercado} <> 'AMM'`),
    unique('bitacoras_numero_key').on(table.mercado, table.fecha_operacion, table.numero),
    check('bitacoras_mercado_check', sql`${table.mercado} in (${sqlInList(LOGBOOK_MARKETS)})`),
    check('bitacoras_estado_check', sql`${table.estado} in (${sqlInList(LOGBOOK_STATES)})`),
    check('bitacoras_rango_check', sql`${table.fecha_fin} is null or (${table.mercado} = 'AMM' and ${table.fecha_fin} >= ${table.fecha_operacion})`),
    check('bitacoras_enviada_check', sql`(${table.estado} = 'borrador') = (${table.enviada_en} is null)`),
  ],
);

/**
 * One offer of a log book: a period at a PM in one direction, of one kind, for an annex (none
 * for an opportunity offer); a declaration's MW, a CENACE offer's fixed MW; El Salvador's floor
 * price and Mexico's FIX as they were when it was saved. Its price/MW blocks are
 * `oferta_bloques`.
 */
export const ofertas = pgTable(
  'ofertas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bitacora_id: integer('bitacora_id')
      .notNull()
      .references(() => bitacoras.id, { onDelete: 'cascade' }),
    anexo_id: integer('anexo_id').references(() => anexos.id, { onDelete: 'restrict' }),
    pm: text('pm').notNull(),
    sentido: text('sentido', { enum: OFFER_DIRECTIONS }).notNull(),
    tipo: text('tipo', { enum: OFFER_KINDS }).notNull(),
    periodo: smallint('periodo').notNull(),
    mw_declarada: numeric('mw_declarada'),
    mw_fija: numeric('mw_fija'),
    precio_piso: numeric('precio_piso'),
    moneda: text('moneda', { enum: OFFER_CURRENCIES }).notNull().default('USD'),
    tipo_cambio: numeric('tipo_cambio'),
    agente_id: integer('agente_id').references(() => agentesImportacion.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('ofertas_clave_key').on(table.bitacora_id, table.pm, table.sentido, table.tipo, sql`coalesce(${table.anexo_id}, 0)`, table.periodo),
    index('ofertas_anexo_idx').on(table.anexo_id),
    check('ofertas_periodo_check', sql`${table.periodo} between 1 and ${sql.raw(String(LOGBOOK_PERIODS))}`),
    check('ofertas_sentido_check', sql`${table.sentido} in (${sqlInList(OFFER_DIRECTIONS)})`),
    check('ofertas_tipo_check', sql`${table.tipo} in (${sqlInList(OFFER_KINDS)})`),
    check('ofertas_moneda_check', sql`${table.moneda} in (${sqlInList(OFFER_CURRENCIES)})`),
    check('ofertas_mw_check', sql`coalesce(${table.mw_declarada}, 0) >= 0 and coalesce(${table.mw_fija}, 0) >= 0`),
    check('ofertas_declaracion_anexo_check', sql`${table.tipo} <> 'DECLARACION' or ${table.anexo_id} is not null`),
  ],
);

/** A block of an offer: its price per MWh (in the offer's currency) and its MW. */
export const ofertaBloques = pgTable(
  'oferta_bloques',
  {
    oferta_id: bigint('oferta_id', { mode: 'number' })
      .notNull()
      .references(() => ofertas.id, { onDelete: 'cascade' }),
    bloque: smallint('bloque').notNull(),
    precio: numeric('precio').notNull(),
    mw: numeric('mw').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.oferta_id, table.bloque] }),
    check('oferta_bloques_bloque_check', sql`${table.bloque} between 1 and 5`),
    check('oferta_bloques_valores_check', sql`${table.precio} >= 0 and ${table.mw} >= 0`),
  ],
);

/** The predespacho sheets read: programmed contract and opportunity transactions, ex-ante prices. */
export const PREDESPACHO_SHEETS = ['TCP', 'TOP', 'PEXANTE'] as const;

/**
 * A row of the EOR's predespacho workbook of a day (AREAS.md 0.1): its sheet, the country file
 * it came in (`OSO001`..`OSO006`), the period already shifted to ours (1-24), and what the sheet
 * says of it. Imported again, a day's sheet of a country replaces what it said.
 */
export const resultadosPredespacho = pgTable(
  'resultados_predespacho',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    periodo: smallint('periodo').notNull(),
    hoja: text('hoja', { enum: PREDESPACHO_SHEETS }).notNull(),
    pais_oso: text('pais_oso').notNull(),
    nodo: text('nodo').notNull(),
    agente: text('agente'),
    pm: text('pm'),
    codigo_contrato: text('codigo_contrato'),
    sentido: text('sentido', { enum: OFFER_DIRECTIONS }),
    mw_requerida: numeric('mw_requerida'),
    mw_declarada: numeric('mw_declarada'),
    mw_predespachada: numeric('mw_predespachada'),
    precio_exante: numeric('precio_exante'),
    reduccion: text('reduccion'),
    archivo_nombre: text('archivo_nombre').notNull(),
    cargado_por: text('cargado_por'),
    cargado_en: timestamp('cargado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('resultados_predespacho_clave_key').on(
      table.fecha,
      table.hoja,
      table.pais_oso,
      table.periodo,
      table.nodo,
      sql`coalesce(${table.agente}, '')`,
      sql`coalesce(${table.pm}, '')`,
      sql`coalesce(${table.codigo_contrato}, '')`,
      sql`coalesce(${table.sentido}, '')`,
    ),
    index('resultados_predespacho_nodo_idx').on(table.fecha, table.nodo),
    check('resultados_predespacho_periodo_check', sql`${table.periodo} between 1 and ${sql.raw(String(LOGBOOK_PERIODS))}`),
    check('resultados_predespacho_hoja_check', sql`${table.hoja} in (${sqlInList(PREDESPACHO_SHEETS)})`),
    check('resultados_predespacho_reduccion_check', sql`${table.reduccion} is null or ${table.reduccion} in ('S', 'N', 'NA')`),
  ],
);

/** The thermal plants (Guatemala side) behind Mexico's import offers: variable cost and MW available, over a period. */
export const agentesImportacion = pgTable(
  'agentes_importacion',
  {
    id: serial('id').primaryKey(),
    codigo_agente: text('codigo_agente').notNull(),
    nombre: text('nombre').notNull(),
    planta: text('planta').notNull(),
    combustible: text('combustible').notNull(),
    cv_usd_mwh: numeric('cv_usd_mwh').notNull(),
    mw_max: numeric('mw_max').notNull(),
    vigente_desde: date('vigente_desde', { mode: 'string' }).notNull(),
    vigente_hasta: date('vigente_hasta', { mode: 'string' }),
    ...editedColumns(),
  },
  (table) => [
    unique('agentes_importacion_vigencia_key').on(table.codigo_agente, table.vigente_desde),
    check('agentes_importacion_combustible_check', sql`${table.combustible} in ('bunker', 'diesel', 'carbon', 'gas', 'otro')`),
    check('agentes_importacion_valores_check', sql`${table.cv_usd_mwh} >= 0 and ${table.mw_max} >= 0`),
    check('agentes_importacion_vigencia_check', sql`${table.vigente_hasta} is null or ${table.vigente_hasta} >= ${table.vigente_desde}`),
  ],
);

/**
 * El Salvador's export limits of a unit (its PM) on an operating day (ROBCP 11): the floor price
 * (the validated variable cost plus the average hourly system charge of the last DTE) and the
 * offerable MW. An export offer below the floor or above the offerable MW is refused.
 */
export const limitesSlv = pgTable(
  'limites_slv',
  {
    fecha: date('fecha', { mode: 'string' }).notNull(),
    pm: text('pm').notNull(),
    costo_variable: numeric('costo_variable').notNull(),
    cargo_sistema: numeric('cargo_sistema').notNull(),
    mw_ofertable: numeric('mw_ofertable').notNull(),
    ...editedColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.fecha, table.pm] }),
    check('limites_slv_valores_check', sql`${table.costo_variable} >= 0 and ${table.cargo_sistema} >= 0 and ${table.mw_ofertable} >= 0`),
  ],
);
