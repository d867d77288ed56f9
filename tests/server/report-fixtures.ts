// What every report test checks the same way (docs/reports.md): the whole report read page by
// page, totals against the exact sums of their rows, and the refusals every report gives.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ReportAnswer, ReportCell } from '../../schemas/report.schema';
import { queryRows } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { seedDemoInvoices } from '../../server/db/seed/demo-invoices';
import { seedDemoMarketData } from '../../server/db/seed/demo-market-data';
import { DEMO_ANALYST, seedDemoSettlements } from '../../server/db/seed/demo-settlements';
import { computeSettlementRows, insertSettlement } from '../../server/settlements/store';
import { ADMIN, expectError, type AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';

export const REPORTS_BASE = '/reportes/api/v1';

/** A fixed "today" keeps the demo's months the same on every run (as the demo-invoices test). */
export const REPORT_TEST_TODAY = new Date('2025-03-15T10:00:00Z');

/** The demo every report test reads, as of REPORT_TEST_TODAY: the catalogues, the market data, the settled and invoiced months. */
export async function seedReportDemo(t: TestApp): Promise<void> {
  await seedDemo(t.db, { poolId: t.config.identity.poolId, withIdentities: false, today: REPORT_TEST_TODAY });
  await seedDemoMarketData(t.db, REPORT_TEST_TODAY);
  await seedDemoInvoices(t.db, await seedDemoSettlements(t.db, REPORT_TEST_TODAY), REPORT_TEST_TODAY);
}

/**
 * A preliminary settlement (PE, computed) of `month` for the first GT local contract the demo
 * settled that month, beside its DF: a report counts the DF unless PE is asked. Answers the contract.
 */
export async function addGtLocalPe(t: TestApp, month: { anio: number; mes: number }): Promise<number> {
  const [contract] = await queryRows<{ contrato_id: number }>(
    t.db,
    sql`select l.contrato_id from liquidaciones l join contratos c on c.id = l.contrato_id
        where c.sucursal = 'GT' and c.local_regional = 'local' and l.anio = ${month.anio} and l.mes = ${month.mes} order by l.contrato_id limit 1`,
  );
  const contrato_id = contract!.contrato_id;
  await t.db.transaction(async (tx) => {
    const id = await insertSettlement(tx, { contrato_id, ...month, version: 'PE' }, DEMO_ANALYST);
    await computeSettlementRows(tx, id, DEMO_ANALYST);
  });
  return contrato_id;
}

/** A report's columns as `clave:tipo`, to compare with what a test expects. */
export const columnsOf = (answer: ReportAnswer) => answer.columnas.map((column) => `${column.clave}:${column.tipo}`);

/**
 * The checks of a report test file, on the app and world its `beforeAll` made (`world` is read
 * when a check runs) and with `outsider`, a user without the facturacion view key.
 */
export function reportChecks(world: () => { t: TestApp; w: AdminWorld }, outsider: string) {
  /** The whole report, page after page of 1000 rows. */
  async function report(nombre: string, body: object): Promise<ReportAnswer> {
    const { w } = world();
    let whole: ReportAnswer | undefined;
    for (let pagina = 1; ; pagina += 1) {
      const response = await w.as(ADMIN, { method: 'POST', url: `${REPORTS_BASE}/${nombre}`, payload: { ...body, pagina, por_pagina: 1000 } });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json().data as ReportAnswer;
      whole = whole ? { ...whole, filas: [...whole.filas, ...answer.filas] } : answer;
      if (answer.filas.length < 1000) break;
    }
    expect(whole.total_filas).toBe(whole.filas.length);
    return whole;
  }

  /** The exact sum of decimal strings (numeric arithmetic in the database, not binary floats). */
  async function sumOf(values: ReadonlyArray<ReportCell | undefined>): Promise<string> {
    const [row] = await queryRows<{ total: string }>(
      world().t.db,
      sql`select trim_scale(coalesce(sum(v::numeric), 0))::text as total from json_array_elements_text(${JSON.stringify(values.filter((value) => value !== null && value !== undefined))}::json) v`,
    );
    return row!.total;
  }

  /** Every totalled column (but `except`) equals the exact sum of its rows. */
  async function expectTotalsAreSums(answer: ReportAnswer, except: readonly string[] = []) {
    for (const [clave, total] of Object.entries(answer.totales)) {
      if (except.includes(clave)) continue;
      const values = answer.filas.map((row) => row[clave]!);
      if (typeof total === 'number') expect(total, clave).toBe(values.reduce<number>((sum, value) => sum + Number(value), 0));
      else expect(total, clave).toBe(await sumOf(values));
    }
  }

  /** The refusals every report gives: a bad body (400 on `badPath`), an unknown field (400, both calls), no token (401), no facturacion (403, both calls). */
  async function expectRefusals(nombre: string, good: object, bad: object, badPath: string) {
    const { t, w } = world();
    const url = `${REPORTS_BASE}/${nombre}`;
    const refused = await w.as(ADMIN, { method: 'POST', url, payload: bad });
    expectError(refused, 400, 'APP_ERR_REQUEST_INVALID');
    expect((refused.json() as { details: Array<{ instancePath: string }> }).details.map((detail) => detail.instancePath)).toContain(badPath);
    expectError(await w.as(ADMIN, { method: 'POST', url, payload: { ...good, extra: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await w.as(ADMIN, { method: 'POST', url: `${url}/excel`, payload: { ...good, extra: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await t.app.inject({ method: 'POST', url, payload: good }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await w.as(outsider, { method: 'POST', url, payload: good }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await w.as(outsider, { method: 'POST', url: `${url}/excel`, payload: good }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  }

  return { report, sumOf, expectTotalsAreSums, expectRefusals };
}
