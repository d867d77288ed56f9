import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { closeChanges } from './changes';
import { PGliteThread } from './pglite-thread';
import * as schema from './schema/index';

/** The Drizzle database every module uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Db;
  /** `pglite` (embedded) or `postgres` (a server reached through DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

type DatabaseTarget =
  // No dataDir: in memory. `thread`: PGlite on a worker thread of its own (the product), or on
  // the caller's (tests and scripts, which serve no requests meanwhile; the default).
  | { kind: 'pglite'; dataDir?: string; thread?: 'worker' | 'inline' }
  | { kind: 'postgres'; url: string };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database and applies every pending migration before handing it out. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => closeChanges(db).then(() => pool.end()) };
  }
  // btree_gist: the exclusion constraint of the charge periods (migration 0013_charge_periods).
  const client =
    target.thread === 'worker' ? await PGliteThread.start(target.dataDir) : new PGlite({ dataDir: target.dataDir, extensions: { btree_gist } });
  // The thread answers what Drizzle calls of a PGlite (query, transaction): pglite-thread.ts.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  // The change feed listens on the database: it stops first.
  return { db, kind: 'pglite', close: () => closeChanges(db).then(() => client.close()) };
}

/** The rows of a raw SQL query (both drivers answer `{ rows }`; the shared `Db` type cannot say so). */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
