// @vitest-environment node
// The reports built so far on the demo's data (docs/reports.md): each answers 200 with its
// columns, and its figures reconcile with the area it reads: energia-gtm with the hourly energy
// of the Guatemala annexes, saldo-gtm with the account statement, the ERCOT report with the
// ERCOT section's running total. Each refuses a bad body (400 with details), a caller without a
// token (401) and one without the facturacion view key (403).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { seedDemoErcot } from '../../server/db/seed/demo-ercot';
import { adminWorld, ADMIN, expectError, userWith, type AdminWorld } from './admin-fixtures';
import { columnsOf, reportChecks, REPORT_TEST_TODAY, REPORTS_BASE, seedReportDemo } from './report-fixtures';
import { startTestApp, type TestApp } from './helpers';

// A fixed "today" keeps the months the same on every run (as the demo-invoices test).
const TODAY = REPORT_TEST_TODAY;
const OUTSIDER = 'sin-facturacion@test.energy';

let t: TestApp;
let w: AdminWorld;

beforeAll(async () => {
  t = await startTestApp({ env: { JOB_WORKERS: '0', LOG_LEVEL: 'error' } });
  await seedReportDemo(t);
  await seedDemoErcot(t.db, TODAY);
  w = await adminWorld(t);
  await userWith(t, OUTSIDER, ['liquidaciones', 'contabilidad', 'mercados'], null);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const BASE = REPORTS_BASE;
const { report, sumOf, expectTotalsAreSums, expectRefusals } = reportChecks(() => ({ t, w }), OUTSIDER);

describe('energia-gtm', () => {
  const RANGE = { desde: '2025-01-01', hasta: '2025-02-28' };

  /** The hourly energy of the GT annexes in the range, in one version or the best each annex has each day. */
  async function hourlyTotal(version: 'PE' | 'DF' | 'mejor'): Promise<string> {
    const [row] = await queryRows<{ total: string }>(
      t.db,
      sql`with horas as (
          select e.anexo_id, e.fecha, e.version, sum(e.energia_fisica_mwh + e.energia_flex_mwh) as mwh
          from energia_anexo e join anexos a on a.id = e.anexo_id join contratos c on c.id = a.contrato_id
          where c.sucursal = 'GT' and e.fecha between ${RANGE.desde}::date and ${RANGE.hasta}::date
          group by e.anexo_id, e.fecha, e.version
        ),
        elegidas as (
          select h.*, rank() over (partition by h.anexo_id, h.fecha order by case h.version when 'CD' then 3 when 'DF' then 2 else 1 end desc) as orden from horas h
        )
        select trim_scale(coalesce(sum(mwh), 0))::text as total from elegidas
        where ${version === 'mejor' ? sql`orden = 1` : sql`version = ${version}`}`,
    );
    return row!.total;
  }

  it('answers each GT contract day by day with its columns, totals that are the sums of the rows', async () => {
    const answer = await report('energia-gtm', RANGE);
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
    const [gt] = await queryRows<{ ids: number[] }>(t.db, sql`select coalesce(array_agg(id), '{}') as ids from contratos where sucursal = 'GT'`);
    expect(answer.filas.every((row) => gt!.ids.includes(row.contrato_id as number))).toBe(true);
  });

  it('reconciles with the hourly energy of the GT annexes, in the version asked and in the best available', async () => {
    for (const version of ['PE', 'DF', 'mejor'] as const) {
      const answer = await report('energia-gtm', { ...RANGE, version });
      expect(answer.totales.mwh_total, version).toBe(await hourlyTotal(version));
    }
  });

  it('narrows to a contract', async () => {
    const all = await report('energia-gtm', RANGE);
    const contrato_id = all.filas[0]!.contrato_id as number;
    const one = await report('energia-gtm', { ...RANGE, contrato_id });
    expect(one.filas).toEqual(all.filas.filter((row) => row.contrato_id === contrato_id));
  });

  it('refuses a reversed range, a range over 366 days, an unknown country; 401; 403', async () => {
    const reversed = await w.as(ADMIN, { method: 'POST', url: `${BASE}/energia-gtm`, payload: { desde: '2025-02-01', hasta: '2025-01-01' } });
    expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
    expect(reversed.json().details).toEqual([expect.objectContaining({ instancePath: '/hasta', keyword: 'rangeOrder' })]);
    const long = await w.as(ADMIN, { method: 'POST', url: `${BASE}/energia-gtm/excel`, payload: { desde: '2024-01-01', hasta: '2025-01-01' } });
    expectError(long, 400, 'APP_ERR_REQUEST_INVALID');
    expect(long.json().details).toEqual([expect.objectContaining({ instancePath: '/hasta', keyword: 'rangeMax', params: { max: 366 } })]);
    await expectRefusals('energia-gtm', RANGE, { ...RANGE, pais: 'MX' }, '/pais');
  });
});

describe('saldo-gtm', () => {
  const MONTH = { anio: 2025, mes: 3 };
  const CUT_OFF = '2025-03-31';

  it('answers each GT customer with its open documents and balance aged by days past due, totals the sums of the rows', async () => {
    const answer = await report('saldo-gtm', MONTH);
    expect(columnsOf(answer)).toEqual([
      'empresa_id:integer',
      'razon_social:text',
      'documentos:integer',
      'corriente:usd',
      'dias_1_30:usd',
      'dias_31_60:usd',
      'dias_61_90:usd',
      'dias_mas_90:usd',
      'saldo:usd',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer);
  });

  it('equals each customer account of the account statement (receivables in USD at the end of the month)', async () => {
    const answer = await report('saldo-gtm', MONTH);
    // Customers whose USD receivables are all of the GT branch: their statement account is their GT balance.
    const onlyGt = await queryRows<{ empresa_id: number }>(
      t.db,
      sql`select empresa_id from facturas where sentido = 'cobrar' and moneda = 'USD' and estado in ('FACTURADO', 'CONCILIADO')
          group by empresa_id having bool_and(pais = 'GT')`,
    );
    const compared = answer.filas.filter((row) => onlyGt.some((one) => one.empresa_id === row.empresa_id));
    expect(compared.length).toBeGreaterThan(0);
    for (const row of compared) {
      const statement = await w.as(ADMIN, {
        method: 'POST',
        url: '/estado_de_cuenta/api/v1/get',
        payload: { tipo: 'cobrar', moneda: 'USD', fecha_corte: CUT_OFF, empresa_id: row.empresa_id },
      });
      expect(statement.statusCode, statement.body).toBe(200);
      const [account] = statement.json().data.cuentas as Array<{ saldo: string; antiguedad: Record<string, string>; documentos: unknown[] }>;
      const { saldo, documentos: _documentos, empresa_id: _id, razon_social: _name, ...buckets } = row;
      expect(await sumOf([saldo!])).toBe(await sumOf([account!.saldo]));
      for (const [bucket, value] of Object.entries(buckets)) expect(await sumOf([value!]), bucket).toBe(await sumOf([account!.antiguedad[bucket]!]));
      expect(row.documentos).toBe(account!.documentos.length);
    }
  });

  it('refuses a month 13 and an unknown country; 401; 403', async () => {
    await expectRefusals('saldo-gtm', MONTH, { anio: 2025, mes: 13 }, '/mes');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/saldo-gtm`, payload: { ...MONTH, pais: 'XX' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('liquidacion-ercot-top-preliminar', () => {
  // The demo's awards run to today, across the spring change of clock (9 March 2025: a 23-hour day).
  const MONTH = { anio: 2025, mes: 3 };

  it('answers the month awards hour by hour with their DAM price and amount; its total is the acumulados running total', async () => {
    const answer = await report('liquidacion-ercot-top-preliminar', MONTH);
    expect(answer.columnas.map((column) => column.clave)).toEqual([
      'dia_operacion',
      'hora_final',
      'dst',
      'tipo',
      'punto',
      'punto_sumidero',
      'mw_adjudicado',
      'precio',
      'precio_sumidero',
      'monto',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer);
    expect(answer.filas.some((row) => row.dia_operacion === '2025-03-09' && row.hora_final === 3)).toBe(false);
    const last = `${MONTH.anio}-${String(MONTH.mes).padStart(2, '0')}-${new Date(Date.UTC(MONTH.anio, MONTH.mes, 0)).getUTCDate()}`;
    const accumulated = await w.as(ADMIN, {
      method: 'POST',
      url: '/ercot/api/v1/acumulados',
      payload: { desde: `${MONTH.anio}-${String(MONTH.mes).padStart(2, '0')}-01`, hasta: last, agrupacion: 'dia' },
    });
    expect(accumulated.statusCode, accumulated.body).toBe(200);
    expect(answer.totales.monto).toBe((accumulated.json().data as Array<{ monto_acumulado: string }>).at(-1)!.monto_acumulado);
  });

  it('refuses a month 13; 401; 403', async () => {
    await expectRefusals('liquidacion-ercot-top-preliminar', MONTH, { ...MONTH, mes: 13 }, '/mes');
  });
});
