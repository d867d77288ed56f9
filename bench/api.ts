// `npm run bench:api`: how fast the API answers its most common authorised read, measured the
// way a new user would (autocannon, 64 connections for 10 s, one machine, one run), and how much
// of bare Fastify's speed the product keeps. The read is `GET /empresas/api/v1/get` as the demo
// admin (the demo data set: 40 companies, about 25 KB of JSON) on the real product: buildApp with
// every plugin, the auth plugin verifying a real RS256 id token signed with the database's key,
// the permission checks and the route's query. Next to it, a bare Fastify route (no plugins, no
// logger) serves exactly the bytes the product answered, so the ratio product / bare says what
// the request path costs on top of HTTP and Fastify themselves. Each is also measured with ONE
// connection (mean latency), because one user waiting matters too.
//
// Runs on the embedded PGlite (a fresh DATA_DIR, seeded like `npm start` seeds it) and then, when
// DATABASE_URL is set, on that PostgreSQL database (migrated and seeded with the demo data when it
// is missing; the seed is idempotent and nothing else is changed). Each database gets its own bare
// run in the same bench run. Every server runs alone in a child process (bench/api-server.ts under
// tsx), so autocannon, here, never shares its event loop; the product logs at LOG_LEVEL (default
// info, like `npm start`) into /dev/null. Latencies are taken from autocannon's per-response times
// (its own histogram floors them to whole milliseconds). Goals (on PostgreSQL, 64 connections):
// product / bare req/s >= 0.5 and p99 < 50 ms. It fails only when the product answers an error;
// the goals are a report. BENCH_CPU_PROF=<dir> runs the product under `node --cpu-prof` into
// <dir>/product-<database>/ with the time window of its 64-connection run (bench/cpu-profile.ts reads them).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { ReadyLine } from './api-server';

const LIST_PATH = '/empresas/api/v1/get';
const DEMO_ADMIN = 'admin@demo.energy';
const EXPECTED_COMPANIES = 40;
const LOAD = { connections: 64, duration: 10 };
const ONE_USER = { connections: 1, duration: 5 };
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 50;
/** bench/api-server.ts prints this before its JSON line (keep the two in step). */
const READY_PREFIX = 'BENCH-READY ';
/** PGlite's first start in a process (WASM), migrations and the demo seed take a while. */
const START_LIMIT_MS = 90_000;
const STOP_LIMIT_MS = 15_000;
const SERVER_SCRIPT = fileURLToPath(new URL('./api-server.ts', import.meta.url));

type DatabaseKind = 'pglite' | 'postgres';

interface Figures {
  reqPerSec: number;
  p99Ms: number;
  meanMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  completed: number;
}

interface Row {
  load: Figures;
  oneUser: Figures;
}

interface Server {
  ready: ReadyLine;
  base: string;
  stop(): Promise<void>;
}

const workDir = mkdtempSync(join(tmpdir(), 'energy-bench-api-'));
const profileDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });

// Children never outlive this process: killed on exit, on Ctrl-C and on failure. (They also stop
// by themselves when their stdin, a pipe from here, closes.)
const children = new Set<ChildProcess>();
function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}
process.on('exit', () => {
  killChildren();
  rmSync(workDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench`);
    process.exit(130);
  });
}

/** Starts bench/api-server.ts with `args` and waits for its ready line. */
async function startServer(args: string[], env: NodeJS.ProcessEnv, profileName?: string): Promise<Server> {
  // One directory per server: tsx's module hooks run in a worker thread, which writes its own
  // profile; the main thread's is the CPU.<date>.<time>.<pid>.0.<n>.cpuprofile one.
  const nodeArgs = profileName && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, profileName)}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER_SCRIPT, ...args], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<string>((done) => child.once('exit', (code, signal) => done(signal ?? `code ${code}`)));

  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const ready = await new Promise<ReadyLine>((done, fail) => {
    const limit = setTimeout(() => fail(new Error(`${args.join(' ')}: not ready within ${START_LIMIT_MS / 1000} s`)), START_LIMIT_MS);
    lines.on('line', (line) => {
      if (line.startsWith(READY_PREFIX)) {
        clearTimeout(limit);
        done(JSON.parse(line.slice(READY_PREFIX.length)) as ReadyLine);
      } else if (line.trim() !== '') {
        console.log(`    [server] ${line}`);
      }
    });
    void exited.then((status) => {
      clearTimeout(limit);
      fail(new Error(`${args.join(' ')}: the server exited (${status}) before it was ready`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    children.delete(child);
    throw error;
  });

  return {
    ready,
    base: `http://127.0.0.1:${ready.port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
        const status = await exited;
        clearTimeout(force);
        if (status !== 'code 0') console.log(`    [server] stopped with ${status}`);
      }
      children.delete(child);
    },
  };
}

/** One autocannon run; latencies from its per-response times (2xx only, as autocannon counts them). */
async function load(url: string, token: string, connections: number, duration: number): Promise<Figures> {
  const times: number[] = [];
  const instance = autocannon({ url, connections, duration, headers: { authorization: `Bearer ${token}` } });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const p99Ms = times.length > 0 ? (times[Math.ceil(times.length * 0.99) - 1] ?? Number.NaN) : Number.NaN;
  const meanMs = times.length > 0 ? times.reduce((sum, time) => sum + time, 0) / times.length : Number.NaN;
  return {
    reqPerSec: result.requests.average,
    p99Ms,
    meanMs,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    completed: result.requests.total,
  };
}

/** The 64-connection run, then the one-connection run; `window` is the first one's span (hrtime, µs). */
async function measure(server: Server): Promise<{ row: Row; window: { startUs: number; endUs: number } }> {
  const url = `${server.base}${LIST_PATH}`;
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const heavy = await load(url, server.ready.token, LOAD.connections, LOAD.duration);
  const endUs = Number(process.hrtime.bigint() / 1000n);
  const oneUser = await load(url, server.ready.token, ONE_USER.connections, ONE_USER.duration);
  return { row: { load: heavy, oneUser }, window: { startUs, endUs } };
}

/** The product's answer must be a 200 with the 40 demo companies; its bytes are the bare route's payload. */
async function productAnswer(server: Server): Promise<{ body: Buffer; contentType: string }> {
  const response = await fetch(`${server.base}${LIST_PATH}`, {
    headers: { authorization: `Bearer ${server.ready.token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`the product answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
  const companies = (JSON.parse(body.toString('utf8')) as { data?: unknown }).data;
  if (!Array.isArray(companies) || companies.length !== EXPECTED_COMPANIES) {
    throw new Error(
      `the product answered ${Array.isArray(companies) ? companies.length : 'no list of'} companies, not the ${EXPECTED_COMPANIES} of the demo data set (a database with other data?)`,
    );
  }
  return { body, contentType: response.headers.get('content-type') ?? '' };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : '-');
const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

interface DatabaseResult {
  label: string;
  kind: DatabaseKind;
  product: Row;
  bare: Row;
  bytes: number;
}

async function benchDatabase(kind: DatabaseKind, label: string, env: NodeJS.ProcessEnv): Promise<DatabaseResult> {
  console.log(`${label}`);
  let startedAt = performance.now();
  const product = await startServer(['product', kind], env, `product-${kind}`);
  let answer: { body: Buffer; contentType: string };
  let productRow: Row;
  try {
    console.log(`  product started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (migrations, demo seed, signing key)`);
    answer = await productAnswer(product);
    if (!answer.contentType.startsWith('application/json')) throw new Error(`the product answered ${answer.contentType}, not JSON`);
    console.log(`  checked: 200 with ${EXPECTED_COMPANIES} companies, ${(answer.body.length / 1024).toFixed(1)} KB; measuring`);
    const measured = await measure(product);
    productRow = measured.row;
    // The span of the 64-connection run on the clock V8's profiler uses (both are CLOCK_MONOTONIC).
    if (profileDir) {
      const span = { ...measured.window, completed: measured.row.load.completed };
      mkdirSync(join(profileDir, `product-${kind}`), { recursive: true });
      writeFileSync(join(profileDir, `product-${kind}`, 'window.json'), JSON.stringify(span));
    }
  } finally {
    await product.stop();
  }

  const payloadFile = join(workDir, `payload-${kind}.json`);
  writeFileSync(payloadFile, answer.body);
  startedAt = performance.now();
  const bare = await startServer(['bare', payloadFile, LIST_PATH], env);
  let bareRow: Row;
  try {
    const echoed = Buffer.from(await (await fetch(`${bare.base}${LIST_PATH}`, { signal: AbortSignal.timeout(10_000) })).arrayBuffer());
    if (!echoed.equals(answer.body)) throw new Error('the bare route does not answer the same bytes as the product');
    console.log(`  bare Fastify started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s, serving the same bytes; measuring`);
    bareRow = (await measure(bare)).row;
  } finally {
    await bare.stop();
  }
  return { label, kind, product: productRow, bare: bareRow, bytes: answer.body.length };
}

function report(result: DatabaseResult): boolean {
  const header = ['', `req/s (${LOAD.connections} conn, ${LOAD.duration} s)`, `p99 ms (${LOAD.connections} conn)`, 'non-2xx', 'errors', `mean ms (1 conn, ${ONE_USER.duration} s)`];
  const named: Array<[string, Row]> = [
    ['product', result.product],
    ['bare Fastify', result.bare],
  ];
  const rows = named.map(([name, { load: heavy, oneUser }]) => [
    name,
    rate(heavy.reqPerSec),
    ms(heavy.p99Ms),
    String(heavy.non2xx + oneUser.non2xx),
    String(heavy.errors + oneUser.errors),
    ms(oneUser.meanMs),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd();
  console.log(`\n${result.label}: GET ${LIST_PATH} as ${DEMO_ADMIN} (${EXPECTED_COMPANIES} companies, ${(result.bytes / 1024).toFixed(1)} KB)`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const ratio = result.product.load.reqPerSec / result.bare.load.reqPerSec;
  const goalsApply = result.kind === 'postgres';
  const note = goalsApply ? '' : '  (the goals are for PostgreSQL; shown for reference)';
  console.log(`  ratio product / bare req/s: ${ratio.toFixed(3)}   goal >= ${GOAL_RATIO}: ${verdict(ratio >= GOAL_RATIO)}${note}`);
  console.log(`  product p99 at ${LOAD.connections} connections: ${ms(result.product.load.p99Ms)} ms   goal < ${GOAL_P99_MS} ms: ${verdict(result.product.load.p99Ms < GOAL_P99_MS)}`);
  const { load: heavy, oneUser } = result.product;
  const failed = heavy.non2xx + oneUser.non2xx + heavy.errors + oneUser.errors + heavy.timeouts + oneUser.timeouts;
  if (failed > 0) console.log(`  the product answered errors: ${heavy.non2xx + oneUser.non2xx} non-2xx, ${heavy.errors + oneUser.errors} connection errors (${heavy.timeouts + oneUser.timeouts} timeouts)`);
  return failed === 0;
}

const { version: autocannonVersion } = createRequire(import.meta.url)('autocannon/package.json') as { version: string };
console.log(`API request path bench: autocannon ${autocannonVersion} here, each server alone in a child process`);
console.log(`Node ${process.version}, ${availableParallelism()} CPUs, product LOG_LEVEL ${process.env.LOG_LEVEL ?? 'info'}\n`);

const baseEnv: NodeJS.ProcessEnv = { ...process.env };
delete baseEnv.DATABASE_URL;
const databaseUrl = process.env.DATABASE_URL?.trim();
const targets: Array<{ kind: DatabaseKind; label: string; env: NodeJS.ProcessEnv }> = [
  { kind: 'pglite', label: 'PGlite (embedded, fresh DATA_DIR)', env: { ...baseEnv, BENCH_DATA_DIR: join(workDir, 'data') } },
];
if (databaseUrl) targets.push({ kind: 'postgres', label: 'PostgreSQL (DATABASE_URL)', env: { ...baseEnv, BENCH_DATABASE_URL: databaseUrl } });

const benchStartedAt = performance.now();
const results: DatabaseResult[] = [];
let ok = true;
for (const target of targets) {
  try {
    results.push(await benchDatabase(target.kind, target.label, target.env));
  } catch (error) {
    console.error(`  ${target.label}: ${error instanceof Error ? error.message : String(error)}`);
    ok = false;
  }
}

for (const result of results) ok = report(result) && ok;
if (!databaseUrl) console.log('\nPostgreSQL: not measured (set DATABASE_URL to measure it; the goals are for PostgreSQL).');
console.log(`\nWhole bench: ${((performance.now() - benchStartedAt) / 1000).toFixed(0)} s`);
if (!ok) process.exitCode = 1;
