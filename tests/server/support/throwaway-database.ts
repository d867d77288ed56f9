// A database made for one test file or one benchmark run on a PostgreSQL server, and dropped
// after it: the test harness (tests/server/helpers.ts) and the benchmarks share it. Never used
// by the product itself.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  /** The new database's URL on the same server. */
  url: string;
  /** Drops it; call after every pool on it is closed. */
  drop(): Promise<void>;
}

/**
 * Creates `<prefix>_<pid>_<random>` on the server of `serverUrl`. Throws the server's error
 * when it refuses (42501 when the role may not create databases: the caller decides).
 */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const dropper = new pg.Client({ connectionString: serverUrl });
  await dropper.connect();
  try {
    // pg's pool.end() answers once it has asked its clients to end, not once their sessions
    // are gone: a FORCE drop then terminates a session still closing, and its client reports
    // that as an error no one listens to. So wait (bounded) for the sessions first.
    for (let tries = 0; tries < 50; tries += 1) {
      const { rows } = await dropper.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
      if (Number(rows[0]!.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Only the database made above. FORCE may not end a connection of another role (a
    // server's autovacuum worker): then once more without it, and a database left behind is
    // said, not thrown.
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(async (error: { code?: string }) => {
      if (error.code !== '42501') throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await dropper.query(`DROP DATABASE IF EXISTS "${name}"`).catch((again: Error) => console.warn(`database ${name} left behind: ${again.message}`));
    });
  } finally {
    await dropper.end();
  }
}
