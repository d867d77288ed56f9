// @vitest-environment node
// The preliminary settlement reports and the two workbooks of several sheets, on the demo's data
// (docs/reports.md): liquidacion-eor-preliminar against the log books' declared-against-programmed
// comparison (programmed never above declared, CVT = Qp x (Pr - Pi) at the ex-ante prices),
// liquidacion-cenace-preliminar (PML = its components within 0.02, MW x PML and CENACE's
// charges, USD at the FIX), liquidacion-eor-top-preliminar (only MW > 0, the predespacho's ex-ante
// prices), facturacion-excel against the month's invoice list (a sheet per country) and
// reporte-preliminar-excel (a summary and a sheet per registered preliminary report, each sheet
// its report's JSON call; large, written by a job). Each refuses a bad body, 401 and 403.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { CATALOGUES } from '../../i18n/catalogues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/job.schema';
import type { ReportAnswer, ReportCell } from '../../schemas/report.schema';
import { queryRows } from '../../server/db/client';
import { seedDemoErcot } from '../../server/db/seed/demo-ercot';
import { seedDemoLogbooks } from '../../server/db/seed/demo-logbooks';
import { PRELIMINARY_REPORTS } from '../../server/reports/preliminary';
import { reportNamed } from '../../server/reports/registry';
import { adminWorld, ADMIN, expectError, userWith, type AdminWorld } from './admin-fixtures';
import { columnsOf, reportChecks, REPORT_TEST_TODAY, REPORTS_BASE, seedReportDemo } from './report-fixtures';
import { startTestApp, type TestApp } from './helpers';
import { useTestJobWorker } from './support/test-job-worker';

// A fixed "today": the predespacho of 12-14 March 2025, the Mexico link's 8-14 March.
const TODAY = REPORT_TEST_TODAY;
const MONTH = { anio: 2025, mes: 3 };
const OUTSIDER = 'sin-facturacion@test.energy';
/** Above this many rows a workbook is a job: the preliminary workbook is, the month's invoices are not. */
const JOB_ROWS = 1000;

let t: TestApp;
let w: AdminWorld;

beforeAll(async () => {
  t = await startTestApp({ env: { JOB_WORKERS: '0', LOG_LEVEL: 'error', REPORT_EXCEL_JOB_ROWS: String(JOB_ROWS) } });
  await seedReportDemo(t);
  await seedDemoLogbooks(t.db, TODAY);
  await seedDemoErcot(t.db, TODAY);
  w = await adminWorld(t);
  await userWith(t, OUTSIDER, ['liquidaciones', 'contabilidad', 'mercados', 'acciones'], null);
}, 300_000);

afterAll(async () => {
  await t?.close();
});
const worker = useTestJobWorker(
  () => t,
  () => w,
);

const BASE = REPORTS_BASE;
const { report, sumOf, expectTotalsAreSums, expectRefusals } = reportChecks(() => ({ t, w }), OUTSIDER);

/** A workbook's sheets, each as its header block, column titles, rows (as the JSON shows cells) and totals row. */
async function readSheets(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const values: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      values.push((row.values as unknown[]).slice(1));
    });
    // The header block ends with a blank row; the column titles follow it.
    const titleRow = values.findIndex((row) => row.length === 0) + 1;
    return { name: sheet.name, header: values.slice(0, titleRow - 1), titles: values[titleRow]!, rows: values.slice(titleRow + 1, -1), totals: values.at(-1)! };
  });
}

/** A JSON answer's rows and totals as a sheet holds them: numbers as numbers, dates as dates. */
function asSheet(answer: ReportAnswer) {
  const cell = (tipo: string, value: ReportCell | undefined): unknown => {
    if (value === null || value === undefined) return undefined;
    if (tipo === 'date') return new Date(`${String(value)}T00:00:00Z`);
    if (tipo === 'integer') return value;
    if (tipo === 'text') return value;
    return Number(value);
  };
  const trim = (row: unknown[]) => {
    const copy = [...row];
    while (copy.length > 0 && copy.at(-1) === undefined) copy.pop();
    return copy;
  };
  return {
    rows: answer.filas.map((row) => trim(answer.columnas.map(({ clave, tipo }) => cell(tipo, row[clave])))),
    totals: trim(answer.columnas.map(({ clave, tipo }, index) => (index === 0 ? 'Total' : clave in answer.totales ? cell(tipo, answer.totales[clave]) : undefined))),
  };
}

/** A sheet's rows read back, holes as undefined (as asSheet writes them). */
const sheetRows = (rows: unknown[][]) => rows.map((row) => Array.from({ length: row.length }, (_, index) => row[index] ?? undefined));

describe('liquidacion-eor-preliminar', () => {
  it('answers each regional annex day by day as the EOR programmed it, totals the sums of the rows, programmed never above declared', async () => {
    const answer = await report('liquidacion-eor-preliminar', MONTH);
    expect(columnsOf(answer)).toEqual([
      'fecha:date',
      'contrato_id:integer',
      'contrato:text',
      'anexo_id:integer',
      'sentido:text',
      'nodo_inyeccion:text',
      'nodo_retiro:text',
      'periodos:integer',
      'periodos_reducidos:integer',
      'mwh_declarada:mwh',
      'mwh_programada:mwh',
      'precio_inyeccion:price',
      'precio_retiro:price',
      'cvt:usd',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    expect(new Set(answer.filas.map((row) => row.fecha))).toEqual(new Set(['2025-03-12', '2025-03-13', '2025-03-14']));
    await expectTotalsAreSums(answer, ['precio_inyeccion', 'precio_retiro']);
    for (const row of answer.filas) {
      expect(Number(row.mwh_programada), `${row.fecha} ${row.contrato}`).toBeLessThanOrEqual(Number(row.mwh_declarada));
      expect(row.periodos).toBe(24);
    }
    expect(answer.filas.some((row) => row.periodos_reducidos !== 0 && Number(row.mwh_programada) < Number(row.mwh_declarada))).toBe(true);
  });

  it('reconciles each day with the log books: the sent declarations and what the EOR programmed (TCP), contract by contract', async () => {
    const answer = await report('liquidacion-eor-preliminar', MONTH);
    for (const fecha of ['2025-03-12', '2025-03-13', '2025-03-14']) {
      const response = await w.as(ADMIN, { method: 'GET', url: `/bitacoras/api/v1/predespacho/comparacion?fecha=${fecha}` });
      expect(response.statusCode, response.body).toBe(200);
      const lineas = response.json().data.lineas as Array<{ contrato_codigo: string; mwh_declarada: string | null; mwh_programada: string | null }>;
      const rows = answer.filas.filter((row) => row.fecha === fecha);
      for (const codigo of new Set(lineas.map((linea) => linea.contrato_codigo))) {
        const mine = rows.filter((row) => row.contrato === codigo);
        const theirs = lineas.filter((linea) => linea.contrato_codigo === codigo);
        expect(await sumOf(mine.map((row) => row.mwh_programada!)), `${fecha} ${codigo}`).toBe(await sumOf(theirs.map((linea) => linea.mwh_programada)));
        expect(await sumOf(mine.map((row) => row.mwh_declarada!)), `${fecha} ${codigo}`).toBe(await sumOf(theirs.map((linea) => linea.mwh_declarada)));
      }
      expect(await sumOf(rows.map((row) => row.mwh_programada!))).toBe(await sumOf(lineas.map((linea) => linea.mwh_programada)));
    }
  });

  it('computes CVT hour by hour as Qp x (Pr - Pi) at the ex-ante prices (a node without one at its PE price)', async () => {
    const answer = await report('liquidacion-eor-preliminar', MONTH);
    const [expected] = await queryRows<{ cvt: string }>(
      t.db,
      sql`with lineas as (
          select r.fecha, r.periodo, r.mw_predespachada as qp, a.pmi[1] as ni, a.pmr[1] as nr, a.id
          from resultados_predespacho r join contratos c on c.codigo_contraparte = r.codigo_contrato
          join anexos a on a.contrato_id = c.id and r.fecha between a.fecha_inicio and a.fecha_fin and r.pm = any(case r.sentido when 'I' then a.pmi else a.pmr end)
          where r.hoja = 'TCP' and r.fecha between '2025-03-01' and '2025-03-31'),
        precios as (
          select l.*, coalesce((select max(precio_exante) from resultados_predespacho x where x.hoja = 'PEXANTE' and x.fecha = l.fecha and x.periodo = l.periodo and x.nodo = l.ni),
                               (select precio from precios_nodo p where p.version = 'PE' and p.fecha = l.fecha and p.periodo = l.periodo and p.nodo = l.ni)) as pi,
                      coalesce((select max(precio_exante) from resultados_predespacho x where x.hoja = 'PEXANTE' and x.fecha = l.fecha and x.periodo = l.periodo and x.nodo = l.nr),
                               (select precio from precios_nodo p where p.version = 'PE' and p.fecha = l.fecha and p.periodo = l.periodo and p.nodo = l.nr)) as pr
          from lineas l)
        select trim_scale(sum(cvt))::text as cvt from (select round(sum(qp * (pr - pi)), 2) as cvt from precios group by fecha, id) d`,
    );
    expect(answer.totales.cvt).toBe(expected!.cvt);
    expect(answer.filas.every((row) => row.cvt !== null)).toBe(true);
  });

  it('narrows to a contract; refuses a month 13; 401; 403', async () => {
    const all = await report('liquidacion-eor-preliminar', MONTH);
    const contrato_id = all.filas[0]!.contrato_id as number;
    expect((await report('liquidacion-eor-preliminar', { ...MONTH, contrato_id })).filas).toEqual(all.filas.filter((row) => row.contrato_id === contrato_id));
    await expectRefusals('liquidacion-eor-preliminar', MONTH, { ...MONTH, mes: 13 }, '/mes');
  });
});

describe('liquidacion-cenace-preliminar', () => {
  it('answers the Mexico link hour by hour at the PML with its components, CENACE charges and USD at the FIX; totals the sums of the rows', async () => {
    const answer = await report('liquidacion-cenace-preliminar', MONTH);
    expect(columnsOf(answer)).toEqual([
      'fecha:date',
      'periodo:integer',
      'nodo:text',
      'tipo:text',
      'mw_tomada:mwh',
      'pml:price',
      'componente_energia:price',
      'componente_perdidas:price',
      'componente_congestion:price',
      'monto_mxn:mxn',
      'cargos_mxn:mxn',
      'total_mxn:mxn',
      'tipo_cambio:price',
      'total_usd:usd',
    ]);
    // Seven days, 24 hours, an export and an import each (every hour takes at least the fixed MW).
    expect(answer.filas).toHaveLength(7 * 24 * 2);
    await expectTotalsAreSums(answer);
    for (const row of answer.filas) {
      const components = Number(row.componente_energia) + Number(row.componente_perdidas) + Number(row.componente_congestion);
      expect(Math.abs(Number(row.pml) - components), `${row.fecha} ${row.periodo}`).toBeLessThanOrEqual(0.02 + 1e-9);
      expect(Number(row.mw_tomada)).toBeGreaterThan(0);
    }
  });

  it('reconciles with the log books: the sent offers taken at the PML, the charges in force, USD at the FIX the offers were saved with', async () => {
    const answer = await report('liquidacion-cenace-preliminar', MONTH);
    const [expected] = await queryRows<{ mw: string; monto: string; cargos: string; usd: string }>(
      t.db,
      sql`with o as (
          select b.fecha_operacion as fecha, o.periodo, o.tipo, o.mw_fija, o.id, o.tipo_cambio, p.pml
          from ofertas o join bitacoras b on b.id = o.bitacora_id
          join precios_pml p on p.nodo = o.pm and p.fecha = b.fecha_operacion and p.periodo = o.periodo
          where b.mercado = 'MEX' and b.estado = 'enviada' and b.fecha_operacion between '2025-03-01' and '2025-03-31'),
        m as (
          select o.*, o.mw_fija + coalesce((select sum(k.mw) from oferta_bloques k where k.oferta_id = o.id
            and ((o.tipo = 'EXPORTACION' and k.precio <= o.pml) or (o.tipo = 'IMPORTACION' and k.precio >= o.pml))), 0) as mw,
            (select sum(tasa) from cargos_pais c where c.pais = 'MX' and c.concepto_liquidacion is not null
              and c.base in ('mwh_ambos', case when o.tipo = 'EXPORTACION' then 'mwh_inyectado' else 'mwh_retirado' end)
              and c.vigente_desde <= o.fecha and (c.vigente_hasta is null or c.vigente_hasta >= o.fecha)) as tasa
          from o),
        f as (select *, (case when tipo = 'EXPORTACION' then 1 else -1 end) * round(mw * pml, 2) as monto, -round(mw * tasa, 2) as cargos from m)
        select trim_scale(sum(mw))::text as mw, trim_scale(sum(monto))::text as monto, trim_scale(sum(cargos))::text as cargos,
          trim_scale(sum(round((monto + cargos) / tipo_cambio, 2)))::text as usd from f`,
    );
    expect(answer.totales).toEqual({ mw_tomada: expected!.mw, monto_mxn: expected!.monto, cargos_mxn: expected!.cargos, total_mxn: await sumOf([expected!.monto, expected!.cargos]), total_usd: expected!.usd });
    // CENACE's charges of Mexico that feed a settlement are in force: every row pays some.
    expect(answer.filas.every((row) => Number(row.cargos_mxn) < 0)).toBe(true);
    // Exports earn, imports pay.
    expect(answer.filas.filter((row) => row.tipo === 'EXPORTACION').every((row) => Number(row.monto_mxn) > 0)).toBe(true);
    expect(answer.filas.filter((row) => row.tipo === 'IMPORTACION').every((row) => Number(row.monto_mxn) < 0)).toBe(true);
    // The FIX is the one each offer was saved with (the log book's, the day's last on or before it).
    for (const row of answer.filas.filter((one) => one.periodo === 1)) {
      const [fix] = await queryRows<{ fix: string }>(t.db, sql`select trim_scale(tipo_cambio)::text as fix from tipos_cambio where fecha <= ${row.fecha}::date order by fecha desc limit 1`);
      expect(row.tipo_cambio).toBe(fix!.fix);
    }
  });

  it('answers a month without the link as no rows; refuses a month 13; 401; 403', async () => {
    expect(await report('liquidacion-cenace-preliminar', { anio: 2024, mes: 1 })).toMatchObject({ filas: [], total_filas: 0, totales: { total_usd: '0' } });
    await expectRefusals('liquidacion-cenace-preliminar', MONTH, { ...MONTH, mes: 13 }, '/mes');
  });
});

describe('liquidacion-eor-top-preliminar', () => {
  it('answers the predispatched opportunity transactions with MW > 0 only, at the ex-ante price of the predespacho, totals the sums of the rows', async () => {
    const answer = await report('liquidacion-eor-top-preliminar', MONTH);
    expect(columnsOf(answer)).toEqual([
      'fecha:date',
      'periodo:integer',
      'pais:text',
      'pm:text',
      'nodo:text',
      'agente:text',
      'sentido:text',
      'mw_predespachada:mwh',
      'precio_exante:price',
      'monto:usd',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    expect(answer.filas.every((row) => Number(row.mw_predespachada) > 0)).toBe(true);
    await expectTotalsAreSums(answer);
    const [stored] = await queryRows<{ n: number; zero: number; mw: string }>(
      t.db,
      sql`select count(*) filter (where mw_predespachada > 0)::int as n, count(*) filter (where mw_predespachada = 0)::int as zero,
          trim_scale(sum(mw_predespachada))::text as mw
        from resultados_predespacho where hoja = 'TOP' and fecha between '2025-03-01' and '2025-03-31'`,
    );
    expect(stored!.zero).toBeGreaterThan(0);
    expect(answer.total_filas).toBe(stored!.n);
    expect(answer.totales.mw_predespachada).toBe(stored!.mw);
  });

  it("prices each row at the day's ex-ante price of its node, as the log books answer the imported predespacho", async () => {
    const answer = await report('liquidacion-eor-top-preliminar', { ...MONTH, pais: 'GT' });
    for (const fecha of new Set(answer.filas.map((row) => row.fecha as string))) {
      const response = await w.as(ADMIN, { method: 'GET', url: `/bitacoras/api/v1/predespacho?fecha=${fecha}&pais_oso=OSO001` });
      expect(response.statusCode, response.body).toBe(200);
      const prices = new Map((response.json().data.precios as Array<{ nodo: string; periodo: number; precio_exante: string }>).map((p) => [`${p.nodo} ${p.periodo}`, p.precio_exante]));
      for (const row of answer.filas.filter((one) => one.fecha === fecha)) {
        expect(row.precio_exante, `${fecha} ${row.nodo} ${row.periodo}`).toBe(prices.get(`${row.nodo} ${row.periodo}`));
        const amount = Math.round(Number(row.mw_predespachada) * Number(row.precio_exante) * 100) / 100;
        expect(Number(row.monto)).toBeCloseTo(row.sentido === 'R' ? -amount : amount, 2);
      }
    }
    expect((await report('liquidacion-eor-top-preliminar', { ...MONTH, pais: 'SV' })).filas).toEqual([]);
  });

  it('refuses a month 13 and a country outside the EOR; 401; 403', async () => {
    await expectRefusals('liquidacion-eor-top-preliminar', MONTH, { ...MONTH, pais: 'MX' }, '/pais');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/liquidacion-eor-top-preliminar`, payload: { ...MONTH, mes: 13 } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('facturacion-excel', () => {
  /** The month with the most invoices of the demo. */
  async function busiestMonth(): Promise<{ anio: number; mes: number }> {
    const [month] = await queryRows<{ anio: number; mes: number }>(t.db, sql`select anio, mes from facturas group by anio, mes order by count(*) desc, anio, mes limit 1`);
    return month!;
  }

  it('answers every line of the month invoices with its country; totals the sums of the rows; reconciles with the invoice list', async () => {
    const month = await busiestMonth();
    const answer = await report('facturacion-excel', month);
    expect(columnsOf(answer)).toEqual([
      'pais:text',
      'factura_id:integer',
      'numero:text',
      'tipo_documento:text',
      'sentido:text',
      'estado:text',
      'contrato:text',
      'razon_social:text',
      'fecha_emision:date',
      'moneda:text',
      'concepto:text',
      'cantidad_mwh:mwh',
      'monto_usd:usd',
      'monto_mxn:mxn',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer);
    const list = await w.as(ADMIN, { method: 'GET', url: `/facturacion/api/v1/facturas?anio=${month.anio}&mes=${month.mes}&por_pagina=200` });
    expect(list.statusCode, list.body).toBe(200);
    const invoices = list.json() as { total: number; data: Array<{ id: number; pais: string; subtotal: string; moneda: string; tipo_documento: string }> };
    expect(invoices.total).toBe(invoices.data.length);
    // The same invoices, each its lines adding up to its subtotal in its currency's column, of its country.
    expect([...new Set(answer.filas.map((row) => row.factura_id))].sort()).toEqual(invoices.data.map((invoice) => invoice.id).sort());
    for (const invoice of invoices.data) {
      const lines = answer.filas.filter((row) => row.factura_id === invoice.id);
      expect(lines.every((row) => row.pais === invoice.pais && row.moneda === invoice.moneda)).toBe(true);
      const column = invoice.moneda === 'USD' ? 'monto_usd' : 'monto_mxn';
      const sign = invoice.tipo_documento === 'nota_credito' ? '-' : '';
      expect(await sumOf(lines.map((row) => row[column]!)), `invoice ${invoice.id}`).toBe(await sumOf([`${sign}${invoice.subtotal}`]));
    }
    // The totals: the list's subtotals per currency, a credit note negative.
    const signed = (moneda: string) => invoices.data.filter((one) => one.moneda === moneda).map((one) => (one.tipo_documento === 'nota_credito' ? `-${one.subtotal}` : one.subtotal));
    expect(answer.totales.monto_usd).toBe(await sumOf(signed('USD')));
    expect(answer.totales.monto_mxn).toBe(await sumOf(signed('MXN')));
  });

  it('writes one workbook with a sheet per country, each the JSON call of that country', async () => {
    const month = await busiestMonth();
    const response = await w.as(ADMIN, { method: 'POST', url: `${BASE}/facturacion-excel/excel`, payload: { ...month, idioma: 'en-US' } });
    expect(response.statusCode, response.body).toBe(200);
    const sheets = await readSheets(response.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Guatemala', 'El Salvador', 'Mexico', 'Panama', 'United States']);
    const countries = ['GT', 'SV', 'MX', 'PA', 'US'];
    let rows = 0;
    for (const [index, sheet] of sheets.entries()) {
      const answer = await report('facturacion-excel', { ...month, pais: countries[index] });
      expect(sheet.header).toEqual([["The month's invoicing"], ['Year', month.anio], ['Month', month.mes], ['Country', countries[index]], ['Company (id)', 'All']]);
      expect(sheet.titles[0]).toBe('Country');
      const expected = asSheet(answer);
      expect(sheetRows(sheet.rows), sheet.name).toEqual(expected.rows);
      expect(sheetRows([sheet.totals])[0]).toEqual(expected.totals);
      rows += answer.filas.length;
    }
    expect(rows).toBe((await report('facturacion-excel', month)).total_filas);
    // One country asked: its sheet only.
    const one = await w.as(ADMIN, { method: 'POST', url: `${BASE}/facturacion-excel/excel`, payload: { ...month, pais: 'MX' } });
    expect((await readSheets(one.rawPayload)).map((sheet) => sheet.name)).toEqual(['México']);
  });

  it('writes a month without invoices as a sheet per country with headers and zero totals', async () => {
    const response = await w.as(ADMIN, { method: 'POST', url: `${BASE}/facturacion-excel/excel`, payload: { anio: 2001, mes: 1 } });
    expect(response.statusCode, response.body).toBe(200);
    const sheets = await readSheets(response.rawPayload);
    expect(sheets).toHaveLength(5);
    expect(sheets.every((sheet) => sheet.rows.length === 0 && sheet.totals[0] === 'Total')).toBe(true);
  });

  it('refuses a month 13 and a country that does not invoice; 401; 403', async () => {
    await expectRefusals('facturacion-excel', MONTH, { ...MONTH, mes: 13 }, '/mes');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/facturacion-excel`, payload: { ...MONTH, pais: 'HN' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('reporte-preliminar-excel', () => {
  const registered = PRELIMINARY_REPORTS.filter((nombre) => reportNamed(nombre) !== undefined);
  /** A preliminary report's body for the month: the month, or its first and last day for a report of a range. */
  const bodyFor = (nombre: string) => ('anio' in reportNamed(nombre)!.body.properties ? MONTH : { desde: '2025-03-01', hasta: '2025-03-31' });

  it('summarises each registered preliminary report: its row count and its main total, as its own JSON call answers them', async () => {
    expect(registered).toEqual(expect.arrayContaining(['liquidacion-eor-preliminar', 'liquidacion-cenace-preliminar', 'liquidacion-eor-top-preliminar', 'liquidacion-ercot-top-preliminar']));
    const answer = await report('reporte-preliminar-excel', MONTH);
    expect(columnsOf(answer)).toEqual(['orden:integer', 'reporte:text', 'filas:integer', 'columna:text', 'total:usd']);
    expect(answer.filas.map((row) => row.reporte)).toEqual(registered);
    await expectTotalsAreSums(answer);
    for (const row of answer.filas) {
      const own = await report(row.reporte as string, bodyFor(row.reporte as string));
      expect(row.filas, row.reporte as string).toBe(own.total_filas);
      expect(row.total, row.reporte as string).toBe(own.totales[row.columna as string]);
    }
    expect(answer.filas.find((row) => row.reporte === 'liquidacion-eor-preliminar')?.columna).toBe('cvt');
    expect(answer.filas.find((row) => row.reporte === 'liquidacion-cenace-preliminar')?.columna).toBe('total_usd');
  });

  it('writes one workbook, by a job when it is large: the summary sheet, then a sheet per report equal to its JSON call', async () => {
    const summary = await report('reporte-preliminar-excel', MONTH);
    const rows = summary.filas.reduce((sum, row) => sum + (row.filas as number), 0) + summary.filas.length;
    expect(rows).toBeGreaterThan(JOB_ROWS);
    const queued = await w.as(ADMIN, { method: 'POST', url: `${BASE}/reporte-preliminar-excel/excel`, payload: MONTH });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = queued.json().data as Job;
    expect(await worker.finished(job.id, ADMIN)).toMatchObject({ estado: 'terminado', hechos: rows, total: rows });
    const download = await w.as(ADMIN, { method: 'GET', url: `${BASE}/trabajos/${job.id}/excel` });
    expect(download.statusCode, download.body).toBe(200);
    const sheets = await readSheets(download.rawPayload);
    // Each sheet named by its report's title, within Excel's 31 characters.
    const titles = CATALOGUES['es-ES'].reports.names as Record<string, string>;
    expect(sheets.map((sheet) => sheet.name)).toEqual(['Reporte preliminar', ...registered.map((nombre) => titles[nombre]!.slice(0, 31))]);
    const own = [{ nombre: 'reporte-preliminar-excel', answer: summary }];
    for (const nombre of registered) own.push({ nombre, answer: await report(nombre, bodyFor(nombre)) });
    for (const [index, { nombre, answer }] of own.entries()) {
      const sheet = sheets[index]!;
      expect(sheet.header[1], nombre).toEqual('anio' in (reportNamed(nombre)?.body.properties ?? { anio: 1 }) ? ['Año', 2025] : ['Desde', new Date('2025-03-01T00:00:00Z')]);
      const expected = asSheet(answer);
      expect(sheetRows(sheet.rows), nombre).toEqual(expected.rows);
      expect(sheetRows([sheet.totals])[0], nombre).toEqual(expected.totals);
    }
  });

  it('refuses a month 13 and any filter; 401; 403', async () => {
    await expectRefusals('reporte-preliminar-excel', MONTH, { ...MONTH, mes: 13 }, '/mes');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/reporte-preliminar-excel`, payload: { ...MONTH, pais: 'GT' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});
