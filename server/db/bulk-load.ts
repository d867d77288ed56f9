// Bulk loads into an empty table, the way PostgreSQL advises for populating a database: without
// the table's indexes and keys, which are built back once at the end. Row by row, every
// inserted row updates each index and runs one query per foreign key; for hundreds of
// thousands of rows that is most of the time, while building an index from a full table is one
// sort and checking a foreign key is one join. The definitions are read from the catalogue, so
// the table comes back exactly as the migrations made it.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from './client';

interface Definition {
  name: string;
  definition: string;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs `insert` (an INSERT into `table`). When the table is empty, it runs without the
 * table's primary key, unique constraints, foreign keys and indexes, which are then added back
 * and checked against every row: the rows `insert` writes must then be unique among
 * themselves (nothing is there to conflict with). Otherwise it simply runs. `tx` must be a
 * transaction: if the insert or a check fails, everything is rolled back. A table another
 * table's foreign key points to is refused by PostgreSQL (its key cannot be dropped).
 */
export async function bulkInsert(tx: Db, table: string, insert: SQL): Promise<void> {
  const [table_] = await queryRows<{ filled: boolean }>(tx, sql`select exists (select 1 from ${sql.identifier(table)}) as filled`);
  if (table_?.filled) {
    await tx.execute(insert);
    return;
  }
  // Keys that own an index first, foreign keys last (they may need the keys back).
  const keys = await queryRows<Definition>(
    tx,
    sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = ${table}::regclass and contype in ('p', 'u', 'f') order by contype = 'f', conname`,
  );
  const indexes = await queryRows<Definition>(
    tx,
    sql`select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
        from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = ${table}::regclass
          and not exists (select 1 from pg_constraint c where c.conrelid = x.indrelid and c.conindid = x.indexrelid)
        order by i.relname`,
  );
  const alter = (clause: string) => tx.execute(sql.raw(`alter table ${quoted(table)} ${clause}`));
  for (const key of [...keys].reverse()) await alter(`drop constraint ${quoted(key.name)}`);
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${quoted(index.name)}`));
  await tx.execute(insert);
  for (const key of keys) await alter(`add constraint ${quoted(key.name)} ${key.definition}`);
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
}
