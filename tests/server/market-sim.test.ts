// @vitest-environment node
// The market-site simulator (server/market-sim, docs/processes.md "The site's API") over real
// HTTP on 127.0.0.1: its session cap (429 with Retry-After), no idempotency key (a planilla sent
// twice is there twice), faults after applying that really apply, and its control calls, which
// need a signed-in product admin.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_SITE_PASSWORD, DEFAULT_MARKET_SITE_USER } from '../../server/config';
import { quietConfig } from '../../server/market-sim/site';
import { bearer, startTestApp } from './helpers';
import { planillaItems, useQuietSites } from './process-fixtures';

const t = await startTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address() as { port: number };
const base = `http://127.0.0.1:${address.port}/market-sim`;
const sim = t.app.marketSim!;
await t.createUser({ email: 'admin@test.energy', permisos_x_view: ['admin'] });
await t.createUser({ email: 'trader@test.energy', permisos_x_view: ['acciones'] });

useQuietSites(t);

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function signIn(sitio: string): Promise<Response> {
  return fetch(`${base}/${sitio}/api/sesiones`, json({ usuario: DEFAULT_MARKET_SITE_USER, clave: DEFAULT_MARKET_SITE_PASSWORD }));
}

async function tokenOf(sitio: string): Promise<string> {
  const response = await signIn(sitio);
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

const planilla = planillaItems(1)[0]!.datos;
const { anexo_id: _ours, ...sitePlanilla } = planilla;

describe('the simulated site', () => {
  it('admits 16 sessions on the original site and 10 on the modified one, then answers 429 with Retry-After', async () => {
    for (const [sitio, cap] of [['original', 16], ['modified', 10]] as const) {
      for (let index = 0; index < cap; index += 1) await tokenOf(sitio);
      const refused = await signIn(sitio);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // A session that ends frees its place.
    const token = sim.site('modified').sessions.keys().next().value!;
    expect((await fetch(`${base}/modified/api/sesiones`, { method: 'DELETE', headers: bearer(token) })).status).toBe(204);
    await tokenOf('modified');
  });

  it('refuses bad credentials and calls without a live session', async () => {
    expect((await fetch(`${base}/original/api/sesiones`, json({ usuario: DEFAULT_MARKET_SITE_USER, clave: 'wrong' }))).status).toBe(401);
    expect((await fetch(`${base}/original/api/planillas`, { headers: bearer('nope') })).status).toBe(401);
  });

  it('has no idempotency key: a planilla sent twice is registered twice, with two numbers', async () => {
    const token = await tokenOf('original');
    const send = () => fetch(`${base}/original/api/planillas`, { ...json(sitePlanilla), headers: { ...bearer(token), 'content-type': 'application/json' } });
    const first = (await (await send()).json()) as { numero_planilla: string };
    const second = (await (await send()).json()) as { numero_planilla: string };
    expect(first.numero_planilla).not.toBe(second.numero_planilla);
    const found = await fetch(`${base}/original/api/planillas?codigo_anexo=${encodeURIComponent(sitePlanilla.codigo_anexo as string)}`, { headers: bearer(token) });
    expect(((await found.json()) as { data: unknown[] }).data).toHaveLength(2);
    // Deleting: 204, then 404 (already gone).
    const remove = () => fetch(`${base}/original/api/planillas/${first.numero_planilla}`, { method: 'DELETE', headers: bearer(token) });
    expect((await remove()).status).toBe(204);
    expect((await remove()).status).toBe(404);
  });

  it('applies a change before a fault that loses its answer', async () => {
    const token = await tokenOf('modified');
    sim.site('modified').configure({ ...quietConfig('modified'), tasa_fallos: 1, tasa_fallos_tras_aplicar: 1 });
    const sent = 12;
    const outcomes: string[] = [];
    for (let index = 0; index < sent; index += 1) {
      const bids = { fecha_operacion: '2026-03-02', pm: `PM-${index}`, horas: [{ periodo: 1, potencia: '1.5', precio: '40.00' }] };
      try {
        const response = await fetch(`${base}/modified/api/ofertas`, { ...json(bids), headers: { ...bearer(token), 'content-type': 'application/json' }, signal: AbortSignal.timeout(300) });
        outcomes.push(String(response.status));
      } catch (error) {
        outcomes.push((error as Error).name);
      }
    }
    // No answer came back as a success, yet every one was applied.
    expect(outcomes.every((outcome) => outcome !== '201')).toBe(true);
    expect(sim.site('modified').ofertas).toHaveLength(sent);
    // A fault before applying applies nothing.
    sim.site('modified').configure({ ...quietConfig('modified'), tasa_fallos: 1, tasa_fallos_tras_aplicar: 0 });
    const before = await fetch(`${base}/modified/api/ofertas`, {
      ...json({ fecha_operacion: '2026-03-02', pm: 'PM-X', horas: [{ periodo: 1, potencia: '1.5', precio: '40.00' }] }),
      headers: { ...bearer(token), 'content-type': 'application/json' },
      signal: AbortSignal.timeout(300),
    }).catch(() => null);
    expect(before?.status ?? 0).not.toBe(201);
    expect(sim.site('modified').ofertas).toHaveLength(sent);
  });

  it('plays its latency', async () => {
    sim.site('original').configure({ ...quietConfig('original'), latencia_ms: 120 });
    const started = performance.now();
    await tokenOf('original');
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('lets only a signed-in product admin steer it', async () => {
    const config = { latencia_ms: 5, jitter_ms: 2, tasa_fallos: 0.1, tasa_fallos_tras_aplicar: 0.5, limite_sesiones: 4 };
    const put = (headers: Record<string, string>) => t.app.inject({ method: 'PUT', url: '/market-sim/modified/admin/config', headers, payload: config });
    expect((await put({})).statusCode).toBe(401);
    expect((await put(bearer(await t.mintToken('trader@test.energy')))).statusCode).toBe(403);
    const admin = bearer(await t.mintToken('admin@test.energy'));
    const done = await put(admin);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject(config);
    expect(sim.site('modified').config.limite_sesiones).toBe(4);
    for (const path of ['config', 'planillas', 'ofertas']) {
      expect((await t.app.inject({ method: 'GET', url: `/market-sim/original/admin/${path}` })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `/market-sim/original/admin/${path}`, headers: bearer(await t.mintToken('trader@test.energy')) })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/market-sim/original/admin/${path}`, headers: admin })).statusCode).toBe(200);
    }
    sim.site('original').register(sitePlanilla as never);
    const listed = await t.app.inject({ method: 'GET', url: '/market-sim/original/admin/planillas', headers: admin });
    expect(listed.json().data).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/market-sim/original/admin/reset', headers: bearer(await t.mintToken('trader@test.energy')) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/market-sim/original/admin/reset', headers: admin })).statusCode).toBe(204);
    expect(sim.site('original').planillas).toHaveLength(0);
  });
});

describe('with a market site configured (MARKET_SITE_URL)', () => {
  it('serves no simulator: the site is reached with its own account only', async () => {
    const configured = await startTestApp({ env: { MARKET_SITE_URL: 'http://127.0.0.1:9/site', MARKET_SITE_USER: 'trader', MARKET_SITE_PASSWORD: 'their-secret' } });
    try {
      expect(configured.app.marketSim).toBeUndefined();
      const signIn = await configured.app.inject({
        method: 'POST',
        url: '/market-sim/original/api/sesiones',
        payload: { usuario: DEFAULT_MARKET_SITE_USER, clave: DEFAULT_MARKET_SITE_PASSWORD },
      });
      expect(signIn.statusCode).toBe(404);
      expect(signIn.json().code).toBe('APP_ERR_ROUTE_NOT_FOUND');
    } finally {
      await configured.close();
    }
  });
});
