// The guarantee position of each operator and branch on a day (docs/guarantees.md; AREAS.md (c)),
// computed in one SQL statement from what the product holds:
//
// - which operator a contract trades through: the regional market's (EOR) for a regional contract
//   of a Central American branch, else its country's (AMM, UT, CND, CENACE, ERCOT);
// - known liabilities: the purchase documents (payable invoices and notes, a credit note
//   negative) issued by the day and not yet paid by it, and the validated purchase settlements
//   of a month that no issued document covers yet;
// - potential liabilities: the day's month's purchase settlements still preliminary (a month
//   with a validated one is known, not potential), and the purchase declarations of the sent log
//   books from the month's first day on whose days no settlement has computed yet, at their price;
// - guaranteed: the instruments issued by the day, not yet due and not released.
//
// Amounts are in the operator's currency: pesos at CENACE, dollars elsewhere; a document or an
// instrument in the other currency is converted at the FIX of the day (the last on or before it).
import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../schemas/date.schema';
import type { GuaranteeOperator, GuaranteePosition } from '../../schemas/guarantee.schema';
import { queryRows, type Db } from '../db/client';

/** A contract's operator, in SQL over `contratos c`. */
export const contractOperator = sql`(case when c.sucursal = 'MX' then 'CENACE' when c.sucursal = 'US' then 'ERCOT'
  when c.local_regional = 'regional' then 'EOR' when c.sucursal = 'GT' then 'AMM' when c.sucursal = 'SV' then 'UT'
  when c.sucursal = 'PA' then 'CND' end)`;

/** A log book market's operator, in SQL over `bitacoras b`. */
const logbookOperator = sql`(case b.mercado when 'MER' then 'EOR' when 'AMM' then 'AMM' when 'SLV' then 'UT' when 'MEX' then 'CENACE' end)`;

export type Position = GuaranteePosition;

/**
 * The position on `fecha` of every operator and branch with terms, instruments or liabilities
 * (`operador` narrows it), each amount in the operator's currency, exact (numeric).
 */
export function positionsOn(db: Db, fecha: string, operador?: GuaranteeOperator): Promise<Position[]> {
  return queryRows<Position>(
    db,
    sql`with dia as (select ${fecha}::date as d, date_trunc('month', ${fecha}::date)::date as mes),
        fix as (select (select tipo_cambio from tipos_cambio, dia where fecha <= dia.d order by fecha desc limit 1) as mxn_usd),
        compras as (
          select c.id as contrato_id, ${contractOperator} as operador, c.sucursal,
                 case when c.sucursal = 'MX' then 'MXN' else 'USD' end as moneda_operador
          from contratos c where c.tipo_transaccion = 'I'),
        documentos as (
          select k.operador, k.sucursal, k.moneda_operador,
                 (case when f.tipo_documento = 'nota_credito' then -1 else 1 end)
                 * (f.total - coalesce((select sum(p.monto) from pagos p, dia where p.factura_id = f.id and p.fecha <= dia.d), 0)) as monto,
                 f.moneda
          from facturas f join compras k on k.contrato_id = f.contrato_id, dia
          where f.sentido = 'pagar' and f.estado in ('FACTURADO', 'CONCILIADO') and f.fecha_emision <= dia.d),
        cubiertos as (
          select distinct f.contrato_id, f.anio, f.mes from facturas f, dia
          where f.estado in ('FACTURADO', 'CONCILIADO') and f.fecha_emision <= dia.d),
        ultima_validada as (
          select distinct on (l.contrato_id, l.anio, l.mes) l.contrato_id, l.anio, l.mes, l.factura, l.factura_mxn
          from liquidaciones l, dia
          where l.estado = 'validada' and (l.validada_en at time zone ${BUSINESS_TIME_ZONE})::date <= dia.d
          order by l.contrato_id, l.anio, l.mes, case l.version_liquidacion when 'CD' then 3 when 'DF' then 2 else 1 end desc, l.reconciliacion desc),
        liquidado as (
          select k.operador, k.sucursal, k.moneda_operador,
                 case when k.moneda_operador = 'MXN' then coalesce(u.factura_mxn, u.factura * fix.mxn_usd) else u.factura end as monto
          from ultima_validada u join compras k on k.contrato_id = u.contrato_id, fix
          where not exists (select 1 from cubiertos v where v.contrato_id = u.contrato_id and v.anio = u.anio and v.mes = u.mes)),
        preliminar as (
          select k.operador, k.sucursal, k.moneda_operador,
                 case when k.moneda_operador = 'MXN' then coalesce(l.factura_mxn, l.factura * fix.mxn_usd) else l.factura end as monto
          from liquidaciones l join compras k on k.contrato_id = l.contrato_id, dia, fix
          where l.estado = 'preliminar' and l.anio = extract(year from dia.d) and l.mes = extract(month from dia.d)
            and l.version_liquidacion = 'PE'
            and not exists (select 1 from ultima_validada u where u.contrato_id = l.contrato_id and u.anio = l.anio and u.mes = l.mes)),
        declarado as (
          select ${logbookOperator} as operador, c.sucursal,
                 case when b.mercado = 'MEX' then 'MXN' else 'USD' end as moneda_operador,
                 o.mw_declarada * coalesce((select ob.precio from oferta_bloques ob where ob.oferta_id = o.id order by ob.bloque limit 1), 0)
                   * case when o.moneda = 'MXN' and b.mercado <> 'MEX' then 1 / fix.mxn_usd else 1 end as monto
          from bitacoras b
          join ofertas o on o.bitacora_id = b.id
          join anexos a on a.id = o.anexo_id
          join contratos c on c.id = a.contrato_id, dia, fix
          where b.estado = 'enviada' and o.tipo = 'DECLARACION' and c.tipo_transaccion = 'I'
            and b.fecha_operacion >= dia.mes and (b.enviada_en at time zone ${BUSINESS_TIME_ZONE})::date <= dia.d
            and not exists (select 1 from liquidacion_filas lf where lf.anexo_id = o.anexo_id and lf.fecha = b.fecha_operacion)),
        garantizado as (
          select i.operador, i.sucursal, i.moneda as moneda_operador, i.monto
          from garantias_instrumentos i, dia
          where i.fecha_emision <= dia.d and i.fecha_vencimiento >= dia.d and (i.liberada_en is null or i.liberada_en > dia.d)),
        en_moneda as (
          select operador, sucursal, moneda_operador, 'conocido' as parte,
                 case when moneda = moneda_operador then monto when moneda = 'MXN' then monto / fix.mxn_usd else monto * fix.mxn_usd end as monto
          from documentos, fix
          union all select operador, sucursal, moneda_operador, 'conocido', monto from liquidado
          union all select operador, sucursal, moneda_operador, 'potencial', monto from preliminar
          union all select operador, sucursal, moneda_operador, 'potencial', monto from declarado
          union all select operador, sucursal, moneda_operador, 'garantizado', monto from garantizado
          union all select operador, sucursal, case when operador = 'CENACE' then 'MXN' else 'USD' end, 'terminos', 0 from garantias_terminos)
        select operador, sucursal, min(moneda_operador) as moneda,
               trim_scale(round(coalesce(sum(monto) filter (where parte = 'garantizado'), 0), 2))::text as monto_garantizado,
               trim_scale(round(coalesce(sum(monto) filter (where parte = 'conocido'), 0), 2))::text as pasivo_conocido,
               trim_scale(round(coalesce(sum(monto) filter (where parte = 'potencial'), 0), 2))::text as pasivo_potencial
        from en_moneda
        where operador is not null ${operador ? sql`and operador = ${operador}` : sql``}
        group by operador, sucursal
        order by operador, sucursal`,
  );
}
