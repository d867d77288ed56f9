// Validated final settlements for the demo, so invoices, account statements and the cash flow
// show something real on the first start: for the two oldest complete months of the
// demo's market data, the DF of a few contracts of each branch, computed by the demo analyst
// and validated by the demo supervisor (four eyes, as people would). The last complete month is
// left to the users (and the settlements end-to-end test) to compute and validate. Idempotent:
// a month and contract that has a DF already, made by anyone, is left as it is.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { computeSettlementRows, insertSettlement, missingData, validateSettlement } from '../../settlements/store';
import { demoMarketWindow } from './demo-market-data';

const SEED_ACTOR = 'seed:demo';
export const DEMO_ANALYST = 'analista@demo.energy';
export const DEMO_SUPERVISOR = 'supervisor@demo.energy';

/**
 * Which demo contracts get their two oldest complete months settled: a few, since computing a
 * month takes about a second on the embedded database and this runs on the first start. Sales
 * (R) and purchases (I) in Guatemala, where the demo roles act, and a Mexican sale (MXN) and a
 * Salvadoran purchase for the statements' other currency and the cash flow's other branch; and
 * a Mexican purchase delivered in Guatemala (injected at Tapachula, withdrawn in Guatemala: the
 * GT-MX link's report, `contratros-gtm-mex`).
 */
const DEMO_SETTLED: ReadonlyArray<{ sucursal: string; tipo_transaccion: 'I' | 'R'; cuantos: number }> = [
  { sucursal: 'GT', tipo_transaccion: 'R', cuantos: 2 },
  { sucursal: 'GT', tipo_transaccion: 'I', cuantos: 1 },
  { sucursal: 'MX', tipo_transaccion: 'R', cuantos: 1 },
  { sucursal: 'MX', tipo_transaccion: 'I', cuantos: 1 },
  { sucursal: 'SV', tipo_transaccion: 'I', cuantos: 1 },
];

/** The oldest two complete months of the demo's market data (the last one stays open). */
export function demoSettledMonths(today: Date): Array<{ anio: number; mes: number }> {
  const months = demoMarketWindow(today)
    .filter((slice) => slice.version === 'DF')
    .map((slice) => ({ anio: Number(slice.desde.slice(0, 4)), mes: Number(slice.desde.slice(5, 7)) }));
  return months.slice(0, 2);
}

/**
 * A Salvadoran sale, settled for the oldest demo month only (`seedDemoSvSale`, demo-invoices.ts):
 * the other Salvadoran contract settled is a purchase, so without it El Salvador's balances
 * (`saldo-sv`) would have no customer.
 */
export const DEMO_SV_SALE: typeof DEMO_SETTLED = [{ sucursal: 'SV', tipo_transaccion: 'R', cuantos: 1 }];

/**
 * Computes and validates the demo's final settlements (`which`, by default the demo's list, over
 * the first `months` of `demoSettledMonths`); answers the new ones' ids per month, oldest first.
 */
export async function seedDemoSettlements(db: Db, today = new Date(), which = DEMO_SETTLED, months = 2): Promise<number[][]> {
  const wanted = sql.join(
    which.map((row) => sql`(${row.sucursal}::text, ${row.tipo_transaccion}::text, ${row.cuantos}::int)`),
    sql`, `,
  );
  const contracts = await queryRows<{ id: number }>(
    db,
    sql`select ranked.id from (
          select c.id, c.sucursal, c.tipo_transaccion,
                 row_number() over (partition by c.sucursal, c.tipo_transaccion order by c.id) as n
          from contratos c
          where c.created_by = ${SEED_ACTOR} and c.moneda = case when c.sucursal = 'MX' then 'MXN' else 'USD' end
            and exists (select 1 from anexos a where a.contrato_id = c.id)) ranked
        join (values ${wanted}) w(sucursal, tipo_transaccion, cuantos)
          on w.sucursal = ranked.sucursal and w.tipo_transaccion = ranked.tipo_transaccion and ranked.n <= w.cuantos
        order by ranked.id`,
  );
  const validated: number[][] = [];
  for (const { anio, mes } of demoSettledMonths(today).slice(0, months)) {
    const ofMonth: number[] = [];
    validated.push(ofMonth);
    for (const { id: contrato_id } of contracts) {
      const id = await db.transaction(async (tx) => {
        const [exists] = await queryRows<{ id: number }>(
          tx,
          sql`select id from liquidaciones where contrato_id = ${contrato_id} and anio = ${anio} and mes = ${mes} and version_liquidacion = 'DF'`,
        );
        if (exists) return null;
        if ((await missingData(tx, contrato_id, anio, mes, 'DF', 0)).total > 0) return null;
        const created = await insertSettlement(tx, { contrato_id, anio, mes, version: 'DF' }, DEMO_ANALYST);
        await computeSettlementRows(tx, created, DEMO_ANALYST);
        await validateSettlement(tx, created, DEMO_SUPERVISOR);
        return created;
      });
      if (id !== null) ofMonth.push(id);
    }
  }
  return validated;
}
