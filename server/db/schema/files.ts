// Files live in the database (ARCHITECTURE.md, Data): the bytes once per sha256 in file_blobs,
// and one `files` row per upload holding its opaque key and metadata. Entities store the key.
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { FILE_MIME_TYPES } from '../../../schemas/file.schema';
import { editedColumns } from './columns';

/** PostgreSQL bytea as a Node Buffer (drizzle-orm 0.45 has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  fromDriver(value) {
    // node-postgres hands back a Buffer, PGlite a Uint8Array: one type for callers.
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  },
});

/** The catalogue of file types (seeded by the `file_types` migration; ids are fixed there). */
export const fileTypes = pgTable('file_types', {
  id: serial('id').primaryKey(),
  clave: text('clave').notNull().unique(),
  etiqueta_es: text('etiqueta_es').notNull(),
  etiqueta_en: text('etiqueta_en').notNull(),
});

/** Identical content is stored once, whatever its name or how often it is uploaded. */
export const fileBlobs = pgTable(
  'file_blobs',
  {
    sha256: text('sha256').primaryKey(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('file_blobs_sha256_hex', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`)],
);

/** One upload: the key entities store, its original (sanitised) name and detected type. */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    sha256: text('sha256')
      .notNull()
      .references(() => fileBlobs.sha256, { onDelete: 'restrict' }),
    nombre: text('nombre').notNull(),
    tipo_mime: text('tipo_mime', { enum: FILE_MIME_TYPES }).notNull(),
    tamano: integer('tamano').notNull(),
    tipo: integer('tipo').references(() => fileTypes.id, { onDelete: 'restrict' }),
    // Its name and type can be edited (`/files/api/v1/update`): a stale edit gets 409.
    ...editedColumns(),
  },
  (table) => [
    check('files_key_format', sql`${table.key} ~ '^f_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`),
    check('files_tipo_mime_valid', sql`${table.tipo_mime} in ('application/pdf', 'image/png', 'image/jpeg', 'application/xml')`),
    index('files_sha256_idx').on(table.sha256),
  ],
);

export type FileRow = typeof files.$inferSelect;
export type FileTypeRow = typeof fileTypes.$inferSelect;
