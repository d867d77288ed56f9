// ERCOT (docs/ercot.md; AREAS.md (d)): the settlement points, their day-ahead hourly and
// real-time 15-minute settlement point prices, and the company's day-ahead awards. Every
// interval is keyed by its UTC start and keeps its Central Prevailing Time operating day, hour
// ending (1..24) and repeated-hour flag (the second hour ending 02:00 of a fall-back day).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { AWARD_KINDS, ERCOT_MARKETS, SETTLEMENT_POINT_TYPES } from '../../../schemas/ercot.schema';
import { sqlInList } from './columns';

/** A settlement point and the days it is in force (`vigente_hasta` null: still). */
export const ercotPuntos = pgTable(
  'ercot_puntos',
  {
    nombre: text('nombre').primaryKey(),
    tipo: text('tipo', { enum: SETTLEMENT_POINT_TYPES }).notNull(),
    vigente_desde: date('vigente_desde', { mode: 'string' }).notNull(),
    vigente_hasta: date('vigente_hasta', { mode: 'string' }),
  },
  (table) => [
    check('ercot_puntos_tipo_check', sql`${table.tipo} in (${sqlInList(SETTLEMENT_POINT_TYPES)})`),
    check('ercot_puntos_nombre_check', sql`${table.nombre} = upper(${table.nombre})`),
    check('ercot_puntos_vigencia_check', sql`${table.vigente_hasta} is null or ${table.vigente_hasta} >= ${table.vigente_desde}`),
  ],
);

/** One price of one interval at one point: an hour in the DAM (`intervalo` null), 15 minutes in the RTM. */
export const ercotPrecios = pgTable(
  'ercot_precios',
  {
    mercado: text('mercado', { enum: ERCOT_MARKETS }).notNull(),
    punto: text('punto')
      .notNull()
      .references(() => ercotPuntos.nombre),
    inicio_utc: timestamp('inicio_utc', { withTimezone: true, mode: 'string' }).notNull(),
    dia_operacion: date('dia_operacion', { mode: 'string' }).notNull(),
    hora_final: smallint('hora_final').notNull(),
    intervalo: smallint('intervalo'),
    repetida: boolean('repetida').notNull(),
    precio: numeric('precio').notNull(),
    archivo_nombre: text('archivo_nombre').notNull(),
    cargado_en: timestamp('cargado_en', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'ercot_precios_pkey', columns: [table.mercado, table.punto, table.inicio_utc] }),
    index('ercot_precios_dia_idx').on(table.mercado, table.dia_operacion),
    check('ercot_precios_mercado_check', sql`${table.mercado} in (${sqlInList(ERCOT_MARKETS)})`),
    check('ercot_precios_hora_check', sql`${table.hora_final} between 1 and 24`),
    check('ercot_precios_intervalo_check', sql`case when ${table.mercado} = 'DAM' then ${table.intervalo} is null else ${table.intervalo} between 1 and 4 end`),
  ],
);

/** A day-ahead award of the company: its hour, kind, point (PTP: source and sink), what was bid and what cleared. */
export const ercotAdjudicaciones = pgTable(
  'ercot_adjudicaciones',
  {
    id: serial('id').primaryKey(),
    dia_operacion: date('dia_operacion', { mode: 'string' }).notNull(),
    hora_final: smallint('hora_final').notNull(),
    repetida: boolean('repetida').notNull(),
    inicio_utc: timestamp('inicio_utc', { withTimezone: true, mode: 'string' }).notNull(),
    tipo: text('tipo', { enum: AWARD_KINDS }).notNull(),
    punto: text('punto')
      .notNull()
      .references(() => ercotPuntos.nombre),
    punto_sumidero: text('punto_sumidero').references(() => ercotPuntos.nombre),
    mw_oferta: numeric('mw_oferta').notNull(),
    precio_oferta: numeric('precio_oferta').notNull(),
    mw_adjudicado: numeric('mw_adjudicado').notNull(),
    archivo_nombre: text('archivo_nombre').notNull(),
    cargado_en: timestamp('cargado_en', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    unique('ercot_adjudicaciones_clave').on(table.inicio_utc, table.tipo, table.punto, table.punto_sumidero).nullsNotDistinct(),
    index('ercot_adjudicaciones_dia_idx').on(table.dia_operacion),
    check('ercot_adjudicaciones_tipo_check', sql`${table.tipo} in (${sqlInList(AWARD_KINDS)})`),
    check('ercot_adjudicaciones_hora_check', sql`${table.hora_final} between 1 and 24`),
    check('ercot_adjudicaciones_mw_check', sql`${table.mw_adjudicado} >= 0 and ${table.mw_oferta} >= 0`),
    check('ercot_adjudicaciones_sumidero_check', sql`(${table.tipo} = 'PTP') = (${table.punto_sumidero} is not null)`),
  ],
);
