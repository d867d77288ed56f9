// The SQL of the ERCOT section (docs/ercot.md): one statement per read, every amount computed by
// the database in exact decimals. An award settles at the DAM settlement point price of its hour
// (`liquidadas`), rounded to the cent: an offer earns cleared MW x SPP (+), a bid pays it (-), a point-to-point
// obligation pays cleared MW x (sink SPP - source SPP) (earns when the spread is negative). An
// award whose price (or either PTP price) is missing has a null price and amount, never 0, and
// the totals count it apart (`sin_precio`).
import { sql, type SQL } from 'drizzle-orm';
import type {
  AccumulatedBody,
  AccumulatedRow,
  ErcotMarket,
  SettledBid,
  SettledBids,
  SettledBidsBody,
  SettledTotals,
  SettlementPoint,
  SettlementPointsBody,
} from '../../schemas/ercot.schema';
import { queryRows, type Db } from '../db/client';
import type { AwardRow, PointRow, PointUse, PointValidity, PriceRow } from './rules';

/** A decimal as the wire shows it: exact, without trailing zeros. */
const decimal = (value: SQL) => sql`trim_scale(${value})::text`;
/** A UTC instant as ISO 8601 with `Z`, whatever the session's time zone. */
const utc = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The awards of a range (and point, and kind) with their DAM prices and amounts: the CTE `liquidadas` (the ERCOT report reads it too). */
export function settled({ desde, hasta, punto, tipo }: Pick<SettledBidsBody, 'desde' | 'hasta' | 'punto' | 'tipo'>): SQL {
  return sql`liquidadas as (
    select a.*, p."precio" as spp, s."precio" as spp_sumidero,
      round(a."mw_adjudicado" * case a."tipo"
        when 'OFFER' then p."precio"
        when 'BID' then -p."precio"
        else -(s."precio" - p."precio") end, 2) as monto
    from "ercot_adjudicaciones" a
    left join "ercot_precios" p on p."mercado" = 'DAM' and p."punto" = a."punto" and p."inicio_utc" = a."inicio_utc"
    left join "ercot_precios" s on s."mercado" = 'DAM' and s."punto" = a."punto_sumidero" and s."inicio_utc" = a."inicio_utc"
    where a."dia_operacion" between ${desde}::date and ${hasta}::date
      ${punto === undefined ? sql`` : sql`and (a."punto" = ${punto.toUpperCase()} or a."punto_sumidero" = ${punto.toUpperCase()})`}
      ${tipo === undefined ? sql`` : sql`and a."tipo" = ${tipo}`}
  )`;
}

/** The sums of a set of settled awards (`l`): MWh cleared per kind, USD of those with a price. */
const sums = sql`count(*)::int as adjudicaciones, count(*) filter (where l.monto is null)::int as sin_precio,
  ${decimal(sql`coalesce(sum(l."mw_adjudicado"), 0)`)} as mwh,
  ${decimal(sql`coalesce(sum(l."mw_adjudicado") filter (where l."tipo" = 'BID'), 0)`)} as mwh_compra,
  ${decimal(sql`coalesce(sum(l."mw_adjudicado") filter (where l."tipo" = 'OFFER'), 0)`)} as mwh_venta,
  ${decimal(sql`coalesce(sum(l."mw_adjudicado") filter (where l."tipo" = 'PTP'), 0)`)} as mwh_ptp`;

/** The totals of a set of settled awards (`l`): its sums and the USD of those with a price. */
const totals = sql`${sums}, ${decimal(sql`coalesce(sum(l.monto), 0)`)} as monto`;

/** `POST settled-bids`: the awards in time order, with their totals. */
export async function settledBids(db: Db, body: SettledBidsBody): Promise<SettledBids> {
  const [answer] = await queryRows<{ adjudicaciones: SettledBid[] | null; totales: SettledBids['totales'] }>(
    db,
    sql`with ${settled(body)},
      filas as (
        select l."id", l."dia_operacion"::text as dia_operacion, l."hora_final"::int as hora_final, l."repetida", ${utc(sql`l."inicio_utc"`)} as inicio_utc,
          l."tipo", l."punto", l."punto_sumidero", ${decimal(sql`l."mw_oferta"`)} as mw_oferta, ${decimal(sql`l."precio_oferta"`)} as precio_oferta,
          ${decimal(sql`l."mw_adjudicado"`)} as mw_adjudicado, ${decimal(sql`l.spp`)} as precio, ${decimal(sql`l.spp_sumidero`)} as precio_sumidero,
          ${decimal(sql`l.monto`)} as monto
        from liquidadas l
      ),
      totales as (select ${totals} from liquidadas l)
    select (select json_agg(f order by f.inicio_utc, f."tipo", f."punto", f."punto_sumidero") from filas f) as adjudicaciones,
      (select row_to_json(t) from totales t) as totales`,
  );
  return { adjudicaciones: answer!.adjudicaciones ?? [], totales: answer!.totales };
}

/** The totals of a range's awards alone (the accumulated workbook's totals row): `settled-bids`' `totales`. */
export async function settledTotals(db: Db, range: Pick<SettledBidsBody, 'desde' | 'hasta'>): Promise<SettledTotals> {
  const [row] = await queryRows<SettledTotals>(db, sql`with ${settled(range)} select ${totals} from liquidadas l`);
  return row!;
}

/**
 * `POST acumulados`: the awards' MWh and USD per day, month or point (a PTP counts at its
 * source), and the running USD total in key order. A group's amount is the sum of its awards'
 * amounts, each rounded to the cent, so the groups add up to the awards to the cent.
 */
export async function accumulated(db: Db, { desde, hasta, agrupacion }: AccumulatedBody): Promise<AccumulatedRow[]> {
  const key = { dia: sql`l."dia_operacion"::text`, mes: sql`to_char(l."dia_operacion", 'YYYY-MM')`, punto: sql`l."punto"` }[agrupacion];
  return queryRows<AccumulatedRow>(
    db,
    sql`with ${settled({ desde, hasta })},
      grupos as (select ${key} as clave, ${sums}, coalesce(sum(l.monto), 0) as monto from liquidadas l group by 1)
    select g.clave, g.adjudicaciones, g.sin_precio, g.mwh, g.mwh_compra, g.mwh_venta, g.mwh_ptp, ${decimal(sql`g.monto`)} as monto,
      ${decimal(sql`sum(g.monto) over (order by g.clave)`)} as monto_acumulado
    from grupos g order by g.clave`,
  );
}

/** `POST settlement_points`: the catalogue by name, of a type and matching a search, with a market's prices of a range when asked. */
export async function settlementPoints(db: Db, { tipo, buscar, con_precios }: SettlementPointsBody): Promise<SettlementPoint[]> {
  const like = buscar === undefined || buscar.trim() === '' ? undefined : `%${buscar.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const prices = con_precios
    ? sql`, 'precios', coalesce((select json_agg(json_build_object(
          'inicio_utc', ${utc(sql`r."inicio_utc"`)}, 'dia_operacion', r."dia_operacion"::text, 'hora_final', r."hora_final",
          'intervalo', r."intervalo", 'repetida', r."repetida", 'precio', ${decimal(sql`r."precio"`)}) order by r."inicio_utc")
        from "ercot_precios" r
        where r."mercado" = ${con_precios.mercado satisfies ErcotMarket} and r."punto" = p."nombre"
          and r."dia_operacion" between ${con_precios.desde}::date and ${con_precios.hasta}::date), '[]'::json)`
    : sql``;
  const rows = await queryRows<{ punto: SettlementPoint }>(
    db,
    sql`select json_build_object('nombre', p."nombre", 'tipo', p."tipo", 'vigente_desde', p."vigente_desde"::text, 'vigente_hasta', p."vigente_hasta"::text ${prices}) as punto
      from "ercot_puntos" p
      where true ${tipo === undefined ? sql`` : sql`and p."tipo" = ${tipo}`} ${like === undefined ? sql`` : sql`and p."nombre" ilike ${like}`}
      order by p."nombre"`,
  );
  return rows.map((row) => row.punto);
}

/**
 * The catalogue's entries of the named points (as the import's rules read them). In an import's
 * transaction the rows stay shared-locked to its end, so a catalogue edit (which locks them for
 * update) cannot narrow a validity between the import's check and its rows being stored.
 */
export function pointsByName(db: Db, names: readonly string[]): Promise<PointValidity[]> {
  return queryRows<PointValidity>(
    db,
    sql`select "nombre", "vigente_desde"::text as vigente_desde, "vigente_hasta"::text as vigente_hasta
      from "ercot_puntos" where "nombre" in (select json_array_elements_text(${JSON.stringify(names)}::json)) for share`,
  );
}

/** The stored points of these names, locked for update to the end of the transaction (a catalogue edit). */
export function lockPoints(tx: Db, names: readonly string[]): Promise<PointRow[]> {
  return queryRows<PointRow>(
    tx,
    sql`select "nombre", "tipo", "vigente_desde"::text as vigente_desde, "vigente_hasta"::text as vigente_hasta
      from "ercot_puntos" where "nombre" in (select json_array_elements_text(${JSON.stringify(names)}::json))
      order by "nombre" for update`,
  );
}

/**
 * The first and last operating day each named point is used on: its prices in either market
 * (the first and last by UTC start, read from the key's index) and its awards as source or sink.
 * A point used nowhere has no entry.
 */
export function pointUses(db: Db, names: readonly string[]): Promise<PointUse[]> {
  const edge = (mercado: ErcotMarket, order: SQL) =>
    sql`(select r."dia_operacion" as dia from "ercot_precios" r where r."mercado" = ${mercado} and r."punto" = n.nombre order by r."inicio_utc" ${order} limit 1)`;
  return queryRows<PointUse>(
    db,
    sql`with dias as (
        select n.nombre, d.dia
        from (select json_array_elements_text(${JSON.stringify(names)}::json) as nombre) n
        cross join lateral (
          ${edge('DAM', sql`asc`)} union all ${edge('DAM', sql`desc`)} union all ${edge('RTM', sql`asc`)} union all ${edge('RTM', sql`desc`)}
          union all (select min(a."dia_operacion") from "ercot_adjudicaciones" a where a."punto" = n.nombre or a."punto_sumidero" = n.nombre)
          union all (select max(a."dia_operacion") from "ercot_adjudicaciones" a where a."punto" = n.nombre or a."punto_sumidero" = n.nombre)
        ) d
        where d.dia is not null
      )
      select nombre, min(dia)::text as primer_dia, max(dia)::text as ultimo_dia from dias group by nombre order by nombre`,
  );
}

/** Stores catalogue points: a new name is inserted, a stored one takes the type and validity given. */
export async function storePoints(db: Db, rows: readonly PointRow[]): Promise<void> {
  await db.execute(
    sql`insert into "ercot_puntos" ("nombre", "tipo", "vigente_desde", "vigente_hasta")
      select r.nombre, r.tipo, r.vigente_desde, r.vigente_hasta
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(nombre text, tipo text, vigente_desde date, vigente_hasta date)
      on conflict ("nombre") do update set
        "tipo" = excluded."tipo", "vigente_desde" = excluded."vigente_desde", "vigente_hasta" = excluded."vigente_hasta"`,
  );
}

/** A row of the price workbook: one interval and the price at each point that has one (by name). */
export interface PriceInterval {
  inicio_utc: string;
  dia_operacion: string;
  hora_final: number;
  intervalo: number | null;
  repetida: boolean;
  precios: Record<string, string>;
}

/** A market's prices of a range at the named points, one row per interval any of them has a price in, by UTC start. */
export function pricesByInterval(db: Db, { desde, hasta, mercado, puntos }: { desde: string; hasta: string; mercado: ErcotMarket; puntos: readonly string[] }): Promise<PriceInterval[]> {
  return queryRows<PriceInterval>(
    db,
    sql`select ${utc(sql`r."inicio_utc"`)} as inicio_utc, r."dia_operacion"::text as dia_operacion, r."hora_final"::int as hora_final,
        r."intervalo"::int as intervalo, r."repetida", json_object_agg(r."punto", ${decimal(sql`r."precio"`)}) as precios
      from "ercot_precios" r
      where r."mercado" = ${mercado} and r."punto" in (select json_array_elements_text(${JSON.stringify(puntos)}::json))
        and r."dia_operacion" between ${desde}::date and ${hasta}::date
      group by r."inicio_utc", r."dia_operacion", r."hora_final", r."intervalo", r."repetida"
      order by r."inicio_utc"`,
  );
}

/** Stores a market's prices, replacing those of the same point and interval. */
export async function storePrices(db: Db, mercado: ErcotMarket, rows: readonly PriceRow[], archivo: string): Promise<void> {
  await db.execute(
    sql`insert into "ercot_precios" ("mercado", "punto", "inicio_utc", "dia_operacion", "hora_final", "intervalo", "repetida", "precio", "archivo_nombre")
      select ${mercado}, r.punto, r.inicio_utc, r.dia_operacion, r.hora_final, r.intervalo, r.repetida, r.precio, ${archivo}
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(punto text, inicio_utc timestamptz, dia_operacion date, hora_final smallint, intervalo smallint, repetida boolean, precio numeric)
      on conflict ("mercado", "punto", "inicio_utc") do update set
        "precio" = excluded."precio", "archivo_nombre" = excluded."archivo_nombre", "cargado_en" = now()`,
  );
}

/** Stores awards, replacing those of the same interval, kind, point and sink. */
export async function storeAwards(db: Db, rows: readonly AwardRow[], archivo: string): Promise<void> {
  await db.execute(
    sql`insert into "ercot_adjudicaciones" ("dia_operacion", "hora_final", "repetida", "inicio_utc", "tipo", "punto", "punto_sumidero",
        "mw_oferta", "precio_oferta", "mw_adjudicado", "archivo_nombre")
      select r.dia_operacion, r.hora_final, r.repetida, r.inicio_utc, r.tipo, r.punto, r.punto_sumidero, r.mw_oferta, r.precio_oferta, r.mw_adjudicado, ${archivo}
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(dia_operacion date, hora_final smallint, repetida boolean, inicio_utc timestamptz, tipo text, punto text, punto_sumidero text,
          mw_oferta numeric, precio_oferta numeric, mw_adjudicado numeric)
      on conflict on constraint "ercot_adjudicaciones_clave" do update set
        "mw_oferta" = excluded."mw_oferta", "precio_oferta" = excluded."precio_oferta", "mw_adjudicado" = excluded."mw_adjudicado",
        "archivo_nombre" = excluded."archivo_nombre", "cargado_en" = now()`,
  );
}
