// The SQL of power and energy monitoring (docs/monitoring.md): one statement per call, every
// figure computed by the database. The pieces every call shares:
//   - `anexos_f`: the annexes of the filtered contracts, with their counterparty, its role
//     (R = buyer, I = seller) and their MW (kW / 1000);
//   - `vigencia`: each annex's days in force within the range;
//   - `entregada`: each annex's energy per day in one version: the one asked, or else the best
//     the annex has that day (CD > DF > PE), never a mix of versions within an annex's day; read
//     from the days the database keeps summed from the hours (`energia_anexo_dia`), so a year
//     of 300 annexes is 110 thousand rows, not 2.6 million.
// A figure without energy is null (SQL's sum of nothing), never 0. A version is reported as the
// least final one that went into a figure (a sum of DF and PE days is only as final as PE).
import { sql, type SQL } from 'drizzle-orm';
import type { EPWM_BRANCHES } from '../../schemas/contract.schema';
import type { Counterparty, EnergyHour, EnergyRow, EnergyTotal, MonitoringRole, PowerRow, PowerTotal } from '../../schemas/monitoring.schema';
import type { SettlementVersion } from '../../schemas/settlement.schema';
import { queryRows, type Db } from '../db/client';

/** What every read is narrowed to besides its days. */
export interface MonitoringFilters {
  sucursal?: (typeof EPWM_BRANCHES)[number];
  empresa_id?: number;
  version?: SettlementVersion;
}

/** A range of days with its filters. */
export interface MonitoringRange extends MonitoringFilters {
  desde: string;
  hasta: string;
}

/** A version's rank: the larger, the more final. */
const rankOf = sql`case e."version" when 'CD' then 3 when 'DF' then 2 else 1 end`;
/** The version of the smallest rank among `ranks` (null when none). */
const weakest = (ranks: SQL) => sql`(array['PE', 'DF', 'CD'])[min(${ranks})]`;
/** A decimal as the wire shows it: exact, without trailing zeros. */
const decimal = (value: SQL) => sql`trim_scale(${value})::text`;
/** `part` of `whole` in percent to the hundredth; null without a part or without a whole. */
const percent = (part: SQL, whole: SQL) => sql`case when (${whole}) > 0 then trim_scale(round(100 * (${part}) / (${whole}), 2))::text end`;

/** The filtered annexes with their counterparty, role and MW (`anexos_f`). */
function annexes({ sucursal, empresa_id }: MonitoringFilters): SQL {
  return sql`anexos_f as (
    select a."id", c."empresa_id", case c."tipo_transaccion" when 'R' then 'comprador' else 'vendedor' end as rol,
      a."potencia_contratada" * case a."unidad_potencia" when 'kW' then 0.001 else 1 end as mw,
      a."fecha_inicio", a."fecha_fin"
    from "anexos" a join "contratos" c on c."id" = a."contrato_id"
    where true ${sucursal === undefined ? sql`` : sql`and c."sucursal" = ${sucursal}`}
      ${empresa_id === undefined ? sql`` : sql`and c."empresa_id" = ${empresa_id}`}
  )`;
}

/** Each filtered annex's days in force within desde..hasta (`vigencia`). */
function inForce(desde: string, hasta: string): SQL {
  return sql`vigencia as (
    select f."id" as anexo_id, d::date as fecha, f.mw
    from anexos_f f, generate_series(greatest(f."fecha_inicio", ${desde}::date)::timestamp, least(f."fecha_fin", ${hasta}::date)::timestamp, interval '1 day') d
    where f."fecha_inicio" <= ${hasta}::date and f."fecha_fin" >= ${desde}::date
  )`;
}

/**
 * Each filtered annex's energy per day of desde..hasta in the version used (`entregada`:
 * anexo_id, fecha, version, rango, fisica, flex), read from the days the triggers keep summed
 * (`energia_anexo_dia`, migration 0022): the version asked, or the most final the annex has that day.
 */
function delivered(desde: string, hasta: string, version: SettlementVersion | undefined): SQL {
  return sql`entregada as (
    select distinct on (e."anexo_id", e."fecha") e."anexo_id", e."fecha", e."version", ${rankOf} as rango,
      e."energia_fisica_mwh" as fisica, e."energia_flex_mwh" as flex
    from "energia_anexo_dia" e
    where e."fecha" between ${desde}::date and ${hasta}::date
      and e."anexo_id" in (select "id" from anexos_f)
      ${version === undefined ? sql`` : sql`and e."version" = ${version}`}
    order by e."anexo_id", e."fecha", rango desc
  )`;
}

/** Each annex's day in force or with energy (`dia_anexo`): its MW in force (0 on a day it is not) and its energy. */
function annexDays(range: MonitoringRange): SQL {
  return sql`with ${annexes(range)}, ${inForce(range.desde, range.hasta)}, ${delivered(range.desde, range.hasta, range.version)},
    dia_anexo as (
      select coalesce(v.anexo_id, x."anexo_id") as anexo_id, coalesce(v.fecha, x."fecha") as fecha,
        coalesce(v.mw, 0) as mw, v.anexo_id is not null as vigente, x.rango, x.fisica, x.flex
      from vigencia v full join entregada x on x."anexo_id" = v.anexo_id and x."fecha" = v.fecha
    )`;
}

/** The energy figures of a group of annex-days. */
const energyFigures = sql`
  ${decimal(sql`sum(d.mw) * 24`)} as mwh_contratada,
  ${decimal(sql`sum(d.fisica)`)} as mwh_fisica,
  ${decimal(sql`sum(d.flex)`)} as mwh_flex,
  ${decimal(sql`sum(d.fisica + d.flex)`)} as mwh_total,
  ${weakest(sql`d.rango`)} as version,
  ${percent(sql`sum(d.fisica + d.flex)`, sql`sum(d.mw) * 24`)} as cumplimiento_pct`;

/** The buyers and sellers: each company with contracts of a direction (both when it has both). */
export function listCounterparties(db: Db, { sucursal }: { sucursal?: MonitoringFilters['sucursal'] }): Promise<Counterparty[]> {
  return queryRows<Counterparty>(
    db,
    sql`select c."empresa_id", e."razon_social", case c."tipo_transaccion" when 'R' then 'comprador' else 'vendedor' end as rol,
        array_agg(distinct c."sucursal" order by c."sucursal") as sucursales,
        count(distinct c."id")::int as contratos, count(a."id")::int as anexos
      from "contratos" c join "empresas" e on e."id" = c."empresa_id" left join "anexos" a on a."contrato_id" = c."id"
      where true ${sucursal === undefined ? sql`` : sql`and c."sucursal" = ${sucursal}`}
      group by c."empresa_id", e."razon_social", rol
      order by rol, e."razon_social", c."empresa_id"`,
  );
}

/** Each counterparty's energy per day of the range (a row where it has an annex in force or energy). */
export function energyRows(db: Db, range: MonitoringRange): Promise<EnergyRow[]> {
  return queryRows<EnergyRow>(
    db,
    sql`${annexDays(range)}
      select to_char(d.fecha, 'YYYY-MM-DD') as fecha, f."empresa_id", e."razon_social", f.rol,
        (count(*) filter (where d.vigente))::int as anexos, ${energyFigures}
      from dia_anexo d join anexos_f f on f."id" = d.anexo_id join "empresas" e on e."id" = f."empresa_id"
      group by d.fecha, f."empresa_id", e."razon_social", f.rol
      order by d.fecha, f.rol, e."razon_social", f."empresa_id"`,
  );
}

type EnergyFigures = Omit<EnergyTotal, 'rol' | 'dias'>;

/** Each role's energy over the range and per day: sums over the same annex-days as the rows, so each equals the sum of its rows. */
export async function energyTotals(db: Db, range: MonitoringRange): Promise<EnergyTotal[]> {
  const rows = await queryRows<EnergyFigures & { rol: MonitoringRole; fecha: string | null }>(
    db,
    sql`${annexDays(range)}
      select f.rol, to_char(d.fecha, 'YYYY-MM-DD') as fecha, ${energyFigures}
      from dia_anexo d join anexos_f f on f."id" = d.anexo_id
      group by grouping sets ((f.rol), (f.rol, d.fecha))
      order by f.rol, d.fecha nulls first`,
  );
  return rolesOf(rows, ({ rol: _rol, fecha: _fecha, ...figures }) => figures, ({ rol: _rol, ...day }) => ({ ...day, fecha: day.fecha! }));
}

/**
 * The rows of a `grouping sets ((rol), (rol, fecha))` query, ordered by role with the role's
 * own row (fecha null) first, as one object per role with its days.
 */
function rolesOf<Row extends { rol: MonitoringRole; fecha: string | null }, Total, Day>(
  rows: readonly Row[],
  total: (row: Row) => Total,
  day: (row: Row) => Day,
): Array<{ rol: MonitoringRole; dias: Day[] } & Total> {
  const roles: Array<{ rol: MonitoringRole; dias: Day[] } & Total> = [];
  for (const row of rows) {
    if (row.fecha === null) roles.push({ rol: row.rol, ...total(row), dias: [] });
    else roles.at(-1)!.dias.push(day(row));
  }
  return roles;
}

/**
 * Each counterparty's power per day: the MW in force against the largest hour, the hour's
 * energy being the sum over its annexes (each in the version used for its day).
 */
function powerCounterpartyDays(range: MonitoringRange): SQL {
  return sql`with ${annexes(range)}, ${inForce(range.desde, range.hasta)}, ${delivered(range.desde, range.hasta, range.version)},
    contratada as (
      select f."empresa_id", f.rol, v.fecha, sum(v.mw) as mw, count(*)::int as anexos
      from vigencia v join anexos_f f on f."id" = v.anexo_id
      group by f."empresa_id", f.rol, v.fecha
    ), horas as (
      select f."empresa_id", f.rol, x."fecha", h."periodo", sum(h."energia_fisica_mwh" + h."energia_flex_mwh") as mwh, min(x.rango) as rango
      from entregada x
        join "energia_anexo" h on h."anexo_id" = x."anexo_id" and h."fecha" = x."fecha" and h."version" = x."version"
        join anexos_f f on f."id" = x."anexo_id"
      group by f."empresa_id", f.rol, x."fecha", h."periodo"
    ), maxima as (
      select distinct on ("empresa_id", rol, "fecha") "empresa_id", rol, "fecha", "periodo", mwh, min(rango) over (partition by "empresa_id", rol, "fecha") as rango
      from horas order by "empresa_id", rol, "fecha", mwh desc, "periodo"
    ), potencia as (
      select coalesce(c."empresa_id", m."empresa_id") as empresa_id, coalesce(c.rol, m.rol) as rol, coalesce(c.fecha, m."fecha") as fecha,
        coalesce(c.anexos, 0) as anexos, coalesce(c.mw, 0) as mw, m.mwh as mw_max, m."periodo" as periodo_max, m.rango
      from contratada c full join maxima m on m."empresa_id" = c."empresa_id" and m.rol = c.rol and m."fecha" = c.fecha
    )`;
}

/** Each counterparty's power per day of the range (a row where it has an annex in force or energy). */
export function powerRows(db: Db, range: MonitoringRange): Promise<PowerRow[]> {
  return queryRows<PowerRow>(
    db,
    sql`${powerCounterpartyDays(range)}
      select to_char(p.fecha, 'YYYY-MM-DD') as fecha, p.empresa_id, e."razon_social", p.rol, p.anexos,
        ${decimal(sql`p.mw`)} as mw_contratada, ${decimal(sql`p.mw_max`)} as mw_max, p.periodo_max,
        (array['PE', 'DF', 'CD'])[p.rango] as version, ${percent(sql`p.mw_max`, sql`p.mw`)} as factor_uso_pct
      from potencia p join "empresas" e on e."id" = p.empresa_id
      order by p.fecha, p.rol, e."razon_social", p.empresa_id`,
  );
}

/** Each role's power per day (the sum of its counterparties' rows) and its largest day over the range. */
export async function powerTotals(db: Db, range: MonitoringRange): Promise<PowerTotal[]> {
  const rows = await queryRows<{ rol: MonitoringRole; fecha: string | null; mw_contratada: string; mw_max: string | null }>(
    db,
    sql`${powerCounterpartyDays(range)}, dias as (
        select p.rol, p.fecha, sum(p.mw) as mw, sum(p.mw_max) as mw_max from potencia p group by p.rol, p.fecha
      )
      select rol, null as fecha, ${decimal(sql`max(mw)`)} as mw_contratada, ${decimal(sql`max(mw_max)`)} as mw_max from dias group by rol
      union all
      select rol, to_char(fecha, 'YYYY-MM-DD'), ${decimal(sql`mw`)}, ${decimal(sql`mw_max`)} from dias
      order by rol, fecha nulls first`,
  );
  return rolesOf(
    rows,
    (row) => ({ mw_contratada_max: row.mw_contratada, mw_max: row.mw_max }),
    (row) => ({ fecha: row.fecha!, mw_contratada: row.mw_contratada, mw_max: row.mw_max }),
  );
}

/** Each counterparty's energy hour by hour on one day (only the hours with energy). */
export function energyHours(db: Db, { fecha, ...filters }: MonitoringFilters & { fecha: string }): Promise<EnergyHour[]> {
  return queryRows<EnergyHour>(
    db,
    sql`with ${annexes(filters)}, ${delivered(fecha, fecha, filters.version)}
      select f."empresa_id", e."razon_social", f.rol, h."periodo",
        ${decimal(sql`sum(h."energia_fisica_mwh")`)} as mwh_fisica, ${decimal(sql`sum(h."energia_flex_mwh")`)} as mwh_flex,
        ${decimal(sql`sum(h."energia_fisica_mwh" + h."energia_flex_mwh")`)} as mwh_total, ${weakest(sql`x.rango`)} as version
      from entregada x
        join "energia_anexo" h on h."anexo_id" = x."anexo_id" and h."fecha" = x."fecha" and h."version" = x."version"
        join anexos_f f on f."id" = x."anexo_id" join "empresas" e on e."id" = f."empresa_id"
      group by f."empresa_id", e."razon_social", f.rol, h."periodo"
      order by f.rol, e."razon_social", f."empresa_id", h."periodo"`,
  );
}
