// @vitest-environment node
// The contract performance dashboard on the demo's data (docs/dashboard.md): each tile (a total
// of the dashboard's report) equals the total of the billing report that computes the same
// figure, a filter changes the tiles as it changes that report, every group adds up to the
// tiles, the workbook holds the rows, and a bad body, no token or no `dashboard` key is refused.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '../../schemas/dashboard.schema';
import type { ReportCell } from '../../schemas/report.schema';
import { addDays, businessToday } from '../../schemas/date.schema';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { queryRows } from '../../server/db/client';
import { performanceReport } from '../../server/dashboard/performance-report';
import { adminWorld, ADMIN, expectError, userWith, type AdminWorld } from './admin-fixtures';
import { addGtLocalPe, reportChecks, seedReportDemo } from './report-fixtures';
import { startTestApp, type TestApp } from './helpers';

// The demo as of REPORT_TEST_TODAY: December 2024 and January 2025 settled (DF) and invoiced.
const DECEMBER = { desde: '2024-12-01', hasta: '2024-12-31' };
const SETTLED = { desde: '2024-12-01', hasta: '2025-01-31' };
/** Every month the demo invoices, and the months around them. */
const YEAR = { desde: '2024-04-01', hasta: '2025-03-31' };
const URL = '/dashboard/api/v1/desempeno';
const OUTSIDER = 'sin-dashboard@test.energy';

let t: TestApp;
let w: AdminWorld;
/** A GT local contract whose December also has a PE. */
let withPe: number;

beforeAll(async () => {
  t = await startTestApp({ env: { JOB_WORKERS: '0', LOG_LEVEL: 'error' } });
  await seedReportDemo(t);
  w = await adminWorld(t);
  await userWith(t, OUTSIDER, ['facturacion', 'liquidaciones'], null);
  withPe = await addGtLocalPe(t, { anio: 2024, mes: 12 });
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const { report, sumOf } = reportChecks(() => ({ t, w }), OUTSIDER);

async function dashboard(body: object): Promise<DashboardAnswer> {
  const response = await w.as(ADMIN, { method: 'POST', url: URL, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as DashboardAnswer;
}

/** An exact decimal of the database (a sum of strings, or of a query). */
async function exact(query: ReturnType<typeof sql>): Promise<string> {
  const [row] = await queryRows<{ v: string }>(t.db, sql`select trim_scale(coalesce((${query}), 0))::text as v`);
  return row!.v;
}

/** The exact sum of a column over some rows of a report. */
const sumRows = (rows: Array<Record<string, ReportCell>>, clave: string) => sumOf(rows.map((row) => row[clave]));

describe('the tiles equal the reports', () => {
  it.each(['GT', 'SV', 'MX'] as const)("%s: a month's MWh delivered, margin, fee and invoice amount are estimaciones' totals", async (pais) => {
    const nombre = { GT: 'estimaciones-gtm', SV: 'estimaciones-sv', MX: 'estimaciones-mex' }[pais];
    const estimates = await report(nombre, { anio: 2024, mes: 12, pais, version: 'DF' });
    expect(estimates.filas.length).toBeGreaterThan(0);
    const { totales } = await dashboard({ ...DECEMBER, pais, version: 'DF' });
    expect(totales.mwh_entregada).toBe(estimates.totales.mwh_total);
    for (const clave of ['margen', 'fee', 'factura', 'liquidacion_energia']) expect(totales[clave], clave).toBe(estimates.totales[clave]);
  });

  it("Guatemala's local contracts: the margin, MWh and margin per MWh of two months are financiero-local-gtm's, and a company or a version narrows both alike", async () => {
    const filters = { pais: 'GT' } as const;
    const local = await report('financiero-local-gtm', { ...SETTLED, ...filters });
    const contracts = [...new Set(local.filas.map((row) => row.contrato_id as number))];
    // The dashboard has no local/regional filter: the same contracts, one by one.
    const answers = await Promise.all(contracts.map((contrato_id) => dashboard({ ...SETTLED, ...filters, contrato_id })));
    expect(await sumOf(answers.map((answer) => answer.totales.margen))).toBe(local.totales.margen);
    expect(await sumOf(answers.map((answer) => answer.totales.mwh_entregada))).toBe(local.totales.mwh_total);
    const one = await dashboard({ ...SETTLED, ...filters, contrato_id: withPe });
    const oneLocal = await report('financiero-local-gtm', { ...SETTLED, ...filters, contrato_id: withPe });
    expect(one.totales.margen_mwh).toBe(oneLocal.totales.margen_mwh);

    const [{ empresa_id }] = (await queryRows<{ empresa_id: number }>(t.db, sql`select empresa_id from contratos where id = ${withPe}`)) as [{ empresa_id: number }];
    const byCompany = await report('financiero-local-gtm', { ...SETTLED, ...filters, empresa_id });
    const dashboardByCompany = await Promise.all(
      [...new Set(byCompany.filas.map((row) => row.contrato_id as number))].map((contrato_id) => dashboard({ ...SETTLED, ...filters, empresa_id, contrato_id })),
    );
    expect(await sumOf(dashboardByCompany.map((answer) => answer.totales.margen))).toBe(byCompany.totales.margen);

    // PE asked: December's PE of that contract, and no January (it has none).
    const pe = await dashboard({ ...SETTLED, ...filters, contrato_id: withPe, version: 'PE' });
    const peLocal = await report('financiero-local-gtm', { ...SETTLED, ...filters, contrato_id: withPe, version: 'PE' });
    expect(peLocal.filas).toHaveLength(1);
    expect(pe.totales.margen).toBe(peLocal.totales.margen);
    expect(pe.totales.version).toBe('PE');
    expect(one.totales.version).toBe('DF');
  });

  it("the invoiced amount is facturacion-excel's issued documents, and an MXN document counts at its own rate", async () => {
    for (const pais of ['GT', 'SV'] as const) {
      const invoices = await report('facturacion-excel', { anio: 2024, mes: 12, pais });
      const issued = invoices.filas.filter((row) => row.estado === 'FACTURADO' || row.estado === 'CONCILIADO');
      expect(issued.length, pais).toBeGreaterThan(0);
      const { totales } = await dashboard({ ...DECEMBER, pais });
      expect(totales.facturado_usd, pais).toBe(await sumRows(issued, 'monto_usd'));
      expect(totales.documentos, pais).toBe(new Set(issued.map((row) => row.factura_id)).size);
    }
    const mx = await dashboard({ ...YEAR, pais: 'MX' });
    const expected = await exact(
      sql`select sum(round((case when tipo_documento = 'nota_credito' then -1 else 1 end) * subtotal / case when moneda = 'MXN' then tipo_cambio else 1 end, 2))
          from facturas where pais = 'MX' and estado in ('FACTURADO', 'CONCILIADO')`,
    );
    expect(Number(expected)).not.toBe(0);
    expect(mx.totales.facturado_usd).toBe(expected);
  });

  it("what Guatemala's customers still owe on the year's documents is saldo-gtm's balance", async () => {
    const now = new Date();
    const balances = await report('saldo-gtm', { anio: now.getUTCFullYear(), mes: now.getUTCMonth() + 1, pais: 'GT' });
    const { totales } = await dashboard({ ...YEAR, pais: 'GT', tipo_transaccion: 'R' });
    expect(totales.pendiente_usd).toBe(balances.totales.saldo);
    expect(await exact(sql`${totales.facturado_usd}::numeric`)).not.toBe('0');
  });

  it('the MWh contracted are the MW of the annexes in force × 24 h, as energy monitoring counts them, and the fulfilment compares the settled months only', async () => {
    const response = await w.as(ADMIN, { method: 'POST', url: '/monitoreo/api/v1/energia-total', payload: { ...DECEMBER, sucursal: 'GT' } });
    expect(response.statusCode, response.body).toBe(200);
    const roles = response.json().data as Array<{ mwh_contratada: string }>;
    const { totales, contratos } = await dashboard({ ...DECEMBER, pais: 'GT' });
    expect(totales.mwh_contratada).toBe(await sumOf(roles.map((role) => role.mwh_contratada)));
    const settled = contratos.filter((row) => row.mwh_entregada !== null);
    const expected = await exact(
      sql`round(100 * ${await sumRows(settled, 'mwh_entregada')}::numeric / ${await sumRows(settled, 'mwh_contratada')}::numeric, 2)`,
    );
    expect(totales.cumplimiento_pct).toBe(expected);
  });
});

describe('the groups and the filters', () => {
  it('every contract, month and contract type adds up to the tiles, and the transaction types split them', async () => {
    const answer = await dashboard(YEAR);
    expect(answer.total_filas).toBeGreaterThan(0);
    for (const group of ['contratos', 'meses', 'tipos'] as const) {
      for (const clave of ['margen', 'mwh_entregada', 'mwh_contratada', 'facturado_usd', 'fee']) {
        expect(await sumRows(answer[group], clave), `${group} ${clave}`).toBe(answer.totales[clave]);
      }
    }
    expect(answer.totales.en_riesgo).toBe(answer.contratos.filter((row) => row.en_riesgo === 1).length);
    const sides = await Promise.all((['R', 'I'] as const).map((tipo_transaccion) => dashboard({ ...YEAR, tipo_transaccion })));
    expect(await sumOf(sides.map((side) => side.totales.margen))).toBe(answer.totales.margen);
    expect(sides.every((side) => side.contratos.every((row) => row.tipo_transaccion === (side === sides[0] ? 'R' : 'I')))).toBe(true);
  });

  it('a contract type narrows the rows to it; a month without a settlement has its contracted MWh and no delivered ones ("sin datos", never 0)', async () => {
    const answer = await dashboard({ desde: '2025-02-01', hasta: '2025-02-28', pais: 'GT' });
    expect(answer.contratos.length).toBeGreaterThan(0);
    for (const row of answer.contratos) {
      expect(row.mwh_entregada).toBeNull();
      expect(row.cumplimiento_pct).toBeNull();
      expect(row.margen).toBeNull();
      expect(Number(row.mwh_contratada)).toBeGreaterThan(0);
    }
    const type = answer.contratos[0]!.tipo_contrato as string;
    const narrowed = await dashboard({ desde: '2025-02-01', hasta: '2025-02-28', pais: 'GT', tipo_contrato: type });
    expect(narrowed.contratos.every((row) => row.tipo_contrato === type)).toBe(true);
    expect(narrowed.tipos.map((row) => row.tipo_contrato)).toEqual([type]);
  });
});

describe("the market's guarantee coverage", () => {
  it("is the latest stored position of the contract's operator and branch within a week, and under 100 % puts the contract at risk", async () => {
    const today = businessToday();
    await t.db.execute(sql`insert into garantias_snapshot (fecha, operador, sucursal, moneda, monto_garantizado, pasivo_conocido, pasivo_potencial) values
      (${addDays(today, -3)}, 'AMM', 'GT', 'USD', 500, 100, 100),
      (${addDays(today, -1)}, 'AMM', 'GT', 'USD', 150, 100, 100),
      (${addDays(today, -10)}, 'UT', 'SV', 'USD', 50, 100, 0)`);
    const answer = await dashboard(DECEMBER);
    expect(answer.posicion_al).toBe(addDays(today, -1));
    const amm = answer.contratos.filter((row) => row.operador === 'AMM' && row.sucursal === 'GT');
    expect(amm.length).toBeGreaterThan(0);
    for (const row of amm) {
      expect(row.cobertura_pct).toBe('75');
      expect(row.en_riesgo).toBe(1);
    }
    // UT's position is ten days old: no coverage, rather than a stale one.
    for (const row of answer.contratos.filter((one) => one.operador === 'UT')) expect(row.cobertura_pct).toBeNull();
    await t.db.execute(sql`delete from garantias_snapshot`);
  });
});

describe('the workbook and the refusals', () => {
  it("downloads every row of the report with its totals, in the language asked", async () => {
    const answer = await dashboard(SETTLED);
    const response = await w.as(ADMIN, { method: 'POST', url: `${URL}/excel`, payload: { ...SETTLED, idioma: 'en-US' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells: unknown[][] = [];
    sheet.eachRow((row) => cells.push([row.getCell(1).value, row.getCell(2).value]));
    // The header block names the contract filter with the same words: the titles are the last such row.
    const titles = cells.findLastIndex((row) => row[0] === 'Contract (id)');
    expect(titles).toBeGreaterThan(0);
    // The rows, then the totals row.
    expect(cells.length - titles - 2).toBe(answer.total_filas);
  });

  it("names every column and filter of the report in both languages", () => {
    for (const catalogue of [esES, enUS]) {
      const words = catalogue.reports;
      expect((words.names as Record<string, string>)['desempeno-contratos']).toBeTruthy();
      for (const column of performanceReport.columns) expect((words.columns as Record<string, string>)[column.clave], column.clave).toBeTruthy();
      for (const filter of Object.keys(performanceReport.body.properties)) expect((words.filters as Record<string, string>)[filter], filter).toBeTruthy();
    }
  });

  it('refuses a reversed range, an unknown field or company, no token and no dashboard key', async () => {
    const reversed = await w.as(ADMIN, { method: 'POST', url: URL, payload: { desde: '2025-01-31', hasta: '2024-12-01' } });
    expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
    expect((reversed.json() as { details: Array<{ instancePath: string }> }).details.map((detail) => detail.instancePath)).toContain('/hasta');
    expectError(await w.as(ADMIN, { method: 'POST', url: URL, payload: { ...SETTLED, tipo_contrato: 'XX' } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await w.as(ADMIN, { method: 'POST', url: URL, payload: { ...SETTLED, extra: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await w.as(ADMIN, { method: 'POST', url: URL, payload: { ...SETTLED, empresa_id: 999_999 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await t.app.inject({ method: 'POST', url: URL, payload: SETTLED }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await w.as(OUTSIDER, { method: 'POST', url: URL, payload: SETTLED }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await w.as(OUTSIDER, { method: 'POST', url: `${URL}/excel`, payload: SETTLED }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});
