// @vitest-environment node
// A run interrupted mid-way: the runner carrying it stops
// (its job worker closes, as a process does at shutdown) while requests are on their way and
// outlive the grace it gives them, so their items are left `enviando`; the site applies them
// anyway. A new runner on the same database takes the run up, asks the site about those items
// before sending anything again, and finishes: every planilla once on the site, every item done.
// A run whose process kept dying until its job ran out of attempts ends fallida, interrupted.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { startJobWorker } from '../../server/jobs/worker';
import { quietConfig } from '../../server/market-sim/site';
import { IN_FLIGHT_GRACE_MS } from '../../server/processes/runner';
import { registeredOrUnderWay } from '../../server/processes/store';
import { startTestApp } from './helpers';
import { itemStates, logLines, planillaItems, runEnded, startRun, tally, waitFor } from './process-fixtures';

// No worker of the app's own: the test starts and stops the two runners itself. A request
// times out after 8 s: past the slow site's answers below, and a simulated time-out costs no more.
const t = await startTestApp({ env: { JOB_WORKERS: '0', MARKET_SITE_TIMEOUT_MS: '8000' } });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const site = t.app.marketSim!.site('original');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A request the site answers this long after it came: past the grace a stopping runner gives. */
const SLOW_MS = IN_FLIGHT_GRACE_MS + 1_000;
const worker = () => startJobWorker({ db: t.db, concurrency: 1, pollMs: 50, heartbeatMs: 100, leaseMs: 2_000, shutdownMs: IN_FLIGHT_GRACE_MS + 2_000 });

afterAll(async () => {
  await t.close();
});

describe('a run whose runner stops mid-way', () => {
  it('is taken up by a new runner, which asks about the items left on their way and sends nothing twice', { timeout: 180_000 }, async () => {
    const flaky = { ...quietConfig('original'), latencia_ms: 20, jitter_ms: 10, tasa_fallos: 0.15, tasa_fallos_tras_aplicar: 0.5 };
    site.configure(flaky);
    const items = planillaItems(40, 'T');
    const first = worker();
    const run = await startRun(t.db, { tipo: 'registra', trabajadores: 4, items });
    const done = async () => [...(await itemStates(t.db, run.id)).values()].filter((item) => item.estado === 'hecho').length;
    await waitFor(async () => (await done()) >= 10, 30_000);

    // The site slows down: the requests sent from now on are still on their way when the runner
    // stops and its grace runs out.
    site.configure({ ...quietConfig('original'), latencia_ms: SLOW_MS });
    await sleep(300);
    const stoppedAt = Date.now();
    await first.close();
    const [left] = await queryRows<{ enviando: number; job: string }>(
      t.db,
      sql`select (select count(*)::int from proceso_items where ejecucion_id = ${run.id} and estado = 'enviando') as enviando,
            (select estado from trabajos where id = ${run.trabajo_id}) as job`,
    );
    expect(left!.enviando).toBeGreaterThan(0);
    expect(left!.job).toBe('pendiente');
    // The site applies what it was sent, though nobody hears its answer any more.
    await sleep(Math.max(0, stoppedAt + SLOW_MS + 500 - Date.now()));
    const appliedMeanwhile = site.planillas.length;

    // A new runner on the same database.
    site.configure(flaky);
    const second = worker();
    try {
      const ended = await runEnded(t.db, run.id, 120_000);
      expect(ended.estado).toBe('completada');
    } finally {
      await second.close();
    }
    const onSite = tally(site.planillas.map((planilla) => planilla.codigo_anexo));
    const states = await itemStates(t.db, run.id);
    for (const item of items) {
      expect(onSite.get(item.clave), `${item.clave} on the site`).toBe(1);
      expect(states.get(item.clave)?.estado, item.clave).toBe('hecho');
    }
    expect(appliedMeanwhile).toBeLessThan(items.length);
    const lines = (await logLines(t.db, run.trabajo_id)).map((line) => line.clave);
    expect(lines).toContain('processes.log.resumed');
    // The items left on their way were found applied on the site, not sent again.
    expect(lines).toContain('processes.log.reconciledRegistered');
    expect(lines.at(-1)).toBe('processes.log.completed');
  });
});

describe('a run whose process kept dying', () => {
  it('ends fallida, interrupted, once its job ran out of attempts: what was done kept, what was on its way unconfirmed, the rest never sent and free for a new run', async () => {
    site.configure(quietConfig('original'));
    const items = planillaItems(6, 'X');
    const run = await startRun(t.db, { tipo: 'registra', trabajadores: 2, items });
    // As a process that died at the fifth attempt leaves it: two planillas done, one on its way, its lease run out.
    await t.db.execute(sql`update proceso_items set estado = 'hecho', resultado = 'N-' || orden where ejecucion_id = ${run.id} and orden <= 2`);
    await t.db.execute(sql`update proceso_items set estado = 'enviando', trabajador = 1 where ejecucion_id = ${run.id} and orden = 3`);
    await t.db.execute(
      sql`update trabajos set estado = 'en_curso', intentos = 5, trabajador = 'muerto:1:dead', lease_hasta = now() - interval '1 second' where id = ${run.trabajo_id}`,
    );
    const received = site.requests.length;
    const next = worker();
    try {
      expect(await runEnded(t.db, run.id, 10_000)).toMatchObject({ estado: 'fallida', error: 'processes.errors.interrupted' });
    } finally {
      await next.close();
    }
    const [job] = await queryRows<{ estado: string; error: string }>(t.db, sql`select estado, error from trabajos where id = ${run.trabajo_id}`);
    expect(job).toEqual({ estado: 'fallido', error: 'too many attempts' });
    expect([...(await itemStates(t.db, run.id)).values()].map((item) => [item.estado, item.error])).toEqual([
      ['hecho', null],
      ['hecho', null],
      ['fallido', 'processes.errors.unconfirmed'],
      ['pendiente', null],
      ['pendiente', null],
      ['pendiente', null],
    ]);
    // No runner took it up: nothing was sent.
    expect(site.requests.length).toBe(received);
    expect([...(await registeredOrUnderWay(t.db, 'original'))].filter((code) => code.startsWith('X-'))).toEqual([]);
  });
});
