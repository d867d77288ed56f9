// @vitest-environment node
// The runner (server/processes/runner.ts, docs/processes.md "How a run goes") against the
// simulator over real HTTP on 127.0.0.1, carried by the app's own job worker: faults before and
// after applying never duplicate and never lose an item; 429 is waited out; a stop is heard
// within half a second and no request starts after it, and it is final for Sube; a site that is
// down makes the items fail after their retries and the run end `fallida`.
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { quietConfig, type ReceivedRequest } from '../../server/market-sim/site';
import { requestStop } from '../../server/processes/create-run';
import { configureRunner } from '../../server/processes/runner';
import { httpSiteAdapter } from '../../server/processes/site-http';
import { startTestApp } from './helpers';
import { bidItems, itemStates, logLines, planillaItems, runEnded, startRun, tally, useQuietSites, waitFor } from './process-fixtures';

const TIMEOUT_MS = 300;
const t = await startTestApp({ env: { MARKET_SITE_TIMEOUT_MS: String(TIMEOUT_MS) }, app: { jobs: { pollMs: 50, heartbeatMs: 100, leaseMs: 5_000 } } });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const sim = t.app.marketSim!;

useQuietSites(t);

/**
 * The faults the site played on changes were told in the run's log: one sent again after a
 * fault before applying (a retry), and each change whose answer was lost after applying found
 * on the site by the question that follows (a reconciled line each), never sent twice.
 */
function expectFaultsTold(requests: readonly ReceivedRequest[], lines: readonly { clave: string }[], reconciledKey: string) {
  const faults = requests.filter((request) => request.change && request.fault).map((request) => request.fault!);
  // 0.7^40: a run of 40 changes at a 30 % fault rate plays at least one.
  expect(faults.length).toBeGreaterThan(0);
  if (faults.some((fault) => !fault.afterApplying)) expect(lines.some((line) => line.clave === 'processes.log.retry')).toBe(true);
  // At least: a change the client gave up on (its time-out, on a slow machine) is asked about too.
  expect(lines.filter((line) => line.clave === reconciledKey).length).toBeGreaterThanOrEqual(faults.filter((fault) => fault.afterApplying).length);
}

const jobState = async (jobId: number) => (await queryRows<{ estado: string }>(t.db, sql`select estado from trabajos where id = ${jobId}`))[0]?.estado;

describe('a run against the simulated site', () => {
  it('registers every planilla exactly once through faults before and after applying', { timeout: 60_000 }, async () => {
    sim.site('original').configure({ ...quietConfig('original'), latencia_ms: 10, jitter_ms: 5, tasa_fallos: 0.3, tasa_fallos_tras_aplicar: 0.5 });
    const items = planillaItems(40);
    const run = await startRun(t.db, { tipo: 'registra', trabajadores: 6, items });
    const ended = await runEnded(t.db, run.id, 50_000);
    expect(ended.estado).toBe('completada');
    expect(await jobState(run.trabajo_id)).toBe('terminado');

    const onSite = tally(sim.site('original').planillas.map((planilla) => planilla.codigo_anexo));
    const states = await itemStates(t.db, run.id);
    for (const item of items) {
      expect(onSite.get(item.clave), `${item.clave} on the site`).toBe(1);
      expect(states.get(item.clave)?.estado, item.clave).toBe('hecho');
    }
    // What Supresion lists: one row per planilla, with the site's own number.
    const registered = await queryRows<{ codigo_anexo: string; numero_planilla: string; anexo_id: number }>(
      t.db,
      sql`select codigo_anexo, numero_planilla, anexo_id from planillas_registradas where ejecucion_id = ${run.id}`,
    );
    const numbers = new Map(sim.site('original').planillas.map((planilla) => [planilla.codigo_anexo, planilla.numero_planilla]));
    expect(registered).toHaveLength(items.length);
    for (const row of registered) expect(row.numero_planilla).toBe(numbers.get(row.codigo_anexo));
    for (const item of items) expect(states.get(item.clave)?.resultado).toBe(numbers.get(item.clave));
    const lines = await logLines(t.db, run.trabajo_id);
    expectFaultsTold(sim.site('original').requests, lines, 'processes.log.reconciledRegistered');
    expect(lines.at(-1)?.clave).toBe('processes.log.completed');
  });

  it('uploads every PM exactly once through faults before and after applying', { timeout: 60_000 }, async () => {
    sim.site('modified').configure({ ...quietConfig('modified'), latencia_ms: 8, jitter_ms: 4, tasa_fallos: 0.3, tasa_fallos_tras_aplicar: 0.5 });
    const items = bidItems(40, 4);
    const run = await startRun(t.db, { tipo: 'sube', sitio: 'modified', trabajadores: 8, items });
    expect((await runEnded(t.db, run.id, 50_000)).estado).toBe('completada');
    const onSite = tally(sim.site('modified').ofertas.map((bids) => bids.pm));
    const states = await itemStates(t.db, run.id);
    for (const item of items) {
      expect(onSite.get(item.clave), `${item.clave} on the site`).toBe(1);
      expect(states.get(item.clave)?.estado).toBe('hecho');
    }
    expectFaultsTold(sim.site('modified').requests, await logLines(t.db, run.trabajo_id), 'processes.log.reconciledUploaded');
  });

  it('deletes planillas, an already deleted one counting as done, and takes them off the registered list', { timeout: 30_000 }, async () => {
    const registra = await startRun(t.db, { tipo: 'registra', trabajadores: 2, items: planillaItems(4, 'D') });
    await runEnded(t.db, registra.id, 20_000);
    const numbers = sim.site('original').planillas.map((planilla) => planilla.numero_planilla);
    expect(numbers).toHaveLength(4);
    // One is deleted on the site by hand first.
    sim.site('original').deletePlanilla(numbers[0]!);
    sim.site('original').configure({ ...quietConfig('original'), latencia_ms: 5, tasa_fallos: 0.3, tasa_fallos_tras_aplicar: 0.5 });
    const supresion = await startRun(t.db, {
      tipo: 'supresion',
      trabajadores: 2,
      items: numbers.map((numero) => ({ clave: numero, descripcion: numero, datos: { numero_planilla: numero } })),
    });
    expect((await runEnded(t.db, supresion.id, 20_000)).estado).toBe('completada');
    expect(sim.site('original').planillas).toHaveLength(0);
    const left = await queryRows<{ numero_planilla: string; eliminada_por_ejecucion: number | null }>(
      t.db,
      sql`select numero_planilla, eliminada_por_ejecucion from planillas_registradas where ejecucion_id = ${registra.id}`,
    );
    expect(left.every((row) => row.eliminada_por_ejecucion === supresion.id)).toBe(true);
  });

  it('waits out 429 when it has more workers than the site has places: every item done, none failed for 429', { timeout: 30_000 }, async () => {
    sim.site('modified').configure({ ...quietConfig('modified'), latencia_ms: 10, limite_sesiones: 3 });
    const items = bidItems(30, 2);
    const run = await startRun(t.db, { tipo: 'sube', sitio: 'modified', trabajadores: 6, reintentos: 1, items });
    expect((await runEnded(t.db, run.id, 25_000)).estado).toBe('completada');
    const states = await itemStates(t.db, run.id);
    expect([...states.values()].every((state) => state.estado === 'hecho' && state.error === null)).toBe(true);
    expect(tally(sim.site('modified').ofertas.map((bids) => bids.pm)).size).toBe(items.length);
    expect(sim.site('modified').ofertas).toHaveLength(items.length);
    const lines = await logLines(t.db, run.trabajo_id);
    expect(lines.some((line) => line.clave === 'processes.log.sessionBusy')).toBe(true);
    // The places were given back at the end.
    expect(sim.site('modified').sessions.size).toBe(0);
  });

  it('hears a stop within half a second, sends nothing after it, and a stopped Sube run stays stopped', { timeout: 30_000 }, async () => {
    sim.site('original').configure({ ...quietConfig('original'), latencia_ms: 40, jitter_ms: 10 });
    const run = await startRun(t.db, { tipo: 'sube', trabajadores: 4, items: bidItems(300, 2) });
    await waitFor(async () => sim.site('original').ofertas.length >= 12, 15_000);
    const stopAt = Date.now();
    const stopping = await requestStop(t.db, run.id);
    expect(stopping?.estado).toBe('deteniendo');
    const heard = await waitFor(async () => (await logLines(t.db, run.trabajo_id)).find((line) => line.clave === 'processes.log.stopHeard'), 3_000, 10);
    // Heard (the runner's own clock) and told (the log line's) within half a second.
    const heardAt = heard.params.oidoEn as number;
    expect(heardAt - stopAt).toBeLessThanOrEqual(500);
    expect(heard.creado_en.getTime() - stopAt).toBeLessThanOrEqual(500);
    const ended = await runEnded(t.db, run.id, 10_000);
    expect(ended.estado).toBe('detenida');
    expect(await jobState(run.trabajo_id)).toBe('detenido');
    // Requests already on their way when it was heard may arrive after it; none left after it.
    expect(sim.site('original').requestsSentAfter(heardAt)).toEqual([]);
    // Final: nothing takes it up again, and a second stop finds it ended.
    const states = await itemStates(t.db, run.id);
    const notSent = [...states.values()].filter((state) => state.estado === 'pendiente').length;
    expect(notSent).toBeGreaterThan(0);
    const requestsSoFar = sim.site('original').requests.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sim.site('original').requests.length).toBe(requestsSoFar);
    expect((await itemStates(t.db, run.id)).size).toBe(states.size);
    expect([...(await itemStates(t.db, run.id)).values()].filter((state) => state.estado === 'pendiente')).toHaveLength(notSent);
    expect(await requestStop(t.db, run.id)).toBeNull();
    // Each PM at most once on the site, and every one done is there.
    const onSite = tally(sim.site('original').ofertas.map((bids) => bids.pm));
    expect([...onSite.values()].every((copies) => copies === 1)).toBe(true);
    for (const [clave, state] of states) if (state.estado === 'hecho') expect(onSite.get(clave)).toBe(1);
  });

  it('fails the items after their retries when the site is down, and the run ends fallida', { timeout: 30_000 }, async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    configureRunner(t.db, {
      siteFor: (sitio) => httpSiteAdapter({ baseUrl: () => `http://127.0.0.1:${port}/market-sim`, sitio, usuario: 'epwm', clave: 'x', timeoutMs: TIMEOUT_MS }),
    });
    try {
      const run = await startRun(t.db, { tipo: 'registra', trabajadores: 2, reintentos: 1, items: planillaItems(3, 'Z') });
      const ended = await runEnded(t.db, run.id, 20_000);
      expect(ended).toMatchObject({ estado: 'fallida', error: 'processes.errors.unreachable' });
      expect(await jobState(run.trabajo_id)).toBe('fallido');
      const states = await itemStates(t.db, run.id);
      expect([...states.values()].every((state) => state.estado === 'fallido' && state.error === 'processes.errors.unreachable')).toBe(true);
      const failed = (await logLines(t.db, run.trabajo_id)).filter((line) => line.clave === 'processes.log.failed');
      expect(failed).toHaveLength(3);
      expect(failed.every((line) => line.params.motivo === 'processes.errors.unreachable')).toBe(true);
    } finally {
      const base = () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/market-sim`;
      configureRunner(t.db, { siteFor: (sitio) => httpSiteAdapter({ baseUrl: base, sitio, usuario: t.config.marketSiteUser, clave: t.config.marketSitePassword, timeoutMs: TIMEOUT_MS }) });
    }
  });
});
