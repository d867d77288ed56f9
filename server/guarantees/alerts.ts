// Guarantee alerts (docs/guarantees.md): raised from a stored day, each once when its threshold is
// crossed, never again while it stays crossed:
// - `disponible_bajo`: the available value (guaranteed - REA) under the warning share of the
//   guaranteed amount (`pct_aviso` of the operator's terms), where the previous stored day was not;
// - `bajo_minimo`: the guaranteed amount under the operator's minimum, where the previous stored day was not;
// - `vencimiento`: an instrument in force falling due within the terms' `dias_vencimiento` days,
//   keyed by its due date, so once per instrument and due date.
// They inform; they block nothing (only the pre-flight check of a bid run refuses).
import { sql } from 'drizzle-orm';
import type { GuaranteeAlert } from '../../schemas/guarantee.schema';
import { queryRows, type Db } from '../db/client';

/** Raises the alerts of stored day `fecha`; answers the ones it raised. */
export function raiseAlerts(db: Db, fecha: string): Promise<GuaranteeAlert[]> {
  return queryRows<GuaranteeAlert>(
    db,
    sql`with dia as (
          select s.*, t.pct_aviso, t.garantia_minima as minima, t.dias_vencimiento,
                 s.monto_garantizado - s.pasivo_conocido - s.pasivo_potencial as disponible,
                 (select p.monto_garantizado - p.pasivo_conocido - p.pasivo_potencial < p.monto_garantizado * t.pct_aviso / 100
                  from garantias_snapshot p where p.operador = s.operador and p.sucursal = s.sucursal and p.fecha < s.fecha
                  order by p.fecha desc limit 1) as antes_bajo,
                 (select p.monto_garantizado < t.garantia_minima
                  from garantias_snapshot p where p.operador = s.operador and p.sucursal = s.sucursal and p.fecha < s.fecha
                  order by p.fecha desc limit 1) as antes_bajo_minimo
          from garantias_snapshot s
          join garantias_terminos t on t.operador = s.operador and t.sucursal = s.sucursal
          where s.fecha = ${fecha}::date),
        nuevas as (
          select 'disponible_bajo' as tipo, operador, sucursal, fecha, null::int as instrumento_id, disponible as valor, monto_garantizado * pct_aviso / 100 as umbral
          from dia where disponible < monto_garantizado * pct_aviso / 100 and antes_bajo is not true
          union all
          select 'bajo_minimo', operador, sucursal, fecha, null, monto_garantizado, minima
          from dia where minima is not null and monto_garantizado < minima and antes_bajo_minimo is not true
          union all
          select 'vencimiento', i.operador, i.sucursal, i.fecha_vencimiento, i.id, i.monto, d.dias_vencimiento
          from garantias_instrumentos i join dia d on d.operador = i.operador and d.sucursal = i.sucursal
          where i.fecha_emision <= d.fecha and i.fecha_vencimiento >= d.fecha and (i.liberada_en is null or i.liberada_en > d.fecha)
            and i.fecha_vencimiento <= d.fecha + d.dias_vencimiento)
        insert into garantias_alertas (tipo, operador, sucursal, fecha, instrumento_id, valor, umbral)
        select tipo, operador, sucursal, fecha, instrumento_id, round(valor, 2), round(umbral, 2) from nuevas
        on conflict do nothing
        returning id, tipo, operador, sucursal, to_char(fecha, 'YYYY-MM-DD') as fecha, instrumento_id,
                  trim_scale(valor)::text as valor, trim_scale(umbral)::text as umbral,
                  to_char(creada_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as creada_en`,
  );
}

/** The alerts raised from `desde` on (an operator's when named), newest first. */
export function listAlerts(db: Db, desde: string, operador?: string): Promise<GuaranteeAlert[]> {
  return queryRows<GuaranteeAlert>(
    db,
    sql`select id, tipo, operador, sucursal, to_char(fecha, 'YYYY-MM-DD') as fecha, instrumento_id, trim_scale(valor)::text as valor,
               trim_scale(umbral)::text as umbral, to_char(creada_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as creada_en
        from garantias_alertas
        where creada_en >= ${desde}::date ${operador ? sql`and operador = ${operador}` : sql``}
        order by creada_en desc, id desc`,
  );
}
