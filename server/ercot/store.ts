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
  SettlementPoint,
  SettlementPointsBody,
} from '../../schemas/ercot.schema';
import { queryRows, type Db } from '../db/client';
import type { AwardRow, PointValidity, PriceRow } from './rules';

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
      totales as (select ${sums}, ${decimal(sql`coalesce(sum(l.monto), 0)`)} as monto from liquidadas l)
    select (select json_agg(f order by f.inicio_utc, f."tipo", f."punto", f."punto_sumidero") from filas f) as adjudicaciones,
      (select row_to_json(t) from totales t) as totales`,
  );
  return { adjudicaciones: answer!.adjudicaciones ?? [], totales: answer!.totales };
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

/** The catalogue's entries of the named points (as the import's rules read them). */
export function pointsByName(db: Db, names: readonly string[]): Promise<PointValidity[]> {
  return queryRows<PointValidity>(
    db,
    sql`select "nombre", "vigente_desde"::text as vigente_desde, "vigente_hasta"::text as vigente_hasta
      from "ercot_puntos" where "nombre" in (select json_array_elements_text(${JSON.stringify(names)}::json))`,
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
