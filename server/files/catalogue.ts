// The file-type catalogue rows. The `file_types` migration inserts them on every database;
// this puts them back (idempotently) where a database was emptied after migrating, as the
// demo seed and the shared-database test mode do.
import { sql } from 'drizzle-orm';
import { FILE_TYPES } from '../../schemas/file.schema';
import type { Db } from '../db/client';
import { fileTypes } from '../db/schema/files';

export async function seedFileTypes(db: Db): Promise<void> {
  await db
    .insert(fileTypes)
    .values(FILE_TYPES.map((type) => ({ ...type })))
    .onConflictDoNothing({ target: fileTypes.id });
  // Explicit ids leave the serial behind: move it past them for types added later.
  await db.execute(sql`select setval(pg_get_serial_sequence('file_types', 'id'), (select max(id) from file_types))`);
}
