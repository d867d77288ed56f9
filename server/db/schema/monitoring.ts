// Monitoring (docs/monitoring.md): each annex's energy per day and version, summed from its
// hours (`energia_anexo`) by the triggers of the migration on every insert, update, delete and
// truncate of the hours, so the energy reads over a year read a day's row instead of 24 hours.
// Never written by the application.
import { date, index, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { SETTLEMENT_VERSIONS } from '../../../schemas/settlement.schema';

export const energiaAnexoDia = pgTable(
  'energia_anexo_dia',
  {
    anexo_id: integer('anexo_id').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    version: text('version', { enum: SETTLEMENT_VERSIONS }).notNull(),
    energia_fisica_mwh: numeric('energia_fisica_mwh').notNull(),
    energia_flex_mwh: numeric('energia_flex_mwh').notNull(),
    /** The hours summed. */
    periodos: smallint('periodos').notNull(),
  },
  (table) => [
    primaryKey({ name: 'energia_anexo_dia_pkey', columns: [table.anexo_id, table.fecha, table.version] }),
    index('energia_anexo_dia_fecha_idx').on(table.fecha),
  ],
);
