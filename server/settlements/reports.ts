// The settlements' billing reports (docs/reports.md), each a reading [P] of what the settlements
// area holds:
// - `energia-gtm`, `energia-sv`, `energia-mex`: a range of days' energy of one branch's
//   contracts, one row per contract and day, read from each annex's day (`energia_anexo_dia`,
//   kept summed from the hourly `energia_anexo` by the database) in the version asked, or the
//   most final one each annex has that day (`mejor`: CD > DF > PE, never a mix of versions
//   within an annex's day). A row's version is the least final one it summed. One SQL, by country.
// - `estimaciones-gtm`, `estimaciones-sv`, `estimaciones-mex`: a month's settlement rows of one
//   branch's contracts summed per contract and day, each day from the most final settlement that
//   has rows for it (or the version asked; of CDs the latest reconciliation); USD, and for Mexico
//   the day's FIX and the MXN amounts the engine keeps. One SQL, by country.
// - `financiero-local-gtm`: per GT local contract and month, the counted settlement's sales,
//   purchases, charges and margin.
// - `contratros-gtm-mex`: per GT-MX contract (one side's nodes in Guatemala, the other's in
//   Mexico: the Tapachula - Los Brillantes link) and month, the energy and its value on each side.
import { sql, type SQL } from 'drizzle-orm';
import {
  energyGtBodySchema,
  energyMxBodySchema,
  energySvBodySchema,
  estimatesGtBodySchema,
  estimatesMxBodySchema,
  estimatesSvBodySchema,
  gtMxContractsBodySchema,
  localFinanceGtBodySchema,
  type EnergyBody,
  type EstimatesBody,
  type GtMxContractsBody,
  type LocalFinanceGtBody,
  type ReportBodySchema,
  type ReportName,
} from '../../schemas/report.schema';
import { defineReport, type ReportColumn } from '../reports/kit';

type Branch = 'GT' | 'SV' | 'MX';

/** The filters on a contract `c` a body may carry. */
function contractFilters(body: { empresa_id?: number; contrato_id?: number }): SQL {
  return sql`${body.empresa_id === undefined ? sql`` : sql`and c."empresa_id" = ${body.empresa_id}`}
    ${body.contrato_id === undefined ? sql`` : sql`and c."id" = ${body.contrato_id}`}`;
}

/** How final a version is (CD > DF > PE), from a version column. */
const rankOf = (version: SQL) => sql`case ${version} when 'CD' then 3 when 'DF' then 2 else 1 end`;

// ---- Energy by contract and day.

/** The energy rows of `pais`'s contracts over a range of days (the SQL of the three energy reports). */
function energyRows(pais: Branch, body: EnergyBody): SQL {
  const { desde, hasta } = body;
  const version = body.version ?? 'mejor';
  return sql`with anexos_pais as (
      select a."id", c."id" as contrato_id, c."codigo_contraparte" as contrato, c."empresa_id"
      from "anexos" a join "contratos" c on c."id" = a."contrato_id"
      where c."sucursal" = ${pais} ${contractFilters(body)}
    ),
    dias as (
      select distinct on (e."anexo_id", e."fecha") e."anexo_id", e."fecha",
        ${rankOf(sql`e."version"`)} as rango, e."energia_fisica_mwh" as fisica, e."energia_flex_mwh" as flex
      from "energia_anexo_dia" e
      where e."fecha" between ${desde}::date and ${hasta}::date and e."anexo_id" in (select "id" from anexos_pais)
        ${version === 'mejor' ? sql`` : sql`and e."version" = ${version}`}
      order by e."anexo_id", e."fecha", rango desc
    )
    select f.contrato_id, f.contrato, emp."razon_social", d."fecha", count(*) as anexos, (array['PE', 'DF', 'CD'])[min(d.rango)] as version,
      sum(d.fisica) as mwh_fisica, sum(d.flex) as mwh_flex, sum(d.fisica + d.flex) as mwh_total
    from dias d join anexos_pais f on f."id" = d."anexo_id" join "empresas" emp on emp."id" = f."empresa_id"
    group by f.contrato_id, f.contrato, emp."razon_social", d."fecha"`;
}

/** The columns a contract-by-day report starts with. */
const CONTRACT_DAY_COLUMNS: ReportColumn[] = [
  { clave: 'contrato_id', tipo: 'integer' },
  { clave: 'contrato', tipo: 'text' },
  { clave: 'razon_social', tipo: 'text' },
  { clave: 'fecha', tipo: 'date' },
];

function energyReport(nombre: ReportName, pais: Branch, body: ReportBodySchema) {
  return defineReport<EnergyBody>({
    nombre,
    body,
    columns: [
      ...CONTRACT_DAY_COLUMNS,
      { clave: 'anexos', tipo: 'integer' },
      { clave: 'version', tipo: 'text' },
      { clave: 'mwh_fisica', tipo: 'mwh' },
      { clave: 'mwh_flex', tipo: 'mwh' },
      { clave: 'mwh_total', tipo: 'mwh' },
    ],
    order: ['contrato_id', 'fecha'],
    rows: (query) => energyRows(pais, query),
  });
}

export const energyGtReport = energyReport('energia-gtm', 'GT', energyGtBodySchema);
export const energySvReport = energyReport('energia-sv', 'SV', energySvBodySchema);
export const energyMxReport = energyReport('energia-mex', 'MX', energyMxBodySchema);

// ---- Estimates: a month's settlement rows by contract and day.

/** The settlement rows' amounts an estimate sums (USD), as the engine names them. */
const USD_AMOUNTS = ['liquidacion_energia', 'liquidacion_potencia', 'fee', 'cargos_mmi', 'cargos_mmr', 'margen', 'factura'] as const;

/** A month's settlement rows of `pais`'s contracts summed per contract and day, each day from its most final settlement (the SQL of the three estimate reports). */
function estimateRows(pais: Branch, body: EstimatesBody): SQL {
  const version = body.version ?? 'mejor';
  const sums = sql.raw(USD_AMOUNTS.map((name) => `sum(r."${name}") as "${name}"`).join(', '));
  const chosen = sql.raw(USD_AMOUNTS.map((name) => `e."${name}"`).join(', '));
  return sql`with contratos_pais as (
      select c."id", c."codigo_contraparte", c."empresa_id" from "contratos" c
      where c."sucursal" = ${pais} ${contractFilters(body)}
    ),
    liquidaciones_mes as (
      select l."id", l."contrato_id", l."version_liquidacion", l."reconciliacion", l."estado", ${rankOf(sql`l."version_liquidacion"`)} as rango
      from "liquidaciones" l
      where l."anio" = ${body.anio} and l."mes" = ${body.mes} and l."contrato_id" in (select "id" from contratos_pais)
        ${version === 'mejor' ? sql`` : sql`and l."version_liquidacion" = ${version}`}
    ),
    dias as (
      select r."liquidacion_id", r."fecha", sum(r."energia_total_mwh") as mwh_total, ${sums},
        max(r."tipo_cambio") as tipo_cambio, sum(r."factura_mxn") as factura_mxn
      from "liquidacion_filas" r
      where r."liquidacion_id" in (select "id" from liquidaciones_mes)
      group by r."liquidacion_id", r."fecha"
    ),
    elegidos as (
      select distinct on (l."contrato_id", d."fecha") l."contrato_id", l."version_liquidacion", l."estado", d.*
      from dias d join liquidaciones_mes l on l."id" = d."liquidacion_id"
      order by l."contrato_id", d."fecha", l.rango desc, l."reconciliacion" desc
    )
    select e."contrato_id", c."codigo_contraparte" as contrato, emp."razon_social", e."fecha", e."version_liquidacion" as version,
      e."liquidacion_id", e."estado", e."mwh_total", ${chosen}, e."tipo_cambio", e."factura_mxn"
    from elegidos e join contratos_pais c on c."id" = e."contrato_id" join "empresas" emp on emp."id" = c."empresa_id"`;
}

function estimatesReport(nombre: ReportName, pais: Branch, body: ReportBodySchema) {
  const pesos: ReportColumn[] = pais === 'MX' ? [{ clave: 'tipo_cambio', tipo: 'price', total: null }, { clave: 'factura_mxn', tipo: 'mxn' }] : [];
  return defineReport<EstimatesBody>({
    nombre,
    body,
    columns: [
      ...CONTRACT_DAY_COLUMNS,
      { clave: 'version', tipo: 'text' },
      { clave: 'liquidacion_id', tipo: 'integer' },
      { clave: 'estado', tipo: 'text' },
      { clave: 'mwh_total', tipo: 'mwh' },
      ...USD_AMOUNTS.map((clave): ReportColumn => ({ clave, tipo: 'usd' })),
      ...pesos,
    ],
    order: ['contrato_id', 'fecha'],
    rows: (query) => estimateRows(pais, query),
  });
}

export const estimatesGtReport = estimatesReport('estimaciones-gtm', 'GT', estimatesGtBodySchema);
export const estimatesSvReport = estimatesReport('estimaciones-sv', 'SV', estimatesSvBodySchema);
export const estimatesMxReport = estimatesReport('estimaciones-mex', 'MX', estimatesMxBodySchema);

// ---- Monthly reports over the months a range touches.

/**
 * The settlement each contract `c` (joined by the caller's `contracts`) counts for each month
 * the range touches: the version asked, or the most final one computed (CD over DF over PE; of
 * CDs the latest reconciliation), as the settlement summary counts them. A settlement not
 * computed yet (`calculada_en` null) does not count.
 */
export function countedSettlements(contracts: SQL, body: { desde: string; hasta: string; version?: string }): SQL {
  const version = body.version ?? 'mejor';
  return sql`select distinct on (l."contrato_id", l."anio", l."mes") l.*, make_date(l."anio", l."mes", 1) as mes_inicio
    from "liquidaciones" l
    where l."contrato_id" in (select "id" from (${contracts}) k) and l."calculada_en" is not null
      and make_date(l."anio", l."mes", 1) between date_trunc('month', ${body.desde}::date)::date and ${body.hasta}::date
      ${version === 'mejor' ? sql`` : sql`and l."version_liquidacion" = ${version}`}
    order by l."contrato_id", l."anio", l."mes", ${rankOf(sql`l."version_liquidacion"`)} desc, l."reconciliacion" desc`;
}

/** `financiero-local-gtm` [P]: sales (what a withdrawal contract invoices), purchases (what an injection contract invoices), the charges (MMi + MMr) within them, the margin and the margin per MWh. */
export const localFinanceGtReport = defineReport<LocalFinanceGtBody>({
  nombre: 'financiero-local-gtm',
  body: localFinanceGtBodySchema,
  columns: [
    { clave: 'contrato_id', tipo: 'integer' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'tipo_transaccion', tipo: 'text' },
    { clave: 'mes', tipo: 'date' },
    { clave: 'version', tipo: 'text' },
    { clave: 'liquidacion_id', tipo: 'integer' },
    { clave: 'mwh_total', tipo: 'mwh' },
    { clave: 'ventas', tipo: 'usd' },
    { clave: 'compras', tipo: 'usd' },
    { clave: 'cargos', tipo: 'usd' },
    { clave: 'margen', tipo: 'usd' },
    { clave: 'margen_mwh', tipo: 'price', total: sql`round(sum(q."margen") / nullif(sum(q."mwh_total"), 0), 2)` },
  ],
  order: ['contrato_id', 'mes'],
  rows: (body) => {
    const contracts = sql`select c."id" from "contratos" c where c."sucursal" = 'GT' and c."local_regional" = 'local' ${contractFilters(body)}`;
    return sql`select c."id" as contrato_id, c."codigo_contraparte" as contrato, emp."razon_social", c."tipo_transaccion", l.mes_inicio as mes,
        l."version_liquidacion" as version, l."id" as liquidacion_id, l."energia_total_mwh" as mwh_total,
        case when c."tipo_transaccion" = 'R' then l."factura" else 0 end as ventas,
        case when c."tipo_transaccion" = 'I' then l."factura" else 0 end as compras,
        l."cargos_mmi" + l."cargos_mmr" as cargos, l."margen",
        round(l."margen" / nullif(l."energia_total_mwh", 0), 2) as margen_mwh
      from (${countedSettlements(contracts, body)}) l
      join "contratos" c on c."id" = l."contrato_id" join "empresas" emp on emp."id" = c."empresa_id"`;
  },
});

/**
 * `contratros-gtm-mex` [P]: the contracts whose injection nodes (PMi) are all of one country
 * and withdrawal nodes (PMr) of the other, GT and MX (the Tapachula - Los Brillantes link), by
 * their contract's nodes. Per month, from the counted settlement's hourly rows: the energy
 * withdrawn (Qt, measured at the PMr) and injected (Qt x the FPN of the hour: what was injected
 * to deliver Qt), each on its country's side, their difference the losses; the value of each
 * side's energy at its side's price (PMi price for the injection, PMr price for the withdrawal,
 * as the row keeps them), rounded to the cent per month; and the settlement's invoice amount in
 * USD and, for a Mexican contract, MXN.
 */
export const gtMxContractsReport = defineReport<GtMxContractsBody>({
  nombre: 'contratros-gtm-mex',
  body: gtMxContractsBodySchema,
  columns: [
    { clave: 'contrato_id', tipo: 'integer' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'sucursal', tipo: 'text' },
    { clave: 'flujo', tipo: 'text' },
    { clave: 'mes', tipo: 'date' },
    { clave: 'version', tipo: 'text' },
    { clave: 'liquidacion_id', tipo: 'integer' },
    { clave: 'mwh_gt', tipo: 'mwh' },
    { clave: 'mwh_mx', tipo: 'mwh' },
    { clave: 'mwh_perdidas', tipo: 'mwh' },
    { clave: 'monto_gt', tipo: 'usd' },
    { clave: 'monto_mx', tipo: 'usd' },
    { clave: 'factura', tipo: 'usd' },
    { clave: 'factura_mxn', tipo: 'mxn' },
  ],
  order: ['contrato_id', 'mes'],
  rows: (body) => {
    const allOf = (nodes: SQL, country: string) => sql`(cardinality(${nodes}) > 0 and ${country}::text = all (select split_part(n, '-', 1) from unnest(${nodes}) n))`;
    const contracts = sql`select c."id", case when ${allOf(sql`c."pmi"`, 'GT')} then 'GT-MX' else 'MX-GT' end as flujo
      from "contratos" c
      where ((${allOf(sql`c."pmi"`, 'GT')} and ${allOf(sql`c."pmr"`, 'MX')}) or (${allOf(sql`c."pmi"`, 'MX')} and ${allOf(sql`c."pmr"`, 'GT')}))
        ${contractFilters(body)}`;
    return sql`with k as (${contracts}),
      l as (${countedSettlements(sql`select "id" from k`, body)}),
      h as (
        select l."id", sum(r."energia_total_mwh") as retiro, sum(r."energia_total_mwh" * coalesce(r."fpn", 1)) as inyeccion,
          sum(r."energia_total_mwh" * r."precio_retiro") as valor_retiro, sum(r."energia_total_mwh" * coalesce(r."fpn", 1) * r."precio_inyeccion") as valor_inyeccion
        from l join "liquidacion_filas" r on r."liquidacion_id" = l."id"
        group by l."id"
      )
      select c."id" as contrato_id, c."codigo_contraparte" as contrato, emp."razon_social", c."sucursal", k.flujo, l.mes_inicio as mes,
        l."version_liquidacion" as version, l."id" as liquidacion_id,
        case when k.flujo = 'GT-MX' then h.inyeccion else h.retiro end as mwh_gt,
        case when k.flujo = 'GT-MX' then h.retiro else h.inyeccion end as mwh_mx,
        h.inyeccion - h.retiro as mwh_perdidas,
        round(case when k.flujo = 'GT-MX' then h.valor_inyeccion else h.valor_retiro end, 2) as monto_gt,
        round(case when k.flujo = 'GT-MX' then h.valor_retiro else h.valor_inyeccion end, 2) as monto_mx,
        l."factura", l."factura_mxn"
      from l join k on k."id" = l."contrato_id" join h on h."id" = l."id"
      join "contratos" c on c."id" = l."contrato_id" join "empresas" emp on emp."id" = c."empresa_id"`;
  },
});
