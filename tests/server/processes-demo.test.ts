// @vitest-environment node
// A fresh demo start (server/main.ts: the demo seed, then its market data, as of today) gives
// both selection steps something to show: registration rows of the annexes in force today,
// with PMi and PMr, in GT among others, and today's bid-hour grid with prices to bid at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidHour, RegistrationRow } from '../../schemas/process.schema';
import { seedDemo } from '../../server/db/seed/demo';
import { seedDemoMarketData } from '../../server/db/seed/demo-market-data';
import { todayIso } from '../../server/processes/candidates';
import { registraProblems } from '../../machines/processes/selection-rules';
import { NO_JOB_WORKERS, startTestApp, type TestApp } from './helpers';

const TRADER = 'trader-demo@test.energy';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp(NO_JOB_WORKERS);
  await t.resetUsers();
  const today = new Date();
  await seedDemo(t.db, { poolId: t.config.identity.poolId, withIdentities: false, today });
  await seedDemoMarketData(t.db, today);
  await t.createUser({ email: TRADER, permisos_x_view: ['acciones'] });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await t.mintToken(TRADER)}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

describe('the demo, for the bid processes', () => {
  it('has registration rows in force today, GT ones with their PMi and PMr, none ticked, all of them fit to register', async () => {
    const rows = await get<RegistrationRow[]>('/procesos/api/v1/registra/candidatos');
    expect(rows.length).toBeGreaterThan(10);
    const today = todayIso();
    for (const row of rows) expect(row.inicio <= today && row.fin >= today, row.codigo).toBe(true);
    const gt = rows.filter((row) => [...row.pmi, ...row.pmr].some((pm) => pm.startsWith('GT-')));
    expect(gt.length).toBeGreaterThan(0);
    expect(gt.some((row) => row.pmi.length > 0 && row.pmr.length > 0)).toBe(true);
    expect(rows.some((row) => row.registrar)).toBe(false);
    // The demo's annexes keep the selection rules: all of them, ticked, can go in one run.
    expect(registraProblems({ sitio: 'original', trabajadores: 12, reintentos: 3, filas: rows.map((row) => ({ ...row, registrar: true })) })).toEqual([]);
  });

  it("has today's bid hours, most of them priced and ready to bid", async () => {
    const grid = await get<BidHour[]>(`/procesos/api/v1/sube/horas?fecha_operacion=${todayIso()}`);
    const nodes = new Set(grid.map((hour) => hour.nodo));
    expect(nodes.size).toBeGreaterThan(1);
    expect(grid).toHaveLength(nodes.size * 24);
    expect(grid.filter((hour) => hour.ofertar).length).toBeGreaterThan(grid.length / 2);
  });
});
