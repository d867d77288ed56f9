// @vitest-environment node
// The demo's log books as the pages read them: the last weeks' days sent (the annexes in force
// declared), yesterday's sent twice with its first version kept as replaced, the EOR's
// predespacho of the last days programmed from what was sent, El Salvador's limits and offers,
// Mexico's thermal agents, last week's AMM record; and a second start writes nothing again.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../../schemas/date.schema';
import type { Logbook, OffersView, PredespachoComparison, SentSummary } from '../../schemas/logbook.schema';
import { queryRows } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { seedDemoLogbooks } from '../../server/db/seed/demo-logbooks';
import { userWith } from './admin-fixtures';
import { bearer, startTestApp, type TestApp } from './helpers';

const NOW = new Date();
const TODAY = businessToday(NOW);
const TRADER = 'mesa@test.energy';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await t.resetUsers();
  await seedDemo(t.db, { poolId: t.config.identity.poolId, withIdentities: false, today: NOW });
  await seedDemoLogbooks(t.db, NOW);
  await userWith(t, TRADER, ['acciones'], null);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get<T>(path: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url: `/bitacoras/api/v1/${path}`, headers: bearer(await t.mintToken(TRADER)) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
}

describe('the demo log books', () => {
  it('sends a MER log book for each past day, declaring every regional annex in force', async () => {
    const day = addDays(TODAY, -5);
    const [active, sent] = await Promise.all([get<Array<{ anexo_id: number; enviado: boolean }>>(`anexos-activos?fecha=${day}`), get<SentSummary[]>(`anexos-resumen-enviados?fecha=${day}`)]);
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((annex) => annex.enviado)).toBe(true);
    expect(sent.map((line) => line.periodos)).toEqual(active.map(() => 24));
    // Today's and tomorrow's are left for the traders.
    expect(await get<Logbook | null>(`bitacora?mercado=MER&fecha=${TODAY}`)).toBeNull();
  });

  it("keeps yesterday's first version as replaced by a second that lowers the evening", async () => {
    const yesterday = addDays(TODAY, -1);
    const books = await queryRows<{ numero: number; estado: string }>(t.db, sql`select numero, estado from bitacoras where mercado = 'MER' and fecha_operacion = ${yesterday}::date order by numero`);
    expect(books).toEqual([
      { numero: 1, estado: 'reemplazada' },
      { numero: 2, estado: 'enviada' },
    ]);
    const current = await get<Logbook>(`bitacora?mercado=MER&fecha=${yesterday}`);
    const first = current.filas.find((row) => row.periodo === 1)!;
    const evening = current.filas.find((row) => row.periodo === 19 && row.anexo_id === first.anexo_id)!;
    expect(Number(evening.mw_declarada)).toBeLessThan(Number(first.mw_declarada));
  });

  it("has the EOR's predespacho of the last days, programming the company's declared contracts", async () => {
    const comparison = await get<PredespachoComparison>(`predespacho/comparacion?fecha=${addDays(TODAY, -2)}`);
    expect(comparison.importado).toBe(true);
    expect(comparison.lineas.length).toBeGreaterThan(0);
    expect(comparison.lineas.every((line) => line.mwh_declarada !== null && line.mwh_programada !== null)).toBe(true);
    // Programmed as declared, except in the periods the EOR reduced.
    expect(comparison.lineas.map((line) => line.periodos_distintos)).toEqual(comparison.lineas.map((line) => line.periodos_reducidos));
    expect((await get<PredespachoComparison>(`predespacho/comparacion?fecha=${addDays(TODAY, -10)}`)).importado).toBe(false);
  });

  it("gives El Salvador's units their limits for the coming week and today's injection offers; Mexico its thermal agents", async () => {
    const tomorrow = await get<OffersView>(`ofertas-top-inyeccion?fecha=${addDays(TODAY, 1)}`);
    expect(tomorrow.limites.map((limit) => [limit.pm, limit.precio_piso])).toEqual([
      ['SV-AHU-115', '112.4'],
      ['SV-NEJ-230', '135.75'],
    ]);
    const today = await get<OffersView>(`ofertas-top-inyeccion?fecha=${TODAY}`);
    expect(today.bitacora?.filas).toHaveLength(24);
    expect((await get<Array<{ codigo_agente: string }>>('get-mex-ofertas-impo-agentes')).map((agent) => agent.codigo_agente)).toEqual(['GT-LPA', 'GT-SJO']);
  });

  it("records last week's AMM process, and a second start writes nothing again", async () => {
    const [amm] = await queryRows<{ fecha_operacion: string; fecha_fin: string; estado: string }>(t.db, sql`select fecha_operacion::text, fecha_fin::text, estado from bitacoras where mercado = 'AMM'`);
    expect(amm).toEqual({ fecha_operacion: addDays(TODAY, -7), fecha_fin: addDays(TODAY, -1), estado: 'enviada' });
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`select (select count(*) from bitacoras) + (select count(*) from ofertas) + (select count(*) from resultados_predespacho) as n`))[0]!.n;
    const before = await count();
    await seedDemoLogbooks(t.db, NOW);
    expect(await count()).toBe(before);
  });
});
