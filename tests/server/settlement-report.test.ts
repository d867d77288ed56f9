// @vitest-environment node
// The settlements report as a caller sees it: a month's PE, DF and CD of every contract side by
// side, computed by the engine from made-up market data (the DF's energy a little above the
// PE's), the difference DF - PE exact to the last decimal of the stored totals, the filters, the
// refusals (400 with details, 401, 403), and the Excel workbook read back (totals as the API's).
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Annex } from '../../schemas/annex.schema';
import type { Contract } from '../../schemas/contract.schema';
import type { Settlement } from '../../schemas/settlement.schema';
import type { SettlementReport } from '../../schemas/settlement-report.schema';
import { queryRows } from '../../server/db/client';
import { fillMissingMarketData } from '../../server/db/seed/market-fill';
import * as store from '../../server/settlements/store';
import { ADMIN, expectError, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { annexBody, createContract } from './contracts-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

const REPORT = '/liquidacion/api/v3/reporte';
const SETTLEMENTS = '/liquidacion/api/v3/liquidaciones';

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

/** a + sign x b of two decimal strings, exactly (scaled integers), without trailing zeros. */
function exact(a: string, b: string, factor: 1n | -1n): string {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const scaled = (value: string) => {
    const [whole, fraction = ''] = value.split('.');
    return BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  };
  const difference = scaled(a) + factor * scaled(b);
  const sign = difference < 0n ? '-' : '';
  const digits = (difference < 0n ? -difference : difference).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return sign + (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);
}

const minus = (a: string, b: string) => exact(a, b, -1n);
const plus = (a: string, b: string) => exact(a, b, 1n);

/** A decimal string without trailing zeros, to compare two spellings of one number. */
const plain = (value: string | null | undefined) => (value && value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);

async function contractWithAnnex(overrides: Record<string, unknown> = {}): Promise<{ contract: Contract; annex: Annex }> {
  const contract = await createContract(t, w, ADMIN, overrides);
  const response = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/create', payload: annexBody(contract.id) });
  expect(response.statusCode, response.body).toBe(201);
  return { contract, annex: response.json().data as Annex };
}

/** Settles February 2025 of the contract in `version` through the compute route. */
async function settle(contract: Contract, version: 'PE' | 'DF'): Promise<Settlement> {
  await fillMissingMarketData(t.db, contract.id, 2025, 2, version);
  const response = await w.as(ADMIN, { method: 'POST', url: SETTLEMENTS, payload: { contrato_id: contract.id, anio: 2025, mes: 2, version } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Settlement;
}

interface World {
  gt: { contract: Contract; pe: Settlement; df: Settlement };
  /** A contract with its PE only. */
  peOnly: { contract: Contract; pe: Settlement };
  /** A Salvadoran MC contract, settled by the engine directly (the admin's role acts in GT only). */
  sv: { contract: Contract; df: Settlement };
}

let world: Promise<World> | undefined;
function ensureWorld(): Promise<World> {
  world ??= (async () => {
    const gt = await contractWithAnnex();
    const peOnly = await contractWithAnnex();
    const sv = await contractWithAnnex({ sucursal: 'SV', tipo_contrato: 'MC' });
    const gtPe = await settle(gt.contract, 'PE');
    const peOnlyPe = await settle(peOnly.contract, 'PE');
    // The operator's statement measured more than the estimate: DF differs from PE.
    await fillMissingMarketData(t.db, gt.contract.id, 2025, 2, 'DF');
    // Exactly 0.125 MWh an hour more than the estimate (the filled DF differs from PE by its own
    // made-up amounts): 672 hours make DF - PE = 84 MWh.
    await t.db.execute(sql`
      update energia_anexo d set energia_fisica_mwh = p.energia_fisica_mwh + 0.125, energia_flex_mwh = p.energia_flex_mwh
      from energia_anexo p
      where d.version = 'DF' and p.version = 'PE' and d.anexo_id = ${gt.annex.id}
        and p.anexo_id = d.anexo_id and p.fecha = d.fecha and p.periodo = d.periodo`);
    const gtDf = await settle(gt.contract, 'DF');
    await fillMissingMarketData(t.db, sv.contract.id, 2025, 2, 'DF');
    const svDfId = await t.db.transaction(async (tx) => {
      const id = await store.insertSettlement(tx, { contrato_id: sv.contract.id, anio: 2025, mes: 2, version: 'DF' }, ADMIN);
      await store.computeSettlementRows(tx, id, ADMIN);
      return id;
    });
    return {
      gt: { contract: gt.contract, pe: gtPe, df: gtDf },
      peOnly: { contract: peOnly.contract, pe: peOnlyPe },
      sv: { contract: sv.contract, df: await store.readSettlement(t.db, svDfId) },
    };
  })();
  return world;
}

async function report(query: string, email = ADMIN): Promise<SettlementReport> {
  const response = await w.as(email, { method: 'GET', url: `${REPORT}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SettlementReport;
}

describe('GET /liquidacion/api/v3/reporte', () => {
  it("sets each contract's PE, DF and CD side by side, with DF - PE exact against the stored totals", async () => {
    const { gt, peOnly, sv } = await ensureWorld();
    const month = await report('anio=2025&mes=2');
    expect(month.anio).toBe(2025);
    expect(month.contratos.map((line) => line.contrato_id).sort()).toEqual([gt.contract.id, peOnly.contract.id, sv.contract.id].sort());

    const line = month.contratos.find((one) => one.contrato_id === gt.contract.id)!;
    expect(line).toMatchObject({
      contrato_codigo: gt.contract.codigo_contraparte,
      empresa_id: gt.contract.empresa_id,
      empresa_razon_social: gt.contract.empresa_razon_social,
      sucursal: 'GT',
      tipo_contrato: 'PF',
      moneda: 'USD',
      pe: { id: gt.pe.id, estado: 'preliminar', reconciliacion: 0, factura: gt.pe.factura, margen: gt.pe.margen, energia_total_mwh: gt.pe.energia_total_mwh },
      df: { id: gt.df.id, estado: 'preliminar', factura: gt.df.factura, liquidacion_energia: gt.df.liquidacion_energia, fee: gt.df.fee },
      cd: null,
    });
    // 28 days x 24 periods x 0.125 MWh more in the DF.
    expect(plain(line.diferencia!.energia_total_mwh)).toBe('84');
    expect(plain(line.diferencia!.energia_total_mwh)).toBe(minus(gt.df.energia_total_mwh!, gt.pe.energia_total_mwh!));
    expect(plain(line.diferencia!.factura)).toBe(minus(gt.df.factura!, gt.pe.factura!));
    expect(plain(line.diferencia!.margen)).toBe(minus(gt.df.margen!, gt.pe.margen!));
    expect(Number(line.diferencia!.factura)).toBeGreaterThan(0);
    const pct = (Number(minus(gt.df.factura!, gt.pe.factura!)) * 100) / Math.abs(Number(gt.pe.factura));
    expect(Number(line.diferencia!.factura_pct)).toBeCloseTo(pct, 4);

    // Without a DF (or a PE) there is nothing to compare.
    const alone = month.contratos.find((one) => one.contrato_id === peOnly.contract.id)!;
    expect(alone).toMatchObject({ pe: { id: peOnly.pe.id }, df: null, cd: null, diferencia: null });
    expect(month.contratos.find((one) => one.contrato_id === sv.contract.id)).toMatchObject({ pe: null, df: { id: sv.df.id }, diferencia: null });
  });

  it('totals each version over the contracts that have it, and the difference over those with both', async () => {
    const { gt, peOnly, sv } = await ensureWorld();
    const { totales } = await report('anio=2025&mes=2');
    expect(totales.contratos).toBe(3);
    expect(plain(totales.pe!.factura)).toBe(plus(gt.pe.factura!, peOnly.pe.factura!));
    expect(plain(totales.df!.energia_total_mwh)).toBe(plus(gt.df.energia_total_mwh!, sv.df.energia_total_mwh!));
    expect(totales.cd).toBeNull();
    expect(plain(totales.diferencia!.factura)).toBe(minus(gt.df.factura!, gt.pe.factura!));
    expect(plain(totales.diferencia!.margen)).toBe(minus(gt.df.margen!, gt.pe.margen!));
  });

  it('shows the latest reconciliation as CD once a validated DF is reconciled', async () => {
    const { gt } = await ensureWorld();
    const supervisor = 'validador@test.energy';
    await userWith(t, supervisor, ['liquidaciones'], w.fullRole);
    const validated = await w.as(supervisor, { method: 'POST', url: `${SETTLEMENTS}/${gt.df.id}/validar`, payload: { version: gt.df.version } });
    expect(validated.statusCode, validated.body).toBe(200);
    const reconciled = await w.as(ADMIN, { method: 'POST', url: `${SETTLEMENTS}/${gt.df.id}/conciliar`, payload: { version: gt.df.version + 1 } });
    expect(reconciled.statusCode, reconciled.body).toBe(201);
    const cd = reconciled.json().data as Settlement;
    const line = (await report('anio=2025&mes=2')).contratos.find((one) => one.contrato_id === gt.contract.id)!;
    expect(line.df).toMatchObject({ id: gt.df.id, estado: 'validada' });
    expect(line.cd).toMatchObject({ id: cd.id, estado: 'preliminar', reconciliacion: 1, factura: '0' });
  });

  it('keeps the contracts of the country, company and contract type asked, and lists the month an empty report', async () => {
    const { gt, peOnly, sv } = await ensureWorld();
    const ids = async (query: string) => (await report(`anio=2025&mes=2&${query}`)).contratos.map((line) => line.contrato_id).sort();
    expect(await ids('pais=SV')).toEqual([sv.contract.id]);
    expect(await ids('pais=GT')).toEqual([gt.contract.id, peOnly.contract.id].sort());
    expect(await ids('tipo_contrato=MC')).toEqual([sv.contract.id]);
    expect(await ids(`empresa_id=${gt.contract.empresa_id}`)).toEqual([gt.contract.id]);
    expect(await ids('pais=GT&tipo_contrato=MC')).toEqual([]);
    // The company filter offers every company of the month, whatever the filters.
    expect((await report('anio=2025&mes=2&pais=SV')).empresas.map((one) => one.id).sort()).toEqual(
      [gt.contract.empresa_id, peOnly.contract.empresa_id, sv.contract.empresa_id].sort(),
    );
    const empty = await report('anio=2025&mes=3');
    expect(empty).toEqual({ anio: 2025, mes: 3, empresas: [], contratos: [], totales: { contratos: 0, pe: null, df: null, cd: null, diferencia: null } });
  });

  it('refuses a query without its month or out of bounds, beside each parameter (400)', async () => {
    const cases: Array<[string, string]> = [
      ['mes=2', 'anio'],
      ['anio=2025', 'mes'],
      ['anio=1999&mes=2', '/anio'],
      ['anio=2025&mes=13', '/mes'],
      ['anio=2025&mes=2&pais=FR', '/pais'],
      ['anio=2025&mes=2&tipo_contrato=XX', '/tipo_contrato'],
      ['anio=2025&mes=2&empresa_id=0', '/empresa_id'],
      ['anio=2025&mes=2&orden=1', 'additionalProperties'],
    ];
    for (const [query, path] of cases) {
      const response = await w.as(ADMIN, { method: 'GET', url: `${REPORT}?${query}` });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(JSON.stringify(response.json().details), query).toContain(path);
    }
    expectError(await w.as(ADMIN, { method: 'GET', url: `${REPORT}/excel?anio=2025&mes=2&idioma=fr-FR` }), 400, 'APP_ERR_REQUEST_INVALID');
  });

  it('needs a token, the liquidaciones view key and the Settlements view action', async () => {
    for (const url of [`${REPORT}?anio=2025&mes=2`, `${REPORT}/excel?anio=2025&mes=2`]) {
      expectError(await t.app.inject({ method: 'GET', url }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    }
    await userWith(t, 'sin-vista@test.energy', ['relaciones'], w.fullRole);
    await userWith(t, 'sin-rol@test.energy', ['liquidaciones'], w.emptyRole);
    for (const email of ['sin-vista@test.energy', 'sin-rol@test.energy']) {
      expectError(await w.as(email, { method: 'GET', url: `${REPORT}?anio=2025&mes=2` }), 403, 'APP_ERR_AUTH_FORBIDDEN');
      expectError(await w.as(email, { method: 'GET', url: `${REPORT}/excel?anio=2025&mes=2` }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
  });
});

describe('GET /liquidacion/api/v3/reporte/excel', () => {
  async function workbookOf(query: string) {
    const response = await w.as(ADMIN, { method: 'GET', url: `${REPORT}/excel?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return { response, sheet: workbook.worksheets[0]! };
  }

  it('streams a line per contract and a totals row equal to the API, numbers as numbers, in the language asked', async () => {
    const { gt } = await ensureWorld();
    const api = await report('anio=2025&mes=2&pais=GT');
    const { response, sheet } = await workbookOf('anio=2025&mes=2&pais=GT&idioma=en-US');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('filename="settlement-report-2025-02.xlsx"');

    const labels = sheet.getColumn(1).values;
    expect(sheet.getRow(labels.indexOf('Month')).getCell(2).value).toBe('February 2025');
    expect(sheet.getRow(labels.indexOf('Country')).getCell(2).value).toBe('Guatemala');
    expect(sheet.getRow(labels.indexOf('Company')).getCell(2).value).toBe('All');
    const titleRow = labels.indexOf('Contract');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: titleRow, xSplit: 2 });
    const titles = (sheet.getRow(titleRow).values as unknown[]).slice(1);
    const column = (title: string) => {
      expect(titles, title).toContain(title);
      return titles.indexOf(title) + 1;
    };

    const totalRow = labels.indexOf('Total');
    expect(totalRow - titleRow - 1).toBe(api.contratos.length);
    const totals = sheet.getRow(totalRow);
    expect(totals.getCell(column('PE · Invoice')).value).toBe(Number(api.totales.pe!.factura));
    expect(totals.getCell(column('DF · Energy (MWh)')).value).toBe(Number(api.totales.df!.energia_total_mwh));
    expect(totals.getCell(column('Invoice diff.')).value).toBe(Number(api.totales.diferencia!.factura));
    expect(totals.getCell(column('Margin diff.')).value).toBe(Number(api.totales.diferencia!.margen));
    expect(totals.getCell(column('Invoice diff.')).numFmt).toBe('#,##0.00');
    expect(totals.getCell(column('DF · Energy (MWh)')).numFmt).toBe('#,##0.000');

    const gtRow = sheet.getRow(titleRow + 1 + api.contratos.findIndex((line) => line.contrato_id === gt.contract.id));
    const line = api.contratos.find((one) => one.contrato_id === gt.contract.id)!;
    expect(gtRow.getCell(column('Company')).value).toBe(gt.contract.empresa_razon_social);
    expect(gtRow.getCell(column('DF · Settlement')).value).toBe(gt.df.id);
    expect(gtRow.getCell(column('PE · State')).value).toBe('Preliminary');
    expect(gtRow.getCell(column('Energy diff. (MWh)')).value).toBe(84);
    expect(gtRow.getCell(column('Invoice diff. %')).value).toBe(Number(line.diferencia!.factura_pct));
  });

  it('writes Spanish by default, and an empty month as its header block with the totals row right below the titles', async () => {
    const { response, sheet } = await workbookOf('anio=2025&mes=3');
    expect(response.headers['content-disposition']).toContain('filename="reporte-liquidaciones-2025-03.xlsx"');
    const labels = sheet.getColumn(1).values;
    expect(labels).toContain('Empresa');
    expect(sheet.getRow(labels.indexOf('Mes')).getCell(2).value).toBe('Marzo 2025');
    // Every company: 'Todas', as the page's company filter says (empresa is feminine).
    expect(sheet.getRow(labels.indexOf('Empresa')).getCell(2).value).toBe('Todas');
    expect(labels.indexOf('Total') - labels.indexOf('Contrato')).toBe(1);
  });
});

describe('GET /liquidacion/api/v3/reporte/meses', () => {
  it('answers the months that have settlements, newest first, with how many each has, so the page opens on the latest', async () => {
    const { peOnly } = await ensureWorld();
    // One more month, older than the world's February 2025: it comes after it.
    await t.db.execute(sql`insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, reconciliacion, calculada_por, calculada_en, created_by)
      values (${peOnly.contract.id}, 2024, 11, 'PE', 0, ${ADMIN}, now(), ${ADMIN})`);
    const response = await w.as(ADMIN, { method: 'GET', url: `${REPORT}/meses` });
    expect(response.statusCode, response.body).toBe(200);
    const months = response.json().data as Array<{ anio: number; mes: number; liquidaciones: number }>;
    expect(months.map(({ anio, mes }) => [anio, mes])).toEqual([
      [2025, 2],
      [2024, 11],
    ]);
    const [february] = months;
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from liquidaciones where anio = 2025 and mes = 2`);
    expect(february!.liquidaciones).toBe(count!.n);
    await userWith(t, 'sin-vista-meses@test.energy', ['relaciones'], w.fullRole);
    expectError(await w.as('sin-vista-meses@test.energy', { method: 'GET', url: `${REPORT}/meses` }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});
