// The log books' preliminary settlement reports (docs/reports.md), read from what the log books
// hold: the EOR's predespacho imported day by day (resultados_predespacho: TCP, TOP, PEXANTE) and
// the Mexico link's sent offers, priced at CENACE's day-ahead PML (precios_pml).
//
// - `liquidacion-eor-preliminar` [P]: our regional annexes' contract transactions as the EOR
//   programmed them (TCP), one row per annex and day: the MWh declared and programmed and the
//   variable transmission charge CVT = Qp x (Pr - Pi) at the ex-ante prices (PEXANTE) of the
//   annex's withdrawal and injection nodes, hour by hour.
// - `liquidacion-eor-top-preliminar` [P]: the predispatched opportunity transactions (TOP) with
//   MW > 0, one row per day, hour and PM (and agent, direction), at the row's ex-ante price.
// - `liquidacion-cenace-preliminar` [P]: the Mexico link's sent offers (export and import) taken
//   at CENACE's day-ahead PML, one row per day, hour, node and direction: MW x PML in MXN with the
//   PML's components, CENACE's charges per MWh, and the total in USD at the day's FIX.
import { sql } from 'drizzle-orm';
import {
  cenacePreliminaryBodySchema,
  eorPreliminaryBodySchema,
  eorTopBodySchema,
  type CenacePreliminaryBody,
  type EorPreliminaryBody,
  type EorTopBody,
} from '../../schemas/report.schema';
import { defineReport, monthRange } from '../reports/kit';
import { PREDESPACHO_COUNTRIES } from './predespacho-workbook';
import { merContracts } from './store';

/** The country of a predespacho row's country file (`OSO001` is GT, ...). */
const countryOfFile = sql.raw(
  `(case r.pais_oso ${Object.entries(PREDESPACHO_COUNTRIES)
    .map(([oso, pais]) => `when '${oso}' then '${pais}'`)
    .join(' ')} end)`,
);

/** A node's ex-ante price of a day and period: the PEXANTE sheet's (a node is in one country file); else its PE price of the day, as the log books' reference prices read it. */
const priceAt = (nodo: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) =>
  sql`coalesce(
    (select max(x."precio_exante") from "resultados_predespacho" x where x."hoja" = 'PEXANTE' and x."fecha" = t."fecha" and x."periodo" = t."periodo" and x."nodo" = ${nodo}),
    (select p."precio" from "precios_nodo" p where p."version" = 'PE' and p."fecha" = t."fecha" and p."periodo" = t."periodo" and p."nodo" = ${nodo}))`;

export const eorPreliminaryReport = defineReport<EorPreliminaryBody>({
  nombre: 'liquidacion-eor-preliminar',
  body: eorPreliminaryBodySchema,
  columns: [
    { clave: 'fecha', tipo: 'date' },
    { clave: 'contrato_id', tipo: 'integer' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'anexo_id', tipo: 'integer' },
    { clave: 'sentido', tipo: 'text' },
    { clave: 'nodo_inyeccion', tipo: 'text' },
    { clave: 'nodo_retiro', tipo: 'text' },
    { clave: 'periodos', tipo: 'integer' },
    { clave: 'periodos_reducidos', tipo: 'integer', total: 'sum' },
    { clave: 'mwh_declarada', tipo: 'mwh' },
    { clave: 'mwh_programada', tipo: 'mwh' },
    { clave: 'precio_inyeccion', tipo: 'price', total: sql`round(sum(q."precio_inyeccion" * q."mwh_programada") / nullif(sum(q."mwh_programada"), 0), 2)` },
    { clave: 'precio_retiro', tipo: 'price', total: sql`round(sum(q."precio_retiro" * q."mwh_programada") / nullif(sum(q."mwh_programada"), 0), 2)` },
    { clave: 'cvt', tipo: 'usd' },
  ],
  order: ['fecha', 'contrato', 'anexo_id', 'sentido'],
  rows: (body) => {
    const { desde, hasta } = monthRange(body);
    // A TCP line is one of our contracts' (its counterpart code, the code the EOR knows it by) at
    // one of an annex's PMs in its direction, the annex in force that day; were two annexes of a
    // contract at one PM, the line is the first's (the EOR programs per contract and PM).
    return sql`with anexos_mer as (
        select a."id" as anexo_id, c."id" as contrato_id, c."codigo_contraparte" as contrato, a."fecha_inicio", a."fecha_fin",
          (case when cardinality(a."pmi") > 0 then a."pmi" else c."pmi" end) as pmi,
          (case when cardinality(a."pmr") > 0 then a."pmr" else c."pmr" end) as pmr
        from "anexos" a join "contratos" c on c."id" = a."contrato_id"
        where ${merContracts}
          ${body.empresa_id === undefined ? sql`` : sql`and c."empresa_id" = ${body.empresa_id}`}
          ${body.contrato_id === undefined ? sql`` : sql`and c."id" = ${body.contrato_id}`}
      ),
      lineas as (
        select distinct on (r."fecha", r."periodo", r."codigo_contrato", r."pm", r."sentido")
          r."fecha", r."periodo", r."sentido", r."mw_declarada", r."mw_predespachada", r."reduccion",
          m.anexo_id, m.contrato_id, m.contrato, m.pmi[1] as nodo_inyeccion, m.pmr[1] as nodo_retiro
        from "resultados_predespacho" r
        join anexos_mer m on m.contrato = r."codigo_contrato" and r."fecha" between m."fecha_inicio" and m."fecha_fin"
          and r."pm" = any(case r."sentido" when 'I' then m.pmi else m.pmr end)
        where r."hoja" = 'TCP' and r."fecha" between ${desde}::date and ${hasta}::date
        order by r."fecha", r."periodo", r."codigo_contrato", r."pm", r."sentido", m.anexo_id
      ),
      horas as (
        select t.*, ${priceAt(sql`t.nodo_inyeccion`)} as pi, ${priceAt(sql`t.nodo_retiro`)} as pr from lineas t
      )
      select h."fecha", h.contrato_id, h.contrato, h.anexo_id, h."sentido", h.nodo_inyeccion, h.nodo_retiro,
        count(*) as periodos, count(*) filter (where h."reduccion" = 'S') as periodos_reducidos,
        coalesce(sum(h."mw_declarada"), 0) as mwh_declarada, coalesce(sum(h."mw_predespachada"), 0) as mwh_programada,
        round(sum(h."mw_predespachada" * h.pi) / nullif(sum(h."mw_predespachada") filter (where h.pi is not null), 0), 2) as precio_inyeccion,
        round(sum(h."mw_predespachada" * h.pr) / nullif(sum(h."mw_predespachada") filter (where h.pr is not null), 0), 2) as precio_retiro,
        round(sum(h."mw_predespachada" * (h.pr - h.pi)), 2) as cvt
      from horas h
      group by h."fecha", h.contrato_id, h.contrato, h.anexo_id, h."sentido", h.nodo_inyeccion, h.nodo_retiro`;
  },
});

export const eorTopReport = defineReport<EorTopBody>({
  nombre: 'liquidacion-eor-top-preliminar',
  body: eorTopBodySchema,
  columns: [
    { clave: 'fecha', tipo: 'date' },
    { clave: 'periodo', tipo: 'integer' },
    { clave: 'pais', tipo: 'text' },
    { clave: 'pm', tipo: 'text' },
    { clave: 'nodo', tipo: 'text' },
    { clave: 'agente', tipo: 'text' },
    { clave: 'sentido', tipo: 'text' },
    { clave: 'mw_predespachada', tipo: 'mwh' },
    { clave: 'precio_exante', tipo: 'price' },
    { clave: 'monto', tipo: 'usd' },
  ],
  order: ['fecha', 'periodo', 'pais', 'pm', 'nodo', 'agente', 'sentido'],
  rows: (body) => {
    const { desde, hasta } = monthRange(body);
    // An injection sells at the ex-ante price (+), a withdrawal buys at it (-), each period's MW for an hour.
    return sql`select r."fecha", r."periodo", ${countryOfFile} as pais, r."pm", r."nodo", r."agente", r."sentido",
        r."mw_predespachada", r."precio_exante",
        (case when r."sentido" = 'R' then -1 else 1 end) * round(r."mw_predespachada" * r."precio_exante", 2) as monto
      from "resultados_predespacho" r
      where r."hoja" = 'TOP' and r."mw_predespachada" > 0 and r."fecha" between ${desde}::date and ${hasta}::date
        ${body.pais === undefined ? sql`` : sql`and ${countryOfFile} = ${body.pais}`}`;
  },
});

export const cenacePreliminaryReport = defineReport<CenacePreliminaryBody>({
  nombre: 'liquidacion-cenace-preliminar',
  body: cenacePreliminaryBodySchema,
  columns: [
    { clave: 'fecha', tipo: 'date' },
    { clave: 'periodo', tipo: 'integer' },
    { clave: 'nodo', tipo: 'text' },
    { clave: 'tipo', tipo: 'text' },
    { clave: 'mw_tomada', tipo: 'mwh' },
    { clave: 'pml', tipo: 'price' },
    { clave: 'componente_energia', tipo: 'price' },
    { clave: 'componente_perdidas', tipo: 'price' },
    { clave: 'componente_congestion', tipo: 'price' },
    { clave: 'monto_mxn', tipo: 'mxn' },
    { clave: 'cargos_mxn', tipo: 'mxn' },
    { clave: 'total_mxn', tipo: 'mxn' },
    { clave: 'tipo_cambio', tipo: 'price' },
    { clave: 'total_usd', tipo: 'usd' },
  ],
  order: ['fecha', 'periodo', 'nodo', 'tipo'],
  rows: (body) => {
    const { desde, hasta } = monthRange(body);
    // The day's sent MEX log book's offers: the fixed MW, and each segment the PML takes (a
    // sale's priced at or below it, a purchase's at or above it). An export (GT -> MX, an
    // injection at the node) earns MW x PML, an import (a withdrawal) pays it; CENACE's
    // charges per MWh of the direction (mwh_inyectado or mwh_retirado, and mwh_ambos) that feed
    // a settlement are a cost either way; USD at the FIX the offer was saved with (else the
    // last one on or before the day).
    return sql`with ofertas_mex as (
        select b."fecha_operacion" as fecha, o."periodo", o."pm" as nodo, o."tipo", o."sentido", o."mw_fija", o."id", o."tipo_cambio"
        from "ofertas" o join "bitacoras" b on b."id" = o."bitacora_id"
        where b."mercado" = 'MEX' and b."estado" = 'enviada' and o."tipo" in ('EXPORTACION', 'IMPORTACION')
          and b."fecha_operacion" between ${desde}::date and ${hasta}::date
      ),
      tomadas as (
        select o.fecha, o."periodo", o.nodo, o."tipo", o."sentido", p."pml", p."componente_energia", p."componente_perdidas", p."componente_congestion",
          coalesce(o."mw_fija", 0) + coalesce((select sum(k."mw") from "oferta_bloques" k where k."oferta_id" = o."id"
            and (case when o."tipo" = 'EXPORTACION' then k."precio" <= p."pml" else k."precio" >= p."pml" end)), 0) as mw,
          coalesce(o."tipo_cambio", (select x."tipo_cambio" from "tipos_cambio" x where x."fecha" <= o.fecha order by x."fecha" desc limit 1)) as fix
        from ofertas_mex o join "precios_pml" p on p."nodo" = o.nodo and p."fecha" = o.fecha and p."periodo" = o."periodo"
      ),
      lineas as (
        select t.fecha, t."periodo", t.nodo, t."tipo", t."pml", t."componente_energia", t."componente_perdidas", t."componente_congestion",
          sum(t.mw) as mw, max(t.fix) as tipo_cambio,
          (case when t."tipo" = 'EXPORTACION' then 1 else -1 end) * round(sum(t.mw) * t."pml", 2) as monto_mxn,
          -round(sum(t.mw) * coalesce((select sum(c."tasa") from "cargos_pais" c
            where c."pais" = 'MX' and c."moneda" = 'MXN' and c."concepto_liquidacion" is not null
              and c."base" in ('mwh_ambos', case when t."tipo" = 'EXPORTACION' then 'mwh_inyectado' else 'mwh_retirado' end)
              and c."vigente_desde" <= t.fecha and (c."vigente_hasta" is null or c."vigente_hasta" >= t.fecha)), 0), 2) as cargos_mxn
        from tomadas t
        group by t.fecha, t."periodo", t.nodo, t."tipo", t."pml", t."componente_energia", t."componente_perdidas", t."componente_congestion"
      )
      select l.fecha, l."periodo", l.nodo, l."tipo", l.mw as mw_tomada, l."pml", l."componente_energia", l."componente_perdidas", l."componente_congestion",
        l.monto_mxn, l.cargos_mxn, l.monto_mxn + l.cargos_mxn as total_mxn, l.tipo_cambio,
        round((l.monto_mxn + l.cargos_mxn) / l.tipo_cambio, 2) as total_usd
      from lineas l where l.mw > 0`;
  },
});
