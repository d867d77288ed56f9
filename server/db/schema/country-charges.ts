// Country charges (DOMAIN.md, Country charges; docs/country-charges.md): each country's
// regulated charges by code, with the period each rate is in force. The settlement engine reads
// the rates of the charges that feed one of its inputs (`concepto_liquidacion`: MMi, MMr, the
// main toll).
import { sql } from 'drizzle-orm';
import { boolean, check, date, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { CHARGE_BASES, CHARGE_CURRENCIES, CHARGE_PAYERS } from '../../../schemas/country-charge.schema';
import { COUNTRY_CODES } from '../../../schemas/role.schema';
import { CHARGE_KINDS } from '../../../schemas/settlement.schema';
import { editedColumns, sqlInList } from './columns';

/**
 * A charge's rate over one period (an open end while in force). The periods of one country and
 * code never overlap: an exclusion constraint Drizzle cannot declare, in migration
 * 0019_country_charges (deferred to the commit; an ON CONFLICT names its target).
 * `concepto_liquidacion` is the engine input the charge feeds, null for one that is only shown
 * and reported; only a charge per MWh or per kW-month feeds one.
 */
export const cargosPais = pgTable(
  'cargos_pais',
  {
    id: serial('id').primaryKey(),
    pais: text('pais', { enum: COUNTRY_CODES }).notNull(),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    base: text('base', { enum: CHARGE_BASES }).notNull(),
    unidad: text('unidad').notNull(),
    concepto_liquidacion: text('concepto_liquidacion', { enum: CHARGE_KINDS }),
    vigente_desde: date('vigente_desde', { mode: 'string' }).notNull(),
    vigente_hasta: date('vigente_hasta', { mode: 'string' }),
    tasa: numeric('tasa').notNull(),
    moneda: text('moneda', { enum: CHARGE_CURRENCIES }).notNull().default('USD'),
    referencia_legal: text('referencia_legal'),
    pagador: text('pagador', { enum: CHARGE_PAYERS }).notNull(),
    gravado: boolean('gravado').notNull().default(false),
    ...editedColumns(),
  },
  (table) => [
    unique('cargos_pais_vigencia_unique').on(table.pais, table.codigo, table.vigente_desde),
    check('cargos_pais_concepto_valid', sql`${table.concepto_liquidacion} is null or ${table.concepto_liquidacion} in (${sqlInList(CHARGE_KINDS)})`),
    check('cargos_pais_base_valid', sql`${table.base} in (${sqlInList(CHARGE_BASES)})`),
    check('cargos_pais_pagador_valid', sql`${table.pagador} in (${sqlInList(CHARGE_PAYERS)})`),
    check('cargos_pais_vigencia_orden', sql`${table.vigente_hasta} is null or ${table.vigente_hasta} >= ${table.vigente_desde}`),
    check('cargos_pais_tasa_non_negative', sql`${table.tasa} >= 0`),
    check('cargos_pais_porcentaje_max', sql`${table.base} <> 'porcentaje' or ${table.tasa} <= 100`),
    check('cargos_pais_moneda_pais', sql`${table.moneda} = 'USD' or ${table.pais} = 'MX'`),
    // The engine reads rates per MWh, and per kW-month as a monthly line (ENGINE_INPUTS_BY_BASE).
    check(
      'cargos_pais_concepto_base',
      sql`${table.concepto_liquidacion} is null
        or (${table.concepto_liquidacion} = 'MMr' and ${table.base} in ('mwh_retirado', 'mwh_ambos', 'kw_mes'))
        or (${table.concepto_liquidacion} = 'MMi' and ${table.base} in ('mwh_inyectado', 'mwh_ambos', 'kw_mes'))
        or (${table.concepto_liquidacion} = 'peaje_principal' and ${table.base} in ('mwh_inyectado', 'mwh_ambos'))`,
    ),
  ],
);

export type CargoPaisRow = typeof cargosPais.$inferSelect;
