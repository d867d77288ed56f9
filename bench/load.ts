// `npm run bench:load` (issue 27): the product under a hundred users' load. The product is started
// as in production (`node --import tsx server/main.ts`, its own process: the load generator never
// shares its event loop) on a fresh database; sessions sign in through its identity service as
// the browser does (amazon-cognito-identity-js, SRP), then each session sends a mix of 80 % reads
// of the main lists (companies, contracts, settlements, invoices, country charges, log books,
// guarantees) and 20 % writes (a new contact; an edit of one with the version it read: a 409 on
// a stale version is correct and counted apart). Two shapes:
//   (a) paced: every session sends a request, then waits a random time (exponential, mean
//       PACE_MS = 2 s) before its next one: for 200 sessions about 100 requests a second;
//   (b) saturation: the same sessions with no pause, to find the most the server answers and
//       its CPU time per request.
// Printed for each: requests a second, p50/p95/p99 per call, every answer that is not 2xx by
// status, the server's CPU time per request (its process's user + system time over the window,
// worker threads included) and then the check that every write answered 2xx is in the database
// (read back through the API: each created contact exists, each edited contact holds the last
// accepted edit). Goals: (a) 0 errors, 0 lost writes, p99 < 250 ms; (b) at most 2 ms of server
// CPU per request.
//
// Databases: PostgreSQL when DATABASE_URL is set (a fresh throw-away database of that server,
// dropped after: 200 sessions), and the embedded PGlite (a fresh DATA_DIR, its own thread: 50
// sessions). BENCH_ONLY=pglite|postgres runs one. LOAD_SECONDS (default 60) and
// SATURATION_SECONDS (default 20) bound the two shapes. LOAD_SERVER_PROCESSES (default 1; `auto`:
// one per core) starts the product on PostgreSQL with that SERVER_PROCESSES; the server's CPU is
// then the primary's and every server process's. Everything stays on 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { freePort } from '../scripts/free-port';
import { cpuMs } from './process-cpu';
import { createThrowawayDatabase } from '../tests/server/support/throwaway-database';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SATURATION_SECONDS = Number(process.env.SATURATION_SECONDS ?? 20);
const PACE_MS = 2_000;
/** The product's server processes on PostgreSQL (a number or `auto`, as SERVER_PROCESSES). */
const SERVER_PROCESSES = process.env.LOAD_SERVER_PROCESSES ?? '1';
const GOAL_P99_MS = 250;
const GOAL_CPU_MS = 2;
const SIGN_IN_CONCURRENCY = 8;
const START_LIMIT_MS = 240_000;
const DEMO = { email: 'admin@demo.energy', password: 'Demo1234!' };

// ---- The product, started as in production.

interface Product {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startProduct(env: NodeJS.ProcessEnv): Promise<Product> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  // A variable given as undefined is unset (the embedded database runs without DATABASE_URL).
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  // LOAD_CPU_PROF=<dir>: each server process writes its V8 CPU profile there when it stops (read with bench/cpu-profile.ts).
  const profile = process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
    env: merged,
    // The product logs as in production, into nothing: its work is measured, no terminal is.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited (${child.exitCode}) before answering`);
    if (performance.now() - started > START_LIMIT_MS) throw new Error('the product did not answer /health in time');
    const healthy = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
}

// ---- Sessions, signed in as the browser signs in.

async function signIn(base: string): Promise<string> {
  const config = (await (await fetch(`${base}/config.json`)).json()) as { userPoolId: string; clientId: string; endpoint: string };
  const pool = new CognitoUserPool({ UserPoolId: config.userPoolId, ClientId: config.clientId, endpoint: config.endpoint });
  const user = new CognitoUser({ Username: DEMO.email, Pool: pool });
  return new Promise((resolve, reject) => {
    user.authenticateUser(new AuthenticationDetails({ Username: DEMO.email, Password: DEMO.password }), {
      onSuccess: (session) => resolve(session.getIdToken().getJwtToken()),
      onFailure: reject,
      newPasswordRequired: () => reject(new Error('the demo admin must change its password')),
    });
  });
}

async function signInSessions(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: SIGN_IN_CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        tokens.push(await signIn(base));
      }
    }),
  );
  return tokens;
}

// ---- The mix.

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** What the writes need: the companies (for new contacts) and the contacts to edit, with the version each session read. */
interface World {
  companies: number[];
  month: { anio: number; mes: number };
}

const READS: Array<(world: World) => Call> = [
  () => ({ name: 'companies', method: 'GET', path: '/empresas/api/v1/get' }),
  () => ({ name: 'contracts', method: 'GET', path: '/contratos/api/v1/get' }),
  ({ month }) => ({ name: 'settlements', method: 'GET', path: `/liquidacion/api/v3/liquidaciones?anio=${month.anio}&pagina=1&por_pagina=50` }),
  ({ month }) => ({ name: 'invoices', method: 'GET', path: `/facturacion/api/v1/facturas?anio=${month.anio}&mes=${month.mes}&pagina=1&por_pagina=50` }),
  () => ({ name: 'charges', method: 'POST', path: '/countries/api/v1/cargo/', body: { pais_id: 6 } }),
  () => ({ name: 'logbooks', method: 'GET', path: `/bitacoras/api/v1/bitacora?mercado=MER&fecha=${new Date().toISOString().slice(0, 10)}` }),
  () => ({ name: 'guarantees', method: 'GET', path: '/garantias/api/v1/instrumentos' }),
];

interface Outcome {
  name: string;
  status: number;
  ms: number;
  /** The answer's size in bytes. */
  bytes: number;
}

/** What the writes that answered 2xx left: each contact created, and each contact's last accepted edit. */
interface Writes {
  created: Map<number, string>;
  edited: Map<number, { version: number; cargo: string }>;
}

async function send(base: string, token: string, call: Call): Promise<{ status: number; ms: number; bytes: number; body: unknown }> {
  const started = performance.now();
  try {
    const response = await fetch(base + call.path, {
      method: call.method,
      headers: { authorization: `Bearer ${token}`, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const body = text ? (JSON.parse(text) as unknown) : null;
    return { status: response.status, ms: performance.now() - started, bytes: Buffer.byteLength(text), body };
  } catch {
    // No answer at all (refused, reset, timed out): status 0.
    return { status: 0, ms: performance.now() - started, bytes: 0, body: null };
  }
}

let serial = 0;
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** One session: until `until`, a request then a pause (`paced`) or none. */
async function session(base: string, token: string, world: World, until: number, paced: boolean, outcomes: Outcome[], writes: Writes): Promise<void> {
  /** The contacts this session made, with the version it last saw of each. */
  const mine: Array<{ id: number; version: number }> = [];
  while (performance.now() < until) {
    const roll = Math.random();
    if (roll < 0.8 || world.companies.length === 0) {
      const call = pick(READS)(world);
      const { status, ms, bytes } = await send(base, token, call);
      outcomes.push({ name: call.name, status, ms, bytes });
    } else if (roll < 0.9 || mine.length === 0) {
      serial += 1;
      const nombre = `Carga ${process.pid}-${serial}`;
      const call: Call = {
        name: 'contact create',
        method: 'POST',
        path: '/gateway/contactos',
        body: { empresa_id: pick(world.companies), nombre, email: `carga${serial}@example.com`, telefono: '+502 2200-0000', celular: '+502 5500-0000', cargo: 'Analista' },
      };
      const { status, ms, bytes, body } = await send(base, token, call);
      outcomes.push({ name: call.name, status, ms, bytes });
      const created = (body as { data?: { id: number; version: number } } | null)?.data;
      if (status >= 200 && status < 300 && created) {
        writes.created.set(created.id, nombre);
        mine.push({ id: created.id, version: created.version });
      }
    } else {
      // An edit of one of its contacts, at the version it read (another session never edits it,
      // so a 409 here would be a bug; stale versions come from editing a shared contact below).
      const target = Math.random() < 0.5 ? pick(mine) : { id: pick([...writes.created.keys()]), version: 1 };
      const cargo = `Cargo ${serial++}`;
      const call: Call = { name: 'contact edit', method: 'POST', path: '/contact/api/v1/update', body: { id: target.id, version: target.version, cargo } };
      const { status, ms, bytes, body } = await send(base, token, call);
      outcomes.push({ name: status === 409 ? 'contact edit (stale: 409)' : call.name, status, ms, bytes });
      const edited = (body as { data?: { version: number } } | null)?.data;
      if (status >= 200 && status < 300 && edited) {
        const last = writes.edited.get(target.id);
        if (!last || last.version < edited.version) writes.edited.set(target.id, { version: edited.version, cargo });
        const own = mine.find((contact) => contact.id === target.id);
        if (own) own.version = edited.version;
      }
    }
    if (paced) await new Promise((resolve) => setTimeout(resolve, -Math.log(1 - Math.random()) * PACE_MS));
  }
}

// ---- Figures.

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8);

function report(title: string, outcomes: Outcome[], seconds: number, cpu: number): { errors: number; p99: number; cpuPerRequest: number } {
  console.log(`\n  ${title}: ${outcomes.length} requests in ${seconds} s, ${(outcomes.length / seconds).toFixed(1)} req/s`);
  const names = [...new Set(outcomes.map((outcome) => outcome.name))].sort();
  for (const name of names) {
    const mine = outcomes.filter((outcome) => outcome.name === name);
    const times = mine.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const kb = mine.reduce((sum, outcome) => sum + outcome.bytes, 0) / mine.length / 1024;
    console.log(`    ${name.padEnd(28)} ${String(times.length).padStart(6)}  p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  p99 ${ms(percentile(times, 99))}  ${kb.toFixed(1).padStart(6)} KB`);
  }
  const all = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  console.log(`    ${'all'.padEnd(28)} ${String(all.length).padStart(6)}  p50 ${ms(percentile(all, 50))}  p95 ${ms(percentile(all, 95))}  p99 ${ms(percentile(all, 99))}`);
  const byStatus = new Map<number, number>();
  for (const outcome of outcomes) if (outcome.status < 200 || outcome.status >= 300) byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
  const stale = byStatus.get(409) ?? 0;
  const errors = [...byStatus].filter(([status]) => status !== 409).reduce((sum, [, count]) => sum + count, 0);
  console.log(`    not 2xx: ${byStatus.size === 0 ? 'none' : [...byStatus].map(([status, count]) => `${status === 0 ? 'no answer' : status} x ${count}`).join(', ')} (409 on a stale version is correct: ${stale})`);
  const cpuPerRequest = cpu / Math.max(1, outcomes.length);
  console.log(`    server CPU: ${(cpu / 1000).toFixed(1)} s, ${cpuPerRequest.toFixed(2)} ms per request`);
  return { errors, p99: percentile(all, 99), cpuPerRequest };
}

/** Every write answered 2xx is in the database, read back through the API; answers how many are missing. */
async function lostWrites(base: string, token: string, writes: Writes): Promise<number> {
  const response = await send(base, token, { name: 'check', method: 'GET', path: '/contact/api/v1/get' });
  const stored = new Map(((response.body as { data: Array<{ id: number; nombre: string; cargo: string; version: number }> }).data ?? []).map((contact) => [contact.id, contact]));
  let lost = 0;
  for (const [id, nombre] of writes.created) if (stored.get(id)?.nombre !== nombre) lost += 1;
  for (const [id, { cargo, version }] of writes.edited) {
    const contact = stored.get(id);
    if (!contact || contact.version < version || (contact.version === version && contact.cargo !== cargo)) lost += 1;
  }
  console.log(`    writes answered 2xx: ${writes.created.size} contacts created, ${writes.edited.size} contacts edited; missing from the database: ${lost}`);
  return lost;
}

async function shape(product: Product, tokens: string[], world: World, title: string, seconds: number, paced: boolean) {
  const outcomes: Outcome[] = [];
  const writes: Writes = { created: new Map(), edited: new Map() };
  const pid = product.child.pid!;
  const cpuBefore = cpuMs(pid);
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const until = performance.now() + seconds * 1000;
  // Sessions start spread over the first pause, as users do, not all in the same millisecond.
  await Promise.all(
    tokens.map(async (token) => {
      if (paced) await new Promise((resolve) => setTimeout(resolve, Math.random() * PACE_MS));
      await session(product.base, token, world, until, paced, outcomes, writes);
    }),
  );
  const figures = report(title, outcomes, seconds, cpuMs(pid) - cpuBefore);
  // The shape's span on the profiles' clock: `tsx bench/cpu-profile.ts <profile> <dir>/window-<shape>.json`.
  if (process.env.LOAD_CPU_PROF) {
    const span = { startUs, endUs: Number(process.hrtime.bigint() / 1000n), completed: outcomes.length };
    // The profiles are written when the processes stop: the directory may not be there yet.
    mkdirSync(process.env.LOAD_CPU_PROF, { recursive: true });
    writeFileSync(join(process.env.LOAD_CPU_PROF, `window-${paced ? 'paced' : 'saturation'}.json`), JSON.stringify(span));
  }
  const lost = await lostWrites(product.base, tokens[0]!, writes);
  return { ...figures, lost };
}

async function run(label: string, env: NodeJS.ProcessEnv, sessions: number): Promise<void> {
  console.log(`\n${label}: ${sessions} sessions`);
  const product = await startProduct(env);
  try {
    const signStarted = performance.now();
    const tokens = await signInSessions(product.base, sessions);
    console.log(`  ${sessions} sessions signed in through the identity service in ${((performance.now() - signStarted) / 1000).toFixed(1)} s`);
    const companies = await send(product.base, tokens[0]!, READS[0]!({ companies: [], month: { anio: 0, mes: 0 } }));
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const world: World = {
      companies: ((companies.body as { data: Array<{ id: number }> }).data ?? []).map((company) => company.id),
      month: { anio: lastMonth.getUTCFullYear(), mes: lastMonth.getUTCMonth() + 1 },
    };
    const paced = await shape(product, tokens, world, `(a) paced, a request every ${PACE_MS / 1000} s on average per session`, LOAD_SECONDS, true);
    console.log(
      `    goal (a): 0 errors (${paced.errors}), 0 lost writes (${paced.lost}), p99 < ${GOAL_P99_MS} ms (${paced.p99.toFixed(0)} ms, ratio ${(paced.p99 / GOAL_P99_MS).toFixed(2)}): ${paced.errors === 0 && paced.lost === 0 && paced.p99 < GOAL_P99_MS ? 'met' : 'NOT met'}`,
    );
    const saturated = await shape(product, tokens, world, '(b) saturation, no pause', SATURATION_SECONDS, false);
    console.log(
      `    goal (b): at most ${GOAL_CPU_MS} ms of server CPU per request (${saturated.cpuPerRequest.toFixed(2)} ms, ratio ${(saturated.cpuPerRequest / GOAL_CPU_MS).toFixed(2)}): ${saturated.cpuPerRequest <= GOAL_CPU_MS ? 'met' : 'NOT met'}; errors ${saturated.errors}, lost writes ${saturated.lost}`,
    );
    if (paced.lost + saturated.lost > 0) process.exitCode = 1;
  } finally {
    await product.stop();
  }
}

const only = process.env.BENCH_ONLY;
if (only !== 'pglite') {
  if (process.env.DATABASE_URL) {
    const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL, 'energy_load');
    try {
      // SERVER_PROCESSES above 1 needs a market site of its own: the load never reaches it.
      const cluster = SERVER_PROCESSES === '1' ? {} : { SERVER_PROCESSES, MARKET_SITE_URL: 'http://127.0.0.1:9/market-sim', MARKET_SITE_USER: 'load', MARKET_SITE_PASSWORD: 'load' };
      await run(`PostgreSQL, SERVER_PROCESSES=${SERVER_PROCESSES}`, { DATABASE_URL: throwaway.url, SEED_DEMO: '1', ...cluster }, Number(process.env.LOAD_SESSIONS ?? 200));
    } finally {
      await throwaway.drop();
    }
  } else if (only === 'postgres') {
    throw new Error('BENCH_ONLY=postgres needs DATABASE_URL');
  }
}
if (only !== 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'energy-load-'));
  try {
    await run('PGlite (embedded, its own thread)', { DATA_DIR: dataDir, DATABASE_URL: undefined }, Number(process.env.LOAD_SESSIONS_PGLITE ?? 50));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
