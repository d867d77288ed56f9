// @vitest-environment node
// Six reports on the demo's data (docs/reports.md): the balances of Mexico and El Salvador (as
// saldo-gtm's, MX by company and currency), the Mexican local contracts, the regional contracts
// registered at the EOR, and the preliminary power and pay-as-generated settlements. Each
// answers 200 with its columns, totals that are the sums of its rows, and figures that reconcile
// with the area it reads: the account statement, the annexes in force and their hourly energy,
// the MER's annexes in force (the log books' own list), and the settlements and their rows.
// Each refuses a bad body (400 with details), a caller without a token (401) and one without the
// facturacion view key (403).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportCell } from '../../schemas/report.schema';
import { queryRows } from '../../server/db/client';
import { seedDemoSvSale } from '../../server/db/seed/demo-invoices';
import { annexesInForce } from '../../server/logbooks/store';
import { adminWorld, ADMIN, expectError, userWith, type AdminWorld } from './admin-fixtures';
import { columnsOf, reportChecks, REPORT_TEST_TODAY, REPORTS_BASE, seedReportDemo } from './report-fixtures';
import { startTestApp, type TestApp } from './helpers';

// A fixed "today" keeps the months the same on every run (as the demo-invoices test).
const TODAY = REPORT_TEST_TODAY;
const OUTSIDER = 'sin-facturacion-cuentas@test.energy';

let t: TestApp;
let w: AdminWorld;

beforeAll(async () => {
  t = await startTestApp({ env: { JOB_WORKERS: '0', LOG_LEVEL: 'error' } });
  await seedReportDemo(t);
  await seedDemoSvSale(t.db, TODAY);
  w = await adminWorld(t);
  await userWith(t, OUTSIDER, ['liquidaciones', 'contabilidad', 'mercados'], null);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const BASE = REPORTS_BASE;
const { report, sumOf, expectTotalsAreSums, expectRefusals } = reportChecks(() => ({ t, w }), OUTSIDER);

/** One exact decimal as the report writes it (no trailing zeros). */
const exact = (value: ReportCell | undefined) => sumOf([value]);

const BUCKETS = ['corriente', 'dias_1_30', 'dias_31_60', 'dias_61_90', 'dias_mas_90'] as const;

/** The statement account of a company in a currency and direction at the cut-off. */
async function statementAccount(tipo: 'cobrar' | 'pagar', moneda: string, fecha_corte: string, empresa_id: number) {
  const statement = await w.as(ADMIN, { method: 'POST', url: '/estado_de_cuenta/api/v1/get', payload: { tipo, moneda, fecha_corte, empresa_id } });
  expect(statement.statusCode, statement.body).toBe(200);
  const accounts = statement.json().data.cuentas as Array<{ saldo: string; antiguedad: Record<string, string>; documentos: unknown[] }>;
  expect(accounts).toHaveLength(1);
  return accounts[0]!;
}

/** The companies whose documents of `tipo` in `moneda` are all of `pais`'s branch: their statement account is their balance there. */
async function onlyOf(pais: string, tipo: 'cobrar' | 'pagar', moneda: string): Promise<number[]> {
  const rows = await queryRows<{ empresa_id: number }>(
    t.db,
    sql`select empresa_id from facturas where sentido = ${tipo} and moneda = ${moneda} and estado in ('FACTURADO', 'CONCILIADO')
        group by empresa_id having bool_and(pais = ${pais})`,
  );
  return rows.map((row) => row.empresa_id);
}

describe('saldo-mex', () => {
  const MONTH = { anio: 2025, mes: 3 };
  const CUT_OFF = '2025-03-31';

  it('answers each MX customer and currency, each currency in its own columns, totals the sums of the rows', async () => {
    const answer = await report('saldo-mex', MONTH);
    expect(columnsOf(answer)).toEqual([
      'empresa_id:integer',
      'razon_social:text',
      'moneda:text',
      'documentos:integer',
      ...[...BUCKETS, 'saldo'].map((key) => `${key}_mxn:mxn`),
      ...[...BUCKETS, 'saldo'].map((key) => `${key}_usd:usd`),
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer);
    // The demo's Mexican customer is invoiced in pesos: the dollar columns of its row are empty.
    const mxn = answer.filas.filter((row) => row.moneda === 'MXN');
    expect(mxn.length).toBeGreaterThan(0);
    for (const row of mxn) expect(row.saldo_usd).toBeNull();
  });

  it('equals each customer account of the account statement in the row currency (receivables at the end of the month)', async () => {
    const answer = await report('saldo-mex', MONTH);
    let compared = 0;
    for (const row of answer.filas) {
      const moneda = row.moneda as string;
      if (!(await onlyOf('MX', 'cobrar', moneda)).includes(row.empresa_id as number)) continue;
      const account = await statementAccount('cobrar', moneda, CUT_OFF, row.empresa_id as number);
      const suffix = moneda.toLowerCase();
      expect(await exact(row[`saldo_${suffix}`]), 'saldo').toBe(await exact(account.saldo));
      for (const bucket of BUCKETS) expect(await exact(row[`${bucket}_${suffix}`]), bucket).toBe(await exact(account.antiguedad[bucket]));
      expect(row.documentos).toBe(account.documentos.length);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
    // And the report's total in pesos is the MX receivables still owed at the cut-off.
    const [owed] = await queryRows<{ total: string }>(
      t.db,
      sql`select trim_scale(coalesce(sum(case when f.tipo_documento = 'nota_credito' then -1 else 1 end
            * (f.total - coalesce((select sum(p.monto) from pagos p where p.factura_id = f.id and p.fecha <= ${CUT_OFF}::date), 0))), 0))::text as total
          from facturas f where f.pais = 'MX' and f.sentido = 'cobrar' and f.moneda = 'MXN' and f.estado in ('FACTURADO', 'CONCILIADO') and f.fecha_emision <= ${CUT_OFF}::date`,
    );
    expect(answer.totales.saldo_mxn).toBe(owed!.total);
  });

  it('refuses a month 13 and another country; 401; 403', async () => {
    await expectRefusals('saldo-mex', MONTH, { ...MONTH, mes: 13 }, '/mes');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/saldo-mex`, payload: { ...MONTH, pais: 'GT' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('saldo-sv', () => {
  const MONTH = { anio: 2025, mes: 3 };
  const CUT_OFF = '2025-03-31';

  it('answers each SV customer with saldo-gtm columns, its open documents and balance aged past due, totals the sums of the rows', async () => {
    const answer = await report('saldo-sv', MONTH);
    expect(columnsOf(answer)).toEqual([
      'empresa_id:integer',
      'razon_social:text',
      'documentos:integer',
      ...[...BUCKETS, 'saldo'].map((key) => `${key}:usd`),
    ]);
    // The demo's Salvadoran sale of December, partly paid: still owed, past due at the end of March.
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer);
    expect(Number(answer.totales.saldo)).toBeGreaterThan(0);
    expect(answer.totales.corriente).toBe('0');
  });

  it('equals each customer account of the account statement (receivables in USD at the end of the month)', async () => {
    const answer = await report('saldo-sv', MONTH);
    const only = await onlyOf('SV', 'cobrar', 'USD');
    const compared = answer.filas.filter((row) => only.includes(row.empresa_id as number));
    expect(compared.length).toBeGreaterThan(0);
    for (const row of compared) {
      const account = await statementAccount('cobrar', 'USD', CUT_OFF, row.empresa_id as number);
      expect(await exact(row.saldo)).toBe(await exact(account.saldo));
      for (const bucket of BUCKETS) expect(await exact(row[bucket]), bucket).toBe(await exact(account.antiguedad[bucket]));
      expect(row.documentos).toBe(account.documentos.length);
    }
  });

  it('refuses a month 13 and another country; 401; 403', async () => {
    await expectRefusals('saldo-sv', MONTH, { ...MONTH, mes: 13 }, '/mes');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/saldo-sv`, payload: { ...MONTH, pais: 'MX' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('contratos-locales-mex', () => {
  const MONTH = { anio: 2025, mes: 2 };
  const [DESDE, HASTA] = ['2025-02-01', '2025-02-28'];

  /** The MX local contracts with an annex in force in the month, and the hourly energy of those annexes in the month (a version, or the best of each annex-day). */
  async function inForce(version: 'PE' | 'DF' | 'mejor') {
    const [row] = await queryRows<{ contratos: number[]; mwh: string }>(
      t.db,
      sql`with vigentes as (
            select a.id, a.contrato_id from anexos a join contratos c on c.id = a.contrato_id
            where c.sucursal = 'MX' and c.local_regional = 'local' and a.fecha_inicio <= ${HASTA}::date and a.fecha_fin >= ${DESDE}::date
          ),
          horas as (
            select e.anexo_id, e.fecha, e.version, sum(e.energia_fisica_mwh + e.energia_flex_mwh) as mwh
            from energia_anexo e where e.anexo_id in (select id from vigentes) and e.fecha between ${DESDE}::date and ${HASTA}::date
            group by e.anexo_id, e.fecha, e.version
          ),
          elegidas as (
            select h.*, rank() over (partition by h.anexo_id, h.fecha order by case h.version when 'CD' then 3 when 'DF' then 2 else 1 end desc) as orden from horas h
          )
          select (select array_agg(distinct contrato_id order by contrato_id) from vigentes) as contratos,
            (select trim_scale(coalesce(sum(mwh), 0))::text from elegidas where ${version === 'mejor' ? sql`orden = 1` : sql`version = ${version}`}) as mwh`,
    );
    return row!;
  }

  it('answers each MX local contract in force with its parameters and the month MWh, totals the sums of the rows', async () => {
    const answer = await report('contratos-locales-mex', MONTH);
    expect(columnsOf(answer)).toEqual([
      'contrato_id:integer',
      'contrato:text',
      'razon_social:text',
      'tipo_contrato:text',
      'tipo_transaccion:text',
      'clase_contrato:text',
      'moneda:text',
      'fecha_inicio:date',
      'plazo:integer',
      'precio_fijo:price',
      'poc:price',
      'fee_mwh:price',
      'margen_pct:percent',
      'potencia:mwh',
      'anexos:integer',
      'mw:mwh',
      'version:text',
      'mwh_fisica:mwh',
      'mwh_flex:mwh',
      'mwh_total:mwh',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer);
    expect(answer.totales).not.toHaveProperty('potencia');
  });

  it('counts the MX local contracts in force, and its MWh are their annexes hourly energy, in each version and in the best', async () => {
    for (const version of ['PE', 'DF', 'mejor'] as const) {
      const answer = await report('contratos-locales-mex', { ...MONTH, version });
      const expected = await inForce(version);
      expect(answer.filas.map((row) => row.contrato_id as number).sort((a, b) => a - b), version).toEqual(expected.contratos);
      expect(answer.totales.mwh_total, version).toBe(expected.mwh);
    }
  });

  it('refuses a month 13 and another country; 401; 403', async () => {
    await expectRefusals('contratos-locales-mex', MONTH, { ...MONTH, mes: 13 }, '/mes');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/contratos-locales-mex`, payload: { ...MONTH, pais: 'GT' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('contratos-eor-regional', () => {
  const MONTH = { anio: 2025, mes: 3 };
  const [DESDE, HASTA] = ['2025-03-01', '2025-03-31'];

  it('answers the regional annexes in force, one row each: the MER annexes of the log books, with their MW', async () => {
    const answer = await report('contratos-eor-regional', MONTH);
    expect(answer.columnas.map((column) => column.clave)).toEqual([
      'anexo_id',
      'codigo',
      'contrato_id',
      'contrato',
      'razon_social',
      'sucursal',
      'clase_contrato',
      'tipo_transaccion',
      'codigo_contrato_firme',
      'pmi',
      'pmr',
      'mw',
      'titular_transmision',
      'fecha_inicio',
      'fecha_fin',
      'numero_planilla',
      'planilla_registrada',
      'sitio',
      'estado_planilla',
    ]);
    await expectTotalsAreSums(answer);
    const regional = await annexesInForce(t.db, 'regional', DESDE, HASTA);
    expect(regional.length).toBeGreaterThan(0);
    expect(answer.filas.map((row) => row.anexo_id as number).sort((a, b) => a - b)).toEqual(regional.map((annex) => annex.anexo_id).sort((a, b) => a - b));
    expect(answer.totales.mw).toBe(await sumOf(regional.map((annex) => annex.potencia_mw)));
    expect(new Set(answer.filas.map((row) => row.sucursal))).toEqual(new Set(['GT', 'SV', 'PA']));
    expect(answer.filas.every((row) => row.estado_planilla === 'sin_registrar')).toBe(true);
  });

  it('shows the planilla a Registra run registered for an annex, and the one a Supresion run deleted', async () => {
    const before = await report('contratos-eor-regional', MONTH);
    const [first, second] = before.filas as Array<Record<string, ReportCell>>;
    const [job] = await queryRows<{ id: number }>(t.db, sql`insert into trabajos (tipo, estado) values ('procesos.registra', 'terminado') returning id`);
    const [run] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into proceso_ejecuciones (tipo, sitio, estado, trabajadores, max_reintentos, trabajo_id) values ('registra', 'original', 'completada', 1, 0, ${job!.id}) returning id`,
    );
    await t.db.execute(sql`insert into planillas_registradas (sitio, numero_planilla, codigo_anexo, anexo_id, ejecucion_id) values
      ('original', 'EOR-0001', ${first!.codigo}, ${first!.anexo_id}, ${run!.id}),
      ('original', 'EOR-0002', ${second!.codigo}, null, ${run!.id})`);
    await t.db.execute(sql`update planillas_registradas set eliminada_en = now() where numero_planilla = 'EOR-0002'`);
    const after = await report('contratos-eor-regional', MONTH);
    expect(after.filas.find((row) => row.anexo_id === first!.anexo_id)).toMatchObject({ planilla_registrada: 'EOR-0001', sitio: 'original', estado_planilla: 'registrada' });
    expect(after.filas.find((row) => row.anexo_id === second!.anexo_id)).toMatchObject({ planilla_registrada: 'EOR-0002', estado_planilla: 'eliminada' });
    expect(after.total_filas).toBe(before.total_filas);
  });

  it('refuses a month 13 and a country outside the MER; 401; 403', async () => {
    await expectRefusals('contratos-eor-regional', MONTH, { ...MONTH, mes: 13 }, '/mes');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/contratos-eor-regional`, payload: { ...MONTH, pais: 'MX' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('liquidacion-potencia-preliminar', () => {
  // The demo's validated DF settlements: December 2024 and January 2025.
  const MONTH = { anio: 2025, mes: 1 };

  it('answers each contract that settles power: MW x $/kW-month prorated over its hours in force, totals the sums of the rows', async () => {
    const answer = await report('liquidacion-potencia-preliminar', MONTH);
    expect(columnsOf(answer)).toEqual([
      'contrato_id:integer',
      'contrato:text',
      'razon_social:text',
      'sucursal:text',
      'anexos:integer',
      'mw:mwh',
      'precio_kw_mes:price',
      'horas:integer',
      'horas_mes:integer',
      'version:text',
      'liquidado:usd',
      'diferencia:usd',
      'monto:usd',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer);
    for (const row of answer.filas) {
      expect(row.horas_mes).toBe(31 * 24);
      expect(Number(row.monto)).toBeGreaterThan(0);
    }
    const [energyOnly] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from contratos where tipo_liquidacion = 'energia' and id in (${sql.join(answer.filas.map((row) => sql`${row.contrato_id as number}`), sql`, `)})`,
    );
    expect(energyOnly!.n).toBe(0);
  });

  it('equals the power each settlement of the month settled (the DF), contract by contract and in all', async () => {
    const answer = await report('liquidacion-potencia-preliminar', { ...MONTH, version: 'DF' });
    const settled = await queryRows<{ contrato_id: number; potencia: string }>(
      t.db,
      sql`select contrato_id, trim_scale(liquidacion_potencia)::text as potencia from liquidaciones where anio = 2025 and mes = 1 and version_liquidacion = 'DF'`,
    );
    const withPower = settled.filter((one) => Number(one.potencia) !== 0);
    expect(withPower.length).toBeGreaterThan(0);
    for (const one of withPower) {
      const row = answer.filas.find((candidate) => candidate.contrato_id === one.contrato_id);
      expect(row, `contract ${one.contrato_id}`).toBeDefined();
      expect(row).toMatchObject({ version: 'DF', liquidado: one.potencia, monto: one.potencia, diferencia: '0' });
    }
    expect(answer.totales.liquidado).toBe(await sumOf(settled.map((one) => one.potencia)));
    // The contracts without a DF of the month have nothing settled to compare with.
    for (const row of answer.filas.filter((candidate) => !settled.some((one) => one.contrato_id === candidate.contrato_id))) {
      expect(row).toMatchObject({ version: null, liquidado: null, diferencia: null });
    }
  });

  it('refuses a month 13 and an unknown country; 401; 403', async () => {
    await expectRefusals('liquidacion-potencia-preliminar', MONTH, { ...MONTH, mes: 13 }, '/mes');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${BASE}/liquidacion-potencia-preliminar`, payload: { ...MONTH, pais: 'XX' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('liquidacion-energia-generada-preliminar', () => {
  const RANGE = { desde: '2025-01-01', hasta: '2025-01-31' };

  it('answers only the EG contracts day by day, totals the sums of the rows and the price the weighted one', async () => {
    const answer = await report('liquidacion-energia-generada-preliminar', RANGE);
    expect(columnsOf(answer)).toEqual([
      'contrato_id:integer',
      'contrato:text',
      'razon_social:text',
      'sucursal:text',
      'tipo_contrato:text',
      'fecha:date',
      'version:text',
      'anexos:integer',
      'mwh_fisica:mwh',
      'mwh_flex:mwh',
      'mwh_total:mwh',
      'precio_mwh:price',
      'liquidacion_energia:usd',
      'liquidacion_energia_mxn:mxn',
    ]);
    expect(answer.filas.length).toBeGreaterThan(0);
    await expectTotalsAreSums(answer, ['precio_mwh']);
    const [weighted] = await queryRows<{ precio: string }>(
      t.db,
      sql`select trim_scale(round(${await sumOf(answer.filas.map((row) => row.liquidacion_energia!))}::numeric / ${await sumOf(answer.filas.map((row) => row.mwh_total!))}::numeric, 2))::text as precio`,
    );
    expect(answer.totales.precio_mwh).toBe(weighted!.precio);
    const [others] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from contratos where clase_contrato <> 'EG' and id in (${sql.join(answer.filas.map((row) => sql`${row.contrato_id as number}`), sql`, `)})`,
    );
    expect(others!.n).toBe(0);
  });

  it('equals the rows of the EG contracts settlements (DF) of the range, in MWh and in energy settled', async () => {
    const answer = await report('liquidacion-energia-generada-preliminar', { ...RANGE, version: 'DF' });
    const [rows] = await queryRows<{ mwh: string; energia: string; dias: number }>(
      t.db,
      sql`select trim_scale(coalesce(sum(r.energia_total_mwh), 0))::text as mwh, trim_scale(coalesce(sum(r.liquidacion_energia), 0))::text as energia,
            count(distinct (l.contrato_id, r.fecha))::int as dias
          from liquidacion_filas r join liquidaciones l on l.id = r.liquidacion_id join contratos c on c.id = l.contrato_id
          where c.clase_contrato = 'EG' and l.version_liquidacion = 'DF' and r.fecha between ${RANGE.desde}::date and ${RANGE.hasta}::date`,
    );
    expect(rows!.dias).toBeGreaterThan(0);
    expect(answer.total_filas).toBe(rows!.dias);
    expect(answer.totales.mwh_total).toBe(rows!.mwh);
    expect(answer.totales.liquidacion_energia).toBe(rows!.energia);
    // With no PE made in the demo, the best version of each contract-month is its DF.
    const best = await report('liquidacion-energia-generada-preliminar', RANGE);
    expect(best.totales).toEqual(answer.totales);
  });

  it('refuses a reversed range; 401; 403', async () => {
    const reversed = await w.as(ADMIN, { method: 'POST', url: `${BASE}/liquidacion-energia-generada-preliminar`, payload: { desde: '2025-02-01', hasta: '2025-01-01' } });
    expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
    expect(reversed.json().details).toEqual([expect.objectContaining({ instancePath: '/hasta', keyword: 'rangeOrder' })]);
    await expectRefusals('liquidacion-energia-generada-preliminar', RANGE, { ...RANGE, desde: '2025-13-01' }, '/desde');
  });
});
