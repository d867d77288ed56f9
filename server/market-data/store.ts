// The SQL of the market data a settlement reads: set-based upserts of an imported file, and
// what a month has loaded, counted by the database (the tables hold hundreds of thousands of
// hourly rows).
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { MarketDataCoverage } from '../../schemas/market-data.schema';
import { PERIODS_PER_DAY, SETTLEMENT_VERSIONS, type SettlementVersion } from '../../schemas/settlement.schema';
import { queryRows, type Db } from '../db/client';
import { anexos } from '../db/schema/relations-contracts';
import { energiaAnexo, preciosNodo, tiposCambio } from '../db/schema/settlements';
import type { MarketRows } from './rules';

/** The first and last day of the month, as the CTE `mes (desde, hasta)`. */
function monthCte(anio: number, mes: number): SQL {
  return sql`mes as (
    select make_date(${anio}::int, ${mes}::int, 1) as desde,
           (make_date(${anio}::int, ${mes}::int, 1) + interval '1 month' - interval '1 day')::date as hasta
  ), versiones (version, orden) as (
    select * from unnest(${sql.raw(`array[${SETTLEMENT_VERSIONS.map((v) => `'${v}'`).join(', ')}]`)}::text[]) with ordinality
  )`;
}

/** Days in a month of the Gregorian calendar. */
export function daysInMonth(anio: number, mes: number): number {
  return new Date(Date.UTC(anio, mes, 0)).getUTCDate();
}

/**
 * What is loaded for the month: the periods of prices of every node a contract in force names
 * (or that has prices), per version; the periods of energy of every annex in force (or
 * measured), per version, against the periods it is in force; the days with an exchange rate.
 */
export async function coverageOf(db: Db, anio: number, mes: number): Promise<MarketDataCoverage> {
  const month = monthCte(anio, mes);
  const precios = await queryRows<{ nodo: string; version: SettlementVersion; periodos: number }>(
    db,
    sql`with ${month}, nodos as (
      select unnest(a."pmi" || a."pmr") as nodo from "anexos" a, mes m where a."fecha_inicio" <= m.hasta and a."fecha_fin" >= m.desde
      union
      select p."nodo" from "precios_nodo" p, mes m where p."fecha" between m.desde and m.hasta
    )
    select n.nodo, v.version, count(p."nodo")::int as periodos
    from nodos n cross join versiones v cross join mes m
    left join "precios_nodo" p on p."nodo" = n.nodo and p."version" = v.version and p."fecha" between m.desde and m.hasta
    group by n.nodo, v.version, v.orden
    order by n.nodo, v.orden`,
  );
  const mediciones = await queryRows<{ anexo_id: number; contrato_id: number; version: SettlementVersion; periodos: number; periodos_esperados: number }>(
    db,
    sql`with ${month}, anexos_mes as (
      select a."id", a."contrato_id", greatest(a."fecha_inicio", m.desde) as desde, least(a."fecha_fin", m.hasta) as hasta
      from "anexos" a, mes m
      where (a."fecha_inicio" <= m.hasta and a."fecha_fin" >= m.desde)
         or exists (select 1 from "energia_anexo" e where e."anexo_id" = a."id" and e."fecha" between m.desde and m.hasta)
    )
    select am."id" as anexo_id, am."contrato_id" as contrato_id, v.version, count(e."anexo_id")::int as periodos,
           (greatest(am.hasta - am.desde + 1, 0) * ${PERIODS_PER_DAY}::int)::int as periodos_esperados
    from anexos_mes am cross join versiones v cross join mes m
    left join "energia_anexo" e on e."anexo_id" = am."id" and e."version" = v.version and e."fecha" between m.desde and m.hasta
    group by am."id", am."contrato_id", am.desde, am.hasta, v.version, v.orden
    order by am."id", v.orden`,
  );
  const [rates] = await queryRows<{ dias: number }>(
    db,
    sql`with ${month} select count(*)::int as dias from "tipos_cambio" t, mes m where t."fecha" between m.desde and m.hasta`,
  );
  const dias = daysInMonth(anio, mes);
  return { anio, mes, dias, periodos_esperados: dias * PERIODS_PER_DAY, precios, mediciones, tipos_cambio: { dias: rates?.dias ?? 0 } };
}

/** Rows per INSERT: well below PostgreSQL's 65535 parameters for the widest kind (7 columns). */
const CHUNK_ROWS = 2000;

function chunksOf<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) chunks.push(rows.slice(start, start + CHUNK_ROWS));
  return chunks;
}

/** The annexes among `ids` that exist. */
export async function existingAnnexes(tx: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: anexos.id }).from(anexos).where(inArray(anexos.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** The date range a file covers (for its audit row). */
export function datesOf(data: MarketRows): { desde: string; hasta: string } | null {
  const dates = data.rows.map((row) => row.values.fecha).sort();
  return dates.length === 0 ? null : { desde: dates[0]!, hasta: dates[dates.length - 1]! };
}

/**
 * Stores the rows of a file, replacing the stored rows of the same keys (a file imported
 * twice stores the same): one multi-row INSERT ... ON CONFLICT DO UPDATE per chunk.
 */
export async function upsertMarketRows(tx: Db, data: MarketRows, actor: string | null): Promise<void> {
  const loaded = { cargado_por: sql`excluded."cargado_por"`, cargado_en: sql`now()` };
  if (data.tipo === 'precios') {
    for (const chunk of chunksOf(data.rows)) {
      await tx
        .insert(preciosNodo)
        .values(chunk.map((row) => ({ ...row.values, cargado_por: actor })))
        .onConflictDoUpdate({
          target: [preciosNodo.nodo, preciosNodo.fecha, preciosNodo.periodo, preciosNodo.version],
          set: { precio: sql`excluded."precio"`, ...loaded },
        });
    }
  } else if (data.tipo === 'mediciones') {
    for (const chunk of chunksOf(data.rows)) {
      await tx
        .insert(energiaAnexo)
        .values(chunk.map((row) => ({ ...row.values, cargado_por: actor })))
        .onConflictDoUpdate({
          target: [energiaAnexo.anexo_id, energiaAnexo.fecha, energiaAnexo.periodo, energiaAnexo.version],
          set: { energia_fisica_mwh: sql`excluded."energia_fisica_mwh"`, energia_flex_mwh: sql`excluded."energia_flex_mwh"`, ...loaded },
        });
    }
  } else {
    for (const chunk of chunksOf(data.rows)) {
      await tx
        .insert(tiposCambio)
        .values(chunk.map((row) => ({ ...row.values, cargado_por: actor })))
        .onConflictDoUpdate({ target: tiposCambio.fecha, set: { tipo_cambio: sql`excluded."tipo_cambio"`, ...loaded } });
    }
  }
}
