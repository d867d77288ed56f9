// The server side of `npm run bench:api` (bench/api.ts starts it as a child process, so the load
// generator never shares this event loop). Two kinds:
//
//   product <pglite|postgres>  the real app (buildApp) on the database BENCH_DATA_DIR (a fresh
//                              embedded PGlite) or BENCH_DATABASE_URL, migrated, with the demo
//                              seed and the built-in identity service's signing key, exactly as
//                              server/main.ts opens it; plus an id token of the demo admin minted
//                              with that key (as tests/server/helpers.ts does).
//   bare <payload file> <path> a minimal Fastify (no plugins, no logger) answering GET <path>
//                              with the bytes of that file as application/json.
//
// Either listens on 127.0.0.1 and a free port and prints one line `BENCH-READY {json}` (port,
// token, ...) on stdout. It stops on SIGTERM/SIGINT or when stdin closes (the parent is gone).
// The product logs at LOG_LEVEL (default info, as `npm start`) into /dev/null, through the
// destination `npm start` writes to (server/log-stream.ts), so the logging work is measured but
// no terminal is.
import { mkdirSync, readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { freePort } from '../scripts/free-port';
import { buildApp } from '../server/app';
import { productLogStream } from '../server/log-stream';
import { loadConfig } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { ensureSigningKey } from '../server/idp/keys';

/** bench/api.ts waits for this prefix (keep the two in step). */
const READY_PREFIX = 'BENCH-READY ';
const DEMO_ADMIN = 'admin@demo.energy';
/** Comfortably longer than a whole bench run. */
const TOKEN_TTL_SECONDS = 3_600;
const STOP_LIMIT_MS = 10_000;

export interface ReadyLine {
  port: number;
  token: string;
  kind: 'product' | 'bare';
  pid: number;
}

let app: FastifyInstance | undefined;
let database: DatabaseHandle | undefined;

async function startProduct(kind: string, port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  if (kind === 'pglite') {
    const dataDir = process.env.BENCH_DATA_DIR;
    if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');
    env.DATA_DIR = dataDir;
  } else if (kind === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) throw new Error('BENCH_DATABASE_URL is not set');
    env.DATABASE_URL = url;
  } else {
    throw new Error(`unknown database kind '${kind}' (pglite or postgres)`);
  }
  // Only these variables: a COGNITO_* or SEED_DEMO of the caller's shell must not change the product under test.
  const config = loadConfig(env);
  if (config.identity.mode !== 'builtin') throw new Error('the bench needs the built-in identity service');
  if (config.database.kind === 'pglite') mkdirSync(config.database.dataDir, { recursive: true });

  // As server/main.ts: open (and migrate), signing key, demo seed (idempotent: on a PostgreSQL
  // database that already has the demo rows it changes nothing).
  database = await openDatabase(config.database);
  const { db } = database;
  const signingKey = await ensureSigningKey(db);
  await seedDemo(db, { poolId: config.identity.poolId, withIdentities: true });

  app = await buildApp({ config, db, logStream: productLogStream('/dev/null') });
  await app.listen({ port, host: '127.0.0.1' });

  // An id token of the demo admin, signed the way the built-in identity service signs one.
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: DEMO_ADMIN, 'cognito:username': DEMO_ADMIN, token_use: 'id', aud: config.identity.clientId, auth_time: now })
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: 'JWT' })
    .setIssuer(config.identity.issuer)
    .setSubject(`sub-${DEMO_ADMIN}`)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + TOKEN_TTL_SECONDS)
    .sign(signingKey.privateKey);
}

async function startBare(payloadFile: string, path: string, port: number): Promise<void> {
  const payload = readFileSync(payloadFile);
  app = Fastify();
  app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(payload));
  await app.listen({ port, host: '127.0.0.1' });
}

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    setTimeout(() => process.exit(code || 1), STOP_LIMIT_MS).unref();
    try {
      await app?.close();
      await database?.close();
    } catch (error) {
      console.error('bench server: stopping failed:', error);
      code = 1;
    }
  }
  // A normal exit, so `node --cpu-prof` writes its profile.
  process.exit(code);
}

process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
process.stdin.on('end', () => void stop(0));
process.stdin.on('error', () => void stop(0));
process.stdin.resume();

const [kind, argument, path] = process.argv.slice(2);
try {
  const port = await freePort();
  let token = '';
  if (kind === 'product') token = await startProduct(argument ?? '', port);
  else if (kind === 'bare' && argument && path) await startBare(argument, path, port);
  else throw new Error('usage: api-server.ts product <pglite|postgres> | bare <payload file> <path>');
  const ready: ReadyLine = { port, token, kind, pid: process.pid };
  console.log(`${READY_PREFIX}${JSON.stringify(ready)}`);
} catch (error) {
  console.error('bench server: could not start:', error);
  await stop(1);
}
