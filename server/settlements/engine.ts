// The settlement engine's entry points. The computation itself is SQL (migration
// 0011_settlement_engine.sql: `calcular_liquidacion`, `faltantes_liquidacion`), so a month of
// hourly rows is computed where it is stored, the same on PGlite and PostgreSQL; these are the
// thin typed calls the routes make.
import { sql } from 'drizzle-orm';
import type { SettlementVersion } from '../../schemas/settlement.schema';
import { queryRows, type Db } from '../db/client';
import { pgRefusalOf } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';

/**
 * The SQLSTATE `calcular_liquidacion` raises when the settlement's data is not all there
 * (nothing is written): a route that checked `missingData` first only meets it in a race.
 */
export const PG_DATA_MISSING = 'LQ002';

/** At most this many lines of missing data are listed (the total says how many there are). */
export const MISSING_DATA_LIMIT = 100;

/** One line of what a settlement lacks: a kind, its key, a date and (by the hour) the periods. */
export interface MissingDataItem {
  /** `energia`, `precio`, `fpn`, `cargo`, `tipo_cambio` or `nodos`. */
  tipo: string;
  /** The annex id (energia), the node (precio, fpn), `country:kind` (cargo), `MXN`, `pmi` / `pmr`. */
  clave: string;
  fecha: string;
  /** The periods missing that day; null for data kept by day (charges, exchange rate, nodes). */
  periodos: number[] | null;
}

/**
 * Recomputes the preliminary settlement `id` as `email`: its rows replaced and its totals set
 * to their sums, in the caller's transaction. Answers the number of rows written. A validated
 * settlement is refused with 409 APP_ERR_SETTLEMENT_FINAL; missing data is refused by the
 * database (`PG_DATA_MISSING`, error thrown as is) and is the caller's to check first with
 * `missingData`. The settlement's edit `version` goes up by one.
 */
export async function computeSettlement(tx: Db, id: number, email: string): Promise<number> {
  try {
    const [row] = await queryRows<{ filas: number }>(tx, sql`select calcular_liquidacion(${id}::integer, ${email}::text) as filas`);
    return Number(row!.filas);
  } catch (error) {
    if (pgRefusalOf(error) === 'final') throw new AppErrors.settlementFinal();
    throw error;
  }
}

/**
 * What a settlement of the contract, month and version lacks, in order (kind, key, date):
 * the first `limit` lines (at most 100) and how many there are in all. Empty: data available.
 */
export async function missingData(
  db: Db,
  contratoId: number,
  anio: number,
  mes: number,
  version: SettlementVersion,
  limit: number = MISSING_DATA_LIMIT,
): Promise<{ items: MissingDataItem[]; total: number }> {
  const take = Math.max(0, Math.min(limit, MISSING_DATA_LIMIT));
  const rows = await queryRows<{ tipo: string; clave: string; fecha: string | Date; periodos: number[] | null; total: number | string }>(
    db,
    sql`select f.tipo, f.clave, f.fecha::text as fecha, f.periodos, count(*) over () as total
        from faltantes_liquidacion(${contratoId}::integer, ${anio}::integer, ${mes}::integer, ${version}::text) f
        order by f.tipo, f.clave, f.fecha
        limit ${take}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : take === 0 ? await countMissing(db, contratoId, anio, mes, version) : 0;
  return {
    items: rows.map((row) => ({ tipo: row.tipo, clave: row.clave, fecha: String(row.fecha), periodos: row.periodos })),
    total,
  };
}

async function countMissing(db: Db, contratoId: number, anio: number, mes: number, version: SettlementVersion): Promise<number> {
  const [row] = await queryRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from faltantes_liquidacion(${contratoId}::integer, ${anio}::integer, ${mes}::integer, ${version}::text)`,
  );
  return Number(row!.total);
}
