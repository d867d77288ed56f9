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
        or ("cargos_pais"."concepto_liquidacion" = 'MMr' and "cargos_pais"."base" in ('mwh_retirado', 'mwh_ambos'))
        or ("cargos_pais"."concepto_liquidacion" in ('MMi', 'peaje_principal') and "cargos_pais"."base" in ('mwh_inyectado', 'mwh_ambos')));--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_concepto_valid" CHECK ("cargos_pais"."concepto_liquidacion" is null or "cargos_pais"."concepto_liquidacion" in ('MMi', 'MMr', 'peaje_principal'));--> statement-breakpoint
-- Deferred to the commit, as before (0013): shortening one period and adding the next is judged
-- as a whole. A refusal is SQLSTATE 23P01 (APP_ERR_CHARGE_PERIOD_OVERLAP).
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_vigencia_sin_solape"
  EXCLUDE USING gist ("pais" WITH =, "codigo" WITH =, daterange("vigente_desde", "vigente_hasta", '[]') WITH &&)
  DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- The engine's node data (0012) reads the renamed column, and a Mexican charge in MXN at the
-- FIX of its day (the last one on or before it): the hourly rows are in USD. Otherwise as 0012.
CREATE OR REPLACE FUNCTION liquidacion_nodos(p_contrato_id integer, p_anio integer, p_mes integer, p_version text)
RETURNS TABLE (
  lado text, nodo text, fecha date, periodo smallint,
  precio numeric, fpn numeric, tasa_mmi numeric, tasa_peaje numeric, tasa_mmr numeric
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
    SELECT cp.pais, d.fecha, cp.concepto_liquidacion,
           CASE WHEN cp.moneda = 'USD' THEN cp.tasa
                ELSE cp.tasa / (SELECT tc.tipo_cambio FROM tipos_cambio tc WHERE tc.fecha <= d.fecha ORDER BY tc.fecha DESC LIMIT 1) END AS tasa_usd
    FROM cargos_pais cp
    JOIN dias d ON d.fecha >= cp.vigente_desde AND (cp.vigente_hasta IS NULL OR d.fecha <= cp.vigente_hasta)
    WHERE cp.concepto_liquidacion IS NOT NULL AND cp.pais IN (SELECT split_part(u.nodo, '-', 1) FROM usados u)
  ),
  tasas AS (
    SELECT v.pais, v.fecha,
           sum(v.tasa_usd) FILTER (WHERE v.concepto_liquidacion = 'MMi') AS mmi,
           sum(v.tasa_usd) FILTER (WHERE v.concepto_liquidacion = 'peaje_principal') AS peaje,
           sum(v.tasa_usd) FILTER (WHERE v.concepto_liquidacion = 'MMr') AS mmr
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
         CASE WHEN h.lado = 'pmr' THEN t.mmr END
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
$$;
