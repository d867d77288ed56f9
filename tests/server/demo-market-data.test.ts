// @vitest-environment node
// The demo's market data: every demo contract can be settled in the last three complete months
// (PE and DF) and in the current month up to today (PE), on values a user would believe,
// written once and caught up on later starts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settlement } from '../../schemas/settlement.schema';
import { queryRows } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { demoMarketWindow, seedDemoMarketData } from '../../server/db/seed/demo-market-data';
import { computeSettlementRows, insertSettlement, readSettlement } from '../../server/settlements/store';
import { COUNTRY_CODES, uniformRolePermissions } from '../../schemas/role.schema';
import { insertRole, userWith } from './admin-fixtures';
import { bearer, startTestApp, type TestApp } from './helpers';

// A fixed "today" keeps the months (a year's turn, a February) the same on every run.
const TODAY = new Date('2025-03-15T10:00:00Z');
const COMPLETE = [
  { anio: 2024, mes: 12, dias: 31 },
  { anio: 2025, mes: 1, dias: 31 },
  { anio: 2025, mes: 2, dias: 28 },
] as const;

let t: TestApp;
let seedMillis = 0;

beforeAll(async () => {
  t = await startTestApp();
  await t.resetUsers();
  await seedDemo(t.db, { poolId: t.config.identity.poolId, withIdentities: false, today: TODAY });
  const started = performance.now();
  await seedDemoMarketData(t.db, TODAY);
  seedMillis = performance.now() - started;
  // Roles act in their own country: a settler per country asks about that country's contracts.
  for (const pais of COUNTRY_CODES) {
    await userWith(t, settlerOf(pais), ['liquidaciones'], await insertRole(t, `Liquidador ${pais}`, pais, uniformRolePermissions(true)));
  }
  // Hundreds of thousands of rows: generous for a shared machine.
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t.db, query))[0]?.n ?? 0);

interface DemoContract {
  id: number;
  codigo_contraparte: string;
  codigo_agente: string;
  sucursal: string;
  tipo_contrato: string;
}

/** For the i-th month and version, one contract of each country, a different one each time (so types vary too). */
async function sampleContracts(i: number): Promise<DemoContract[]> {
  return queryRows<DemoContract>(
    t.db,
    sql`select id, codigo_contraparte, codigo_agente, sucursal, tipo_contrato from (
          select c.*, row_number() over (partition by c.sucursal order by c.id) - 1 as n, count(*) over (partition by c.sucursal) as of
          from contratos c where c.created_by = 'seed:demo') c
        where c.n = ${i}::int % c.of order by c.sucursal`,
  );
}

const settlerOf = (pais: string) => `liquidador-${pais.toLowerCase()}@test.energy`;

async function preSettlement(contract: DemoContract, anio: number, mes: number, version: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/liquidacion/api/v3/pre-liquidacion',
    headers: bearer(await t.mintToken(settlerOf(contract.sucursal))),
    payload: { contrato_id: contract.id, codigo_contraparte: contract.codigo_contraparte, codigo_agente: contract.codigo_agente, anio, mes, version, agregacion: 'hora' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { disponible: boolean; faltantes: Array<{ tipo: string; clave: string; fecha: string }>; total_faltantes: number };
}

describe('the demo market data', () => {
  it('covers the last three complete months in PE and DF and the current month up to today in PE', () => {
    expect(demoMarketWindow(TODAY)).toEqual([
      { version: 'PE', desde: '2024-12-01', hasta: '2024-12-31' },
      { version: 'DF', desde: '2024-12-01', hasta: '2024-12-31' },
      { version: 'PE', desde: '2025-01-01', hasta: '2025-01-31' },
      { version: 'DF', desde: '2025-01-01', hasta: '2025-01-31' },
      { version: 'PE', desde: '2025-02-01', hasta: '2025-02-28' },
      { version: 'DF', desde: '2025-02-01', hasta: '2025-02-28' },
      { version: 'PE', desde: '2025-03-01', hasta: '2025-03-15' },
    ]);
  });

  it('has every demo contract in force, one annex at a time, in each of those months', async () => {
    const months = await queryRows<{ contrato_id: number; meses: number }>(
      t.db,
      sql`select c.id as contrato_id, count(distinct m.primero)::int as meses
          from contratos c
          join anexos a on a.contrato_id = c.id
          join (values (date '2024-12-01'), (date '2025-01-01'), (date '2025-02-01'), (date '2025-03-01')) m(primero)
            on a.fecha_inicio <= m.primero and a.fecha_fin >= (m.primero + interval '1 month' - interval '1 day')::date
          where c.created_by = 'seed:demo' group by c.id`,
    );
    expect(months).toHaveLength(120);
    expect(months.every((row) => row.meses === 4)).toBe(true);
  });

  it('gives every demo annex its energy for each hour in force, and every node it uses a price and a loss factor, in every month and version', async () => {
    const days = { PE: 31 + 31 + 28 + 15, DF: 31 + 31 + 28 };
    for (const version of ['PE', 'DF'] as const) {
      // Every contract has one annex in force at a time: 120 annexes' worth of hours.
      expect(await count(sql`select count(*)::int as n from energia_anexo where version = ${version}`), `energy ${version}`).toBe(120 * days[version] * 24);
      const nodes = await count(sql`
        select count(distinct n)::int as n from anexos a join contratos c on c.id = a.contrato_id, unnest(a.pmi || a.pmr || c.pmi || c.pmr) n
        where a.created_by = 'seed:demo'`);
      expect(nodes).toBeGreaterThan(10);
      expect(await count(sql`select count(*)::int as n from precios_nodo where version = ${version}`), `prices ${version}`).toBe(nodes * days[version] * 24);
      expect(await count(sql`select count(*)::int as n from factores_perdida where version = ${version}`), `loss factors ${version}`).toBe(nodes * days[version] * 24);
    }
    expect(await count(sql`select count(*)::int as n from tipos_cambio where fecha between '2024-12-01' and '2025-03-15'`)).toBe(days.PE);
    // Panama, El Salvador and Mexico have the demo catalogue (each code's last period open);
    // the two other countries a made-up rate of each kind, in force from the first month on.
    const codes = await queryRows<{ pais: string; codigos: number; abiertos: number }>(
      t.db,
      sql`select pais, count(distinct codigo)::int as codigos, count(*) filter (where vigente_hasta is null)::int as abiertos
          from cargos_pais where pais in ('PA', 'SV', 'MX') group by pais order by pais`,
    );
    expect(codes).toEqual([
      { pais: 'MX', codigos: 7, abiertos: 7 },
      { pais: 'PA', codigos: 7, abiertos: 7 },
      { pais: 'SV', codigos: 4, abiertos: 4 },
    ]);
    expect(await count(sql`select count(*)::int as n from cargos_pais where pais not in ('PA', 'SV', 'MX') and vigente_desde = '2024-12-01' and vigente_hasta is null`)).toBe(6);
  });

  it('leaves the engine nothing missing: the pre-settlement check says available for the complete months, and for the current one lacks only the days after today', async () => {
    const slices = [...COMPLETE.flatMap(({ anio, mes }) => [{ anio, mes, version: 'PE' }, { anio, mes, version: 'DF' }]), { anio: 2025, mes: 3, version: 'PE' }];
    const types = new Set<string>();
    for (const [i, { anio, mes, version }] of slices.entries()) {
      for (const contract of await sampleContracts(i)) {
        types.add(contract.tipo_contrato);
        const answer = await preSettlement(contract, anio, mes, version);
        const label = `${contract.codigo_contraparte} ${anio}-${mes} ${version}`;
        if (mes === 3) {
          expect(answer.disponible, label).toBe(false);
          expect(answer.faltantes.length, label).toBeGreaterThan(0);
          expect(answer.faltantes.every((item) => item.fecha > '2025-03-15'), `${label}: ${JSON.stringify(answer.faltantes[0])}`).toBe(true);
        } else {
          expect(answer, label).toEqual({ disponible: true, faltantes: [], total_faltantes: 0 });
        }
      }
    }
    expect(types).toEqual(new Set(['PF', 'MC', 'FEE', 'COLLAR', 'TOP', 'CFD']));
  }, 120_000);

  it('computes from it: the analyst prepares a DF, the supervisor validates it; the PE of the same month differs; a Mexican one has its pesos at 16-19 per dollar', async () => {
    const [gt] = await queryRows<DemoContract>(t.db, sql`select * from contratos where created_by = 'seed:demo' and sucursal = 'GT' and tipo_contrato = 'PF' order by id limit 1`);
    const key = { contrato_id: gt!.id, anio: 2025, mes: 2 };
    const compute = async (email: string, body: object) =>
      t.app.inject({ method: 'POST', url: '/liquidacion/api/v3/liquidaciones', headers: bearer(await t.mintToken(email)), payload: body });
    const df = await compute('analista@demo.energy', { ...key, version: 'DF' });
    expect(df.statusCode, df.body).toBe(201);
    const final = df.json().data as Settlement;
    expect(Number(final.energia_total_mwh)).toBeGreaterThan(0);
    const [rows] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from liquidacion_filas where liquidacion_id = ${final.id}`);
    expect(rows!.n).toBe(28 * 24);

    const pe = await compute('analista@demo.energy', { ...key, version: 'PE' });
    expect(pe.statusCode, pe.body).toBe(201);
    expect((pe.json().data as Settlement).factura).not.toBe(final.factura);

    const validated = await t.app.inject({
      method: 'POST',
      url: `/liquidacion/api/v3/liquidaciones/${final.id}/validar`,
      headers: bearer(await t.mintToken('supervisor@demo.energy')),
      payload: { version: final.version },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().data).toMatchObject({ estado: 'validada', validada_por: 'supervisor@demo.energy', calculada_por: 'analista@demo.energy' });

    // The demo roles are Guatemala's: a Mexican contract is computed by the engine itself.
    const [mx] = await queryRows<DemoContract>(t.db, sql`select * from contratos where created_by = 'seed:demo' and sucursal = 'MX' order by id limit 1`);
    const pesos = await t.db.transaction(async (tx) => {
      const id = await insertSettlement(tx, { contrato_id: mx!.id, anio: 2025, mes: 1, version: 'DF' }, 'admin@demo.energy');
      expect(await computeSettlementRows(tx, id, 'admin@demo.energy')).toBe(31 * 24);
      return readSettlement(tx, id);
    });
    expect(Number(pesos.factura_mxn)).not.toBe(0);
    expect(Number(pesos.factura_mxn) / Number(pesos.factura)).toBeGreaterThan(16);
    expect(Number(pesos.factura_mxn) / Number(pesos.factura)).toBeLessThan(19);
  });

  it('has believable values: prices of ~80-180 $/MWh, dearer in the evening than at night, DF close to PE but not equal', async () => {
    const [range] = await queryRows<{ min: string; max: string; noche: string; tarde: string; distintos: number; lejos: number }>(
      t.db,
      sql`select min(precio) as min, max(precio) as max,
                 avg(precio) filter (where periodo = 4) as noche, avg(precio) filter (where periodo = 20) as tarde,
                 (select count(*)::int from precios_nodo pe join precios_nodo df using (nodo, fecha, periodo)
                   where pe.version = 'PE' and df.version = 'DF' and pe.precio <> df.precio) as distintos,
                 (select count(*)::int from precios_nodo pe join precios_nodo df using (nodo, fecha, periodo)
                   where pe.version = 'PE' and df.version = 'DF' and abs(df.precio / pe.precio - 1) > 0.031) as lejos
          from precios_nodo`,
    );
    expect(Number(range!.min)).toBeGreaterThan(70);
    expect(Number(range!.max)).toBeLessThan(190);
    expect(Number(range!.tarde)).toBeGreaterThan(Number(range!.noche) * 1.4);
    expect(range!.distintos).toBeGreaterThan(0);
    expect(range!.lejos).toBe(0);
  });

  it('is written once: a second start adds nothing, a start the next day adds that day in PE only, and the seed took little time', async () => {
    const totals = sql`select (select count(*) from energia_anexo) + (select count(*) from precios_nodo)
      + (select count(*) from factores_perdida) + (select count(*) from cargos_pais) + (select count(*) from tipos_cambio) as n`;
    const before = await count(totals);
    const energyPe = await count(sql`select count(*)::int as n from energia_anexo where version = 'PE'`);
    await seedDemo(t.db, { poolId: t.config.identity.poolId, withIdentities: false, today: TODAY });
    await seedDemoMarketData(t.db, TODAY);
    expect(await count(totals)).toBe(before);

    await seedDemoMarketData(t.db, new Date('2025-03-16T08:00:00Z'));
    expect(await count(sql`select count(*)::int as n from energia_anexo where version = 'PE'`)).toBe(energyPe + 120 * 24);
    expect(await count(sql`select count(*)::int as n from energia_anexo where fecha = '2025-03-16' and version <> 'PE'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from tipos_cambio where fecha = '2025-03-16'`)).toBe(1);
    // Generous for a shared machine; the seed itself takes a fraction of this.
    expect(seedMillis).toBeLessThan(30_000);
  });
});
