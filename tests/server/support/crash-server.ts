// The crash tests' harness (docs/architecture.md, "Crash safety"): the real server
// (server/main.ts) as a child process on a database that outlives it, killed with SIGKILL in the
// middle of some work and started again on the same database. The database is a throw-away one
// on the PostgreSQL server of DATABASE_URL when the suite runs there (the role may create
// databases), else an embedded (PGlite) data directory. Whatever a file starts here (server
// processes, the market simulator, the directory, the database) is ended after the file,
// failing or not.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll } from 'vitest';
import { freePort } from '../../../scripts/free-port';
import { loadConfig } from '../../../server/config';
import { openDatabase, type DatabaseHandle, type Db } from '../../../server/db/client';
import { ensureSigningKey } from '../../../server/idp/keys';
import { BASE_TEST_ENV } from '../helpers';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or a rejection saying `what` (read then) once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what())), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `probe` every `everyMs` until it answers something, for at most `withinMs`; then throws
 * saying `what` (a function: read when it throws, so it may name what happened meanwhile).
 */
export async function until<T>(what: string | (() => string), probe: () => Promise<T | null | undefined | false>, withinMs: number, everyMs = 50): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${typeof what === 'string' ? what : what()}: not within ${withinMs} ms`);
    await sleep(everyMs);
  }
}

/**
 * Where ./pause-at-statement.mjs holds a server: the `occurrence`-th statement (the first by
 * default) whose SQL text (and parameters, as JSON) match, about to run or just run.
 */
export interface StatementPause {
  statement: string;
  params?: string;
  when: 'before' | 'after';
  occurrence?: number;
}

/** A child process the world ends after the file. */
export interface Child {
  readonly process: ChildProcess;
  /** What it wrote (stdout and stderr): where to read why, when a test fails. */
  output(): string;
  /** SIGKILL, then waits for it to be gone. */
  kill(): Promise<void>;
  /** SIGTERM (the server drains and closes its database), then waits (at most 30 s). */
  stop(): Promise<void>;
}

/** An answer of the server, or null when it did not answer (down, starting, or killed meanwhile). */
export type Answer<T> = { status: number; body: T } | null;

/** A running server process. */
export interface ServerChild extends Child {
  readonly url: string;
  /** Calls the API as `as` (an id token of theirs); null when no answer came. */
  call<T = unknown>(method: string, path: string, options?: { as?: string; body?: unknown; timeoutMs?: number }): Promise<Answer<T>>;
  /** The statement the pause hook holds the server at, once it does (`pause` given to `startServer`). */
  paused(withinMs?: number): Promise<string>;
}

export interface CrashWorld {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` on the world's database. On PGlite only while no server runs on it (a data
   * directory has one process at a time); on PostgreSQL alongside.
   */
  withDb<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** An id token of `email`, signed with the database's key as the built-in identity service signs one. */
  token(email: string): Promise<string>;
  /** Starts the server on the world's database (`env` over the world's), once it answers /health. */
  startServer(options?: { env?: Record<string, string>; pause?: StatementPause }): Promise<ServerChild>;
  /** Starts `script` (a TypeScript entry point, e.g. the market simulator) with `env` over this process's. */
  spawnScript(script: string, env: Record<string, string>): Child;
}

function processOf(child: ChildProcess): Child {
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exited = async (withinMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await within(gone, withinMs, () => `process ${child.pid} did not exit within ${withinMs} ms`);
  };
  return {
    process: child,
    output: () => output.join('').slice(-20_000),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited(10_000);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited(30_000);
    },
  };
}

/**
 * The file's crash world, made by the first call of the function answered (inside the test, so
 * its minute of set-up counts against the test's time, not a hook's) and ended after the file.
 * `prefix` names the data directory or database.
 */
export function useCrashWorld(prefix: string): () => Promise<CrashWorld> {
  const children: Child[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  let made: Promise<CrashWorld> | null = null;

  afterAll(async () => {
    // Every child first (a server still holding the database), then the database.
    await Promise.allSettled(children.map((child) => child.kill()));
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.warn(`crash world ${prefix}: ${String(error)}`));
  }, 60_000);

  async function make(): Promise<CrashWorld> {
    const scratch = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    cleanups.push(async () => rmSync(scratch, { recursive: true, force: true }));
    const dataDir = path.join(scratch, 'data');
    let throwaway: ThrowawayDatabase | null = null;
    if (process.env.DATABASE_URL) {
      throwaway = await createThrowawayDatabase(process.env.DATABASE_URL, prefix.replace(/\W/g, '_')).catch((error: { code?: string }) => {
        // A role that may not create databases: the data directory instead (the suite's shared database is not ours to kill a server on).
        if (error.code === '42501') return null;
        throw error;
      });
    }
    const kind = throwaway ? 'postgres' : 'pglite';
    const env: Record<string, string> = {
      ...BASE_TEST_ENV,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // Empty counts as unset: the embedded database, also when this process has DATABASE_URL.
      DATABASE_URL: throwaway?.url ?? '',
      DATA_DIR: dataDir,
      MAIL_DIR: path.join(scratch, 'mail'),
      SEED_DEMO: '0',
      JOB_WORKERS: '1',
      // A dead process's job is taken up 5 s after its last renewal, not 30.
      JOB_LEASE_SECONDS: '5',
    };
    const config = loadConfig(env);
    const target = throwaway ? ({ kind: 'postgres', url: throwaway.url } as const) : ({ kind: 'pglite', dataDir } as const);

    let handle: DatabaseHandle | null = null;
    let servers = 0;
    const open = async () => (handle ??= await openDatabase(target));
    const close = async () => {
      await handle?.close();
      handle = null;
    };
    cleanups.push(async () => {
      await close();
      await throwaway?.drop();
    });

    const key = await ensureSigningKey((await open()).db);
    if (kind === 'pglite') await close();

    const world: CrashWorld = {
      kind,
      async withDb(work) {
        if (kind === 'pglite' && servers > 0) throw new Error('a server runs on the data directory: stop or kill it first');
        try {
          return await work((await open()).db);
        } finally {
          if (kind === 'pglite') await close();
        }
      },
      async token(email) {
        const now = Math.floor(Date.now() / 1000);
        return new SignJWT({ email, 'cognito:username': email, token_use: 'id', aud: config.identity.clientId, auth_time: now })
          .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
          .setIssuer(config.identity.issuer)
          .setSubject(`sub-${email}`)
          .setIssuedAt(now - 60)
          .setExpirationTime(now + 3_600)
          .sign(key.privateKey);
      },
      async startServer(options = {}) {
        if (kind === 'pglite' && handle) throw new Error('the test holds the data directory: leave withDb first');
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const preload = options.pause ? ['--import', './tests/server/support/pause-at-statement.mjs'] : [];
        // Node itself runs the server (tsx as a loader, not its CLI, whose server would be a
        // grandchild a kill of its parent leaves running).
        const child = spawn(process.execPath, ['--import', 'tsx', ...preload, 'server/main.ts'], {
          env: { ...process.env, ...env, ...options.env, PORT: String(port), ...(options.pause ? { CRASH_PAUSE: JSON.stringify(options.pause) } : {}) },
          stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        });
        const base = processOf(child);
        children.push(base);
        servers += 1;
        child.once('exit', () => {
          servers -= 1;
        });
        const paused = new Promise<string>((resolve) => child.on('message', (message: { paused: string }) => resolve(message.paused)));
        const tokens = new Map<string, string>();
        const server: ServerChild = {
          ...base,
          url,
          async call(method, route, { as, body, timeoutMs = 30_000 } = {}) {
            const headers: Record<string, string> = {};
            if (as) headers.authorization = `Bearer ${tokens.get(as) ?? tokens.set(as, await world.token(as)).get(as)!}`;
            if (body !== undefined) headers['content-type'] = 'application/json';
            try {
              const response = await fetch(`${url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
              const text = await response.text();
              return { status: response.status, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as never };
            } catch (error) {
              // No answer: refused, reset by a kill, or timed out.
              if (error instanceof TypeError || (error as Error).name === 'TimeoutError') return null;
              throw error;
            }
          },
          paused(withinMs = 60_000) {
            return within(paused, withinMs, () => `the server did not reach ${options.pause?.statement} within ${withinMs} ms\n${base.output()}`);
          },
        };
        await until(
          () => `the server at ${url} to answer\n${base.output()}`,
          async () => {
            if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering\n${base.output()}`);
            return (await server.call('GET', '/health', { timeoutMs: 2_000 }))?.status === 200;
          },
          120_000,
          100,
        );
        return server;
      },
      spawnScript(script, scriptEnv) {
        const child = processOf(spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...scriptEnv }, stdio: ['ignore', 'pipe', 'pipe'] }));
        children.push(child);
        return child;
      },
    };
    return world;
  }

  return () => (made ??= make());
}
