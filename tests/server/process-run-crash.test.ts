// @vitest-environment node
// Killing the server during a bid run (docs/processes.md, "Crash safety"). A Registra run of
// 60 planillas, 4 workers, against the market-site simulator running as a process of its own
// (as an operator's site would: it outlives our server and keeps what it was sent), slow and a
// little flaky. The real server is killed with SIGKILL once some planillas are registered and
// requests are on their way. Every item done then has its planilla on the site, with the number
// it recorded and its `planillas_registradas` row; every item still pending was never sent; the
// items on their way are either. Started again, the server takes the run up once the dead
// process's lease has run out, asks the site about the items left on their way before sending
// anything, and completes the run: every planilla on the site exactly once, every item done.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../schemas/process.schema';
import type { SitePlanilla } from '../../schemas/market-site.schema';
import { DEFAULT_MARKET_SITE_PASSWORD, DEFAULT_MARKET_SITE_USER, loadConfig } from '../../server/config';
import { queryRows, type Db } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { registerJobTypes } from '../../server/jobs/registry';
import { RUN_JOBS } from '../../server/processes/runner';
import { freePort } from '../../scripts/free-port';
import { BASE_TEST_ENV } from './helpers';
import { planillaItems, startRun, tally } from './process-fixtures';
import { until, useCrashWorld } from './support/crash-server';

const TRADER = 'admin@demo.energy';
const ITEMS = 60;

const crashWorld = useCrashWorld('process-run-crash');

/** The run's items (state, the site's answer) and registered planillas, by annex code. */
async function holding(db: Db, runId: number) {
  const items = await queryRows<{ clave: string; estado: string; resultado: string | null }>(
    db,
    sql`select clave, estado, resultado from proceso_items where ejecucion_id = ${runId} order by orden`,
  );
  const registered = await queryRows<{ codigo_anexo: string; numero_planilla: string }>(
    db,
    sql`select codigo_anexo, numero_planilla from planillas_registradas where ejecucion_id = ${runId}`,
  );
  const [run] = await queryRows<{ estado: string; job: string; intentos: number }>(
    db,
    sql`select r.estado, j.estado as job, j.intentos from proceso_ejecuciones r join trabajos j on j.id = r.trabajo_id where r.id = ${runId}`,
  );
  return { items, registered: new Map(registered.map((row) => [row.codigo_anexo, row.numero_planilla])), run: run! };
}

describe('killing the server during a bid run', () => {
  it('leaves every item done applied on the site and recorded, nothing pending sent; the run, taken up again, completes with every planilla once', { timeout: 300_000 }, async () => {
    const world = await crashWorld();
    const config = loadConfig(BASE_TEST_ENV);
    const items = planillaItems(ITEMS, 'K');
    const run = await world.withDb(async (db) => {
      await seedDemo(db, { poolId: config.identity.poolId, withIdentities: false });
      // Asked for as the route does: the run, its items and its job in one transaction; the
      // server claims it when it starts. Queued here, outside the app whose jobs plugin registers its type.
      registerJobTypes(RUN_JOBS);
      return startRun(db, { tipo: 'registra', trabajadores: 4, reintentos: 5, items });
    });

    // The operator's site: a process of its own, reached only over HTTP, on 127.0.0.1.
    const simPort = await freePort();
    const simUrl = `http://127.0.0.1:${simPort}/market-sim`;
    const sim = world.spawnScript('server/market-sim/main.ts', { MARKET_SIM_PORT: String(simPort), MARKET_SIM_HOST: '127.0.0.1', MARKET_SIM_QUIET: '1', LOG_LEVEL: 'warn' });
    const site = async <T>(method: string, route: string, body?: unknown): Promise<T | null> => {
      try {
        const response = await fetch(`${simUrl}/original/admin/${route}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
        return response.ok ? ((await response.json()) as { data: T }).data : null;
      } catch (error) {
        if (error instanceof TypeError) return null;
        throw error;
      }
    };
    await until(() => `the simulator to answer\n${sim.output()}`, () => site('GET', 'config'), 60_000, 100);
    // Slow enough that requests are on their way at any moment; faults, some after applying, so the run retries and asks.
    expect(await site('PUT', 'config', { latencia_ms: 150, jitter_ms: 50, tasa_fallos: 0.1, tasa_fallos_tras_aplicar: 0.5, limite_sesiones: 16 })).not.toBeNull();
    const onSite = async () => (await site<SitePlanilla[]>('GET', 'planillas')) ?? [];

    const env = { MARKET_SITE_URL: simUrl, MARKET_SITE_USER: DEFAULT_MARKET_SITE_USER, MARKET_SITE_PASSWORD: DEFAULT_MARKET_SITE_PASSWORD };
    const first = await world.startServer({ env });
    const readRun = async (server: typeof first) => (await server.call<{ data: { ejecucion: Run } }>('GET', `/procesos/api/v1/ejecuciones/${run.id}`, { as: TRADER }))?.body.data?.ejecucion;
    // Killed once some planillas are registered and most are still to go.
    const seen = await until('the run to register 10 planillas', async () => {
      const now = await readRun(first);
      return now && now.hechos >= 10 ? now : null;
    }, 120_000, 25);
    await first.kill();
    expect(seen.estado).toBe('en_curso');
    expect(seen.hechos).toBeLessThan(ITEMS / 2);

    const afterKill = await world.withDb((db) => holding(db, run.id));
    const sitePlanillas = await onSite();
    const siteCount = tally(sitePlanillas.map((planilla) => planilla.codigo_anexo));
    const siteNumber = new Map(sitePlanillas.map((planilla) => [planilla.codigo_anexo, planilla.numero_planilla]));
    const byState = tally(afterKill.items.map((item) => item.estado));
    expect(afterKill.run).toMatchObject({ estado: 'en_curso', job: 'en_curso', intentos: 1 });
    // Mid-way: some done, some not sent yet, and requests on their way when it died.
    expect(byState.get('hecho')).toBeGreaterThanOrEqual(10);
    expect(byState.get('pendiente')).toBeGreaterThan(0);
    expect(byState.get('enviando')).toBeGreaterThan(0);
    for (const item of afterKill.items) {
      // Never more than once on the site, whatever its state.
      expect(siteCount.get(item.clave) ?? 0, item.clave).toBeLessThanOrEqual(1);
      if (item.estado === 'hecho') {
        // Done means applied on the site and recorded with what the site answered, together.
        expect(siteNumber.get(item.clave), item.clave).toBe(item.resultado);
        expect(afterKill.registered.get(item.clave), item.clave).toBe(item.resultado);
      } else {
        // Not done: never recorded as registered; pending ones were never sent.
        expect(afterKill.registered.has(item.clave), item.clave).toBe(false);
        if (item.estado === 'pendiente') expect(siteCount.has(item.clave), item.clave).toBe(false);
      }
    }

    // Started again: once the dead process's lease has run out the run is taken up, asks about the items left on their way, and completes.
    const second = await world.startServer({ env });
    const ended = await until('the run to end', async () => {
      const now = await readRun(second);
      return now?.terminado_en ? now : null;
    }, 120_000, 200);
    expect(ended).toMatchObject({ estado: 'completada', hechos: ITEMS, fallidos: 0, pendientes: 0 });
    await until('the run job to end', async () => (await second.call<{ data: { estado: string } }>('GET', `/api/v1/trabajos/${run.trabajo_id}`, { as: TRADER }))?.body.data?.estado === 'terminado', 30_000, 200);
    await second.stop();

    const { finished, lines } = await world.withDb(async (db) => ({
      finished: await holding(db, run.id),
      lines: await queryRows<{ clave: string }>(
        db,
        sql`select clave from trabajo_eventos where trabajo_id = ${run.trabajo_id} and (tipo = 'estado' or clave = 'processes.log.resumed') order by id`,
      ),
    }));
    const finalPlanillas = await onSite();
    const finalSite = tally(finalPlanillas.map((planilla) => planilla.codigo_anexo));
    const finalNumber = new Map(finalPlanillas.map((planilla) => [planilla.codigo_anexo, planilla.numero_planilla]));
    for (const item of finished.items) {
      expect(item.estado, item.clave).toBe('hecho');
      expect(finalSite.get(item.clave), `${item.clave} on the site`).toBe(1);
      expect(finished.registered.get(item.clave), item.clave).toBe(finalNumber.get(item.clave));
      expect(item.resultado, item.clave).toBe(finalNumber.get(item.clave));
    }
    expect(finished.run).toMatchObject({ estado: 'completada', job: 'terminado', intentos: 2 });
    expect(lines.map((line) => line.clave)).toEqual(['jobs.events.pendiente', 'jobs.events.en_curso', 'jobs.events.retomado', 'processes.log.resumed', 'jobs.events.terminado']);
  });
});
