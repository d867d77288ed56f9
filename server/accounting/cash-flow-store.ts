// The SQL of the cash flow (docs/accounting.md, "Cash flow"): the receipts and payments still
// expected, each on its due date, summed per ISO week and currency with the position
// accumulated week after week (a window sum), or per branch. One set of items feeds every call,
// so the three answers always agree. USD and MXN are never added together.
import { sql, type SQL } from 'drizzle-orm';
import type {
  CashFlowAccumulated,
  CashFlowBranch,
  CashFlowItem,
  CashFlowOpenQuery,
  CashFlowRange,
  CashFlowRangeQuery,
  CashFlowWeek,
} from '../../schemas/accounting.schema';
import { queryRows, type Db } from '../db/client';

/**
 * `partidas`: every expected receipt (`ingreso`) and payment (`egreso`), signed within its
 * kind (a credit note takes away), with its branch, currency and due date:
 * - issued documents not reconciled yet (estado FACTURADO): what is still owed (total - pagado)
 *   on the document's due date; a receivable is a receipt, a payable a payment;
 * - the purchase legs not documented yet: for each purchase contract (tipo_transaccion I) and
 *   month, its most final validated settlement (CD over DF, the latest reconciliation) when no
 *   issued payable document is of it. What is expected is its amount in the contract's
 *   currency, less that of the latest settlement of the month that has an issued document (that
 *   document is already counted above), plus the VAT of the branch in force on the month's last
 *   day, as the document will be drafted; due on the month's last day plus the contract's
 *   credit days (`fecha_vencimiento`, migration 0016).
 */
function items(moneda: CashFlowOpenQuery['moneda']): SQL {
  const currency = moneda === undefined ? sql`true` : sql`p."moneda" = ${moneda}`;
  return sql`documentos_abiertos as (
      select case when f."sentido" = 'cobrar' then 'ingreso' else 'egreso' end as flujo,
        'documento' as origen, f."id" as origen_id, f."numero", c."sucursal", f."moneda", f."empresa_id", f."contrato_codigo",
        f."fecha_vencimiento" as fecha,
        case when f."tipo_documento" = 'nota_credito' then -1 else 1 end * (f."total" - f."pagado") as importe
      from "facturas" f join "contratos" c on c."id" = f."contrato_id"
      where f."estado" = 'FACTURADO' and f."total" <> f."pagado"
    ),
    validadas as (
      select l."id", l."contrato_id", l."anio", l."mes", c."sucursal", c."moneda", c."empresa_id", c."codigo_contraparte",
        c."dias_credito", c."tipo_credito",
        case when l."version_liquidacion" = 'DF' then 0 else l."reconciliacion" end as orden,
        round(case when c."moneda" = 'MXN' then l."factura_mxn" else l."factura" end, 2) as monto,
        exists (select 1 from "facturas" f where f."liquidacion_id" = l."id" and f."estado" in ('FACTURADO', 'CONCILIADO')) as documentada
      from "liquidaciones" l join "contratos" c on c."id" = l."contrato_id"
      where l."estado" = 'validada' and l."version_liquidacion" in ('DF', 'CD') and c."tipo_transaccion" = 'I'
    ),
    cadenas as (
      select v.*,
        row_number() over (partition by v."contrato_id", v."anio", v."mes" order by v."orden" desc) as desde_final,
        max(v."orden") filter (where v."documentada") over (partition by v."contrato_id", v."anio", v."mes") as orden_documentada
      from validadas v
    ),
    por_documentar as (
      select fin."id", fin."sucursal", fin."moneda", fin."empresa_id", fin."codigo_contraparte",
        fin."monto" - coalesce(doc."monto", 0) as base,
        (make_date(fin."anio", fin."mes", 1) + interval '1 month' - interval '1 day')::date as ultimo_dia,
        fin."dias_credito", fin."tipo_credito"
      from cadenas fin
        left join cadenas doc on doc."contrato_id" = fin."contrato_id" and doc."anio" = fin."anio" and doc."mes" = fin."mes"
          and doc."orden" = fin."orden_documentada"
      where fin."desde_final" = 1 and not fin."documentada" and fin."monto" is not null
    ),
    liquidaciones_pendientes as (
      select 'egreso' as flujo, 'liquidacion' as origen, d."id" as origen_id, null::text as numero, d."sucursal", d."moneda", d."empresa_id",
        d."codigo_contraparte" as contrato_codigo,
        fecha_vencimiento(d."ultimo_dia", d."dias_credito", d."tipo_credito") as fecha,
        d."base" + round(d."base" * coalesce(t."tasa", 0) / 100, 2) as importe
      from por_documentar d
        left join "tasas_iva" t on t."pais" = d."sucursal" and t."vigente_desde" <= d."ultimo_dia"
          and (t."vigente_hasta" is null or t."vigente_hasta" >= d."ultimo_dia")
      where d."base" <> 0
    ),
    partidas as (
      select p.* from (select * from documentos_abiertos union all select * from liquidaciones_pendientes) p where ${currency}
    )`;
}

/** A group's sums of `partidas` rows `p` (numeric): receipts and payments. */
const flowSums = sql`coalesce(sum(p."importe") filter (where p."flujo" = 'ingreso'), 0) as ingresos,
  coalesce(sum(p."importe") filter (where p."flujo" = 'egreso'), 0) as egresos`;

/** The same as text, and the net (receipts - payments). */
const flowColumns = sql`coalesce(sum(p."importe") filter (where p."flujo" = 'ingreso'), 0)::text as ingresos,
  coalesce(sum(p."importe") filter (where p."flujo" = 'egreso'), 0)::text as egresos,
  coalesce(sum(case when p."flujo" = 'ingreso' then p."importe" else -p."importe" end), 0)::text as neto`;

/** The ISO week (its Monday) of a date. */
const weekOf = (date: SQL) => sql`date_trunc('week', (${date})::timestamp)::date`;

/**
 * Every week of every currency with an open item, empty weeks as 0: with a `range`, its weeks
 * (the items due in it) and the position accumulated from what fell due before it; without,
 * from the currency's first open item's week to its last one's, accumulated from 0.
 */
function weeks(db: Db, moneda: CashFlowOpenQuery['moneda'], range?: { desde: string; hasta: string }): Promise<CashFlowWeek[]> {
  const first = range ? sql`${range.desde}::date` : sql`m."primera"`;
  const last = range ? sql`${range.hasta}::date` : sql`m."ultima"`;
  const inRange = range ? sql`p."fecha" between ${range.desde}::date and ${range.hasta}::date` : sql`true`;
  const before = range ? sql`p."fecha" < ${range.desde}::date` : sql`false`;
  return queryRows<CashFlowWeek>(
    db,
    sql`with ${items(moneda)},
        monedas as (select p."moneda", min(p."fecha") as primera, max(p."fecha") as ultima from partidas p group by p."moneda"),
        semanas as (
          select m."moneda", s::date as inicio
          from monedas m, generate_series(${weekOf(first)}, ${weekOf(last)}, interval '1 week') s
        ),
        por_semana as (
          select s."moneda", s."inicio", ${flowSums}
          from semanas s left join partidas p on p."moneda" = s."moneda" and ${weekOf(sql`p."fecha"`)} = s."inicio" and ${inRange}
          group by s."moneda", s."inicio"
        ),
        apertura as (
          select m."moneda", coalesce(sum(case when p."flujo" = 'ingreso' then p."importe" else -p."importe" end), 0) as neto
          from monedas m left join partidas p on p."moneda" = m."moneda" and ${before}
          group by m."moneda"
        )
        select w."moneda", to_char(w."inicio", 'IYYY-"W"IW') as semana, w."inicio"::text as inicio,
          w."ingresos"::text as ingresos, w."egresos"::text as egresos, (w."ingresos" - w."egresos")::text as neto,
          (a."neto" + sum(w."ingresos" - w."egresos") over (partition by w."moneda" order by w."inicio"))::text as acumulado
        from por_semana w join apertura a on a."moneda" = w."moneda"
        order by w."moneda", w."inicio"`,
  );
}

/** `flujo-caja-acumulado`: every week from the first open item's due date to the last one's, accumulated from 0. */
export async function accumulatedCashFlow(db: Db, query: CashFlowOpenQuery): Promise<CashFlowAccumulated> {
  return { semanas: await weeks(db, query.moneda) };
}

/**
 * `flujo-caja-fechas`: the weeks of the range (the items due in it) and, per currency, what fell
 * due before the range and is still open (`iniciales`: overdue receipts and payments are still
 * expected), which the accumulated position starts from.
 */
export async function cashFlowByDates(db: Db, query: CashFlowRangeQuery): Promise<CashFlowRange> {
  const [semanas, iniciales] = await Promise.all([
    weeks(db, query.moneda, query),
    queryRows<CashFlowRange['iniciales'][number]>(
      db,
      sql`with ${items(query.moneda)},
          monedas as (select distinct p."moneda" from partidas p)
          select m."moneda", ${flowColumns}
          from monedas m left join partidas p on p."moneda" = m."moneda" and p."fecha" < ${query.desde}::date
          group by m."moneda" order by m."moneda"`,
    ),
  ]);
  return { desde: query.desde, hasta: query.hasta, iniciales, semanas };
}

/** `flujo-caja-sucursales`: every open item per branch and currency, and each currency's total (`sucursal` null). */
export function cashFlowByBranch(db: Db, query: CashFlowOpenQuery): Promise<CashFlowBranch[]> {
  return queryRows<CashFlowBranch>(
    db,
    sql`with ${items(query.moneda)}
        select p."sucursal", p."moneda", count(*)::int as partidas, ${flowColumns}
        from partidas p
        group by grouping sets ((p."moneda", p."sucursal"), (p."moneda"))
        order by p."moneda", p."sucursal" nulls last`,
  );
}

/** The items due in the range, by due date: what the workbook lists. */
export function cashFlowItems(db: Db, query: CashFlowRangeQuery): Promise<CashFlowItem[]> {
  return queryRows<CashFlowItem>(
    db,
    sql`with ${items(query.moneda)}
        select p."flujo", p."origen", p."origen_id", p."numero", p."sucursal", p."moneda", e."razon_social", p."contrato_codigo",
          p."fecha"::text as fecha, p."importe"::text as importe
        from partidas p join "empresas" e on e."id" = p."empresa_id"
        where p."fecha" between ${query.desde}::date and ${query.hasta}::date
        order by p."moneda", p."fecha", p."flujo", p."origen", p."origen_id"`,
  );
}
