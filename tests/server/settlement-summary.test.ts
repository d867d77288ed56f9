// @vitest-environment node
// The summary calls the settlements dashboard draws (`resumen`, `liquidations`, `contracts`) as
// a caller sees them. The settlements are computed here by the engine through the API (market
// data made up by fillMissingMarketData), validated and reconciled as users would; the expected
// figures are the exact sums of those settlements' totals, written out in the test.
import { describe, expect, it } from 'vitest';
import type { Contract } from '../../schemas/contract.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import type { Settlement } from '../../schemas/settlement.schema';
import type { AccumulatedMargin, ContractSummary, SettlementSummary, SummaryFigures } from '../../schemas/settlement-summary.schema';
import { fillMissingMarketData } from '../../server/db/seed/market-fill';
import { ADMIN, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { createAnnex, createContract, detailFieldsOf } from './contracts-fixtures';
import type { TestApp } from './helpers';
import { grantsExcept } from './support/route-callers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const API = '/liquidacion/api/v3';
const PREPARER_GT = 'prepara-gt@test.energy';
const PREPARER_SV = 'prepara-sv@test.energy';
const VALIDATOR_SV = 'valida-sv@test.energy';

/** Exact decimal arithmetic on wire decimals (12 fraction digits are more than any total has). */
const SCALE = 12;
function units(value: string): bigint {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace('-', '').split('.');
  const scaled = BigInt(int + frac.padEnd(SCALE, '0').slice(0, SCALE));
  return negative ? -scaled : scaled;
}
function fromUnits(scaled: bigint): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(SCALE + 1, '0');
  const frac = digits.slice(-SCALE).replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits.slice(0, -SCALE)}${frac ? `.${frac}` : ''}`;
}
/** The exact sum of decimal strings, written without trailing zeros. */
const sum = (values: string[]) => fromUnits(values.reduce((total, value) => total + units(value), 0n));
/** A wire decimal written without trailing zeros, to compare with `sum`. */
const canonical = (value: string) => sum([value]);

const FIELDS = ['energia_total_mwh', 'liquidacion_energia', 'margen', 'factura'] as const;

/** What the summary must answer for these settlements: their totals summed, counted by version and state. */
function expectedFigures(settlements: Settlement[]): SummaryFigures {
  return {
    ...(Object.fromEntries(FIELDS.map((field) => [field, sum(settlements.map((one) => one[field] as string))])) as Record<(typeof FIELDS)[number], string>),
    liquidaciones: settlements.length,
    validadas: settlements.filter((one) => one.estado === 'validada').length,
    versiones: {
      PE: settlements.filter((one) => one.version_liquidacion === 'PE').length,
      DF: settlements.filter((one) => one.version_liquidacion === 'DF').length,
      CD: settlements.filter((one) => one.version_liquidacion === 'CD').length,
    },
  };
}

/** The figures of an answer with its amounts written without trailing zeros. */
function figuresOf(item: SummaryFigures): SummaryFigures {
  return {
    ...(Object.fromEntries(FIELDS.map((field) => [field, canonical(item[field])])) as Record<(typeof FIELDS)[number], string>),
    liquidaciones: item.liquidaciones,
    validadas: item.validadas,
    versiones: item.versiones,
  };
}

/** Computes a contract's 2025 month in a version through the API, with its market data made up first. */
async function compute(email: string, contract: Contract, mes: number, version: 'PE' | 'DF' | 'CD'): Promise<Settlement> {
  await fillMissingMarketData(t.db, contract.id, 2025, mes, version);
  const response = await w.as(email, { method: 'POST', url: `${API}/liquidaciones`, payload: { contrato_id: contract.id, anio: 2025, mes, version } });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data as Settlement;
}

async function command(email: string, settlement: Settlement, verb: 'validar' | 'conciliar'): Promise<Settlement> {
  const response = await w.as(email, { method: 'POST', url: `${API}/liquidaciones/${settlement.id}/${verb}`, payload: { version: settlement.version } });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data as Settlement;
}

interface World {
  gt: Contract;
  sv: Contract;
  /** The settlements the summary must count, by contract and month. */
  counted: { gtFeb: Settlement; gtMar: Settlement; svFeb: Settlement };
  /** Every PE computed (what `version: 'PE'` counts). */
  pe: Settlement[];
}

let world: Promise<World> | undefined;
/**
 * GT (PF) settles February and March 2025: February PE, then its DF validated and reconciled
 * into a CD not computed yet (the DF still counts), March only PE. SV (MC) settles February:
 * PE, DF validated, then a CD computed (the CD counts).
 */
function settle(): Promise<World> {
  world ??= (async () => {
    const svRole = await insertRole(t, 'Todo SV', 'SV', uniformRolePermissions(true));
    await userWith(t, PREPARER_GT, ['liquidaciones'], w.fullRole);
    await userWith(t, PREPARER_SV, ['liquidaciones'], svRole);
    await userWith(t, VALIDATOR_SV, ['liquidaciones'], svRole);
    const gt = await createContract(t, w, ADMIN, { tipo_contrato: 'PF' });
    await createAnnex(w, ADMIN, gt.id, { fecha_fin: '2025-03-31' });
    const sv = await createContract(t, w, ADMIN, { sucursal: 'SV', tipo_contrato: 'MC', codigo_contraparte: 'CP-0002' });
    await createAnnex(w, ADMIN, sv.id);

    const gtFebPe = await compute(PREPARER_GT, gt, 2, 'PE');
    const gtFebDf = await command(ADMIN, await compute(PREPARER_GT, gt, 2, 'DF'), 'validar');
    await command(PREPARER_GT, gtFebDf, 'conciliar');
    const gtMarPe = await compute(PREPARER_GT, gt, 3, 'PE');

    const svFebPe = await compute(PREPARER_SV, sv, 2, 'PE');
    const svFebDf = await command(VALIDATOR_SV, await compute(PREPARER_SV, sv, 2, 'DF'), 'validar');
    await command(PREPARER_SV, svFebDf, 'conciliar');
    const svFebCd = await compute(PREPARER_SV, sv, 2, 'CD');
    expect(svFebCd).toMatchObject({ version_liquidacion: 'CD', reconciliacion: 1 });

    return { gt, sv, counted: { gtFeb: gtFebDf, gtMar: gtMarPe, svFeb: svFebCd }, pe: [gtFebPe, gtMarPe, svFebPe] };
  })();
  return world;
}

const post = (email: string, path: 'resumen' | 'liquidations' | 'contracts', payload: unknown) =>
  w.as(email, { method: 'POST', url: `${API}/${path}`, payload: payload as object });

async function summary(payload: Record<string, unknown>): Promise<SettlementSummary> {
  const response = await post(ADMIN, 'resumen', payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SettlementSummary;
}

describe('POST /liquidacion/api/v3/resumen', () => {
  it('sums, for each contract and month, the most final settlement computed: per month, country, contract type and both', async () => {
    const { gtFeb, gtMar, svFeb } = (await settle()).counted;
    const data = await summary({ anio: 2025 });
    expect(data.anio).toBe(2025);
    expect(figuresOf(data.total)).toEqual(expectedFigures([gtFeb, gtMar, svFeb]));
    expect(data.total.versiones).toEqual({ PE: 1, DF: 1, CD: 1 });
    expect(data.meses.map((month) => ({ mes: month.mes, ...figuresOf(month) }))).toEqual([
      { mes: 2, ...expectedFigures([gtFeb, svFeb]) },
      { mes: 3, ...expectedFigures([gtMar]) },
    ]);
    expect(data.por_pais.map((country) => ({ pais: country.pais, ...figuresOf(country) }))).toEqual([
      { pais: 'GT', ...expectedFigures([gtFeb, gtMar]) },
      { pais: 'SV', ...expectedFigures([svFeb]) },
    ]);
    expect(data.por_tipo_contrato.map((type) => ({ tipo_contrato: type.tipo_contrato, ...figuresOf(type) }))).toEqual([
      { tipo_contrato: 'MC', ...expectedFigures([svFeb]) },
      { tipo_contrato: 'PF', ...expectedFigures([gtFeb, gtMar]) },
    ]);
    expect(data.por_pais_mes.map((item) => ({ mes: item.mes, pais: item.pais, ...figuresOf(item) }))).toEqual([
      { mes: 2, pais: 'GT', ...expectedFigures([gtFeb]) },
      { mes: 2, pais: 'SV', ...expectedFigures([svFeb]) },
      { mes: 3, pais: 'GT', ...expectedFigures([gtMar]) },
    ]);
    expect(data.por_tipo_contrato_mes.map((item) => `${item.mes} ${item.tipo_contrato} ${item.liquidaciones}`)).toEqual(['2 MC 1', '2 PF 1', '3 PF 1']);
    // The figures are not trivial: a month of energy and money was settled.
    expect(units(data.total.energia_total_mwh)).toBeGreaterThan(0n);
    expect(units(data.total.liquidacion_energia)).toBeGreaterThan(0n);
  });

  it('counts only the named version, and only the month, country and contract type asked', async () => {
    const { counted, pe } = await settle();
    expect(figuresOf((await summary({ anio: 2025, version: 'PE' })).total)).toEqual(expectedFigures(pe));
    expect(figuresOf((await summary({ anio: 2025, mes: 3 })).total)).toEqual(expectedFigures([counted.gtMar]));
    expect(figuresOf((await summary({ anio: 2025, pais: 'SV' })).total)).toEqual(expectedFigures([counted.svFeb]));
    expect(figuresOf((await summary({ anio: 2025, tipo_contrato: 'PF', mes: 2 })).total)).toEqual(expectedFigures([counted.gtFeb]));
  });

  it('answers zeros and empty lists for a period with nothing settled', async () => {
    await settle();
    const data = await summary({ anio: 2031 });
    expect(data).toEqual({
      anio: 2031,
      total: { energia_total_mwh: '0', liquidacion_energia: '0', margen: '0', factura: '0', liquidaciones: 0, validadas: 0, versiones: { PE: 0, DF: 0, CD: 0 } },
      meses: [],
      por_pais: [],
      por_tipo_contrato: [],
      por_pais_mes: [],
      por_tipo_contrato_mes: [],
    });
  });
});

describe('POST /liquidacion/api/v3/liquidations', () => {
  it('answers the margin of each month and the margin accumulated up to it', async () => {
    const { gtFeb, gtMar, svFeb } = (await settle()).counted;
    const response = await post(ADMIN, 'liquidations', { anio: 2025 });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as AccumulatedMargin;
    const february = sum([gtFeb.margen as string, svFeb.margen as string]);
    expect(data.meses.map((month) => ({ ...month, margen: canonical(month.margen), margen_acumulado: canonical(month.margen_acumulado) }))).toEqual([
      { mes: 2, margen: february, margen_acumulado: february, liquidaciones: 2, versiones: { PE: 0, DF: 1, CD: 1 } },
      { mes: 3, margen: canonical(gtMar.margen as string), margen_acumulado: sum([february, gtMar.margen as string]), liquidaciones: 1, versiones: { PE: 1, DF: 0, CD: 0 } },
    ]);
  });
});

describe('POST /liquidacion/api/v3/contracts', () => {
  it('lists each contract settled in the period with its company, country, type, months and totals, highest margin first', async () => {
    const { gt, sv, counted } = await settle();
    const response = await post(ADMIN, 'contracts', { anio: 2025 });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as ContractSummary[];
    const expected = [
      { contract: gt, months: [2, 3], settlements: [counted.gtFeb, counted.gtMar] },
      { contract: sv, months: [2], settlements: [counted.svFeb] },
    ].sort((a, b) => Number(units(sum(b.settlements.map((one) => one.margen as string))) - units(sum(a.settlements.map((one) => one.margen as string)))));
    expect(data.map((item) => ({ ...item, ...figuresOf(item) }))).toEqual(
      expected.map(({ contract, months, settlements }) => ({
        contrato_id: contract.id,
        contrato_codigo: contract.codigo_contraparte,
        empresa_id: contract.empresa_id,
        empresa_razon_social: contract.empresa_razon_social,
        pais: contract.sucursal,
        tipo_contrato: contract.tipo_contrato,
        meses: months,
        ...expectedFigures(settlements),
      })),
    );
  });
});

describe('who may call the summary, and with what', () => {
  const PATHS = ['resumen', 'liquidations', 'contracts'] as const;

  it('refuses a body out of bounds with one detail per field (400)', async () => {
    for (const path of PATHS) {
      const response = await post(ADMIN, path, { mes: 13, pais: 'XX', tipo_contrato: 'ZZ', version: 'PF' });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(detailFieldsOf(response), path).toEqual(new Set(['anio', 'mes', 'pais', 'tipo_contrato', 'version']));
      expectError(await post(ADMIN, path, { anio: 2025, otro: 1 }), 400, 'APP_ERR_REQUEST_INVALID');
      expectError(await post(ADMIN, path, { anio: 1999 }), 400, 'APP_ERR_REQUEST_INVALID');
    }
  });

  it('needs a signed-in caller (401), the liquidaciones view key and the Settlements view action (403)', async () => {
    const noViewer = 'sin-ver@test.energy';
    const noKey = 'sin-clave@test.energy';
    const noView = await insertRole(t, 'Sin ver liquidaciones GT', 'GT', grantsExcept([{ page: 'Settlements', action: 'view' }]));
    await userWith(t, noViewer, ['liquidaciones'], noView);
    await userWith(t, noKey, ['relaciones'], w.fullRole);
    for (const path of PATHS) {
      expectError(await t.app.inject({ method: 'POST', url: `${API}/${path}`, payload: { anio: 2025 } }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
      expectError(await post(noViewer, path, { anio: 2025 }), 403, 'APP_ERR_AUTH_FORBIDDEN');
      expectError(await post(noKey, path, { anio: 2025 }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
  });
});
