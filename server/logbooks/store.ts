// The log books' SQL (docs/logbooks.md): the regional annexes in force on a day and which the
// day's sent MER log book declared, the reference prices of a day, and a log book with its
// offers read, written and sent. Annexes and prices are read by name joins (the relations and
// settlements areas own them).
import { sql } from 'drizzle-orm';
import {
  offerMw,
  type ActiveAnnex,
  type ImportAgent,
  type ImportAgentCreate,
  type LogbookMarket,
  type LogbookState,
  type OfferRow,
  type OfferScope,
  type PredespachoComparison,
  type ReferencePrice,
  type SentSummary,
  type SlvLimit,
} from '../../schemas/logbook.schema';
import { queryRows, type Db } from '../db/client';

/** An annex `a`'s contracted power in MW (kW annexes divided by 1000): what the log books and the bid processes read. */
export const powerMw = sql`(case when a.unidad_potencia = 'kW' then a.potencia_contratada / 1000 else a.potencia_contratada end)`;

/** The day's MER log book that was sent and is not replaced, if any. */
const sentMer = (fecha: string) => sql`select id, enviada_en, enviada_por from bitacoras where mercado = 'MER' and fecha_operacion = ${fecha}::date and estado = 'enviada'`;

/**
 * The annexes each log book works with: the regional ones (MER), Guatemala's local ones (AMM),
 * and those of Mexican contracts (the Mexico link's imports).
 */
const ANNEX_SETS = {
  // The MER's: regional contracts of the Central American branches (the US hubs trade in ERCOT,
  // Mexico through its link).
  regional: sql`c.local_regional = 'regional' and c.sucursal not in ('MX', 'US')`,
  amm: sql`c.sucursal = 'GT' and c.local_regional = 'local'`,
  impomex: sql`c.sucursal = 'MX'`,
} as const;
export type AnnexSet = keyof typeof ANNEX_SETS;

/** The MER's annexes, in SQL over `contratos c`: what the MER log book declares and Sube Planillas bids. */
export const merContracts = ANNEX_SETS.regional;

/**
 * The annexes of `set` in force on any day from `desde` to `hasta` (one day by default:
 * fecha_inicio <= hasta and fecha_fin >= desde, so an annex ending on the first day is in), and
 * whether the sent MER log book of `desde` declared each.
 */
export function annexesInForce(db: Db, set: AnnexSet, desde: string, hasta: string = desde): Promise<ActiveAnnex[]> {
  return queryRows<ActiveAnnex>(
    db,
    sql`with enviada as (${sentMer(desde)})
        select a.id as anexo_id, c.id as contrato_id, c.codigo_contraparte as contrato_codigo, c.clase_contrato,
               c.tipo_transaccion, e.razon_social as contraparte, a.pmi, a.pmr,
               trim_scale(round(${powerMw}, 3))::text as potencia_mw,
               exists (select 1 from ofertas o join enviada b on b.id = o.bitacora_id where o.anexo_id = a.id) as enviado
        from anexos a
        join contratos c on c.id = a.contrato_id
        join empresas e on e.id = c.empresa_id
        where ${ANNEX_SETS[set]} and a.fecha_inicio <= ${hasta}::date and a.fecha_fin >= ${desde}::date
        order by c.codigo_contraparte, a.id`,
  );
}

/** The contracted MW of each annex of `set` in force (on any day of the range), by annex id: what a declaration may not exceed. */
export async function contractedPower(db: Db, set: AnnexSet, desde: string, hasta: string = desde): Promise<Map<number, string>> {
  const rows = await annexesInForce(db, set, desde, hasta);
  return new Map(rows.map((row) => [row.anexo_id, row.potencia_mw]));
}

/**
 * One line per annex the day's sent MER log book declared: its periods, its MWh (each period's
 * MW for an hour) and who sent it when.
 */
export function sentSummary(db: Db, fecha: string): Promise<SentSummary[]> {
  return queryRows<SentSummary>(
    db,
    sql`with enviada as (${sentMer(fecha)})
        select o.anexo_id, c.codigo_contraparte as contrato_codigo, count(distinct o.periodo)::int as periodos,
               trim_scale(sum(o.mw_declarada))::text as mwh,
               to_char(b.enviada_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as enviada_en, b.enviada_por, b.id as bitacora_id
        from ofertas o
        join enviada b on b.id = o.bitacora_id
        join anexos a on a.id = o.anexo_id
        join contratos c on c.id = a.contrato_id
        where o.tipo = 'DECLARACION'
        group by o.anexo_id, c.codigo_contraparte, b.enviada_en, b.enviada_por, b.id
        order by c.codigo_contraparte, o.anexo_id`,
  );
}

/**
 * The day's sent MER declarations against the EOR's programmed contract transactions (TCP) of
 * the same contract (its counterpart code), PM, direction and period, summed per line; a period
 * counts as different when the two MW differ (a missing side reads 0), and as reduced when the
 * EOR flagged it so.
 */
export async function predespachoComparison(db: Db, fecha: string): Promise<PredespachoComparison> {
  const [stored] = await queryRows<{ importado: boolean }>(db, sql`select exists (select 1 from resultados_predespacho where fecha = ${fecha}::date) as importado`);
  const lineas = await queryRows<PredespachoComparison['lineas'][number]>(
    db,
    sql`with enviada as (${sentMer(fecha)}),
        declarado as (
          select c.codigo_contraparte as contrato_codigo, o.pm, o.sentido, o.periodo, sum(o.mw_declarada) as mw
          from ofertas o
          join enviada b on b.id = o.bitacora_id
          join anexos a on a.id = o.anexo_id
          join contratos c on c.id = a.contrato_id
          where o.tipo = 'DECLARACION'
          group by 1, 2, 3, 4),
        programado as (
          select codigo_contrato as contrato_codigo, pm, sentido, periodo, sum(mw_predespachada) as mw, bool_or(reduccion = 'S') as reducido
          from resultados_predespacho
          where fecha = ${fecha}::date and hoja = 'TCP' and codigo_contrato in (select codigo_contraparte from contratos)
          group by 1, 2, 3, 4)
        select coalesce(d.contrato_codigo, p.contrato_codigo) as contrato_codigo, coalesce(d.pm, p.pm) as pm, coalesce(d.sentido, p.sentido) as sentido,
               trim_scale(sum(d.mw))::text as mwh_declarada, trim_scale(sum(p.mw))::text as mwh_programada,
               count(*) filter (where coalesce(d.mw, 0) <> coalesce(p.mw, 0))::int as periodos_distintos,
               count(*) filter (where p.reducido)::int as periodos_reducidos
        from declarado d
        full join programado p on p.contrato_codigo = d.contrato_codigo and p.pm = d.pm and p.sentido = d.sentido and p.periodo = d.periodo
        group by 1, 2, 3
        order by 1, 2, 3`,
  );
  return { importado: stored?.importado ?? false, lineas };
}

/**
 * The reference price of each period of the day at each node asked (or every node with one):
 * the EOR's ex-ante price when its predespacho was imported, else the node's PE price of the
 * day; a period with neither has none (never 0).
 */
export function referencePrices(db: Db, fecha: string, nodo?: string): Promise<ReferencePrice[]> {
  const node = nodo === undefined ? sql`true` : sql`n.nodo = ${nodo}`;
  return queryRows<ReferencePrice>(
    db,
    sql`with nodos as (
          select nodo from resultados_predespacho where fecha = ${fecha}::date and hoja = 'PEXANTE'
          union select nodo from precios_nodo where fecha = ${fecha}::date and version = 'PE'
          ${nodo === undefined ? sql`` : sql`union select ${nodo}::text`}),
        exante as (
          select nodo, periodo, max(precio_exante) as precio
          from resultados_predespacho where fecha = ${fecha}::date and hoja = 'PEXANTE' group by nodo, periodo)
        select n.nodo, g.periodo::int as periodo,
               trim_scale(coalesce(x.precio, pe.precio))::text as precio,
               case when x.precio is not null then 'exante' when pe.precio is not null then 'PE' end as fuente
        from nodos n
        cross join generate_series(1, 24) as g(periodo)
        left join exante x on x.nodo = n.nodo and x.periodo = g.periodo
        left join precios_nodo pe on pe.nodo = n.nodo and pe.fecha = ${fecha}::date and pe.periodo = g.periodo and pe.version = 'PE'
        where ${node}
        order by n.nodo, g.periodo`,
  );
}

/** What the store keeps of a log book (its offers apart). */
export interface LogbookRow {
  id: number;
  mercado: LogbookMarket;
  fecha_operacion: string;
  fecha_fin: string | null;
  estado: LogbookState;
  numero: number;
  enviada_en: string | null;
  enviada_por: string | null;
  ejecucion_id: number | null;
  version: number;
  created_at: string;
  updated_at: string;
}

const LOGBOOK_COLUMNS = sql`id, mercado, to_char(fecha_operacion, 'YYYY-MM-DD') as fecha_operacion, to_char(fecha_fin, 'YYYY-MM-DD') as fecha_fin,
  estado, numero, to_char(enviada_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as enviada_en, enviada_por, ejecucion_id, version,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;

/** The day's current log book of a market (not replaced), locked for an update when `lock`. */
export async function currentLogbook(db: Db, mercado: LogbookMarket, fecha: string, { lock = false } = {}): Promise<LogbookRow | null> {
  const [row] = await queryRows<LogbookRow>(
    db,
    sql`select ${LOGBOOK_COLUMNS} from bitacoras
        where mercado = ${mercado} and fecha_operacion = ${fecha}::date and estado <> 'reemplazada'
        order by numero desc limit 1 ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

/** A log book by id. */
export async function logbookById(db: Db, id: number): Promise<LogbookRow | null> {
  const [row] = await queryRows<LogbookRow>(db, sql`select ${LOGBOOK_COLUMNS} from bitacoras where id = ${id}`);
  return row ?? null;
}

/** A log book's offers in their order (PM, direction, kind, annex, period), each with its blocks. */
export function offersOf(db: Db, bitacoraId: number) {
  return queryRows<OfferRow & { id: number; moneda: 'USD' | 'MXN'; precio_piso: string | null; tipo_cambio: string | null }>(
    db,
    sql`select o.id::int as id, o.periodo::int as periodo, o.pm, o.sentido, o.tipo, o.anexo_id,
               trim_scale(o.mw_declarada)::text as mw_declarada, trim_scale(o.mw_fija)::text as mw_fija,
               trim_scale(o.precio_piso)::text as precio_piso, o.moneda, trim_scale(o.tipo_cambio)::text as tipo_cambio,
               coalesce((select json_agg(json_build_object('precio', trim_scale(b.precio)::text, 'mw', trim_scale(b.mw)::text) order by b.bloque)
                         from oferta_bloques b where b.oferta_id = o.id), '[]'::json) as bloques
        from ofertas o where o.bitacora_id = ${bitacoraId}
        order by o.pm, o.sentido, o.tipo, o.anexo_id nulls first, o.periodo`,
  );
}

/** A new log book of the day (a draft), numbered after the day's last one. */
export async function insertLogbook(tx: Db, mercado: LogbookMarket, fecha: string, actor: string | null, fechaFin: string | null = null): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into bitacoras (mercado, fecha_operacion, fecha_fin, numero, created_by, updated_by)
        values (${mercado}, ${fecha}::date, ${fechaFin}::date,
                (select coalesce(max(numero), 0) + 1 from bitacoras where mercado = ${mercado} and fecha_operacion = ${fecha}::date),
                ${actor}, ${actor})
        returning id`,
  );
  return row!.id;
}

/**
 * Replaces the offers of `scope` in a log book with `filas`, set-based: the old ones (and their
 * blocks) go, the others stay; the new ones and their blocks are inserted from one JSON
 * document. A Mexican offer keeps the day's FIX it was priced with.
 */
export async function replaceOffers(
  tx: Db,
  bitacoraId: number,
  scope: OfferScope,
  filas: readonly OfferRow[],
  { moneda, tipoCambio = null }: { moneda: 'USD' | 'MXN'; tipoCambio?: string | null },
): Promise<void> {
  const tipos = sql.join(scope.tipos.map((tipo) => sql`${tipo}`), sql`, `);
  await tx.execute(
    sql`delete from ofertas where bitacora_id = ${bitacoraId} and tipo in (${tipos}) ${scope.sentido ? sql`and sentido = ${scope.sentido}` : sql``}`,
  );
  if (filas.length === 0) return;
  const rows = JSON.stringify(
    filas.map((fila, orden) => ({ ...fila, orden, mw_declarada: fila.tipo === 'DECLARACION' ? offerMw(fila) : (fila.mw_declarada ?? null) })),
  );
  await tx.execute(
    sql`with filas as (
          select * from json_to_recordset(${rows}::json)
            as f(orden int, periodo int, pm text, sentido text, tipo text, anexo_id int, mw_declarada numeric, mw_fija numeric, bloques json)),
        insertadas as (
          insert into ofertas (bitacora_id, anexo_id, pm, sentido, tipo, periodo, mw_declarada, mw_fija, moneda, tipo_cambio)
          select ${bitacoraId}, anexo_id, pm, sentido, tipo, periodo, mw_declarada, mw_fija, ${moneda}, ${tipoCambio}::numeric from filas order by orden
          returning id, pm, sentido, tipo, anexo_id, periodo)
        insert into oferta_bloques (oferta_id, bloque, precio, mw)
        select i.id, b.bloque::smallint, (b.value->>'precio')::numeric, (b.value->>'mw')::numeric
        from insertadas i
        join filas f on f.pm = i.pm and f.sentido = i.sentido and f.tipo = i.tipo and coalesce(f.anexo_id, 0) = coalesce(i.anexo_id, 0) and f.periodo = i.periodo
        cross join lateral json_array_elements(f.bloques) with ordinality as b(value, bloque)`,
  );
}

/** El Salvador's units' limits of a day, with their floor price (variable cost + system charge). */
export function slvLimits(db: Db, fecha: string) {
  return queryRows<{ pm: string; costo_variable: string; cargo_sistema: string; precio_piso: string; mw_ofertable: string }>(
    db,
    sql`select pm, trim_scale(costo_variable)::text as costo_variable, trim_scale(cargo_sistema)::text as cargo_sistema,
               trim_scale(costo_variable + cargo_sistema)::text as precio_piso, trim_scale(mw_ofertable)::text as mw_ofertable
        from limites_slv where fecha = ${fecha}::date order by pm`,
  );
}

/** Stores units' limits of a day (a unit's limits of that day replaced, its edit stamp moved on). */
export async function upsertSlvLimits(tx: Db, fecha: string, limites: readonly SlvLimit[], actor: string | null): Promise<void> {
  if (limites.length === 0) return;
  await tx.execute(
    sql`insert into limites_slv (fecha, pm, costo_variable, cargo_sistema, mw_ofertable, created_by, updated_by)
        select ${fecha}::date, l.pm, l.costo_variable, l.cargo_sistema, l.mw_ofertable, ${actor}, ${actor}
        from json_to_recordset(${JSON.stringify(limites)}::json) as l(pm text, costo_variable numeric, cargo_sistema numeric, mw_ofertable numeric)
        on conflict (fecha, pm) do update set costo_variable = excluded.costo_variable, cargo_sistema = excluded.cargo_sistema,
          mw_ofertable = excluded.mw_ofertable, updated_at = now(), updated_by = excluded.updated_by, version = limites_slv.version + 1`,
  );
}

/** The MXN per USD of a day: the last FIX on or before it (a weekend takes Friday's), or null. */
export async function fixOf(db: Db, fecha: string): Promise<string | null> {
  const [row] = await queryRows<{ tipo_cambio: string }>(
    db,
    sql`select trim_scale(tipo_cambio)::text as tipo_cambio from tipos_cambio where fecha <= ${fecha}::date order by fecha desc limit 1`,
  );
  return row?.tipo_cambio ?? null;
}

const AGENT_COLUMNS = sql`id, codigo_agente, nombre, planta, combustible, trim_scale(cv_usd_mwh)::text as cv_usd_mwh, trim_scale(mw_max)::text as mw_max,
  to_char(vigente_desde, 'YYYY-MM-DD') as vigente_desde, to_char(vigente_hasta, 'YYYY-MM-DD') as vigente_hasta, version`;

/** The thermal agents behind Mexico's import offers, every period, by code. */
export function importAgents(db: Db): Promise<ImportAgent[]> {
  return queryRows<ImportAgent>(db, sql`select ${AGENT_COLUMNS} from agentes_importacion order by codigo_agente, vigente_desde`);
}

/** A new thermal agent's period. */
export async function insertImportAgent(tx: Db, agent: ImportAgentCreate, actor: string | null): Promise<ImportAgent> {
  const [row] = await queryRows<ImportAgent>(
    tx,
    sql`insert into agentes_importacion (codigo_agente, nombre, planta, combustible, cv_usd_mwh, mw_max, vigente_desde, vigente_hasta, created_by, updated_by)
        values (${agent.codigo_agente}, ${agent.nombre.trim()}, ${agent.planta.trim()}, ${agent.combustible}, ${agent.cv_usd_mwh}, ${agent.mw_max},
                ${agent.vigente_desde}::date, ${agent.vigente_hasta ?? null}::date, ${actor}, ${actor})
        returning ${AGENT_COLUMNS}`,
  );
  return row!;
}

/** Writes a log book's new state: sent (who and when), replaced, or still a draft; the edit stamp and version move on. */
export async function setLogbookState(tx: Db, id: number, estado: LogbookState, actor: string | null): Promise<void> {
  await tx.execute(
    sql`update bitacoras set estado = ${estado},
          enviada_en = case when ${estado} = 'enviada' then now() else enviada_en end,
          enviada_por = case when ${estado} = 'enviada' then ${actor} else enviada_por end,
          updated_at = now(), updated_by = ${actor}, version = version + 1
        where id = ${id}`,
  );
}

/**
 * What the day's sent MER log book declared, per PM and period: the MW (summed over the annexes
 * declaring that PM) and the price the traders asked (the lowest first-block price among them):
 * what Sube Planillas submits for the day (docs/logbooks.md, "Hand-off to the bid robot").
 */
export function sentDeclarationHours(db: Db, fecha: string) {
  return queryRows<{ nodo: string; periodo: number; mw: string; precio: string | null }>(
    db,
    sql`with enviada as (${sentMer(fecha)})
        select o.pm as nodo, o.periodo::int as periodo, trim_scale(sum(o.mw_declarada))::text as mw,
               trim_scale(min(b.precio))::text as precio
        from ofertas o
        join enviada e on e.id = o.bitacora_id
        left join oferta_bloques b on b.oferta_id = o.id and b.bloque = 1
        where o.tipo = 'DECLARACION'
        group by o.pm, o.periodo
        order by o.pm, o.periodo`,
  );
}
