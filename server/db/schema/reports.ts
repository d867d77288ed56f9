// The billing reports' workbooks written by a job (docs/reports.md): one per job, its bytes kept
// once in file_blobs (content addressed, as every file), replaced should the job run again.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { fileBlobs } from './files';
import { trabajos } from './jobs';

export const reportesExcel = pgTable('reportes_excel', {
  /** The `reportes.excel` job that wrote it. */
  trabajo_id: integer('trabajo_id')
    .primaryKey()
    .references(() => trabajos.id, { onDelete: 'cascade' }),
  /** The download's name, in the language asked. */
  nombre: text('nombre').notNull(),
  sha256: text('sha256')
    .notNull()
    .references(() => fileBlobs.sha256, { onDelete: 'restrict' }),
  filas: integer('filas').notNull(),
  escrito_en: timestamp('escrito_en', { withTimezone: true }).notNull().defaultNow(),
});
