// CENACE's day-ahead market (MDA) local marginal prices (PML) of the Mexico link's nodes, hour by
// hour, with the three components CENACE publishes them with: energy, losses and congestion
// (MXN/MWh). CENACE rounds each to the cent, so the components add up to the PML within 0.02
// (AREAS.md (f) #17: 1278.23 + 114.91 + 522.34 = 1915.48 against 1915.49). What the preliminary
// CENACE settlement report prices the link's offers at (docs/reports.md).
import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const preciosPml = pgTable(
  'precios_pml',
  {
    nodo: text('nodo').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    periodo: smallint('periodo').notNull(),
    pml: numeric('pml').notNull(),
    componente_energia: numeric('componente_energia').notNull(),
    componente_perdidas: numeric('componente_perdidas').notNull(),
    componente_congestion: numeric('componente_congestion').notNull(),
    cargado_por: text('cargado_por'),
    cargado_en: timestamp('cargado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'precios_pml_pkey', columns: [table.nodo, table.fecha, table.periodo] }),
    check('precios_pml_periodo_valid', sql`${table.periodo} between 1 and 24`),
    check(
      'precios_pml_componentes',
      sql`abs(${table.pml} - (${table.componente_energia} + ${table.componente_perdidas} + ${table.componente_congestion})) <= 0.02`,
    ),
  ],
);
