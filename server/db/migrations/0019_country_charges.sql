-- The country charges become a catalogue (docs/country-charges.md): each rate is a period of a
-- charge with its code, name, basis, unit, payer, tax and legal reference, and feeds one engine
-- input (`concepto_liquidacion`, was `concepto`) or none. The rows stored so far (imported, one per country, kind and
-- period) keep their rates and become the charges named after their kind (MMI, MMR,
-- PEAJE_PRINCIPAL), so every settlement computes as before. The periods of one country and code
-- never overlap (was: of one country and kind): several charges may now feed one input, and
-- the engine sums the rates in force.
ALTER TABLE "cargos_pais" DROP CONSTRAINT "cargos_pais_vigencia_unique";--> statement-breakpoint
ALTER TABLE "cargos_pais" DROP CONSTRAINT "cargos_pais_concepto_valid";--> statement-breakpoint
ALTER TABLE "cargos_pais" DROP CONSTRAINT "cargos_pais_vigencia_sin_solape";--> statement-breakpoint
ALTER TABLE "cargos_pais" RENAME COLUMN "concepto" TO "concepto_liquidacion";--> statement-breakpoint
ALTER TABLE "cargos_pais" ALTER COLUMN "concepto_liquidacion" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD COLUMN "codigo" text;--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD COLUMN "nombre" text;--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD COLUMN "base" text;--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD COLUMN "unidad" text;--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD COLUMN "referencia_legal" text;--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD COLUMN "pagador" text;--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD COLUMN "gravado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The imported rates, as the engine has read them: per MWh, the injection side's for MMi and
-- the main toll (paid by the seller), the withdrawal side's for MMr (paid by the buyer).
-- version is left as it is: nothing a user changed.
UPDATE "cargos_pais" SET
  "codigo" = upper("concepto_liquidacion"),
  "nombre" = CASE "concepto_liquidacion" WHEN 'MMi' THEN 'Cargos MMi' WHEN 'MMr' THEN 'Cargos MMr' ELSE 'Peaje principal' END,
  "base" = CASE "concepto_liquidacion" WHEN 'MMr' THEN 'mwh_retirado' ELSE 'mwh_inyectado' END,
  "unidad" = "moneda" || '/MWh',
  "pagador" = CASE "concepto_liquidacion" WHEN 'MMr' THEN 'comprador' ELSE 'vendedor' END;--> statement-breakpoint
ALTER TABLE "cargos_pais" ALTER COLUMN "codigo" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cargos_pais" ALTER COLUMN "nombre" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cargos_pais" ALTER COLUMN "base" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cargos_pais" ALTER COLUMN "unidad" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cargos_pais" ALTER COLUMN "pagador" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_vigencia_unique" UNIQUE("pais","codigo","vigente_desde");--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_base_valid" CHECK ("cargos_pais"."base" in ('mwh_inyectado', 'mwh_retirado', 'mwh_ambos', 'kw_mes', 'porcentaje', 'fijo'));--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_pagador_valid" CHECK ("cargos_pais"."pagador" in ('vendedor', 'comprador', 'compartido'));--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_porcentaje_max" CHECK ("cargos_pais"."base" <> 'porcentaje' or "cargos_pais"."tasa" <= 100);--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_moneda_pais" CHECK ("cargos_pais"."moneda" = 'USD' or "cargos_pais"."pais" = 'MX');--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_concepto_base" CHECK ("cargos_pais"."concepto_liquidacion" is null
        or ("cargos_pais"."concepto_liquidacion" = 'MMr' and "cargos_pais"."base" in ('mwh_retirado', 'mwh_ambos', 'kw_mes'))
        or ("cargos_pais"."concepto_liquidacion" = 'MMi' and "cargos_pais"."base" in ('mwh_inyectado', 'mwh_ambos', 'kw_mes'))
        or ("cargos_pais"."concepto_liquidacion" = 'peaje_principal' and "cargos_pais"."base" in ('mwh_inyectado', 'mwh_ambos')));--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_concepto_valid" CHECK ("cargos_pais"."concepto_liquidacion" is null or "cargos_pais"."concepto_liquidacion" in ('MMi', 'MMr', 'peaje_principal'));--> statement-breakpoint
-- Deferred to the commit, as before (0013): shortening one period and adding the next is judged
-- as a whole. A refusal is SQLSTATE 23P01 (APP_ERR_CHARGE_PERIOD_OVERLAP).
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_vigencia_sin_solape"
  EXCLUDE USING gist ("pais" WITH =, "codigo" WITH =, daterange("vigente_desde", "vigente_hasta", '[]') WITH &&)
  DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- The engine's node data (0012) reads the renamed column, a Mexican charge in MXN at the FIX
-- of its day (the last one on or before it: the hourly rows are in USD), and keeps the rates
-- per kW-month apart (tasa_mmi_kw, tasa_mmr_kw): those are a monthly line, spread over the
-- month's hours as power is. Its columns change, so it is dropped and made again.
DROP FUNCTION liquidacion_nodos(integer, integer, integer, text);--> statement-breakpoint
CREATE FUNCTION liquidacion_nodos(p_contrato_id integer, p_anio integer, p_mes integer, p_version text)
RETURNS TABLE (
  lado text, nodo text, fecha date, periodo smallint,
  precio numeric, fpn numeric, tasa_mmi numeric, tasa_peaje numeric, tasa_mmr numeric,
  tasa_mmi_kw numeric, tasa_mmr_kw numeric
)
LANGUAGE sql STABLE AS $$
  WITH dias AS (
    SELECT make_date(p_anio, p_mes, 1) + d.dia AS fecha
    FROM generate_series(0, (make_date(p_anio, p_mes, 1) + interval '1 month' - interval '1 day')::date - make_date(p_anio, p_mes, 1)) AS d(dia)
  ),
  usados AS (
    SELECT DISTINCT u.lado, u.nodo
    FROM liquidacion_anexos(p_contrato_id, p_anio, p_mes) a
    CROSS JOIN LATERAL (
      SELECT 'pmi'::text AS lado, n.nodo FROM unnest(a.pmi) AS n(nodo)
      UNION ALL
      SELECT 'pmr'::text, n.nodo FROM unnest(a.pmr) AS n(nodo)
    ) u
  ),
  vigentes AS (
    SELECT cp.pais, d.fecha, cp.concepto_liquidacion, cp.base = 'kw_mes' AS por_kw,
           CASE WHEN cp.moneda = 'USD' THEN cp.tasa
                ELSE cp.tasa / (SELECT tc.tipo_cambio FROM tipos_cambio tc WHERE tc.fecha <= d.fecha ORDER BY tc.fecha DESC LIMIT 1) END AS tasa_usd
    FROM cargos_pais cp
    JOIN dias d ON d.fecha >= cp.vigente_desde AND (cp.vigente_hasta IS NULL OR d.fecha <= cp.vigente_hasta)
    WHERE cp.concepto_liquidacion IS NOT NULL AND cp.pais IN (SELECT split_part(u.nodo, '-', 1) FROM usados u)
  ),
  tasas AS (
    SELECT v.pais, v.fecha,
           sum(v.tasa_usd) FILTER (WHERE v.concepto_liquidacion = 'MMi' AND NOT v.por_kw) AS mmi,
           sum(v.tasa_usd) FILTER (WHERE v.concepto_liquidacion = 'peaje_principal') AS peaje,
           sum(v.tasa_usd) FILTER (WHERE v.concepto_liquidacion = 'MMr' AND NOT v.por_kw) AS mmr,
           sum(v.tasa_usd) FILTER (WHERE v.concepto_liquidacion = 'MMi' AND v.por_kw) AS mmi_kw,
           sum(v.tasa_usd) FILTER (WHERE v.concepto_liquidacion = 'MMr' AND v.por_kw) AS mmr_kw
    FROM vigentes v
    GROUP BY v.pais, v.fecha
  ),
  horas AS (
    SELECT u.lado, u.nodo, d.fecha, p.periodo::smallint AS periodo
    FROM usados u CROSS JOIN dias d CROSS JOIN generate_series(1, 24) AS p(periodo)
  )
  SELECT h.lado, h.nodo, h.fecha, h.periodo,
         coalesce(pv.precio, pdf.precio), coalesce(fv.fpn, fdf.fpn),
         CASE WHEN h.lado = 'pmi' THEN t.mmi END, CASE WHEN h.lado = 'pmi' THEN t.peaje END,
         CASE WHEN h.lado = 'pmr' THEN t.mmr END,
         CASE WHEN h.lado = 'pmi' THEN t.mmi_kw END, CASE WHEN h.lado = 'pmr' THEN t.mmr_kw END
  FROM horas h
  LEFT JOIN precios_nodo pv
    ON pv.nodo = h.nodo AND pv.fecha = h.fecha AND pv.periodo = h.periodo AND pv.version = p_version
  LEFT JOIN precios_nodo pdf
    ON p_version = 'CD' AND pdf.nodo = h.nodo AND pdf.fecha = h.fecha AND pdf.periodo = h.periodo AND pdf.version = 'DF'
  LEFT JOIN factores_perdida fv
    ON fv.nodo = h.nodo AND fv.fecha = h.fecha AND fv.periodo = h.periodo AND fv.version = p_version
  LEFT JOIN factores_perdida fdf
    ON p_version = 'CD' AND fdf.nodo = h.nodo AND fdf.fecha = h.fecha AND fdf.periodo = h.periodo AND fdf.version = 'DF'
  LEFT JOIN tasas t ON t.pais = split_part(h.nodo, '-', 1) AND t.fecha = h.fecha
$$;--> statement-breakpoint
-- The rows (0012) with the charges per kW-month: on each side, the contracted kW times the
-- day's kW-month rates over the month's hours, times the annex's share of that side's charges,
-- added to the hour's MMi or MMr before its one rounding. A month of hours in force adds up to
-- rate x kW (x the days in force over the month's days). Otherwise as 0012.
CREATE OR REPLACE FUNCTION liquidacion_calculo(p_contrato_id integer, p_anio integer, p_mes integer, p_version text)
RETURNS TABLE (
  anexo_id integer, fecha date, periodo smallint, energia_fisica_mwh numeric, energia_flex_mwh numeric,
  energia_total_mwh numeric, precio_inyeccion numeric, precio_retiro numeric, fpn numeric, cargos_mmi numeric,
  cargos_mmr numeric, cmorc numeric, liquidacion_fisica numeric, liquidacion_flex numeric, liquidacion_fpn numeric,
  liquidacion_energia numeric, liquidacion_potencia numeric, fee numeric, margen numeric, factura numeric,
  tipo_cambio numeric, liquidacion_energia_mxn numeric, liquidacion_potencia_mxn numeric, fee_mxn numeric,
  cargos_mmi_mxn numeric, cargos_mmr_mxn numeric, factura_mxn numeric
)
LANGUAGE sql STABLE AS $$
  WITH a AS (SELECT * FROM liquidacion_anexos(p_contrato_id, p_anio, p_mes)),
  -- The exchange rate of each day of a Mexican contract: the last FIX on or before it.
  cambio AS (
    SELECT d.dia::date AS fecha,
           (SELECT tc.tipo_cambio FROM tipos_cambio tc WHERE tc.fecha <= d.dia::date ORDER BY tc.fecha DESC LIMIT 1) AS tc
    FROM contratos c
    CROSS JOIN generate_series(make_date(p_anio, p_mes, 1)::timestamp,
                               make_date(p_anio, p_mes, 1) + interval '1 month' - interval '1 day', interval '1 day') AS d(dia)
    WHERE c.id = p_contrato_id AND c.sucursal = 'MX'
  ),
  -- Several nodes on a side: the plain mean of their prices, loss factors and rates (not
  -- rounded), once per profile and hour (a node listed twice counts twice, as it is listed),
  -- with the day's exchange rate.
  perfiles AS (SELECT DISTINCT a.perfil, a.pmi, a.pmr FROM a),
  x AS (
    SELECT pf.perfil, (n.fecha - make_date(p_anio, p_mes, 1)) * 24 + n.periodo AS hora,
           avg(n.precio) FILTER (WHERE n.lado = 'pmi') AS pi,
           avg(n.precio) FILTER (WHERE n.lado = 'pmr') AS pr,
           avg(n.fpn) FILTER (WHERE n.lado = 'pmr') AS fpn,
           avg(n.tasa_mmi) FILTER (WHERE n.lado = 'pmi') AS ci,
           avg(n.tasa_peaje) FILTER (WHERE n.lado = 'pmi') AS t,
           avg(n.tasa_mmr) FILTER (WHERE n.lado = 'pmr') AS cr,
           avg(n.tasa_mmi_kw) FILTER (WHERE n.lado = 'pmi') AS ci_kw,
           avg(n.tasa_mmr_kw) FILTER (WHERE n.lado = 'pmr') AS cr_kw,
           cambio.tc
    FROM perfiles pf
    CROSS JOIN LATERAL (
      SELECT 'pmi'::text AS lado, u.nodo FROM unnest(pf.pmi) AS u(nodo)
      UNION ALL
      SELECT 'pmr'::text, u.nodo FROM unnest(pf.pmr) AS u(nodo)
    ) u
    JOIN liquidacion_nodos(p_contrato_id, p_anio, p_mes, p_version) n ON n.lado = u.lado AND n.nodo = u.nodo
    LEFT JOIN cambio ON cambio.fecha = n.fecha
    GROUP BY pf.perfil, n.fecha, n.periodo, cambio.tc
  ),
  -- The hours: each annex's energy rows of its days in force, walked annex by annex in key
  -- order (the energy's primary key), so the rows come out in the order of the settlement's
  -- key; then the hour's market data of the annex's profile, joined by hash on one integer,
  -- the hour of the month (`OFFSET 0` keeps the walk whole, so the join is not pushed inside
  -- it, once per annex; calcular_liquidacion turns merge joins off, which would sort the
  -- month). An hour with no energy yields no row: calcular_liquidacion counts them.
  h AS (
    SELECT a.anexo_id, a.perfil, a.desde, a.hasta, a.tipo_contrato, a.tipo_liquidacion, a.precio_fijo, a.poc,
           a.fee, a.m, a.potencia, a.piso, a.precio_opcion_compra, a.a_mmi, a.a_peaje, a.a_mmr, a.a_fpn,
           a.kw, a.horas_mes, en.fecha, en.periodo, en.hora, en.qp, en.qf
    FROM (SELECT * FROM a ORDER BY a.anexo_id) a
    CROSS JOIN LATERAL (
      -- The month's energy of the annex (constant bounds the planner can estimate from); only
      -- its days in force are kept, below.
      SELECT ev.fecha, ev.periodo, (ev.fecha - make_date(p_anio, p_mes, 1)) * 24 + ev.periodo AS hora,
             ev.energia_fisica_mwh AS qp, ev.energia_flex_mwh AS qf
      FROM energia_anexo ev
      WHERE ev.anexo_id = a.anexo_id
        AND ev.fecha BETWEEN make_date(p_anio, p_mes, 1) AND (make_date(p_anio, p_mes, 1) + interval '1 month' - interval '1 day')::date
        AND (ev.version = p_version
             OR (p_version = 'CD' AND ev.version = 'DF' AND NOT EXISTS (
                   SELECT 1 FROM energia_anexo cd
                   WHERE cd.anexo_id = ev.anexo_id AND cd.fecha = ev.fecha AND cd.periodo = ev.periodo AND cd.version = 'CD')))
      ORDER BY ev.fecha, ev.periodo
    ) en
    OFFSET 0
  ),
  e AS (
    SELECT h.anexo_id, h.fecha, h.periodo, h.tipo_contrato, h.precio_fijo, h.poc, h.fee, h.m,
           h.potencia, h.piso, h.precio_opcion_compra, h.a_mmi, h.a_peaje, h.a_mmr, h.a_fpn,
           x.pi, x.pr, x.fpn, x.ci, x.t, x.cr, h.qp, h.qf, h.qp + h.qf AS qt, x.tc,
           -- A kW-month charge's share of this hour: the contracted kW at the day's rate over the month's hours.
           coalesce(h.kw, 0) * coalesce(x.ci_kw, 0) / h.horas_mes AS ci_hora, coalesce(h.kw, 0) * coalesce(x.cr_kw, 0) / h.horas_mes AS cr_hora,
           h.tipo_liquidacion IS DISTINCT FROM 'potencia' AS con_energia,
           h.tipo_contrato <> 'CFD' AS con_cargos
    FROM h
    JOIN x ON x.perfil = h.perfil AND x.hora = h.hora
    WHERE h.fecha BETWEEN h.desde AND h.hasta
  ),
  -- The price rule of the contract type; a call-option price replaces the physical price.
  -- `OFFSET 0` keeps each step a step: without it the planner folds the steps into one
  -- expression per column, and a value used by several columns (the rounded energy is in the
  -- margin, the invoice and the MXN amounts) is computed again for each of them.
  p AS (
    SELECT e.*,
      CASE WHEN e.precio_opcion_compra IS NOT NULL THEN least(e.pr, e.poc) + e.precio_opcion_compra
        ELSE CASE e.tipo_contrato
          WHEN 'PF' THEN e.precio_fijo
          WHEN 'TOP' THEN e.precio_fijo
          WHEN 'MC' THEN e.pr * (1 + e.m)
          WHEN 'FEE' THEN e.pi
          WHEN 'COLLAR' THEN least(greatest(e.pr, coalesce(e.piso, e.pr)), e.poc)
          WHEN 'CFD' THEN e.precio_fijo - e.pr
        END
      END AS pc,
      CASE e.tipo_contrato
        WHEN 'PF' THEN e.precio_fijo
        WHEN 'TOP' THEN e.precio_fijo
        WHEN 'MC' THEN e.pr
        WHEN 'FEE' THEN e.pr
        WHEN 'COLLAR' THEN least(greatest(e.pr, coalesce(e.piso, e.pr)), e.poc)
        WHEN 'CFD' THEN e.precio_fijo - e.pr
      END AS pflex
    FROM e
  ),
  -- Each money column rounded once, to the cent, from its exact value.
  r AS (
    SELECT p.*,
      CASE WHEN p.con_energia AND p.con_cargos
        THEN round(p.qt * coalesce(p.ci, 0) * p.a_mmi + p.qt * coalesce(p.t, 0) * p.a_peaje + p.ci_hora * p.a_mmi, 2) ELSE 0.00 END AS mmi,
      CASE WHEN p.con_energia AND p.con_cargos THEN round(p.qt * coalesce(p.cr, 0) * p.a_mmr + p.cr_hora * p.a_mmr, 2) ELSE 0.00 END AS mmr,
      CASE WHEN p.con_energia THEN round(p.qf * p.pr, 2) ELSE 0.00 END AS cmorc,
      CASE WHEN p.con_energia THEN round(p.qp * p.pc, 2) ELSE 0.00 END AS fisica,
      CASE WHEN p.con_energia THEN round(p.qf * p.pflex, 2) ELSE 0.00 END AS flex,
      CASE WHEN p.con_energia AND p.con_cargos
        THEN round(p.qt * p.pr * (coalesce(p.fpn, 1) - 1) * p.a_fpn, 2) ELSE 0.00 END AS liq_fpn,
      CASE WHEN p.con_energia THEN round(p.qt * p.fee, 2) ELSE 0.00 END AS cargo_fee
    FROM p
    OFFSET 0
  ),
  s AS (SELECT r.*, r.fisica + r.flex + r.liq_fpn AS energia FROM r),
  f AS (
    SELECT s.*, round(s.m * s.energia, 2) AS margen, s.energia + s.potencia + s.cargo_fee + s.mmi + s.mmr AS factura,
           round(s.energia * s.tc, 2) AS energia_mxn, round(s.potencia * s.tc, 2) AS potencia_mxn,
           round(s.cargo_fee * s.tc, 2) AS fee_mxn, round(s.mmi * s.tc, 2) AS mmi_mxn, round(s.mmr * s.tc, 2) AS mmr_mxn
    FROM s
    OFFSET 0
  )
  SELECT f.anexo_id, f.fecha, f.periodo, f.qp, f.qf, f.qt, f.pi, f.pr, f.fpn, f.mmi, f.mmr, f.cmorc,
         f.fisica, f.flex, f.liq_fpn, f.energia, f.potencia, f.cargo_fee, f.margen, f.factura, f.tc,
         f.energia_mxn, f.potencia_mxn, f.fee_mxn, f.mmi_mxn, f.mmr_mxn,
         f.energia_mxn + f.potencia_mxn + f.fee_mxn + f.mmi_mxn + f.mmr_mxn
  FROM f
$$;
