// What settlements hold, for the crash tests of the jobs that recompute them (the settlement
// refresh, Panama's update-charges process): a settlement is whole when its invoice total is
// what its rows add up to, and a kill must leave each one whole, either as before or as a
// recompute leaves it.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../server/db/client';
import { computeSettlementRows } from '../../../server/settlements/store';

/**
 * What a settlement holds: its invoice total, what its rows add up to (their invoice amounts
 * plus the month's take-or-pay line, which a TOP contract's total carries beyond its rows) and
 * how many rows.
 */
export interface Holding {
  factura: string;
  suma: string | null;
  filas: number;
}

/** The holding of each settlement of `ids`, by id. */
export async function holdings(db: Db, ids: readonly number[]): Promise<Map<number, Holding>> {
  const rows = await queryRows<Holding & { id: number }>(
    db,
    sql`select l.id, l.factura::text as factura,
          ((select sum(f.factura) from liquidacion_filas f where f.liquidacion_id = l.id) + l.take_or_pay)::text as suma,
          (select count(*)::int from liquidacion_filas f where f.liquidacion_id = l.id) as filas
        from liquidaciones l where l.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(rows.map(({ id, ...holding }) => [id, holding]));
}

class RollBack extends Error {}

/** What recomputing each settlement of `ids` as `email` leaves, by id: each computed in a transaction then rolled back. */
export async function recomputedHoldings(db: Db, ids: readonly number[], email: string): Promise<Map<number, Holding>> {
  const recomputed = new Map<number, Holding>();
  for (const id of ids) {
    await db
      .transaction(async (tx) => {
        await computeSettlementRows(tx, id, email);
        recomputed.set(id, (await holdings(tx, [id])).get(id)!);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
  }
  return recomputed;
}
