// `npm run bench:bids`: a Sube run of 400 PMs with 12 workers against the
// market-site simulator at 200 ms of latency (no jitter), over real HTTP on 127.0.0.1, carried by
// a job worker on an embedded in-memory database:
//   (a) no faults: the run's time against the ideal ceil(400 / 12) x 200 ms; goal ratio <= 1.15;
//   (b) 20 % faults, half of them after the change was applied: every item done, and no PM twice
//       on the site (duplicates = 0);
//   (c) a stop in the middle: how long until the run hears it (goal <= 0.5 s), and how many
//       requests were sent after that (goal 0).
// The run's time is from its row's creation to its end (`creado_en` to `terminado_en`), both in
// the database's clock: it includes the claim, the sign-ins and every item's writes. The
// simulator runs in a process of its own (`npm run market-sim`), as another company's site would:
// its work is not the runner's; the benchmark steers and reads it through its control calls.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { SiteBids, SiteConfig } from '../schemas/market-site.schema';
import { DEFAULT_MARKET_SITE_PASSWORD, DEFAULT_MARKET_SITE_USER } from '../server/config';
import { openDatabase } from '../server/db/client';
import { startJobWorker } from '../server/jobs/worker';
import type { ReceivedRequest } from '../server/market-sim/site';
import { quietConfig } from '../server/market-sim/site';
import { requestStop } from '../server/processes/create-run';
import { registerJobTypes } from '../server/jobs/registry';
import { configureRunner, RUN_JOBS } from '../server/processes/runner';
import { httpSiteAdapter } from '../server/processes/site-http';
import { bidItems, itemStates, logLines, runEnded, startRun, tally, waitFor } from '../tests/server/process-fixtures';

const PMS = 400;
const WORKERS = 12;
const LATENCY_MS = 200;
const IDEAL_MS = Math.ceil(PMS / WORKERS) * LATENCY_MS;
const GOAL_RATIO = 1.15;
const GOAL_ACK_MS = 500;
/** A held answer (a simulated time-out) costs the client this long. */
const TIMEOUT_MS = 2_000;
/** Every wait of the benchmark is bounded (and looks seldom: the run's time is read from its row, and looking costs the run). */
const RUN_WITHIN_MS = 240_000;

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
});
// Node itself runs it (tsx as a loader), so ending it ends it.
const simulator = spawn(process.execPath, ['--import', 'tsx', 'server/market-sim/main.ts'], {
  env: { ...process.env, MARKET_SIM_PORT: String(port), MARKET_SIM_QUIET: '1' },
  stdio: 'ignore',
});
const baseUrl = `http://127.0.0.1:${port}/market-sim`;
const credentials = { usuario: DEFAULT_MARKET_SITE_USER, clave: DEFAULT_MARKET_SITE_PASSWORD };

/** A control call to the simulated original site. */
async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/original/admin/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} admin/${path}: ${response.status}`);
  return (response.status === 204 ? null : await response.json()) as T;
}
const siteBids = async () => (await control<{ data: SiteBids[] }>('GET', 'ofertas')).data;
const siteRequests = async () => (await control<{ data: ReceivedRequest[] }>('GET', 'peticiones')).data;
await waitFor(() => control('GET', 'config').catch(() => null), 60_000, 100);

const database = await openDatabase({ kind: 'pglite' });
const { db } = database;
configureRunner(db, { siteFor: (sitio) => httpSiteAdapter({ baseUrl: () => baseUrl, sitio, ...credentials, timeoutMs: TIMEOUT_MS }) });
registerJobTypes(RUN_JOBS);
const worker = startJobWorker({ db, concurrency: 1, pollMs: 50 });
async function configure(faults: number, afterApplying: number): Promise<void> {
  await control('POST', 'reset');
  const config: SiteConfig = { ...quietConfig('original'), latencia_ms: LATENCY_MS, jitter_ms: 0, tasa_fallos: faults, tasa_fallos_tras_aplicar: afterApplying };
  await control('PUT', 'config', config);
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
let allMet = true;

console.log(`Bid runs: ${PMS} PMs (24 hours each), ${WORKERS} workers, simulator at ${LATENCY_MS} ms latency, jitter 0`);

// (a) No faults.
{
  await configure(0, 0);
  const run = await startRun(db, { tipo: 'sube', trabajadores: WORKERS, items: bidItems(PMS, 24, 'A') });
  const ended = await runEnded(db, run.id, RUN_WITHIN_MS, 250);
  const tookMs = ended.terminado_en!.getTime() - ended.creado_en.getTime();
  const ratio = tookMs / IDEAL_MS;
  allMet &&= ratio <= GOAL_RATIO && ended.estado === 'completada';
  console.log(`(a) no faults:      ${ended.estado}, ${seconds(tookMs)} s against the ideal ${seconds(IDEAL_MS)} s: ratio ${ratio.toFixed(3)} (goal <= ${GOAL_RATIO}: ${verdict(ratio <= GOAL_RATIO)}); ${(await siteRequests()).length} requests`);
}

// (b) 20 % faults, half of them after applying.
{
  await configure(0.2, 0.5);
  const items = bidItems(PMS, 24, 'B');
  const run = await startRun(db, { tipo: 'sube', trabajadores: WORKERS, items });
  const ended = await runEnded(db, run.id, RUN_WITHIN_MS, 250);
  const tookMs = ended.terminado_en!.getTime() - ended.creado_en.getTime();
  const states = await itemStates(db, run.id);
  const done = [...states.values()].filter((state) => state.estado === 'hecho').length;
  const copies = tally((await siteBids()).map((bids) => `${bids.fecha_operacion} ${bids.pm}`));
  const duplicates = [...copies.values()].reduce((sum, count) => sum + count - 1, 0);
  const missing = items.filter((item) => !copies.has(`${(item.datos as { fecha_operacion: string }).fecha_operacion} ${item.clave}`)).length;
  const lines = await logLines(db, run.trabajo_id);
  const retries = lines.filter((line) => line.clave === 'processes.log.retry').length;
  const reconciled = lines.filter((line) => line.params.comprobado === true).length;
  allMet &&= done === PMS && duplicates === 0 && missing === 0;
  console.log(
    `(b) 20 % faults:    ${ended.estado}, ${seconds(tookMs)} s; done ${done}/${PMS} (${verdict(done === PMS)}), duplicates on the site ${duplicates} (goal 0: ${verdict(duplicates === 0)}), missing ${missing}; ` +
      `${retries} resends, ${reconciled} found applied after a lost answer; ${(await siteRequests()).length} requests`,
  );
}

// (c) A stop in the middle.
{
  await configure(0, 0);
  const run = await startRun(db, { tipo: 'sube', trabajadores: WORKERS, items: bidItems(PMS, 24, 'C') });
  await waitFor(async () => (await siteBids()).length >= PMS / 2, RUN_WITHIN_MS, 20);
  const stopAt = Date.now();
  await requestStop(db, run.id);
  const heard = await waitFor(async () => (await logLines(db, run.trabajo_id)).find((line) => line.clave === 'processes.log.stopHeard'), 5_000, 5);
  const heardAt = heard.params.oidoEn as number;
  const ended = await runEnded(db, run.id, 30_000);
  const received = await siteRequests();
  const sentAfter = received.filter((request) => (request.sentAt ?? request.at) > heardAt).length;
  const arrivedAfter = received.filter((request) => request.at > heardAt).length;
  const ackMs = heardAt - stopAt;
  allMet &&= ackMs <= GOAL_ACK_MS && sentAfter === 0 && ended.estado === 'detenida';
  const states = [...(await itemStates(db, run.id)).values()];
  console.log(
    `(c) stop midway:    ${ended.estado}; heard ${ackMs} ms after the stop (goal <= ${GOAL_ACK_MS} ms: ${verdict(ackMs <= GOAL_ACK_MS)}), its log line ${heard.creado_en.getTime() - stopAt} ms after; ` +
      `requests sent after it ${sentAfter} (goal 0: ${verdict(sentAfter === 0)}), ${arrivedAfter} on their way arrived after it; ` +
      `${states.filter((state) => state.estado === 'hecho').length} done, ${states.filter((state) => state.estado === 'pendiente').length} not sent; ended ${ended.terminado_en!.getTime() - stopAt} ms after the stop`,
  );
}

await worker.close();
simulator.kill('SIGTERM');
await database.close();
console.log(allMet ? 'Every goal met.' : 'Some goal MISSED.');
process.exit(allMet ? 0 : 1);
