// Two of the settlements' preliminary billing reports (docs/reports.md):
// - `liquidacion-potencia-preliminar` [P]: a month's power settlement per contract, worked out
//   from the annexes with the settlement engine's own reading of them (`liquidacion_anexos`,
//   migration 0012: each annex in force in the month, its kW and its $/kW-month, and the power of
//   one of its hours, kW × price / hours in the month, to the cent, 0 for a contract that settles
//   no power), so the amount is that hour's power × the annex's hours in force (an annex in force
//   part of the month is charged for that part), beside what the contract's settlement of the
//   month in the version asked (or the most final one it has) settled for power;
// - `liquidacion-energia-generada-preliminar` [P]: the pay-as-generated contracts (class EG),
//   only those, by contract and day: the measured MWh their settlement billed and its energy
//   amount (physical + flex + FPN), and so the price it came to, read from the rows of each
//   contract's settlement of the month in the version asked (or the most final one it has).
import { sql } from 'drizzle-orm';
import {
  generatedEnergyBodySchema,
  powerPreliminaryBodySchema,
  type GeneratedEnergyBody,
  type PowerPreliminaryBody,
  type ReportVersion,
} from '../../schemas/report.schema';
import { defineReport, monthRange } from '../reports/kit';

/** A settlement's version rank: the larger, the more final. */
const settlementRank = sql`case l."version_liquidacion" when 'CD' then 3 when 'DF' then 2 else 1 end`;

/**
 * `elegidas`: for each contract of `contratos_f` and month from `desde`'s to `hasta`'s, its one
 * settlement in `version`, or with `mejor` the most final one it has (CD, its last
 * reconciliation, then DF, then PE).
 */
function chosenSettlements(desde: string, hasta: string, version: ReportVersion) {
  return sql`elegidas as (
    select distinct on (l."contrato_id", l."anio", l."mes") l."id", l."contrato_id", l."anio", l."mes", l."version_liquidacion", l."liquidacion_potencia"
    from "liquidaciones" l
    where l."contrato_id" in (select "id" from contratos_f)
      and make_date(l."anio", l."mes", 1) between date_trunc('month', ${desde}::date)::date and ${hasta}::date
      ${version === 'mejor' ? sql`` : sql`and l."version_liquidacion" = ${version}`}
    order by l."contrato_id", l."anio", l."mes", ${settlementRank} desc, l."reconciliacion" desc
  )`;
}

/** The contracts of the filters (`contratos_f`), narrowed further by `where`. */
function filteredContracts(body: { pais?: string; empresa_id?: number; contrato_id?: number }, where: ReturnType<typeof sql>) {
  return sql`contratos_f as (
    select c."id", c."codigo_contraparte", c."empresa_id", c."sucursal", c."tipo_contrato"
    from "contratos" c
    where ${where}
      ${body.pais === undefined ? sql`` : sql`and c."sucursal" = ${body.pais}`}
      ${body.empresa_id === undefined ? sql`` : sql`and c."empresa_id" = ${body.empresa_id}`}
      ${body.contrato_id === undefined ? sql`` : sql`and c."id" = ${body.contrato_id}`}
  )`;
}

export const powerPreliminaryReport = defineReport<PowerPreliminaryBody>({
  nombre: 'liquidacion-potencia-preliminar',
  body: powerPreliminaryBodySchema,
  columns: [
    { clave: 'contrato_id', tipo: 'integer' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'sucursal', tipo: 'text' },
    { clave: 'anexos', tipo: 'integer', total: 'sum' },
    { clave: 'mw', tipo: 'mwh' },
    { clave: 'precio_kw_mes', tipo: 'price' },
    { clave: 'horas', tipo: 'integer' },
    { clave: 'horas_mes', tipo: 'integer' },
    { clave: 'version', tipo: 'text' },
    { clave: 'liquidado', tipo: 'usd' },
    { clave: 'diferencia', tipo: 'usd' },
    // Last of the USD columns: the report's main figure (what reporte-preliminar-excel's summary shows).
    { clave: 'monto', tipo: 'usd' },
  ],
  order: ['contrato', 'contrato_id'],
  rows: (body) => {
    const { desde, hasta } = monthRange(body);
    // The contracts that settle power with an annex in force in the month carrying a power price (as the power refresh chooses them).
    const settlesPower = sql`c."tipo_liquidacion" is distinct from 'energia'
      and exists (select 1 from "anexos" a where a."contrato_id" = c."id" and a."precio_potencia" is not null
        and a."fecha_inicio" <= ${hasta}::date and a."fecha_fin" >= ${desde}::date)`;
    return sql`with ${filteredContracts(body, settlesPower)},
      anexos_p as (
        select f."id" as contrato_id, x.kw, x.precio_potencia, x.horas_mes, (x.hasta - x.desde + 1) * 24 as horas, x.potencia as por_hora
        from contratos_f f cross join lateral liquidacion_anexos(f."id", ${body.anio}::int, ${body.mes}::int) x
        where x.precio_potencia is not null
      ),
      ${chosenSettlements(desde, hasta, body.version ?? 'mejor')},
      calculada as (
        select p.contrato_id, count(*) as anexos, sum(p.kw * p.horas) / 1000 / max(p.horas_mes) as mw,
          sum(p.kw * p.horas * p.precio_potencia) / nullif(sum(p.kw * p.horas), 0) as precio_kw_mes,
          sum(p.horas) as horas, max(p.horas_mes) as horas_mes, sum(p.por_hora * p.horas) as monto
        from anexos_p p group by p.contrato_id
      )
      select f."id" as contrato_id, f."codigo_contraparte" as contrato, emp."razon_social", f."sucursal",
        k.anexos, round(k.mw, 3) as mw, round(k.precio_kw_mes, 4) as precio_kw_mes, k.horas, k.horas_mes, k.monto,
        l."version_liquidacion" as version, l."liquidacion_potencia" as liquidado, l."liquidacion_potencia" - k.monto as diferencia
      from calculada k join contratos_f f on f."id" = k.contrato_id join "empresas" emp on emp."id" = f."empresa_id"
        left join elegidas l on l."contrato_id" = f."id"`;
  },
});

export const generatedEnergyReport = defineReport<GeneratedEnergyBody>({
  nombre: 'liquidacion-energia-generada-preliminar',
  body: generatedEnergyBodySchema,
  columns: [
    { clave: 'contrato_id', tipo: 'integer' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'sucursal', tipo: 'text' },
    { clave: 'tipo_contrato', tipo: 'text' },
    { clave: 'fecha', tipo: 'date' },
    { clave: 'version', tipo: 'text' },
    { clave: 'anexos', tipo: 'integer' },
    { clave: 'mwh_fisica', tipo: 'mwh' },
    { clave: 'mwh_flex', tipo: 'mwh' },
    { clave: 'mwh_total', tipo: 'mwh' },
    // The price the energy came to: the amount over the MWh, of the row and of all the rows.
    { clave: 'precio_mwh', tipo: 'price', total: sql`round(sum(q."liquidacion_energia") / nullif(sum(q."mwh_total"), 0), 2)` },
    { clave: 'liquidacion_energia', tipo: 'usd' },
    { clave: 'liquidacion_energia_mxn', tipo: 'mxn' },
  ],
  order: ['contrato_id', 'fecha'],
  rows: (body) => {
    const { desde, hasta } = body;
    return sql`with ${filteredContracts(body, sql`c."clase_contrato" = 'EG'`)},
      ${chosenSettlements(desde, hasta, body.version ?? 'mejor')}
      select f."id" as contrato_id, f."codigo_contraparte" as contrato, emp."razon_social", f."sucursal", f."tipo_contrato",
        r."fecha", l."version_liquidacion" as version, count(distinct r."anexo_id") as anexos,
        sum(r."energia_fisica_mwh") as mwh_fisica, sum(r."energia_flex_mwh") as mwh_flex, sum(r."energia_total_mwh") as mwh_total,
        round(sum(r."liquidacion_energia") / nullif(sum(r."energia_total_mwh"), 0), 2) as precio_mwh,
        sum(r."liquidacion_energia") as liquidacion_energia, sum(r."liquidacion_energia_mxn") as liquidacion_energia_mxn
      from elegidas l
        join "liquidacion_filas" r on r."liquidacion_id" = l."id" and r."fecha" between ${desde}::date and ${hasta}::date
        join contratos_f f on f."id" = l."contrato_id" join "empresas" emp on emp."id" = f."empresa_id"
      group by f."id", f."codigo_contraparte", emp."razon_social", f."sucursal", f."tipo_contrato", r."fecha", l."version_liquidacion"`;
  },
});
