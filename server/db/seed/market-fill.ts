// Market data made up for a contract's month: exactly what the engine says it lacks
// (faltantes_liquidacion), filled in set-based with plain, deterministic values, so a test, the
// settlement benchmark or demo data can compute a settlement without spelling out every hour.
// Never for real data: the values are invented.
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** Fills what settlement (`contratoId`, `anio`, `mes`, `version`) lacks; answers how many lines were missing. */
export async function fillMissingMarketData(db: Db, contratoId: number, anio: number, mes: number, version: 'PE' | 'DF' | 'CD'): Promise<number> {
  const missing = sql`faltantes_liquidacion(${contratoId}::integer, ${anio}::integer, ${mes}::integer, ${version}::text)`;
  const counted = await db.execute(sql`select count(*)::int as n from ${missing}`);
  const lines = (counted as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  await db.execute(sql`
    insert into energia_anexo (anexo_id, fecha, periodo, version, energia_fisica_mwh, energia_flex_mwh)
    select f.clave::integer, f.fecha, p, ${version}, (5 + p % 4)::numeric, 0.5 from ${missing} f, unnest(f.periodos) p
    where f.tipo = 'energia' on conflict do nothing`);
  await db.execute(sql`
    insert into precios_nodo (nodo, fecha, periodo, version, precio)
    select f.clave, f.fecha, p, ${version}, (60 + p)::numeric from ${missing} f, unnest(f.periodos) p
    where f.tipo = 'precio' on conflict do nothing`);
  await db.execute(sql`
    insert into factores_perdida (nodo, fecha, periodo, version, fpn)
    select f.clave, f.fecha, p, ${version}, '1.01' from ${missing} f, unnest(f.periodos) p
    where f.tipo = 'fpn' on conflict do nothing`);
  // A charge rate from the first day missing, until the day before the next stored period of
  // its country and kind (periods never overlap: migration 0013_charge_periods), else open-ended.
  // The conflict names its target: a deferred exclusion constraint cannot be an arbiter.
  await db.execute(sql`
    insert into cargos_pais (pais, concepto, vigente_desde, vigente_hasta, tasa)
    select f.pais, f.concepto, f.desde,
      (select min(c.vigente_desde) - 1 from cargos_pais c where c.pais = f.pais and c.concepto = f.concepto and c.vigente_desde > f.desde),
      '1.25'
    from (
      select split_part(m.clave, ':', 1) as pais, split_part(m.clave, ':', 2) as concepto, min(m.fecha) as desde
      from ${missing} m where m.tipo = 'cargo' group by m.clave
    ) f
    on conflict (pais, concepto, vigente_desde) do nothing`);
  await db.execute(sql`
    insert into tipos_cambio (fecha, tipo_cambio)
    select min(f.fecha), '17.5' from ${missing} f where f.tipo = 'tipo_cambio' having count(*) > 0 on conflict do nothing`);
  return lines;
}
