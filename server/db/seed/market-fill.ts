// Market data made up for a contract's month: exactly what the engine says it lacks
// (faltantes_liquidacion), filled in set-based with the plausible, deterministic values of
// market-values.ts, so a test or the settlement benchmark can compute a settlement without
// spelling out every hour. Never for real data: the values are invented.
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { insertAnnexEnergy, insertChargeRates, insertExchangeRates, insertLossFactors, insertNodePrices } from './market-values';

/** Fills what settlement (`contratoId`, `anio`, `mes`, `version`) lacks; answers how many lines were missing. */
export async function fillMissingMarketData(db: Db, contratoId: number, anio: number, mes: number, version: 'PE' | 'DF' | 'CD'): Promise<number> {
  const missing = sql`faltantes_liquidacion(${contratoId}::integer, ${anio}::integer, ${mes}::integer, ${version}::text)`;
  const counted = await db.execute(sql`select count(*)::int as n from ${missing}`);
  const lines = (counted as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  const hours = (tipo: string) => sql`select f.clave, f.fecha, p::smallint as periodo, ${version}::text as version
    from ${missing} f, unnest(f.periodos) p where f.tipo = ${tipo}`;
  await db.execute(insertAnnexEnergy(sql`select clave::integer as anexo_id, fecha, periodo, version from (${hours('energia')}) h`, null));
  await db.execute(insertNodePrices(sql`select clave as nodo, fecha, periodo, version from (${hours('precio')}) h`, null));
  await db.execute(insertLossFactors(sql`select clave as nodo, fecha, periodo, version from (${hours('fpn')}) h`, null));
  await db.execute(
    insertChargeRates(
      sql`select split_part(f.clave, ':', 1) as pais, split_part(f.clave, ':', 2) as concepto, min(f.fecha) as vigente_desde
          from ${missing} f where f.tipo = 'cargo' group by f.clave`,
      null,
    ),
  );
  // A day's rate holds until the next one: the first missing day covers the month.
  await db.execute(insertExchangeRates(sql`select min(f.fecha) as fecha from ${missing} f where f.tipo = 'tipo_cambio' having count(*) > 0`, null));
  return lines;
}
