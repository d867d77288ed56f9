// @vitest-environment node
// Monitoring API (docs/api-monitoring.md, base /monitoreo/api/v1) on a small book whose figures
// are worked out by hand below: Alfa sells (10 MW, injection) and buys (2,500 kW from the second
// day, withdrawal), Beta buys (5 MW, in SV). The energy mixes versions: Alfa's sale has PE and DF
// on day 1 (DF is used), PE on day 2 and nothing on day 3; Alfa's purchase DF on day 2 and both
// DF and CD on day 3 (CD is used); Beta's purchase PE, DF, PE. Every call: its answer, its 400s,
// and that totals equal the sum of their rows; who may call is walked by route-permissions.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Counterparty, EnergyHour, EnergyRow, EnergyTotal, PowerRow, PowerTotal } from '../../schemas/monitoring.schema';
import { ADMIN, expectError, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { storedFileKey } from './companies-fixtures';
import { annexBody, contractBody, freshCompany } from './contracts-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const BASE = '/monitoreo/api/v1';
const D1 = '2025-03-01';
const D2 = '2025-03-02';
const D3 = '2025-03-03';
const RANGE = { desde: D1, hasta: D3 };

let alfa: { id: number; razon_social: string };
let beta: { id: number; razon_social: string };
let alfaSale: number;

/** A contract of `empresaId` through the API, with one annex; answers the annex id. */
async function contractWithAnnex(empresaId: number, contract: Record<string, unknown>, annex: Record<string, unknown>): Promise<number> {
  const key = await storedFileKey(t, 'contrato.pdf');
  const created = await w.as(ADMIN, { method: 'POST', url: '/contratos/api/v1/create', payload: contractBody(empresaId, key, contract) });
  expect(created.statusCode, created.body).toBe(201);
  const posted = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/create', payload: annexBody(created.json().data.id, annex) });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json().data.id as number;
}

/** Energy of one annex, day and version: `fisica` MWh each hour (or as `hours` says), `flex` each hour. */
async function energy(anexoId: number, fecha: string, version: 'PE' | 'DF' | 'CD', fisica: string, flex = '0', hours: Record<number, string> = {}) {
  const values = Array.from({ length: 24 }, (_, index) => sql`(${anexoId}, ${fecha}::date, ${index + 1}, ${version}, ${hours[index + 1] ?? fisica}::numeric, ${flex}::numeric, 'test')`);
  await t.db.execute(sql`insert into energia_anexo (anexo_id, fecha, periodo, version, energia_fisica_mwh, energia_flex_mwh, cargado_por) values ${sql.join(values, sql`, `)}`);
}

beforeAll(async () => {
  alfa = await freshCompany(w, ADMIN);
  beta = await freshCompany(w, ADMIN);
  alfaSale = await contractWithAnnex(alfa.id, { tipo_transaccion: 'I' }, { fecha_inicio: '2025-03-01', fecha_fin: '2025-03-31', potencia_contratada: '10', unidad_potencia: 'MW' });
  const alfaPurchase = await contractWithAnnex(
    alfa.id,
    { tipo_transaccion: 'R', codigo_contraparte: 'CP-0002' },
    { fecha_inicio: '2025-03-02', fecha_fin: '2025-03-31', potencia_contratada: '2500', unidad_potencia: 'kW' },
  );
  const betaPurchase = await contractWithAnnex(
    beta.id,
    { tipo_transaccion: 'R', sucursal: 'SV', codigo_agente: 'EPWM-SV', codigo_contraparte: 'CP-0003' },
    { fecha_inicio: '2025-03-01', fecha_fin: '2025-03-31', potencia_contratada: '5', unidad_potencia: 'MW' },
  );
  // Alfa's sale: day 1 PE 8/h and DF 9 + 0.5 flex/h (10 at hour 5); day 2 PE 7/h; day 3 nothing.
  await energy(alfaSale, D1, 'PE', '8');
  await energy(alfaSale, D1, 'DF', '9', '0.5', { 5: '10' });
  await energy(alfaSale, D2, 'PE', '7');
  // Alfa's purchase (in force from day 2): day 2 DF 2/h; day 3 DF 2/h and CD 2.25/h.
  await energy(alfaPurchase, D2, 'DF', '2');
  await energy(alfaPurchase, D3, 'DF', '2');
  await energy(alfaPurchase, D3, 'CD', '2.25');
  // Beta's purchase: day 1 PE 4/h (5 at hour 18); day 2 DF 4.5/h; day 3 PE 3/h.
  await energy(betaPurchase, D1, 'PE', '4', '0', { 18: '5' });
  await energy(betaPurchase, D2, 'DF', '4.5');
  await energy(betaPurchase, D3, 'PE', '3');
});

const post = (path: string, payload: object, email = ADMIN) => w.as(email, { method: 'POST', url: `${BASE}/${path}`, payload });
const get = (path: string, email = ADMIN) => w.as(email, { method: 'GET', url: `${BASE}/${path}` });
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }): T => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};
/** Exact sum of decimal strings (thousandths at most here), null when every one is null, as SQL's sum. */
function sum(values: ReadonlyArray<string | null>): string | null {
  const present = values.filter((value): value is string => value !== null);
  if (present.length === 0) return null;
  const thousandths = present.reduce((total, value) => total + BigInt(Math.round(Number(value) * 1000)), 0n);
  return String(Number(thousandths) / 1000);
}

describe('buyers and sellers', () => {
  it('lists a company with contracts both ways as a buyer and as a seller', async () => {
    const listed = dataOf<Counterparty[]>(await get('lista-compradores-vendedores'));
    expect(listed.map((row) => [row.razon_social, row.rol, row.sucursales, row.contratos, row.anexos])).toEqual([
      [alfa.razon_social, 'comprador', ['GT'], 1, 1],
      [beta.razon_social, 'comprador', ['SV'], 1, 1],
      [alfa.razon_social, 'vendedor', ['GT'], 1, 1],
    ]);
    expect(dataOf<Counterparty[]>(await get('lista-compradores-vendedores?sucursal=SV')).map((row) => row.empresa_id)).toEqual([beta.id]);
  });
});

describe('energy', () => {
  const figures = (row: EnergyRow | Omit<EnergyTotal, 'dias' | 'rol'>) => [row.mwh_contratada, row.mwh_fisica, row.mwh_flex, row.mwh_total, row.version, row.cumplimiento_pct];

  it('answers each counterparty per day in the best version of each annex, a kW annex in MW, no energy as null', async () => {
    const rows = dataOf<EnergyRow[]>(await post('energia-compradores-vendedores', RANGE));
    const who = (row: EnergyRow) => `${row.fecha} ${row.empresa_id === alfa.id ? 'alfa' : 'beta'} ${row.rol}`;
    expect(Object.fromEntries(rows.map((row) => [who(row), [row.anexos, ...figures(row)]]))).toEqual({
      // 10 MW × 24 h = 240 MWh; DF: 23 h × 9 + 10 = 217 physical, 24 × 0.5 = 12 flex.
      [`${D1} alfa vendedor`]: [1, '240', '217', '12', '229', 'DF', '95.42'],
      [`${D1} beta comprador`]: [1, '120', '97', '0', '97', 'PE', '80.83'],
      // 2,500 kW = 2.5 MW, from day 2 only: 60 MWh contracted.
      [`${D2} alfa comprador`]: [1, '60', '48', '0', '48', 'DF', '80'],
      [`${D2} beta comprador`]: [1, '120', '108', '0', '108', 'DF', '90'],
      [`${D2} alfa vendedor`]: [1, '240', '168', '0', '168', 'PE', '70'],
      [`${D3} alfa comprador`]: [1, '60', '54', '0', '54', 'CD', '90'],
      [`${D3} beta comprador`]: [1, '120', '72', '0', '72', 'PE', '60'],
      [`${D3} alfa vendedor`]: [1, '240', null, null, null, null, null],
    });
    expect(rows).toHaveLength(8);
  });

  it('answers each role over the range and per day, each total the sum of its rows', async () => {
    const rows = dataOf<EnergyRow[]>(await post('energia-compradores-vendedores', RANGE));
    const totals = dataOf<EnergyTotal[]>(await post('energia-total', RANGE));
    expect(totals.map((total) => [total.rol, ...figures(total)])).toEqual([
      ['comprador', '480', '379', '0', '379', 'PE', '78.96'],
      ['vendedor', '720', '385', '12', '397', 'PE', '55.14'],
    ]);
    for (const total of totals) {
      const own = rows.filter((row) => row.rol === total.rol);
      for (const field of ['mwh_contratada', 'mwh_fisica', 'mwh_flex', 'mwh_total'] as const) {
        expect(total[field], `${total.rol} ${field}`).toBe(sum(own.map((row) => row[field])));
        for (const day of total.dias) expect(day[field], `${total.rol} ${day.fecha} ${field}`).toBe(sum(own.filter((row) => row.fecha === day.fecha).map((row) => row[field])));
      }
    }
    const sellers = totals.find((total) => total.rol === 'vendedor')!;
    expect(sellers.dias.map((day) => [day.fecha, ...figures(day)])).toEqual([
      [D1, '240', '217', '12', '229', 'DF', '95.42'],
      [D2, '240', '168', '0', '168', 'PE', '70'],
      [D3, '240', null, null, null, null, null],
    ]);
  });

  it('reads one version when asked: an annex without it has no energy', async () => {
    const rows = dataOf<EnergyRow[]>(await post('energia-compradores-vendedores', { ...RANGE, version: 'PE', empresa_id: alfa.id }));
    expect(rows.map((row) => [row.fecha, row.rol, row.mwh_total, row.version])).toEqual([
      [D1, 'vendedor', '192', 'PE'],
      [D2, 'comprador', null, null],
      [D2, 'vendedor', '168', 'PE'],
      [D3, 'comprador', null, null],
      [D3, 'vendedor', null, null],
    ]);
  });

  it('narrows to a branch', async () => {
    const totals = dataOf<EnergyTotal[]>(await post('energia-total', { ...RANGE, sucursal: 'SV' }));
    expect(totals.map((total) => [total.rol, total.mwh_total])).toEqual([['comprador', '277']]);
  });

  it('answers one day hour by hour, the hours adding up to the day', async () => {
    const hours = dataOf<EnergyHour[]>(await get(`energia?fecha=${D1}`));
    const sale = hours.filter((hour) => hour.rol === 'vendedor');
    expect(sale).toHaveLength(24);
    expect(sale[4]).toMatchObject({ empresa_id: alfa.id, periodo: 5, mwh_fisica: '10', mwh_flex: '0.5', mwh_total: '10.5', version: 'DF' });
    expect(sum(sale.map((hour) => hour.mwh_total))).toBe('229');
    // Alfa's purchase is not in force on day 1 and has no energy: no hour of it.
    expect(hours.filter((hour) => hour.rol === 'comprador').map((hour) => hour.empresa_id)).toEqual(Array(24).fill(beta.id));
    expect(dataOf<EnergyHour[]>(await get(`energia?fecha=${D3}&empresa_id=${alfa.id}&version=PE`))).toEqual([]);
  });
});

describe('power', () => {
  it('answers each counterparty per day: the MW in force against its largest hour', async () => {
    const rows = dataOf<PowerRow[]>(await post('potencia-compradores-vendedores', RANGE));
    const who = (row: PowerRow) => `${row.fecha} ${row.empresa_id === alfa.id ? 'alfa' : 'beta'} ${row.rol}`;
    expect(Object.fromEntries(rows.map((row) => [who(row), [row.anexos, row.mw_contratada, row.mw_max, row.periodo_max, row.version, row.factor_uso_pct]]))).toEqual({
      [`${D1} alfa vendedor`]: [1, '10', '10.5', 5, 'DF', '105'],
      [`${D1} beta comprador`]: [1, '5', '5', 18, 'PE', '100'],
      [`${D2} alfa comprador`]: [1, '2.5', '2', 1, 'DF', '80'],
      [`${D2} beta comprador`]: [1, '5', '4.5', 1, 'DF', '90'],
      [`${D2} alfa vendedor`]: [1, '10', '7', 1, 'PE', '70'],
      [`${D3} alfa comprador`]: [1, '2.5', '2.25', 1, 'CD', '90'],
      [`${D3} beta comprador`]: [1, '5', '3', 1, 'PE', '60'],
      [`${D3} alfa vendedor`]: [1, '10', null, null, null, null],
    });
  });

  it('answers each role per day as the sum of its rows, and its largest day', async () => {
    const rows = dataOf<PowerRow[]>(await post('potencia-compradores-vendedores', RANGE));
    const totals = dataOf<PowerTotal[]>(await post('potencia-total', RANGE));
    expect(totals.map((total) => [total.rol, total.mw_contratada_max, total.mw_max, total.dias.map((day) => [day.fecha, day.mw_contratada, day.mw_max])])).toEqual([
      ['comprador', '7.5', '6.5', [[D1, '5', '5'], [D2, '7.5', '6.5'], [D3, '7.5', '5.25']]],
      ['vendedor', '10', '10.5', [[D1, '10', '10.5'], [D2, '10', '7'], [D3, '10', null]]],
    ]);
    for (const total of totals) {
      for (const day of total.dias) {
        const own = rows.filter((row) => row.rol === total.rol && row.fecha === day.fecha);
        expect([day.mw_contratada, day.mw_max]).toEqual([sum(own.map((row) => row.mw_contratada)), sum(own.map((row) => row.mw_max))]);
      }
    }
  });
});

describe('bad input and who may call', () => {
  it.each(['potencia-total', 'potencia-compradores-vendedores', 'energia-total', 'energia-compradores-vendedores', 'energia-excel'])(
    '%s refuses a range that ends before it starts or is longer than 366 days (400 with the limit)',
    async (path) => {
      const reversed = await post(path, { desde: D2, hasta: D1 });
      expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
      expect(reversed.json().details).toEqual([expect.objectContaining({ instancePath: '/hasta', keyword: 'rangeOrder' })]);
      const long = await post(path, { desde: '2024-01-01', hasta: '2025-01-01' });
      expectError(long, 400, 'APP_ERR_REQUEST_INVALID');
      expect(long.json().details[0]).toMatchObject({ instancePath: '/hasta', keyword: 'rangeMax', params: { max: 366 } });
      expect((await post(path, { desde: '2024-01-02', hasta: '2025-01-01' })).statusCode).toBe(200);
    },
  );

  it('refuses a body or query its schema refuses, beside the field', async () => {
    const badDay = await post('energia-total', { desde: '2025-02-30', hasta: D1 });
    expectError(badDay, 400, 'APP_ERR_REQUEST_INVALID');
    expect(badDay.json().details[0]).toMatchObject({ instancePath: '/desde' });
    expectError(await post('potencia-total', { ...RANGE, version: 'XX' }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await get('energia'), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await get('lista-compradores-vendedores?sucursal=ZZ'), 400, 'APP_ERR_REQUEST_INVALID');
  });

  it('answers 401 without a token and 403 without the monitoreo view key', async () => {
    expectError(await t.app.inject({ method: 'POST', url: `${BASE}/energia-total`, payload: RANGE }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'sin-monitoreo@test.energy', ['relaciones'], w.fullRole);
    expectError(await post('energia-total', RANGE, 'sin-monitoreo@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await get(`energia?fecha=${D1}`, 'sin-monitoreo@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('workbooks', () => {
  it('downloads each page as an Excel workbook named by its range, in the language asked', async () => {
    for (const [path, name] of [['potencia-excel', 'monitoring-power'], ['energia-excel', 'monitoring-energy']] as const) {
      const response = await post(path, { ...RANGE, idioma: 'en-US' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain(`${name}-${D1}-${D3}.xlsx`);
      expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it("writes each role's rows under their titles, the energy sheets ending with the role's totals", async () => {
    const response = await post('energia-excel', { ...RANGE, idioma: 'en-US' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Buyers', 'Sellers', 'Totals by day']);
    const sellers = workbook.getWorksheet('Sellers')!;
    const titles = sellers.getRow(8).values as unknown[];
    expect(titles).toEqual(expect.arrayContaining(['Date', 'Company', 'MWh contracted', 'MWh delivered', 'Fulfilment %', 'Version']));
    const last = sellers.getRow(sellers.rowCount).values as unknown[];
    expect(last).toEqual(expect.arrayContaining(['Total', 720, 385, 12, 397]));
    // Three days of Alfa's sale, each a row, with no energy on the third left blank.
    expect(sellers.rowCount - 8).toBe(4);
  });
});

describe('the days kept summed from the hours', () => {
  const alfaSaleDay1 = async () => {
    const rows = dataOf<EnergyRow[]>(await post('energia-compradores-vendedores', { desde: D1, hasta: D1, empresa_id: alfa.id }));
    return rows.map((row) => [row.mwh_fisica, row.mwh_total, row.version]);
  };

  it('follow a change of the hours at once: an hour replaced, a version deleted', async () => {
    await t.db.execute(sql`update energia_anexo set energia_fisica_mwh = 11 where anexo_id = ${alfaSale} and fecha = ${D1}::date and version = 'DF' and periodo = 5`);
    expect(await alfaSaleDay1()).toEqual([['218', '230', 'DF']]);
    await t.db.execute(sql`delete from energia_anexo where anexo_id = ${alfaSale} and fecha = ${D1}::date and version = 'DF'`);
    // Without its DF, the day falls back to its PE.
    expect(await alfaSaleDay1()).toEqual([['192', '192', 'PE']]);
    await t.db.execute(sql`delete from energia_anexo where anexo_id = ${alfaSale} and fecha = ${D1}::date`);
    expect(await alfaSaleDay1()).toEqual([[null, null, null]]);
  });
});
