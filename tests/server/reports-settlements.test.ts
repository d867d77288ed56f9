// @vitest-environment node
// The settlements' billing reports on the demo's data (docs/reports.md): the estimates of the
// three countries, the energy of Mexico and El Salvador, the hourly backup of the Guatemalan
// invoices, the Guatemalan local P&L and the GT-MX contracts. Each answers 200 with its columns
// and totals that are the sums of its rows, reconciles with what the settlements, the energy or
// the invoices hold, and refuses a bad body (400), no token (401) and no facturacion (403).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { queryRows } from '../../server/db/client';
import { DEMO_ANALYST, DEMO_SUPERVISOR } from '../../server/db/seed/demo-settlements';
import { draftFromSettlement } from '../../server/invoicing/draft-invoice';
import { reportNamed } from '../../server/reports/registry';
import { computeSettlementRows, insertReconciliation, readSettlement, validateSettlement } from '../../server/settlements/store';
import { adminWorld, ADMIN, expectError, userWith, type AdminWorld } from './admin-fixtures';
import { addGtLocalPe, columnsOf, reportChecks, REPORTS_BASE, seedReportDemo } from './report-fixtures';
import { startTestApp, type TestApp } from './helpers';

// The demo as of REPORT_TEST_TODAY (a fixed day): December 2024 and January 2025 are
// settled (DF) by the demo, February 2025 has market data and no settlement.
const MONTH = { anio: 2024, mes: 12 };
const OUTSIDER = 'sin-facturacion@test.energy';

let t: TestApp;
let w: AdminWorld;
/** A GT contract whose December has a PE besides the demo's DF. */
let withPe: number;

beforeAll(async () => {
  t = await startTestApp({ env: { JOB_WORKERS: '0', LOG_LEVEL: 'error' } });
  await seedReportDemo(t);
  w = await adminWorld(t);
  await userWith(t, OUTSIDER, ['liquidaciones', 'contabilidad'], null);
  // A preliminary settlement of December for a GT local contract the demo settled: the estimate
  // takes the DF each day unless PE is asked.
  withPe = await addGtLocalPe(t, MONTH);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const BASE = REPORTS_BASE;
const { report, sumOf, expectTotalsAreSums, expectRefusals } = reportChecks(() => ({ t, w }), OUTSIDER);

/** One figure the database computes, as an exact decimal string. */
async function figure(query: ReturnType<typeof sql>): Promise<string> {
  const [row] = await queryRows<{ v: string | null }>(t.db, sql`select trim_scale(coalesce((${query}), 0))::text as v`);
  return row!.v!;
}

/** A reversed range: 400 on /hasta. */
async function expectReversedRefused(nombre: string) {
  const reversed = await w.as(ADMIN, { method: 'POST', url: `${BASE}/${nombre}`, payload: { desde: '2025-02-01', hasta: '2025-01-01' } });
  expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
  expect(reversed.json().details).toEqual([expect.objectContaining({ instancePath: '/hasta', keyword: 'rangeOrder' })]);
}

const ESTIMATE_COLUMNS = [
  'contrato_id:integer',
  'contrato:text',
  'razon_social:text',
  'fecha:date',
  'version:text',
  'liquidacion_id:integer',
  'estado:text',
  'mwh_total:mwh',
  'liquidacion_energia:usd',
  'liquidacion_potencia:usd',
  'fee:usd',
  'cargos_mmi:usd',
  'cargos_mmr:usd',
  'margen:usd',
  'factura:usd',
];

describe.each([
  { nombre: 'estimaciones-gtm', pais: 'GT', other: 'SV' },
  { nombre: 'estimaciones-sv', pais: 'SV', other: 'GT' },
  { nombre: 'estimaciones-mex', pais: 'MX', other: 'GT' },
] as const)('$nombre', ({ nombre, pais, other }) => {
  /** Σ of a column of the settlement rows of the month's `version` settlements of the branch (`contrato`: of one contract). */
  const rowsSum = (column: string, version: string, contrato?: number) =>
    figure(sql`select sum(r.${sql.identifier(column)}) from liquidacion_filas r join liquidaciones l on l.id = r.liquidacion_id join contratos c on c.id = l.contrato_id
      where c.sucursal = ${pais} and l.anio = ${MONTH.anio} and l.mes = ${MONTH.mes} and l.version_liquidacion = ${version}
        ${contrato === undefined ? sql`` : sql`and c.id = ${contrato}`}`);

  it("answers the branch's contracts day by day with their columns, totals the sums of the rows", async () => {
    const answer = await report(nombre, MONTH);
    expect(columnsOf(answer)).toEqual(pais === 'MX' ? [...ESTIMATE_COLUMNS, 'tipo_cambio:price', 'factura_mxn:mxn'] : ESTIMATE_COLUMNS);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer);
    const [branch] = await queryRows<{ ids: number[] }>(t.db, sql`select coalesce(array_agg(id), '{}') as ids from contratos where sucursal = ${pais}`);
    expect(answer.filas.every((row) => branch!.ids.includes(row.contrato_id as number))).toBe(true);
    // One row per contract and day of the month.
    expect(new Set(answer.filas.map((row) => `${row.contrato_id} ${row.fecha}`)).size).toBe(answer.filas.length);
    expect(answer.filas.every((row) => String(row.fecha).startsWith('2024-12-'))).toBe(true);
  });

  it('reconciles with the settlement rows: the best version each day (the DF here), or the version asked', async () => {
    const best = await report(nombre, MONTH);
    expect(best.filas.every((row) => row.version === 'DF')).toBe(true);
    const df = await report(nombre, { ...MONTH, version: 'DF' });
    for (const column of ['mwh_total', 'liquidacion_energia', 'margen', 'factura'] as const) {
      const expected = await rowsSum(column === 'mwh_total' ? 'energia_total_mwh' : column, 'DF');
      expect(best.totales[column], column).toBe(expected);
      expect(df.totales[column], column).toBe(expected);
    }
    if (pais === 'GT') {
      const pe = await report(nombre, { ...MONTH, version: 'PE' });
      expect(pe.filas.length).toBeGreaterThan(0);
      expect(pe.filas.every((row) => row.contrato_id === withPe && row.version === 'PE')).toBe(true);
      expect(pe.totales.factura).toBe(await rowsSum('factura', 'PE'));
      // The contract with both: the DF's figures day by day unless PE is asked.
      const one = await report(nombre, { ...MONTH, contrato_id: withPe });
      expect(one.totales.factura).toBe(await rowsSum('factura', 'DF', withPe));
    } else {
      expect((await report(nombre, { ...MONTH, version: 'PE' })).filas).toEqual([]);
    }
  });

  if (pais === 'MX') {
    it('gives each day its FIX and the MXN amounts the settlement keeps', async () => {
      const answer = await report(nombre, MONTH);
      expect(answer.totales.factura_mxn).toBe(await rowsSum('factura_mxn', 'DF'));
      const rates = await queryRows<{ fecha: string; fix: string }>(
        t.db,
        sql`select to_char(d, 'YYYY-MM-DD') as fecha, (select trim_scale(tc.tipo_cambio)::text from tipos_cambio tc where tc.fecha <= d order by tc.fecha desc limit 1) as fix
            from generate_series('2024-12-01'::date, '2024-12-31'::date, interval '1 day') d`,
      );
      for (const row of answer.filas) expect(row.tipo_cambio, String(row.fecha)).toBe(rates.find((rate) => rate.fecha === row.fecha)!.fix);
    });
  }

  it('refuses a month 13, another country, an unknown field; 401; 403', async () => {
    await expectRefusals(nombre, MONTH, { ...MONTH, mes: 13 }, '/mes');
    const country = await w.as(ADMIN, { method: 'POST', url: `${BASE}/${nombre}`, payload: { ...MONTH, pais: other } });
    expectError(country, 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe.each([
  { nombre: 'energia-mex', pais: 'MX' },
  { nombre: 'energia-sv', pais: 'SV' },
] as const)('$nombre', ({ nombre, pais }) => {
  const RANGE = { desde: '2025-01-01', hasta: '2025-02-28' };

  /** The hourly energy of the branch's annexes in the range, in one version or the best each annex has each day. */
  const hourlyTotal = (version: 'PE' | 'DF' | 'mejor') =>
    figure(sql`with horas as (
        select e.anexo_id, e.fecha, e.version, sum(e.energia_fisica_mwh + e.energia_flex_mwh) as mwh
        from energia_anexo e join anexos a on a.id = e.anexo_id join contratos c on c.id = a.contrato_id
        where c.sucursal = ${pais} and e.fecha between ${RANGE.desde}::date and ${RANGE.hasta}::date
        group by e.anexo_id, e.fecha, e.version
      ),
      elegidas as (
        select h.*, rank() over (partition by h.anexo_id, h.fecha order by case h.version when 'CD' then 3 when 'DF' then 2 else 1 end desc) as orden from horas h
      )
      select sum(mwh) from elegidas where ${version === 'mejor' ? sql`orden = 1` : sql`version = ${version}`}`);

  it("answers the branch's contracts day by day, totals the sums, reconciling with the annexes' hourly energy in each version", async () => {
    const answer = await report(nombre, RANGE);
    expect(columnsOf(answer)).toEqual([
      'contrato_id:integer',
      'contrato:text',
      'razon_social:text',
      'fecha:date',
      'anexos:integer',
      'version:text',
      'mwh_fisica:mwh',
      'mwh_flex:mwh',
      'mwh_total:mwh',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer);
    const [branch] = await queryRows<{ ids: number[] }>(t.db, sql`select coalesce(array_agg(id), '{}') as ids from contratos where sucursal = ${pais}`);
    expect(answer.filas.every((row) => branch!.ids.includes(row.contrato_id as number))).toBe(true);
    for (const version of ['PE', 'DF', 'mejor'] as const) {
      const one = version === 'mejor' ? answer : await report(nombre, { ...RANGE, version });
      expect(one.totales.mwh_total, version).toBe(await hourlyTotal(version));
    }
  });

  it('refuses a reversed range, another country, an unknown field; 401; 403', async () => {
    await expectReversedRefused(nombre);
    await expectRefusals(nombre, RANGE, { ...RANGE, pais: 'GT' }, '/pais');
  });
});

describe('respaldo-gtm', () => {
  it("answers each GT document's settlement rows hour by hour; each document's rows add up to its subtotal, energy and lines", async () => {
    const answer = await report('respaldo-gtm', MONTH);
    expect(columnsOf(answer)).toEqual([
      'factura_id:integer',
      'numero:text',
      'tipo_documento:text',
      'estado:text',
      'contrato:text',
      'razon_social:text',
      'anexo_id:integer',
      'fecha:date',
      'periodo:integer',
      'mwh_total:mwh',
      'liquidacion_energia:usd',
      'liquidacion_potencia:usd',
      'fee:usd',
      'cargos_mmi:usd',
      'cargos_mmr:usd',
      'take_or_pay:usd',
      'monto:usd',
    ]);
    await expectTotalsAreSums(answer);
    const invoices = await queryRows<{ id: number; subtotal: string; energia_mwh: string; filas: number; lineas: Record<string, string> }>(
      t.db,
      sql`select f.id, trim_scale(f.subtotal)::text as subtotal, trim_scale(f.energia_mwh)::text as energia_mwh,
            (select count(*)::int from liquidacion_filas r where r.liquidacion_id = f.liquidacion_id) as filas,
            (select coalesce(json_object_agg(fl.concepto, trim_scale(fl.monto)::text), '{}') from factura_lineas fl where fl.factura_id = f.id) as lineas
          from facturas f where f.pais = 'GT' and f.anio = ${MONTH.anio} and f.mes = ${MONTH.mes} order by f.id`,
    );
    expect(invoices.length).toBeGreaterThan(0);
    expect([...new Set(answer.filas.map((row) => row.factura_id))]).toEqual(invoices.map((invoice) => invoice.id));
    const lineOf: Record<string, string> = {
      liquidacion_energia: 'energia',
      liquidacion_potencia: 'potencia',
      fee: 'fee',
      cargos_mmi: 'cargos_mmi',
      cargos_mmr: 'cargos_mmr',
      take_or_pay: 'take_or_pay',
    };
    for (const invoice of invoices) {
      const rows = answer.filas.filter((row) => row.factura_id === invoice.id);
      expect(rows.length).toBe(invoice.filas);
      expect(await sumOf(rows.map((row) => row.monto!)), `invoice ${invoice.id}`).toBe(invoice.subtotal);
      expect(await sumOf(rows.map((row) => row.mwh_total!)), `invoice ${invoice.id}`).toBe(invoice.energia_mwh);
      for (const [column, concepto] of Object.entries(lineOf)) {
        expect(await sumOf(rows.map((row) => row[column]!)), `${invoice.id} ${column}`).toBe(invoice.lineas[concepto] ?? '0');
      }
    }
  });

  it('narrows to a contract', async () => {
    const all = await report('respaldo-gtm', MONTH);
    const [first] = await queryRows<{ contrato_id: number }>(t.db, sql`select contrato_id from facturas where id = ${all.filas[0]!.factura_id as number}`);
    const one = await report('respaldo-gtm', { ...MONTH, contrato_id: first!.contrato_id });
    expect(one.filas.length).toBeGreaterThan(0);
    expect(one.filas.every((row) => row.contrato === all.filas[0]!.contrato)).toBe(true);
  });

  it('refuses a month 13, another country, an unknown field; 401; 403', async () => {
    await expectRefusals('respaldo-gtm', MONTH, { ...MONTH, mes: 13 }, '/mes');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/respaldo-gtm`, payload: { ...MONTH, pais: 'MX' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('financiero-local-gtm', () => {
  const RANGE = { desde: '2024-12-15', hasta: '2025-01-31' };
  /** Σ of a settlement column over the GT local contracts' DF of December and January. */
  const settled = (column: string, extra = sql``) =>
    figure(sql`select sum(l.${sql.identifier(column)}) from liquidaciones l join contratos c on c.id = l.contrato_id
      where c.sucursal = 'GT' and c.local_regional = 'local' and l.version_liquidacion = 'DF'
        and (l.anio, l.mes) in ((2024, 12), (2025, 1)) ${extra}`);

  it('answers each GT local contract month by month (the months the range touches, whole), totals the sums', async () => {
    const answer = await report('financiero-local-gtm', RANGE);
    expect(columnsOf(answer)).toEqual([
      'contrato_id:integer',
      'contrato:text',
      'razon_social:text',
      'tipo_transaccion:text',
      'mes:date',
      'version:text',
      'liquidacion_id:integer',
      'mwh_total:mwh',
      'ventas:usd',
      'compras:usd',
      'cargos:usd',
      'margen:usd',
      'margen_mwh:price',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer, ['margen_mwh']);
    expect(new Set(answer.filas.map((row) => row.mes))).toEqual(new Set(['2024-12-01', '2025-01-01']));
    const [local] = await queryRows<{ ids: number[] }>(t.db, sql`select coalesce(array_agg(id), '{}') as ids from contratos where sucursal = 'GT' and local_regional = 'local'`);
    expect(answer.filas.every((row) => local!.ids.includes(row.contrato_id as number))).toBe(true);
  });

  it("reconciles with the settlements: Σ margin, sales and purchases, charges; margin per MWh the ratio", async () => {
    const answer = await report('financiero-local-gtm', RANGE);
    expect(answer.filas.every((row) => row.version === 'DF')).toBe(true);
    expect(answer.totales.margen).toBe(await settled('margen'));
    expect(answer.totales.mwh_total).toBe(await settled('energia_total_mwh'));
    expect(answer.totales.ventas).toBe(await settled('factura', sql`and c.tipo_transaccion = 'R'`));
    expect(answer.totales.compras).toBe(await settled('factura', sql`and c.tipo_transaccion = 'I'`));
    expect(answer.totales.cargos).toBe(await figure(sql`select ${await settled('cargos_mmi')}::numeric + ${await settled('cargos_mmr')}::numeric`));
    expect(answer.totales.margen_mwh).toBe(await figure(sql`select round(${answer.totales.margen}::numeric / ${answer.totales.mwh_total}::numeric, 2)`));
    // PE asked: the one December PE.
    const pe = await report('financiero-local-gtm', { ...RANGE, version: 'PE' });
    expect(pe.filas.map((row) => [row.contrato_id, row.mes])).toEqual([[withPe, '2024-12-01']]);
  });

  it('refuses a reversed range, another country, an unknown field; 401; 403', async () => {
    await expectReversedRefused('financiero-local-gtm');
    await expectRefusals('financiero-local-gtm', RANGE, { ...RANGE, pais: 'SV' }, '/pais');
  });
});

describe('contratros-gtm-mex', () => {
  const RANGE = { desde: '2024-12-01', hasta: '2025-01-31' };
  /** The DF settlements of December and January of the contracts injecting in one of GT, MX and withdrawing in the other. */
  const crossing = sql`select l.* from liquidaciones l join contratos c on c.id = l.contrato_id
    where l.version_liquidacion = 'DF' and (l.anio, l.mes) in ((2024, 12), (2025, 1))
      and ((c.pmi[1] like 'GT-%' and c.pmr[1] like 'MX-%') or (c.pmi[1] like 'MX-%' and c.pmr[1] like 'GT-%'))`;

  it('answers each GT-MX contract month by month with the energy and value of both sides, totals the sums', async () => {
    const answer = await report('contratros-gtm-mex', RANGE);
    expect(columnsOf(answer)).toEqual([
      'contrato_id:integer',
      'contrato:text',
      'razon_social:text',
      'sucursal:text',
      'flujo:text',
      'mes:date',
      'version:text',
      'liquidacion_id:integer',
      'mwh_gt:mwh',
      'mwh_mx:mwh',
      'mwh_perdidas:mwh',
      'monto_gt:usd',
      'monto_mx:usd',
      'factura:usd',
      'factura_mxn:mxn',
    ]);
    // The demo's Mexican purchase delivered in Guatemala, both months.
    expect(answer.filas.length).toBeGreaterThanOrEqual(2);
    await expectTotalsAreSums(answer);
  });

  it('reconciles: the withdrawal side is the settled energy, the sides differ by the losses, Σ invoice = the settlements', async () => {
    const answer = await report('contratros-gtm-mex', RANGE);
    const [ids] = await queryRows<{ ids: number[] }>(t.db, sql`select coalesce(array_agg(id order by id), '{}') as ids from (${crossing}) x`);
    expect(answer.filas.map((row) => row.liquidacion_id).sort((a, b) => Number(a) - Number(b))).toEqual(ids!.ids);
    expect(answer.totales.factura).toBe(await figure(sql`select sum(factura) from (${crossing}) x`));
    expect(answer.totales.factura_mxn).toBe(await figure(sql`select sum(factura_mxn) from (${crossing}) x`));
    const withdrawn = answer.filas.map((row) => (row.flujo === 'GT-MX' ? row.mwh_mx : row.mwh_gt)!);
    expect(await sumOf(withdrawn)).toBe(await figure(sql`select sum(energia_total_mwh) from (${crossing}) x`));
    for (const row of answer.filas) {
      const injected = row.flujo === 'GT-MX' ? row.mwh_gt : row.mwh_mx;
      const out = row.flujo === 'GT-MX' ? row.mwh_mx : row.mwh_gt;
      expect(await figure(sql`select ${injected}::numeric - ${out}::numeric`)).toBe(await sumOf([row.mwh_perdidas!]));
    }
  });

  it('refuses a reversed range, a range over 366 days, an unknown field; 401; 403', async () => {
    await expectReversedRefused('contratros-gtm-mex');
    await expectRefusals('contratros-gtm-mex', RANGE, { ...RANGE, hasta: '2026-01-31' }, '/hasta');
  });
});

describe('every report of this file', () => {
  const NAMES = [
    'estimaciones-gtm',
    'estimaciones-sv',
    'estimaciones-mex',
    'energia-mex',
    'energia-sv',
    'respaldo-gtm',
    'financiero-local-gtm',
    'contratros-gtm-mex',
  ] as const;

  it('titles each column in both languages', () => {
    for (const nombre of NAMES) {
      for (const { clave } of reportNamed(nombre)!.columns) {
        expect((esES.reports.columns as Record<string, string>)[clave], `${nombre} ${clave}`).toBeTruthy();
        expect((enUS.reports.columns as Record<string, string>)[clave], `${nombre} ${clave}`).toBeTruthy();
      }
    }
  });

  it('writes its workbook', async () => {
    for (const [nombre, body] of [
      ['estimaciones-mex', MONTH],
      ['respaldo-gtm', MONTH],
      ['contratros-gtm-mex', { desde: '2024-12-01', hasta: '2025-01-31' }],
    ] as const) {
      const response = await w.as(ADMIN, { method: 'POST', url: `${BASE}/${nombre}/excel`, payload: { ...body, idioma: 'en-US' } });
      expect(response.statusCode, `${nombre} ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.rawPayload.length).toBeGreaterThan(1000);
    }
  });
});

// Last: it adds a reconciliation (CD) of December, which the reports above would then read.
describe('a reconciliation and its note', () => {
  it("respaldo-gtm backs a note with the CD's rows less the DF's, hour by hour, adding up to the note; the estimate reads the CD", async () => {
    // A GT sale invoiced for December; three of its hours measured again (CD) with more energy.
    const [invoice] = await queryRows<{ liquidacion_id: number; contrato_id: number; anexo_id: number }>(
      t.db,
      sql`select f.liquidacion_id, f.contrato_id, (select r.anexo_id from liquidacion_filas r where r.liquidacion_id = f.liquidacion_id limit 1) as anexo_id
          from facturas f where f.pais = 'GT' and f.sentido = 'cobrar' and f.tipo_documento = 'factura' and f.anio = ${MONTH.anio} and f.mes = ${MONTH.mes}
          order by f.id limit 1`,
    );
    const note = await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into energia_anexo (anexo_id, fecha, periodo, version, energia_fisica_mwh, energia_flex_mwh, cargado_por)
        select anexo_id, fecha, periodo, 'CD', energia_fisica_mwh + 1.5, energia_flex_mwh, 'prueba'
        from energia_anexo where anexo_id = ${invoice!.anexo_id} and version = 'DF' and fecha = '2024-12-10' and periodo in (8, 9, 10)`);
      const cd = await insertReconciliation(tx, await readSettlement(tx, invoice!.liquidacion_id), DEMO_ANALYST);
      await computeSettlementRows(tx, cd.id, DEMO_ANALYST);
      await validateSettlement(tx, cd.id, DEMO_SUPERVISOR);
      return draftFromSettlement(tx, cd.id, DEMO_ANALYST);
    });
    const [expected] = await queryRows<{ tipo_documento: string; subtotal: string; energia_mwh: string; filas: number }>(
      t.db,
      sql`select f.tipo_documento, trim_scale(f.subtotal)::text as subtotal, trim_scale(f.energia_mwh)::text as energia_mwh,
            (select count(*)::int from liquidacion_filas r where r.liquidacion_id = f.liquidacion_id) as filas
          from facturas f where f.id = ${note}`,
    );
    expect(expected!.tipo_documento).toBe('nota_debito');
    const answer = await report('respaldo-gtm', { ...MONTH, contrato_id: invoice!.contrato_id });
    const rows = answer.filas.filter((row) => row.factura_id === note);
    expect(rows.length).toBe(expected!.filas);
    expect(await sumOf(rows.map((row) => row.monto!))).toBe(expected!.subtotal);
    expect(await sumOf(rows.map((row) => row.mwh_total!))).toBe(expected!.energia_mwh);
    expect(expected!.energia_mwh).toBe('4.5');
    // Only the hours measured again differ.
    expect(rows.filter((row) => Number(row.monto) !== 0).map((row) => [row.fecha, row.periodo])).toEqual([
      ['2024-12-10', 8],
      ['2024-12-10', 9],
      ['2024-12-10', 10],
    ]);
    // The estimate now reads the CD of that contract each day (its latest reconciliation).
    const best = await report('estimaciones-gtm', { ...MONTH, contrato_id: invoice!.contrato_id });
    expect(best.filas.every((row) => row.version === 'CD')).toBe(true);
    expect(best.totales.factura).toBe(
      await figure(sql`select sum(r.factura) from liquidacion_filas r join liquidaciones l on l.id = r.liquidacion_id
        where l.contrato_id = ${invoice!.contrato_id} and l.anio = ${MONTH.anio} and l.mes = ${MONTH.mes} and l.version_liquidacion = 'CD'`),
    );
  });
});
