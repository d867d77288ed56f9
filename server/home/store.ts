// The SQL of Home's cards (docs/home.md): each card is one statement over other areas' records,
// as a report is (docs/architecture.md, "Every table is read ... by the area that owns it"),
// answering its first few rows with how many there are in all (a window count, taken before the
// LIMIT). Home runs on every visit: each statement reads its table through an index (migration
// 0026_home_pending.sql; the market data by date).
import { sql, type SQL } from 'drizzle-orm';
import { isValidatableVersion } from '../../machines/settlements/settlement-rules';
import {
  PENDING_ITEMS,
  PENDING_RUN_KINDS,
  type PendingInvoice,
  type PendingJob,
  type PendingMarketDay,
  type PendingRun,
  type PendingSettlement,
} from '../../schemas/home.schema';
import type { GuaranteeAlert } from '../../schemas/guarantee.schema';
import { PERIODS_PER_DAY, SETTLEMENT_VERSIONS } from '../../schemas/settlement.schema';
import { queryRows, type Db } from '../db/client';

/** What a card counts: all of them, and the first PENDING_ITEMS. */
export interface PendingList<Item> {
  total: number;
  items: Item[];
}

/** How long a failed run or job stays on Home. */
const RECENT = sql`now() - interval '7 days'`;

const utc = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** Runs `query`, whose rows carry the window count `total`, as a card's count and items. */
async function pendingList<Item>(db: Db, query: SQL): Promise<PendingList<Item>> {
  const rows = await queryRows<Item & { total: number }>(db, query);
  return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...item }) => item as Item) };
}

/**
 * The computed preliminary settlements of `pais` in a version that may be validated (DF, CD)
 * that `email` did not compute last (four eyes, as the settlement rules match e-mails: in any
 * case), the longest waiting first.
 */
export function settlementsToValidate(db: Db, pais: string, email: string): Promise<PendingList<PendingSettlement>> {
  return pendingList(
    db,
    sql`select l.id, l.contrato_id, c.codigo_contraparte as contrato_codigo, e.razon_social as empresa_razon_social, l.anio, l.mes,
               l.version_liquidacion, l.reconciliacion, l.calculada_por, ${utc(sql`l.calculada_en`)} as calculada_en,
               count(*) over ()::int as total
        from liquidaciones l
        join contratos c on c.id = l.contrato_id
        join empresas e on e.id = c.empresa_id
        where l.estado = 'preliminar' and l.calculada_en is not null
          and l.version_liquidacion in (${list(SETTLEMENT_VERSIONS.filter(isValidatableVersion))})
          and c.sucursal = ${pais}
          and lower(l.calculada_por) is distinct from lower(${email})
        order by l.calculada_en, l.id
        limit ${PENDING_ITEMS}`,
  );
}

/** The requested invoices and notes of `pais` that `email` did not request (four eyes), the longest waiting first. */
export async function invoicesToIssue(db: Db, pais: string, email: string): Promise<PendingList<PendingInvoice>> {
  const { total, items } = await pendingList<Omit<PendingInvoice, 'total'> & { total_documento: string }>(
    db,
    sql`select f.id, f.tipo_documento, f.sentido, f.contrato_codigo, f.razon_social, f.anio, f.mes, f.total::text as total_documento,
               f.moneda, f.solicitado_por, ${utc(sql`f.solicitado_en`)} as solicitado_en, count(*) over ()::int as total
        from facturas f
        where f.estado = 'SOLICITADO' and f.pais = ${pais} and f.solicitado_por is distinct from ${email}
        order by f.solicitado_en, f.id
        limit ${PENDING_ITEMS}`,
  );
  // The document's total is named apart in SQL from the card's count.
  return { total, items: items.map(({ total_documento, ...item }) => ({ ...item, total: total_documento })) };
}

/** Registra and Sube runs running now, then those failed in the last 7 days, newest first. */
export function pendingRuns(db: Db): Promise<PendingList<PendingRun>> {
  return pendingList(
    db,
    sql`select r.id, r.tipo, r.estado, ${utc(sql`r.creado_en`)} as creado_en, ${utc(sql`r.terminado_en`)} as terminado_en, r.error,
               count(*) over ()::int as total
        from proceso_ejecuciones r
        where r.tipo in (${list(PENDING_RUN_KINDS)}) and r.estado in ('en_curso', 'deteniendo', 'fallida')
          and (r.estado <> 'fallida' or r.terminado_en >= ${RECENT})
        order by r.estado = 'fallida', coalesce(r.terminado_en, r.creado_en) desc, r.id desc
        limit ${PENDING_ITEMS}`,
  );
}

/** The guarantee alerts raised from `desde` on, newest first (as the guarantees page lists them). */
export function recentGuaranteeAlerts(db: Db, desde: string): Promise<PendingList<GuaranteeAlert>> {
  return pendingList(
    db,
    sql`select id, tipo, operador, sucursal, to_char(fecha, 'YYYY-MM-DD') as fecha, instrumento_id, trim_scale(valor)::text as valor,
               trim_scale(umbral)::text as umbral, ${utc(sql`creada_en`)} as creada_en, count(*) over ()::int as total
        from garantias_alertas
        where creada_en >= ${desde}::date
        order by creada_en desc, id desc
        limit ${PENDING_ITEMS}`,
  );
}

/**
 * The days from `desde` to `hasta` lacking what a preliminary settlement reads, in order: the
 * day's MXN/USD rate, or the 24 PE prices of a node that an annex in force that day names (its
 * own lists, else its contract's, as the engine reads them).
 */
export function missingMarketDays(db: Db, desde: string, hasta: string): Promise<PendingList<PendingMarketDay>> {
  return pendingList(
    db,
    sql`with dias as (
          select (${desde}::date + d)::date as fecha from generate_series(0, ${hasta}::date - ${desde}::date) d
        ), usados as (
          select distinct greatest(a.fecha_inicio, ${desde}::date) as desde, least(a.fecha_fin, ${hasta}::date) as hasta, n.nodo
          from anexos a
          join contratos c on c.id = a.contrato_id
          cross join lateral unnest((case when cardinality(a.pmi) > 0 then a.pmi else c.pmi end)
                                    || (case when cardinality(a.pmr) > 0 then a.pmr else c.pmr end)) n(nodo)
          where a.fecha_inicio <= ${hasta}::date and a.fecha_fin >= ${desde}::date
        ), con_precio as (
          select p.nodo, p.fecha from precios_nodo p
          where p.fecha between ${desde}::date and ${hasta}::date and p.version = 'PE'
          group by p.nodo, p.fecha
          having count(*) >= ${PERIODS_PER_DAY}
        ), sin_precio as (
          select d.fecha, count(distinct u.nodo)::int as nodos
          from dias d
          join usados u on d.fecha between u.desde and u.hasta
          left join con_precio p on p.nodo = u.nodo and p.fecha = d.fecha
          where p.nodo is null
          group by d.fecha
        ), faltan as (
          select d.fecha, t.fecha is null as sin_tipo_cambio, coalesce(s.nodos, 0) as nodos_sin_precio
          from dias d
          left join tipos_cambio t on t.fecha = d.fecha
          left join sin_precio s on s.fecha = d.fecha
        )
        select to_char(fecha, 'YYYY-MM-DD') as fecha, sin_tipo_cambio, nodos_sin_precio, count(*) over ()::int as total
        from faltan
        where sin_tipo_cambio or nodos_sin_precio > 0
        order by fecha
        limit ${PENDING_ITEMS}`,
  );
}

/**
 * The jobs of `tipos`, or asked for by `email`, that failed in the last 7 days, newest first;
 * never the runs of PENDING_RUN_KINDS' job types `runJobTypes` (they have their own card).
 */
export function failedJobs(db: Db, tipos: readonly string[], email: string, runJobTypes: readonly string[]): Promise<PendingList<PendingJob>> {
  return pendingList(
    db,
    sql`select j.id, j.tipo, ${utc(sql`j.terminado_en`)} as terminado_en, count(*) over ()::int as total
        from trabajos j
        where j.estado = 'fallido' and j.terminado_en >= ${RECENT}
          and (j.tipo in (${list(tipos)}) or j.creado_por = ${email})
          and j.tipo not in (${list(runJobTypes)})
        order by j.terminado_en desc, j.id desc
        limit ${PENDING_ITEMS}`,
  );
}
