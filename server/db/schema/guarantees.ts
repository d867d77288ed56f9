// Guarantees (docs/guarantees.md; AREAS.md (c)): the instruments posted with each market operator,
// what each operator requires of each branch, the operators' own statements (imported), one
// computed snapshot per operator, branch and day (history is a query), and the alerts raised.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { GUARANTEE_ALERT_KINDS, GUARANTEE_CURRENCIES, GUARANTEE_OPERATORS, INSTRUMENT_KINDS } from '../../../schemas/guarantee.schema';
import { editedColumns, sqlInList } from './columns';

/** An instrument posted with an operator for a branch: its kind, issuer, amount and validity (released early when `liberada_en`). */
export const garantiasInstrumentos = pgTable(
  'garantias_instrumentos',
  {
    id: serial('id').primaryKey(),
    operador: text('operador', { enum: GUARANTEE_OPERATORS }).notNull(),
    sucursal: text('sucursal').notNull(),
    agente: text('agente').notNull(),
    tipo: text('tipo', { enum: INSTRUMENT_KINDS }).notNull(),
    emisor: text('emisor').notNull(),
    numero: text('numero').notNull(),
    moneda: text('moneda', { enum: GUARANTEE_CURRENCIES }).notNull(),
    monto: numeric('monto').notNull(),
    fecha_emision: date('fecha_emision', { mode: 'string' }).notNull(),
    fecha_vencimiento: date('fecha_vencimiento', { mode: 'string' }).notNull(),
    liberada_en: date('liberada_en', { mode: 'string' }),
    ...editedColumns(),
  },
  (table) => [
    uniqueIndex('garantias_instrumentos_numero_key').on(table.operador, table.emisor, table.numero),
    index('garantias_instrumentos_operador_idx').on(table.operador, table.sucursal),
    check('garantias_instrumentos_operador_check', sql`${table.operador} in (${sqlInList(GUARANTEE_OPERATORS)})`),
    check('garantias_instrumentos_tipo_check', sql`${table.tipo} in (${sqlInList(INSTRUMENT_KINDS)})`),
    check('garantias_instrumentos_moneda_check', sql`${table.moneda} = case when ${table.operador} = 'CENACE' then 'MXN' else 'USD' end`),
    check('garantias_instrumentos_monto_check', sql`${table.monto} > 0`),
    check('garantias_instrumentos_vigencia_check', sql`${table.fecha_vencimiento} >= ${table.fecha_emision}`),
    check('garantias_instrumentos_liberada_check', sql`${table.liberada_en} is null or ${table.liberada_en} >= ${table.fecha_emision}`),
  ],
);

/**
 * What an operator requires of a branch: the payment guarantee and the regulatory minimum (in the
 * operator's currency; null where it sets none), our agent's code there, and when to warn: the
 * available value under `pct_aviso` percent of the guaranteed amount, an instrument due within
 * `dias_vencimiento` days.
 */
export const garantiasTerminos = pgTable(
  'garantias_terminos',
  {
    operador: text('operador', { enum: GUARANTEE_OPERATORS }).notNull(),
    sucursal: text('sucursal').notNull(),
    agente: text('agente').notNull(),
    garantia_pago: numeric('garantia_pago'),
    garantia_minima: numeric('garantia_minima'),
    pct_aviso: numeric('pct_aviso').notNull().default('20'),
    dias_vencimiento: integer('dias_vencimiento').notNull().default(30),
    ...editedColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.operador, table.sucursal] }),
    check('garantias_terminos_montos_check', sql`coalesce(${table.garantia_pago}, 0) >= 0 and coalesce(${table.garantia_minima}, 0) >= 0`),
    check('garantias_terminos_aviso_check', sql`${table.pct_aviso} between 0 and 100 and ${table.dias_vencimiento} between 0 and 365`),
  ],
);

/** An operator's own statement of a day, imported: CENACE's REA, ERCOT's ACL and EAL. */
export const garantiasEstados = pgTable(
  'garantias_estados',
  {
    fecha: date('fecha', { mode: 'string' }).notNull(),
    operador: text('operador', { enum: GUARANTEE_OPERATORS }).notNull(),
    sucursal: text('sucursal').notNull(),
    rea: numeric('rea'),
    acl: numeric('acl'),
    eal: numeric('eal'),
    archivo_nombre: text('archivo_nombre').notNull(),
    cargado_por: text('cargado_por'),
    cargado_en: timestamp('cargado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.fecha, table.operador, table.sucursal] })],
);

/** The computed position of an operator and branch on a day, kept so the history is a query. */
export const garantiasSnapshot = pgTable(
  'garantias_snapshot',
  {
    fecha: date('fecha', { mode: 'string' }).notNull(),
    operador: text('operador', { enum: GUARANTEE_OPERATORS }).notNull(),
    sucursal: text('sucursal').notNull(),
    agente: text('agente'),
    moneda: text('moneda', { enum: GUARANTEE_CURRENCIES }).notNull(),
    garantia_pago: numeric('garantia_pago'),
    garantia_minima: numeric('garantia_minima'),
    monto_garantizado: numeric('monto_garantizado').notNull(),
    pasivo_conocido: numeric('pasivo_conocido').notNull(),
    pasivo_potencial: numeric('pasivo_potencial').notNull(),
    calculado_en: timestamp('calculado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.fecha, table.operador, table.sucursal] })],
);

/** An alert raised once per kind, operator, branch, day (and instrument, for a due date). */
export const garantiasAlertas = pgTable(
  'garantias_alertas',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo', { enum: GUARANTEE_ALERT_KINDS }).notNull(),
    operador: text('operador', { enum: GUARANTEE_OPERATORS }).notNull(),
    sucursal: text('sucursal').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    instrumento_id: integer('instrumento_id').references(() => garantiasInstrumentos.id, { onDelete: 'cascade' }),
    valor: numeric('valor'),
    umbral: numeric('umbral'),
    creada_en: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('garantias_alertas_clave_key').on(table.tipo, table.operador, table.sucursal, table.fecha, sql`coalesce(${table.instrumento_id}, 0)`),
    // The alerts of the last days (the guarantees page, Home).
    index('garantias_alertas_creada_idx').on(table.creada_en),
    check('garantias_alertas_tipo_check', sql`${table.tipo} in (${sqlInList(GUARANTEE_ALERT_KINDS)})`),
  ],
);

export type GarantiaInstrumentoRow = typeof garantiasInstrumentos.$inferSelect;
