// @vitest-environment node
// The demo's money chain on a first start: final settlements of the two oldest complete months,
// computed by the analyst and validated by the supervisor, and their invoices in every status,
// with payments, so the invoice list, the account statements and the cash flow show something
// real. A second start adds nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { seedDemoInvoices } from '../../server/db/seed/demo-invoices';
import { seedDemoMarketData } from '../../server/db/seed/demo-market-data';
import { DEMO_ANALYST, DEMO_SUPERVISOR, demoSettledMonths, seedDemoSettlements } from '../../server/db/seed/demo-settlements';
import { defaultCashFlowRange } from '../../schemas/accounting.schema';
import { businessToday } from '../../schemas/date.schema';
import { bearer, startTestApp, type TestApp } from './helpers';

// A fixed "today" keeps the months the same on every run.
const TODAY = new Date('2025-03-15T10:00:00Z');

let t: TestApp;
let settled: number[][] = [];

beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db, { poolId: t.config.identity.poolId, withIdentities: false, today: TODAY });
  await seedDemoMarketData(t.db, TODAY);
  settled = await seedDemoSettlements(t.db, TODAY);
  await seedDemoInvoices(t.db, settled, TODAY);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo money chain', () => {
  it('settles the two oldest complete months, four eyes, and leaves the last one to the users', async () => {
    expect(demoSettledMonths(TODAY)).toEqual([
      { anio: 2024, mes: 12 },
      { anio: 2025, mes: 1 },
    ]);
    expect(settled.map((ids) => ids.length)).toEqual([6, 6]);
    const rows = await queryRows<{ anio: number; mes: number; estado: string; calculada_por: string; validada_por: string }>(
      t.db,
      sql`select anio, mes, estado, calculada_por, validada_por from liquidaciones where id in (${sql.join(settled.flat().map((id) => sql`${id}`), sql`, `)})`,
    );
    for (const row of rows) {
      expect(row).toMatchObject({ estado: 'validada', calculada_por: DEMO_ANALYST, validada_por: DEMO_SUPERVISOR });
    }
    const [last] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from liquidaciones where anio = 2025 and mes = 2`);
    expect(last!.n).toBe(0);
  });

  it('drafts an invoice of each, in every status, sales and purchases, USD and MXN, with payments that add up', async () => {
    const invoices = await queryRows<{ estado: string; sentido: string; moneda: string; total: string; pagado: string; pagos: string; numero: string | null; solicitado_por: string | null; emitido_por: string | null }>(
      t.db,
      sql`select f.estado, f.sentido, f.moneda, f.total::text, f.pagado::text, f.numero, f.solicitado_por, f.emitido_por,
                 coalesce((select sum(p.monto) from pagos p where p.factura_id = f.id), 0)::text as pagos
          from facturas f order by f.id`,
    );
    expect(invoices).toHaveLength(12);
    expect(new Set(invoices.map((invoice) => invoice.estado))).toEqual(new Set(['GUARDADO', 'SOLICITADO', 'FACTURADO', 'CONCILIADO']));
    expect(new Set(invoices.map((invoice) => invoice.sentido))).toEqual(new Set(['cobrar', 'pagar']));
    expect(new Set(invoices.map((invoice) => invoice.moneda))).toEqual(new Set(['USD', 'MXN']));
    for (const invoice of invoices) {
      // What the invoice says is paid is the sum of its payments, to the cent.
      expect(Number(invoice.pagos)).toBe(Number(invoice.pagado));
      if (invoice.estado === 'CONCILIADO') expect(invoice.pagado).toBe(invoice.total);
      if (invoice.estado !== 'GUARDADO') expect(invoice.solicitado_por).toBe(DEMO_ANALYST);
      if (invoice.estado === 'FACTURADO' || invoice.estado === 'CONCILIADO') {
        expect(invoice.emitido_por).toBe(DEMO_SUPERVISOR);
        expect(invoice.numero).toBeTruthy();
      }
    }
    // A partly paid one, for the statements' running balance.
    expect(invoices.some((invoice) => invoice.estado === 'FACTURADO' && Number(invoice.pagado) > 0)).toBe(true);
  });

  it('shows in the account statement of what is receivable', async () => {
    const token = bearer(await t.mintToken('admin@demo.energy'));
    const answer = await t.app.inject({ method: 'POST', url: '/estado_de_cuenta/api/v1/get', headers: token, payload: { tipo: 'cobrar', fecha_corte: '2025-03-15' } });
    expect(answer.statusCode).toBe(200);
    const accounts = answer.json().data.cuentas as Array<{ movimientos: unknown[] }>;
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.some((account) => account.movimientos.length > 1)).toBe(true);
  });

  it('gives the default cash-flow window (today to 90 days on) expected receipts and payments in USD', async () => {
    const token = bearer(await t.mintToken('admin@demo.energy'));
    const range = defaultCashFlowRange(businessToday(TODAY));
    const answer = await t.app.inject({ method: 'POST', url: '/flujo-caja/api/v1/flujo-caja-fechas', headers: token, payload: { ...range, moneda: 'USD' } });
    expect(answer.statusCode).toBe(200);
    const weeks = answer.json().data.semanas as Array<{ ingresos: string; egresos: string }>;
    // Open invoices falling due and purchases to pay in the coming weeks, not only the opening position.
    expect(weeks.filter((week) => Number(week.ingresos) > 0).length).toBeGreaterThan(0);
    expect(weeks.filter((week) => Number(week.egresos) > 0).length).toBeGreaterThan(0);
  });

  it('adds nothing on a second start', async () => {
    const again = await seedDemoSettlements(t.db, TODAY);
    expect(again.flat()).toEqual([]);
    expect(await seedDemoInvoices(t.db, again, TODAY)).toBe(0);
    const [count] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from facturas`);
    expect(count!.n).toBe(12);
  });
});
