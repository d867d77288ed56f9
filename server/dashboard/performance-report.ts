// The contract dashboard's report (docs/dashboard.md; AREAS.md (g)) [P]: one row per contract and
// month of the months a range touches, for every contract of the filters with an annex in force,
// a counted settlement or an issued document that month. Each figure is read with the SQL the
// billing reports read it with, so the dashboard and the reports agree:
//   - the settlement is the month's counted one (`countedSettlements`, as `financiero-local-gtm`:
//     the version asked, or CD > DF > PE, of CDs the latest): its MWh, energy amount, margin,
//     fee and invoice amount, in USD (a Mexican contract's settlement keeps its USD amounts);
//   - the contracted MWh: the MW of each annex in force × 24 h × its days in the month (as
//     energy monitoring counts them);
//   - the market price: Σ(Qt × Pr) / Σ Qt over the settlement's hours that have a withdrawal
//     price (the contract's node);
//   - the issued documents of the month (as `facturacion-excel` lists them: a credit note
//     negative): subtotal invoiced, paid and still open, each converted to USD at the document's
//     own stored rate when it is in MXN, and the days outstanding (issue to full payment, or to
//     today while open);
//   - the guarantee coverage of the contract's market: guaranteed / (known + potential) of its
//     operator and branch in the latest stored position (`garantias_snapshot`, which every
//     process refreshes every GUARANTEE_SNAPSHOT_MINUTES: the guarantees page's own figures),
//     none when no position of the last POSITION_MAX_AGE_DAYS days is stored. Not recomputed
//     here: the position reads every open liability and sent log book (half a second on the
//     embedded database), which would make the dashboard wait for it on every filter;
//   - days to the contract's end (`fecha_inicio` + `plazo` months) from today.
// A contract is at risk when its fulfilment is under 90 %, its market's coverage under 100 %,
// or it ends within 60 days. A figure without its data is null, never 0.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { businessToday } from '../../schemas/date.schema';
import { DASHBOARD_REPORT, dashboardBodySchema, type DashboardBody } from '../../schemas/dashboard.schema';
import { contractOperator } from '../guarantees/position';
import { defineReport, type ReportColumn } from '../reports/kit';
import { countedSettlements } from '../settlements/reports';

/** Under this fulfilment (%) a contract is at risk. */
export const AT_RISK_FULFILMENT_PCT = 90;
/** Under this coverage (%) of its market a contract is at risk. */
export const AT_RISK_COVERAGE_PCT = 100;
/** A contract ending within this many days is at risk. */
export const AT_RISK_EXPIRY_DAYS = 60;
/** A stored guarantee position older than this many days says nothing of today's coverage. */
export const POSITION_MAX_AGE_DAYS = 7;

/** An aggregate `part / whole` over the rows `q`, rounded to `digits`; null when the whole is not > 0. */
const ratio = (part: SQL, whole: SQL, digits = 2) => sql`round((${part}) / nullif(${whole}, 0), ${sql.raw(String(digits))})`;
const sumOf = (key: string) => sql`sum(q.${sql.identifier(key)})`;
/** A figure's total that stays null when none of its rows has the figure: a contract or month without a settlement or a document shows "no data", never 0. */
const known = (key: string) => ({ total: sumOf(key) });

/** The realised price over the rows: energy amount / delivered MWh. */
const realisedTotal = ratio(sumOf('liquidacion_energia'), sumOf('mwh_entregada'));
/** The market price over the rows: Σ(Qt × Pr) / Σ Qt of the priced hours. */
const marketTotal = ratio(sumOf('valor_mercado'), sumOf('mwh_mercado'));

const COLUMNS: ReportColumn[] = [
  { clave: 'contrato_id', tipo: 'integer' },
  { clave: 'contrato', tipo: 'text' },
  { clave: 'empresa_id', tipo: 'integer' },
  { clave: 'razon_social', tipo: 'text' },
  { clave: 'sucursal', tipo: 'text' },
  { clave: 'tipo_contrato', tipo: 'text' },
  { clave: 'clase_contrato', tipo: 'text' },
  { clave: 'tipo_transaccion', tipo: 'text' },
  { clave: 'moneda', tipo: 'text' },
  { clave: 'operador', tipo: 'text' },
  { clave: 'mes', tipo: 'date' },
  // The least final version in the rows (a sum of DF and PE months is only as final as PE).
  { clave: 'version', tipo: 'text', total: sql`(array['PE', 'DF', 'CD'])[min(case q."version" when 'CD' then 3 when 'DF' then 2 when 'PE' then 1 end)]` },
  { clave: 'liquidacion_id', tipo: 'integer' },
  { clave: 'estado', tipo: 'text' },
  { clave: 'mwh_contratada', tipo: 'mwh' },
  { clave: 'mwh_entregada', tipo: 'mwh', ...known('mwh_entregada') },
  // Of the months with a settlement only: a month not settled yet is no shortfall.
  {
    clave: 'cumplimiento_pct',
    tipo: 'percent',
    total: sql`round(100 * ${sumOf('mwh_entregada')} / nullif(sum(q."mwh_contratada") filter (where q."mwh_entregada" is not null), 0), 2)`,
  },
  { clave: 'liquidacion_energia', tipo: 'usd', ...known('liquidacion_energia') },
  { clave: 'precio_realizado', tipo: 'price', total: realisedTotal },
  { clave: 'mwh_mercado', tipo: 'mwh', ...known('mwh_mercado') },
  { clave: 'valor_mercado', tipo: 'usd', ...known('valor_mercado') },
  { clave: 'precio_mercado', tipo: 'price', total: marketTotal },
  { clave: 'prima', tipo: 'price', total: sql`${realisedTotal} - ${marketTotal}` },
  { clave: 'margen', tipo: 'usd', ...known('margen') },
  { clave: 'margen_mwh', tipo: 'price', total: ratio(sumOf('margen'), sumOf('mwh_entregada')) },
  { clave: 'fee', tipo: 'usd', ...known('fee') },
  { clave: 'factura', tipo: 'usd', ...known('factura') },
  { clave: 'documentos', tipo: 'integer', total: 'sum' },
  { clave: 'facturado_usd', tipo: 'usd', ...known('facturado_usd') },
  { clave: 'cobrado_usd', tipo: 'usd', ...known('cobrado_usd') },
  { clave: 'pendiente_usd', tipo: 'usd', ...known('pendiente_usd') },
  // Weighted by the documents (a row's is their mean, kept exact in the rows).
  { clave: 'dias_cobro', tipo: 'integer', total: sql`round(sum(q."dias_cobro" * q."documentos") / nullif(${sumOf('documentos')}, 0))` },
  { clave: 'cobertura_pct', tipo: 'percent', total: sql`min(q."cobertura_pct")` },
  { clave: 'dias_vencimiento', tipo: 'integer', total: sql`min(q."dias_vencimiento")` },
  { clave: 'en_riesgo', tipo: 'integer', total: sql`count(distinct q."contrato_id") filter (where q."en_riesgo" = 1)` },
];

/** The filtered contracts, with their market's operator and end (`k`). */
function contracts(body: DashboardBody): SQL {
  const equals = (column: string, value: string | number | undefined) => (value === undefined ? sql`` : sql`and c.${sql.identifier(column)} = ${value}`);
  return sql`select c.*, ${contractOperator} as operador, (c."fecha_inicio" + make_interval(months => c."plazo"))::date as fecha_fin
    from "contratos" c
    where true ${equals('sucursal', body.pais)} ${equals('empresa_id', body.empresa_id)} ${equals('id', body.contrato_id)}
      ${equals('tipo_contrato', body.tipo_contrato)} ${equals('clase_contrato', body.clase_contrato)} ${equals('tipo_transaccion', body.tipo_transaccion)}`;
}

function performanceRows(body: DashboardBody): SQL {
  const hoy = businessToday();
  const documentSign = sql`(case when f."tipo_documento" = 'nota_credito' then -1 else 1 end)`;
  // A document's amount in USD: as it is, or at the document's own rate when in MXN, to the cent.
  const inUsd = (amount: SQL) => sql`round(${documentSign} * ${amount} / case when f."moneda" = 'MXN' then f."tipo_cambio" else 1 end, 2)`;
  return sql`with k as (${contracts(body)}),
    meses as (
      select m::date as mes, (m + interval '1 month' - interval '1 day')::date as fin
      from generate_series(date_trunc('month', ${body.desde}::date), date_trunc('month', ${body.hasta}::date), interval '1 month') m
    ),
    contratada as (
      select a."contrato_id", m.mes,
        sum(a."potencia_contratada" * case a."unidad_potencia" when 'kW' then 0.001 else 1 end * 24
          * (least(a."fecha_fin", m.fin) - greatest(a."fecha_inicio", m.mes) + 1)) as mwh
      from "anexos" a join meses m on a."fecha_inicio" <= m.fin and a."fecha_fin" >= m.mes
      where a."contrato_id" in (select "id" from k)
      group by a."contrato_id", m.mes
    ),
    l as (${countedSettlements(sql`select "id" from k`, body)}),
    mercado as (
      select r."liquidacion_id", sum(r."energia_total_mwh") filter (where r."precio_retiro" is not null) as mwh,
        round(sum(r."energia_total_mwh" * r."precio_retiro"), 2) as valor
      from "liquidacion_filas" r where r."liquidacion_id" in (select "id" from l)
      group by r."liquidacion_id"
    ),
    documentos as (
      select f."contrato_id", make_date(f."anio", f."mes", 1) as mes, count(*) as documentos,
        sum(${inUsd(sql`f."subtotal"`)}) as facturado, sum(${inUsd(sql`f."pagado"`)}) as cobrado,
        sum(${inUsd(sql`(f."total" - f."pagado")`)}) as pendiente,
        avg(coalesce(case when f."pagado" = f."total" then (select max(p."fecha") from "pagos" p where p."factura_id" = f."id") end, ${hoy}::date)
          - f."fecha_emision")::numeric as dias
      from "facturas" f
      where f."contrato_id" in (select "id" from k) and f."estado" in ('FACTURADO', 'CONCILIADO')
        and make_date(f."anio", f."mes", 1) between (select min(mes) from meses) and (select max(mes) from meses)
      group by f."contrato_id", make_date(f."anio", f."mes", 1)
    ),
    posicion as (
      select distinct on (g."operador", g."sucursal") g."operador", g."sucursal",
        round(100 * g."monto_garantizado" / nullif(g."pasivo_conocido" + g."pasivo_potencial", 0), 2) as cobertura
      from "garantias_snapshot" g
      where g."fecha" between ${hoy}::date - ${POSITION_MAX_AGE_DAYS}::int and ${hoy}::date
      order by g."operador", g."sucursal", g."fecha" desc
    ),
    filas as (
      select "contrato_id", mes from contratada
      union select "contrato_id", mes_inicio from l
      union select "contrato_id", mes from documentos
    ),
    datos as (
      select k."id" as contrato_id, k."codigo_contraparte" as contrato, k."empresa_id", emp."razon_social", k."sucursal",
        k."tipo_contrato", k."clase_contrato", k."tipo_transaccion", k."moneda", k.operador, x.mes,
        l."version_liquidacion" as version, l."id" as liquidacion_id, l."estado",
        coalesce(ct.mwh, 0) as mwh_contratada, l."energia_total_mwh" as mwh_entregada,
        round(100 * l."energia_total_mwh" / nullif(ct.mwh, 0), 2) as cumplimiento_pct,
        l."liquidacion_energia", round(l."liquidacion_energia" / nullif(l."energia_total_mwh", 0), 2) as precio_realizado,
        mk.mwh as mwh_mercado, mk.valor as valor_mercado, round(mk.valor / nullif(mk.mwh, 0), 2) as precio_mercado,
        l."margen", round(l."margen" / nullif(l."energia_total_mwh", 0), 2) as margen_mwh, l."fee", l."factura",
        coalesce(d.documentos, 0) as documentos, d.facturado as facturado_usd, d.cobrado as cobrado_usd, d.pendiente as pendiente_usd,
        d.dias as dias_cobro, ps.cobertura as cobertura_pct, k.fecha_fin - ${hoy}::date as dias_vencimiento
      from filas x join k on k."id" = x."contrato_id" join "empresas" emp on emp."id" = k."empresa_id"
        left join contratada ct on ct."contrato_id" = x."contrato_id" and ct.mes = x.mes
        left join l on l."contrato_id" = x."contrato_id" and l.mes_inicio = x.mes
        left join mercado mk on mk."liquidacion_id" = l."id"
        left join documentos d on d."contrato_id" = x."contrato_id" and d.mes = x.mes
        left join posicion ps on ps."operador" = k.operador and ps."sucursal" = k."sucursal"
    )
    select datos.*, precio_realizado - precio_mercado as prima,
      case when cumplimiento_pct < ${AT_RISK_FULFILMENT_PCT} or cobertura_pct < ${AT_RISK_COVERAGE_PCT}
        or dias_vencimiento between 0 and ${AT_RISK_EXPIRY_DAYS - 1} then 1 else 0 end as en_riesgo
    from datos`;
}

/** `desempeno-contratos`: the dashboard's rows (the grid's workbook writes them all). */
export const performanceReport = defineReport<DashboardBody>({
  nombre: DASHBOARD_REPORT,
  body: dashboardBodySchema,
  columns: COLUMNS,
  order: ['contrato_id', 'mes'],
  rows: performanceRows,
});

/** The day of the stored guarantee position the coverage is read from (the latest of the last POSITION_MAX_AGE_DAYS days), or null. */
export async function positionDay(db: Db, hoy: string): Promise<string | null> {
  const [row] = await queryRows<{ fecha: string | null }>(
    db,
    sql`select to_char(max("fecha"), 'YYYY-MM-DD') as fecha from "garantias_snapshot" where "fecha" between ${hoy}::date - ${POSITION_MAX_AGE_DAYS}::int and ${hoy}::date`,
  );
  return row?.fecha ?? null;
}
