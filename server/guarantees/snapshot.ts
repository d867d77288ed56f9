// The guarantee snapshot (docs/guarantees.md): each operator and branch's position of a day is
// stored with the terms in force then, so the history is a query over stored days, never a
// recomputation with today's data; and the history as the spec's call answers it.
import { sql } from 'drizzle-orm';
import type { GuaranteeDay, GuaranteeHistoryBody } from '../../schemas/guarantee.schema';
import { queryRows, type Db } from '../db/client';
import { raiseAlerts } from './alerts';
import { positionsOn } from './position';

/** Stores (or replaces) the positions of `fecha`, with each operator and branch's terms of now, and raises that day's alerts; answers how many. */
export async function snapshotDay(db: Db, fecha: string): Promise<number> {
  const positions = await positionsOn(db, fecha);
  if (positions.length === 0) return 0;
  const rows = JSON.stringify(positions);
  await db.execute(
    sql`insert into garantias_snapshot (fecha, operador, sucursal, agente, moneda, garantia_pago, garantia_minima, monto_garantizado, pasivo_conocido, pasivo_potencial)
        select ${fecha}::date, p.operador, p.sucursal, t.agente, p.moneda, t.garantia_pago, t.garantia_minima, p.monto_garantizado, p.pasivo_conocido, p.pasivo_potencial
        from json_to_recordset(${rows}::json) as p(operador text, sucursal text, moneda text, monto_garantizado numeric, pasivo_conocido numeric, pasivo_potencial numeric)
        left join garantias_terminos t on t.operador = p.operador and t.sucursal = p.sucursal
        on conflict (fecha, operador, sucursal) do update set
          agente = excluded.agente, moneda = excluded.moneda, garantia_pago = excluded.garantia_pago, garantia_minima = excluded.garantia_minima,
          monto_garantizado = excluded.monto_garantizado, pasivo_conocido = excluded.pasivo_conocido, pasivo_potencial = excluded.pasivo_potencial,
          calculado_en = now()`,
  );
  await raiseAlerts(db, fecha);
  return positions.length;
}

const amount = (expression: ReturnType<typeof sql>) => sql`trim_scale(round(${expression}, 2))::text`;

/**
 * The stored days of `desde`..`hasta` (an operator and a branch when named): the spec's fields,
 * REA = known + potential, the available value = guaranteed - REA, the share of the guaranteed
 * amount the liabilities take (null when nothing is guaranteed), and the operator's own statement
 * of that day beside them. A day never stored has no row ("no data", never a carried figure).
 */
export function guaranteeHistory(db: Db, body: GuaranteeHistoryBody): Promise<GuaranteeDay[]> {
  return queryRows<GuaranteeDay>(
    db,
    sql`select to_char(s.fecha, 'YYYY-MM-DD') as fecha, s.operador, s.sucursal, s.agente, s.moneda,
               ${amount(sql`s.garantia_pago`)} as garantia_pago, ${amount(sql`s.garantia_minima`)} as garantia_minima,
               ${amount(sql`s.monto_garantizado`)} as monto_garantizado, ${amount(sql`s.pasivo_conocido`)} as pasivo_conocido,
               ${amount(sql`s.pasivo_potencial`)} as pasivo_potencial, ${amount(sql`s.pasivo_conocido + s.pasivo_potencial`)} as rea,
               ${amount(sql`s.monto_garantizado - s.pasivo_conocido - s.pasivo_potencial`)} as valor_disponible,
               case when s.monto_garantizado > 0 then ${amount(sql`(s.pasivo_conocido + s.pasivo_potencial) * 100 / s.monto_garantizado`)} end as utilizacion_pct,
               ${amount(sql`e.rea`)} as rea_operador, ${amount(sql`e.acl`)} as acl, ${amount(sql`e.eal`)} as eal
        from garantias_snapshot s
        left join garantias_estados e on e.fecha = s.fecha and e.operador = s.operador and e.sucursal = s.sucursal
        where s.fecha between ${body.desde}::date and ${body.hasta}::date
          ${body.operador ? sql`and s.operador = ${body.operador}` : sql``}
          ${body.sucursal ? sql`and s.sucursal = ${body.sucursal}` : sql``}
        order by s.fecha, s.operador, s.sucursal`,
  );
}
