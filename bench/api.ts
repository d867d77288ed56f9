// `npm run bench:api`: how fast the API answers its most common authorised read, and how much of
// bare Fastify's speed the product keeps. The read is `GET /empresas/api/v1/get` as the demo admin
// (the demo data set: 40 companies, about 25 KB of JSON) on the real product: buildApp with every
// plugin, the auth plugin verifying a real RS256 id token signed with the database's key, the
// permission checks and the route's (kept) answer. Next to it, a bare Fastify route (no plugins,
// no logger) serves exactly the bytes the product answered, so the ratio product / bare says what
// the request path costs on top of HTTP and Fastify themselves. Each is also measured with ONE
// connection (mean latency), because one user waiting matters too.
//
// The load generator (autocannon, here) shares the machine with the server, so one 10-second run
// of each varies by tens of percent from run to run on two cores. Hence both servers run side by
// side and are measured in ROUNDS alternating rounds (product, bare, then bare, product, ...), each
// at 64 connections for a few seconds after a warm-up: the ratio is the median of the rounds'
// ratios (each round's two runs are seconds apart, so a slow spell of the machine weighs on both),
// and its spread is printed. Latencies are pooled over the rounds from autocannon's per-response
// times (its own histogram floors them to whole milliseconds).
//
// Runs on the embedded PGlite (a fresh DATA_DIR, seeded like `npm start` seeds it) and then, when
// DATABASE_URL is set, on that PostgreSQL database (migrated and seeded with the demo data when it
// is missing; the seed is idempotent and nothing else is changed). Every server runs alone in a
// child process (bench/api-server.ts under tsx), so autocannon never shares its event loop; the
// product logs at LOG_LEVEL (default info, like `npm start`) into /dev/null. Goals (issue 27; on
// PostgreSQL, 64 connections): product / bare req/s >= 0.8 and p99 < 50 ms. It fails only when
// the product answers an error; the goals are a report. BENCH_CPU_PROF=<dir> runs the product
// under `node --cpu-prof` into <dir>/product-<database>/ with the time window of its first
// measured round (bench/cpu-profile.ts reads them).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { ReadyLine } from './api-server';
import { median } from './bench-support';
import { cpuMs } from './process-cpu';

const LIST_PATH = '/empresas/api/v1/get';
const DEMO_ADMIN = 'admin@demo.energy';
const EXPECTED_COMPANIES = 40;
const LOAD = { connections: 64, duration: 5 };
const WARM_UP = { connections: 64, duration: 2 };
const ONE_USER = { connections: 1, duration: 3 };
/** Alternating rounds of product and bare at LOAD (an odd number, so the median is one round's). */
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 5);
const GOAL_RATIO = 0.8;
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
  non2xx: number;
  errors: number;
  timeouts: number;
  completed: number;
  /** The server's CPU time (every thread) over the run, ms. */
  cpuMs: number;
  /** Each 2xx answer's time, ms. */
  times: number[];
}

/** A server's figures over the rounds. */
interface Row {
  /** The median round's req/s at LOAD. */
  reqPerSec: number;
  /** Over every round's 2xx answers at LOAD. */
  p99Ms: number;
  /** At one connection. */
  oneUserMeanMs: number;
  /** The server's CPU time per request at LOAD, over every round, µs. */
  cpuUsPerRequest: number;
  non2xx: number;
  errors: number;
  timeouts: number;
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

/** One autocannon run against `server`; its 2xx answers' times are kept (autocannon's histogram floors them). */
async function load(server: Server, { connections, duration }: { connections: number; duration: number }): Promise<Figures> {
  const url = `${server.base}${LIST_PATH}`;
  const token = server.ready.token;
  const cpuBefore = cpuMs(server.ready.pid);
  const times: number[] = [];
  const instance = autocannon({ url, connections, duration, headers: { authorization: `Bearer ${token}` } });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  return { reqPerSec: result.requests.average, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, completed: result.requests.total, cpuMs: cpuMs(server.ready.pid) - cpuBefore, times };
}

/** The median of `values`, in any order. */
const medianOf = (values: number[]) => median([...values].sort((a, b) => a - b));

function percentile(times: number[], share: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length > 0 ? (sorted[Math.ceil(sorted.length * share) - 1] ?? Number.NaN) : Number.NaN;
}

/** A server's rounds at LOAD and its one-connection run, as one row. */
function rowOf(rounds: Figures[], oneUser: Figures): Row {
  const all = [...rounds, oneUser];
  const sum = (pick: (figures: Figures) => number) => all.reduce((total, figures) => total + pick(figures), 0);
  return {
    reqPerSec: medianOf(rounds.map((round) => round.reqPerSec)),
    p99Ms: percentile(rounds.flatMap((round) => round.times), 0.99),
    oneUserMeanMs: oneUser.times.length > 0 ? oneUser.times.reduce((total, time) => total + time, 0) / oneUser.times.length : Number.NaN,
    cpuUsPerRequest: (1000 * rounds.reduce((total, round) => total + round.cpuMs, 0)) / rounds.reduce((total, round) => total + round.completed, 0),
    non2xx: sum((figures) => figures.non2xx),
    errors: sum((figures) => figures.errors),
    timeouts: sum((figures) => figures.timeouts),
  };
}

const microseconds = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Both servers warmed up, then ROUNDS alternating rounds at LOAD, then one connection each.
 * `window` is the product's first round (hrtime, µs), for its CPU profile.
 */
async function measure(product: Server, bare: Server): Promise<{ product: Row; bare: Row; ratios: number[]; window: { startUs: number; endUs: number; completed: number } }> {

  await load(product, WARM_UP);
  await load(bare, WARM_UP);
  const productRounds: Figures[] = [];
  const bareRounds: Figures[] = [];
  let window = { startUs: 0, endUs: 0, completed: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    const productRound = async () => {
      const startUs = microseconds();
      const figures = await load(product, LOAD);
      if (round === 0) window = { startUs, endUs: microseconds(), completed: figures.completed };
      productRounds.push(figures);
    };
    const bareRound = async () => void bareRounds.push(await load(bare, LOAD));
    // Product first in even rounds, bare first in odd ones: a drift of the machine weighs on both.
    if (round % 2 === 0) {
      await productRound();
      await bareRound();
    } else {
      await bareRound();
      await productRound();
    }
    const ratio = (productRounds[round]?.reqPerSec ?? 0) / (bareRounds[round]?.reqPerSec ?? Number.NaN);
    console.log(`  round ${round + 1}/${ROUNDS}: product ${rate(productRounds[round]?.reqPerSec ?? 0)} req/s, bare ${rate(bareRounds[round]?.reqPerSec ?? 0)} req/s, ratio ${ratio.toFixed(3)}`);
  }
  const ratios = productRounds.map((round, index) => round.reqPerSec / (bareRounds[index]?.reqPerSec ?? Number.NaN));
  const productOne = await load(product, ONE_USER);
  const bareOne = await load(bare, ONE_USER);
  return { product: rowOf(productRounds, productOne), bare: rowOf(bareRounds, bareOne), ratios, window };
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
  ratios: number[];
  bytes: number;
}

async function benchDatabase(kind: DatabaseKind, label: string, env: NodeJS.ProcessEnv): Promise<DatabaseResult> {
  console.log(`${label}`);
  let startedAt = performance.now();
  const product = await startServer(['product', kind], env, `product-${kind}`);
  let bare: Server | undefined;
  try {
    console.log(`  product started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (migrations, demo seed, signing key)`);
    const answer = await productAnswer(product);
    if (!answer.contentType.startsWith('application/json')) throw new Error(`the product answered ${answer.contentType}, not JSON`);
    console.log(`  checked: 200 with ${EXPECTED_COMPANIES} companies, ${(answer.body.length / 1024).toFixed(1)} KB`);

    const payloadFile = join(workDir, `payload-${kind}.json`);
    writeFileSync(payloadFile, answer.body);
    startedAt = performance.now();
    bare = await startServer(['bare', payloadFile, LIST_PATH], env);
    const echoed = Buffer.from(await (await fetch(`${bare.base}${LIST_PATH}`, { signal: AbortSignal.timeout(10_000) })).arrayBuffer());
    if (!echoed.equals(answer.body)) throw new Error('the bare route does not answer the same bytes as the product');
    console.log(`  bare Fastify started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s, serving the same bytes; measuring ${ROUNDS} alternating rounds`);

    const measured = await measure(product, bare);
    // The span of the product's first round on the clock V8's profiler uses (both are CLOCK_MONOTONIC).
    if (profileDir) {
      mkdirSync(join(profileDir, `product-${kind}`), { recursive: true });
      writeFileSync(join(profileDir, `product-${kind}`, 'window.json'), JSON.stringify(measured.window));
    }
    return { label, kind, product: measured.product, bare: measured.bare, ratios: measured.ratios, bytes: answer.body.length };
  } finally {
    await Promise.all([product.stop(), bare?.stop()]);
  }
}

function report(result: DatabaseResult): boolean {
  const header = ['', `req/s (${LOAD.connections} conn, median of ${ROUNDS} x ${LOAD.duration} s)`, `p99 ms (${LOAD.connections} conn)`, 'non-2xx', 'errors', `mean ms (1 conn, ${ONE_USER.duration} s)`, 'server CPU µs/req'];
  const named: Array<[string, Row]> = [
    ['product', result.product],
    ['bare Fastify', result.bare],
  ];
  const rows = named.map(([name, row]) => [name, rate(row.reqPerSec), ms(row.p99Ms), String(row.non2xx), String(row.errors), ms(row.oneUserMeanMs), row.cpuUsPerRequest.toFixed(0)]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd();
  console.log(`\n${result.label}: GET ${LIST_PATH} as ${DEMO_ADMIN} (${EXPECTED_COMPANIES} companies, ${(result.bytes / 1024).toFixed(1)} KB)`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const ratio = medianOf(result.ratios);
  const spread = `rounds ${Math.min(...result.ratios).toFixed(3)} to ${Math.max(...result.ratios).toFixed(3)}`;
  const goalsApply = result.kind === 'postgres';
  const note = goalsApply ? '' : '  (the goals are for PostgreSQL; shown for reference)';
  console.log(`  ratio product / bare req/s, median of the rounds: ${ratio.toFixed(3)} (${spread})   goal >= ${GOAL_RATIO}: ${verdict(ratio >= GOAL_RATIO)}${note}`);
  console.log(`  server CPU per request, product / bare: ${(result.product.cpuUsPerRequest / result.bare.cpuUsPerRequest).toFixed(3)} (steadier than req/s; on PostgreSQL the database's own CPU is not counted)`);
  console.log(`  product p99 at ${LOAD.connections} connections: ${ms(result.product.p99Ms)} ms   goal < ${GOAL_P99_MS} ms: ${verdict(result.product.p99Ms < GOAL_P99_MS)}`);
  const { non2xx, errors, timeouts } = result.product;
  if (non2xx + errors + timeouts > 0) console.log(`  the product answered errors: ${non2xx} non-2xx, ${errors} connection errors (${timeouts} timeouts)`);
  return non2xx + errors + timeouts === 0;
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
