// The SQL of the market data a settlement reads: set-based upserts of an imported file, and
// what a month has loaded, counted by the database (the tables hold hundreds of thousands of
// hourly rows).
import { sql, type SQL } from 'drizzle-orm';
import type { MarketDataCoverage } from '../../schemas/market-data.schema';
import { CHARGE_KINDS, PERIODS_PER_DAY, SETTLEMENT_VERSIONS, type SettlementVersion } from '../../schemas/settlement.schema';
import { queryRows, type Db } from '../db/client';
import { energiaAnexo, factoresPerdida, preciosNodo, tiposCambio } from '../db/schema/settlements';
import { upsertImportedCharges } from '../countries/store';
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
 * The periods of `table` (node prices or loss factors) per node and version in the month, for
 * every node the annexes in force name in `lists` (their `pmi` and / or `pmr` columns) or that
 * has rows in the month, by node then PE, DF, CD.
 */
function nodeCounts(db: Db, month: SQL, table: 'precios_nodo' | 'factores_perdida', lists: SQL) {
  const rows = sql.identifier(table);
  return queryRows<{ nodo: string; version: SettlementVersion; periodos: number }>(
    db,
    sql`with ${month}, nodos as (
      select unnest(${lists}) as nodo from "anexos" a, mes m where a."fecha_inicio" <= m.hasta and a."fecha_fin" >= m.desde
      union
      select p."nodo" from ${rows} p, mes m where p."fecha" between m.desde and m.hasta
    )
    select n.nodo, v.version, count(p."nodo")::int as periodos
    from nodos n cross join versiones v cross join mes m
    left join ${rows} p on p."nodo" = n.nodo and p."version" = v.version and p."fecha" between m.desde and m.hasta
    group by n.nodo, v.version, v.orden
    order by n.nodo, v.orden`,
  );
}

/**
 * The charge rates of the month per country and kind: every country whose nodes an annex in
 * force names (a node's country is its code's prefix, as the engine reads it) or that has a
 * rate in force in the month, each kind, the days of the month a rate is in force and those rates.
 */
function chargeCounts(db: Db, month: SQL) {
  const inMonth = sql`c."vigente_desde" <= m.hasta and (c."vigente_hasta" is null or c."vigente_hasta" >= m.desde)`;
  return queryRows<MarketDataCoverage['cargos'][number]>(
    db,
    sql`with ${month}, paises as (
      select split_part(n.nodo, '-', 1) as pais
      from "anexos" a cross join mes m cross join lateral unnest(a."pmi" || a."pmr") as n(nodo)
      where a."fecha_inicio" <= m.hasta and a."fecha_fin" >= m.desde
      union
      select c."pais" from "cargos_pais" c, mes m where ${inMonth}
    ), conceptos (concepto, orden) as (
      select * from unnest(${sql.raw(`array[${CHARGE_KINDS.map((kind) => `'${kind}'`).join(', ')}]`)}::text[]) with ordinality
    )
    select p.pais, k.concepto,
      (select count(*)::int from generate_series(m.desde::timestamp, m.hasta::timestamp, interval '1 day') d(dia)
        where exists (select 1 from "cargos_pais" c where c."pais" = p.pais and c."concepto_liquidacion" = k.concepto
          and d.dia::date >= c."vigente_desde" and (c."vigente_hasta" is null or d.dia::date <= c."vigente_hasta"))) as dias,
      coalesce((select json_agg(json_build_object('vigente_desde', c."vigente_desde", 'vigente_hasta', c."vigente_hasta", 'tasa', c."tasa"::text)
          order by c."vigente_desde")
        from "cargos_pais" c where c."pais" = p.pais and c."concepto_liquidacion" = k.concepto and ${inMonth}), '[]'::json) as vigencias
    from paises p cross join conceptos k cross join mes m
    order by p.pais, k.orden`,
  );
}

/**
 * What is loaded for the month: the periods of prices of every node a contract in force names
 * (or that has prices), per version; the loss factors of every withdrawal node likewise; the
 * periods of energy of every annex in force (or measured), per version, against the periods it
 * is in force; the days each country's charge rates are in force; the days with an exchange rate.
 */
export async function coverageOf(db: Db, anio: number, mes: number): Promise<MarketDataCoverage> {
  const month = monthCte(anio, mes);
  const precios = await nodeCounts(db, month, 'precios_nodo', sql`a."pmi" || a."pmr"`);
  // The engine reads a loss factor on the withdrawal side only.
  const factores_perdida = await nodeCounts(db, month, 'factores_perdida', sql`a."pmr"`);
  const cargos = await chargeCounts(db, month);
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
  return { anio, mes, dias, periodos_esperados: dias * PERIODS_PER_DAY, precios, factores_perdida, mediciones, cargos, tipos_cambio: { dias: rates?.dias ?? 0 } };
}

/** Rows per INSERT: well below PostgreSQL's 65535 parameters for the widest kind (7 columns). */
const CHUNK_ROWS = 2000;

/** `rows` in chunks of CHUNK_ROWS, one multi-row INSERT each. */
export function chunksOf<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) chunks.push(rows.slice(start, start + CHUNK_ROWS));
  return chunks;
}

/** The date range a file covers (for its audit row). */
export function datesOf(data: MarketRows): { desde: string; hasta: string } | null {
  const dates = (
    data.tipo === 'cargos'
      ? data.rows.flatMap((row) => [row.values.vigente_desde, row.values.vigente_hasta ?? row.values.vigente_desde])
      : data.rows.map((row) => row.values.fecha)
  ).sort();
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
  } else if (data.tipo === 'tipos-cambio') {
    for (const chunk of chunksOf(data.rows)) {
      await tx
        .insert(tiposCambio)
        .values(chunk.map((row) => ({ ...row.values, cargado_por: actor })))
        .onConflictDoUpdate({ target: tiposCambio.fecha, set: { tipo_cambio: sql`excluded."tipo_cambio"`, ...loaded } });
    }
  } else if (data.tipo === 'factores-perdida') {
    for (const chunk of chunksOf(data.rows)) {
      await tx
        .insert(factoresPerdida)
        .values(chunk.map((row) => ({ ...row.values, cargado_por: actor })))
        .onConflictDoUpdate({
          target: [factoresPerdida.nodo, factoresPerdida.fecha, factoresPerdida.periodo, factoresPerdida.version],
          set: { fpn: sql`excluded."fpn"`, ...loaded },
        });
    }
  } else {
    await upsertImportedCharges(tx, data.rows.map((row) => row.values), actor);
  }
}

