// What the read benchmarks share: the demo admin's token, a throw-away PostgreSQL database and
// the timing of a call (median of RUNS runs after WARMUP).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { AppConfig } from '../server/config';
import { openDatabase, type DatabaseHandle, type Db } from '../server/db/client';
import { ensureSigningKey } from '../server/idp/keys';
import { createThrowawayDatabase } from '../tests/server/support/throwaway-database';

export const DEMO_ADMIN = 'admin@demo.energy';

/** An id token of the demo admin (every view key), signed as the built-in identity service signs one. */
export async function adminToken(db: Db, config: AppConfig): Promise<string> {
  const { kid, privateKey } = await ensureSigningKey(db);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: DEMO_ADMIN, 'cognito:username': DEMO_ADMIN, token_use: 'id', aud: config.identity.clientId, auth_time: now })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(config.identity.issuer)
    .setSubject(`sub-${DEMO_ADMIN}`)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + 3_600)
    .sign(privateKey);
}

/** A fresh database on the DATABASE_URL server named after `prefix`, dropped by `drop()`. */
async function freshPostgres(serverUrl: string, prefix: string): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const throwaway = await createThrowawayDatabase(serverUrl, prefix);
  const handle = await openDatabase({ kind: 'postgres', url: throwaway.url });
  return {
    handle,
    async drop() {
      await handle.close();
      await throwaway.drop();
    },
  };
}

/** Milliseconds of each of `runs` runs of `work`, after `warmup` runs, sorted. */
export async function sample(work: () => Promise<unknown>, runs: number, warmup: number): Promise<number[]> {
  for (let run = 0; run < warmup; run += 1) await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

export const median = (sorted: number[]) => sorted[Math.floor((sorted.length - 1) / 2)]!;
export const p95 = (sorted: number[]) => sorted[Math.ceil(sorted.length * 0.95) - 1]!;

/**
 * `run` on a fresh embedded PGlite (its data directory removed after) and then, when
 * DATABASE_URL is set, on a fresh database of that server named after `name` (dropped after);
 * `only` ('pglite' or 'postgres') runs one of them. Answers what each run answered, in order.
 */
export async function onEachDatabase<Result>(name: string, run: (label: 'PGlite' | 'PostgreSQL', db: Db) => Promise<Result>, only?: string): Promise<Result[]> {
  const results: Result[] = [];
  if (only !== 'postgres') {
    const dataDir = mkdtempSync(join(tmpdir(), `${name.replace(/_/g, '-')}-`));
    try {
      // On its own thread, as the product runs it (PGLITE_THREAD's default).
      const pglite = await openDatabase({ kind: 'pglite', dataDir, thread: 'worker' });
      try {
        results.push(await run('PGlite', pglite.db));
      } finally {
        await pglite.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.DATABASE_URL && only !== 'pglite') {
    const postgres = await freshPostgres(process.env.DATABASE_URL, name);
    try {
      results.push(await run('PostgreSQL', postgres.handle.db));
    } finally {
      await postgres.drop();
    }
  }
  return results;
}
