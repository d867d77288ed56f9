// Settlements (DOMAIN.md, Settlements): the market data a settlement reads (node prices, loss
// factors, measured energy per annex, MXN/USD rates; the country charges are their own area's,
// country-charges.ts) and the settlements
// themselves with their hourly rows. Every amount is `numeric` (decimal strings in code).
// A validated settlement and its rows never change: triggers of the migration refuse it.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { SETTLEMENT_STATES, SETTLEMENT_VERSIONS } from '../../../schemas/settlement.schema';
import { editedColumns } from './columns';
import { anexos, contratos } from './relations-contracts';

/** Who loaded a market-data row last and when (an import replaces rows by their key). */
function loadedColumns() {
  return {
    cargado_por: text('cargado_por'),
    cargado_en: timestamp('cargado_en', { withTimezone: true }).notNull().defaultNow(),
  };
}

// Periods 1..24: the markets settled today have no daylight saving time (ERCOT's 23 and 25
// hour days would widen this check).
const periodCheck = (name: string, column: unknown) => check(name, sql`${column} between 1 and 24`);
const versionCheck = (name: string, column: unknown) => check(name, sql`${column} in ('PE', 'DF', 'CD')`);

/** Node prices ($/MWh) per hour and version. A price may be negative (surplus hours). */
export const preciosNodo = pgTable(
  'precios_nodo',
  {
    nodo: text('nodo').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    periodo: smallint('periodo').notNull(),
    version: text('version', { enum: SETTLEMENT_VERSIONS }).notNull(),
    precio: numeric('precio').notNull(),
    ...loadedColumns(),
  },
  (table) => [
    primaryKey({ name: 'precios_nodo_pkey', columns: [table.nodo, table.fecha, table.periodo, table.version] }),
    index('precios_nodo_fecha_idx').on(table.fecha),
    periodCheck('precios_nodo_periodo_valid', table.periodo),
    versionCheck('precios_nodo_version_valid', table.version),
  ],
);

/** Nodal loss factors (FPN) per hour and version, published with the prices; 1 is no loss. */
export const factoresPerdida = pgTable(
  'factores_perdida',
  {
    nodo: text('nodo').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    periodo: smallint('periodo').notNull(),
    version: text('version', { enum: SETTLEMENT_VERSIONS }).notNull(),
    fpn: numeric('fpn').notNull(),
    ...loadedColumns(),
  },
  (table) => [
    primaryKey({ name: 'factores_perdida_pkey', columns: [table.nodo, table.fecha, table.periodo, table.version] }),
    index('factores_perdida_fecha_idx').on(table.fecha),
    periodCheck('factores_perdida_periodo_valid', table.periodo),
    versionCheck('factores_perdida_version_valid', table.version),
    check('factores_perdida_fpn_positive', sql`${table.fpn} > 0`),
  ],
);

/** Measured energy of an annex per hour and version: physical (Qp) and flexible (Qf) MWh. */
export const energiaAnexo = pgTable(
  'energia_anexo',
  {
    anexo_id: integer('anexo_id')
      .notNull()
      .references(() => anexos.id, { onDelete: 'restrict' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    periodo: smallint('periodo').notNull(),
    version: text('version', { enum: SETTLEMENT_VERSIONS }).notNull(),
    energia_fisica_mwh: numeric('energia_fisica_mwh').notNull(),
    energia_flex_mwh: numeric('energia_flex_mwh').notNull(),
    ...loadedColumns(),
  },
  (table) => [
    primaryKey({ name: 'energia_anexo_pkey', columns: [table.anexo_id, table.fecha, table.periodo, table.version] }),
    index('energia_anexo_fecha_idx').on(table.fecha),
    periodCheck('energia_anexo_periodo_valid', table.periodo),
    versionCheck('energia_anexo_version_valid', table.version),
    check('energia_anexo_energia_non_negative', sql`${table.energia_fisica_mwh} >= 0 and ${table.energia_flex_mwh} >= 0`),
  ],
);

/** MXN per USD of each day (Mexican invoices in MXN, or USD at the day's rate). */
export const tiposCambio = pgTable(
  'tipos_cambio',
  {
    fecha: date('fecha', { mode: 'string' }).primaryKey(),
    tipo_cambio: numeric('tipo_cambio').notNull(),
    ...loadedColumns(),
  },
  (table) => [check('tipos_cambio_positive', sql`${table.tipo_cambio} > 0`)],
);

/**
 * One settlement of a contract for a month and version. PE and DF have one each (recomputed
 * while preliminar); a reconciliation (CD) is a new settlement each time, never an edit, so CD
 * settlements are numbered by `reconciliacion` (1, 2, ...) and the others carry 0.
 */
export const liquidaciones = pgTable(
  'liquidaciones',
  {
    id: serial('id').primaryKey(),
    contrato_id: integer('contrato_id')
      .notNull()
      .references(() => contratos.id, { onDelete: 'restrict' }),
    anio: integer('anio').notNull(),
    mes: smallint('mes').notNull(),
    // Not `version`: that name is the edit counter every edited table has (a stale edit is 409).
    version_liquidacion: text('version_liquidacion', { enum: SETTLEMENT_VERSIONS }).notNull(),
    reconciliacion: smallint('reconciliacion').notNull().default(0),
    estado: text('estado', { enum: SETTLEMENT_STATES }).notNull().default('preliminar'),
    energia_total_mwh: numeric('energia_total_mwh').notNull().default('0'),
    cargos_mmi: numeric('cargos_mmi').notNull().default('0'),
    cargos_mmr: numeric('cargos_mmr').notNull().default('0'),
    cmorc: numeric('cmorc').notNull().default('0'),
    liquidacion_energia: numeric('liquidacion_energia').notNull().default('0'),
    liquidacion_potencia: numeric('liquidacion_potencia').notNull().default('0'),
    fee: numeric('fee').notNull().default('0'),
    margen: numeric('margen').notNull().default('0'),
    // TOP only: the month's take-or-pay shortfall line, part of `factura` (every other total is
    // the exact sum of the rows; `factura` is that sum plus this line).
    take_or_pay: numeric('take_or_pay').notNull().default('0'),
    factura: numeric('factura').notNull().default('0'),
    factura_mxn: numeric('factura_mxn'),
    calculada_por: text('calculada_por'),
    calculada_en: timestamp('calculada_en', { withTimezone: true }),
    validada_por: text('validada_por'),
    validada_en: timestamp('validada_en', { withTimezone: true }),
    ...editedColumns(),
  },
  (table) => [
    unique('liquidaciones_contrato_periodo_unique').on(table.contrato_id, table.anio, table.mes, table.version_liquidacion, table.reconciliacion),
    index('liquidaciones_periodo_idx').on(table.anio, table.mes),
    // Home's "to validate" (server/home): the computed preliminary ones, a few among the finals.
    index('liquidaciones_por_validar_idx').on(table.contrato_id).where(sql`${table.estado} = 'preliminar' and ${table.calculada_en} is not null`),
    check('liquidaciones_mes_valid', sql`${table.mes} between 1 and 12`),
    check('liquidaciones_anio_valid', sql`${table.anio} between 2000 and 2999`),
    versionCheck('liquidaciones_version_valid', table.version_liquidacion),
    check('liquidaciones_estado_valid', sql`${table.estado} in ('preliminar', 'validada')`),
    check(
      'liquidaciones_reconciliacion_valid',
      sql`(${table.version_liquidacion} = 'CD' and ${table.reconciliacion} >= 1) or (${table.version_liquidacion} <> 'CD' and ${table.reconciliacion} = 0)`,
    ),
    // Four eyes: who validates is named, and is not who last computed the settlement.
    check(
      'liquidaciones_validacion_cuatro_ojos',
      sql`${table.estado} = 'preliminar' or (${table.validada_por} is not null and ${table.validada_en} is not null
        and ${table.validada_por} is distinct from ${table.calculada_por})`,
    ),
  ],
);

/** One hourly row of a settlement: an annex, a date and a period, with its inputs and amounts. */
export const liquidacionFilas = pgTable(
  'liquidacion_filas',
  {
    // Both reference columns are foreign keys in meaning (liquidaciones.id, deleting a settlement
    // deletes its rows; anexos.id, an annex with rows cannot be deleted) but not declared ones:
    // PostgreSQL checks a declared key with one query per row, most of the engine's time for a
    // month of rows. Triggers of migration 0014_settlement_rows_references check them once per
    // statement instead, with the same SQLSTATEs (23503, 23001) and the same locks.
    liquidacion_id: integer('liquidacion_id').notNull(),
    anexo_id: integer('anexo_id').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    periodo: smallint('periodo').notNull(),
    energia_fisica_mwh: numeric('energia_fisica_mwh').notNull(),
    energia_flex_mwh: numeric('energia_flex_mwh').notNull(),
    energia_total_mwh: numeric('energia_total_mwh').notNull(),
    // The inputs the row was computed from, kept so a final settlement explains itself.
    precio_inyeccion: numeric('precio_inyeccion'),
    precio_retiro: numeric('precio_retiro'),
    fpn: numeric('fpn'),
    cargos_mmi: numeric('cargos_mmi').notNull(),
    cargos_mmr: numeric('cargos_mmr').notNull(),
    cmorc: numeric('cmorc').notNull(),
    liquidacion_fisica: numeric('liquidacion_fisica').notNull(),
    liquidacion_flex: numeric('liquidacion_flex').notNull(),
    liquidacion_fpn: numeric('liquidacion_fpn').notNull(),
    liquidacion_energia: numeric('liquidacion_energia').notNull(),
    liquidacion_potencia: numeric('liquidacion_potencia').notNull(),
    fee: numeric('fee').notNull(),
    margen: numeric('margen').notNull(),
    factura: numeric('factura').notNull(),
    // Mexican contracts: the day's MXN per USD and each amount in MXN (the USD amount as rounded
    // x the rate, rounded to the cent); the invoice in MXN is the exact sum of the MXN parts.
    tipo_cambio: numeric('tipo_cambio'),
    liquidacion_energia_mxn: numeric('liquidacion_energia_mxn'),
    liquidacion_potencia_mxn: numeric('liquidacion_potencia_mxn'),
    fee_mxn: numeric('fee_mxn'),
    cargos_mmi_mxn: numeric('cargos_mmi_mxn'),
    cargos_mmr_mxn: numeric('cargos_mmr_mxn'),
    factura_mxn: numeric('factura_mxn'),
  },
  (table) => [
    primaryKey({ name: 'liquidacion_filas_pkey', columns: [table.liquidacion_id, table.anexo_id, table.fecha, table.periodo] }),
    index('liquidacion_filas_anexo_idx').on(table.anexo_id),
    periodCheck('liquidacion_filas_periodo_valid', table.periodo),
    check('liquidacion_filas_total', sql`${table.energia_total_mwh} = ${table.energia_fisica_mwh} + ${table.energia_flex_mwh}`),
  ],
);

export type LiquidacionRow = typeof liquidaciones.$inferSelect;
