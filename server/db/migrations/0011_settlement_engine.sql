ALTER TABLE "liquidacion_filas" ADD COLUMN "liquidacion_energia_mxn" numeric;--> statement-breakpoint
ALTER TABLE "liquidacion_filas" ADD COLUMN "liquidacion_potencia_mxn" numeric;--> statement-breakpoint
ALTER TABLE "liquidacion_filas" ADD COLUMN "fee_mxn" numeric;--> statement-breakpoint
ALTER TABLE "liquidacion_filas" ADD COLUMN "cargos_mmi_mxn" numeric;--> statement-breakpoint
ALTER TABLE "liquidacion_filas" ADD COLUMN "cargos_mmr_mxn" numeric;--> statement-breakpoint
ALTER TABLE "liquidaciones" ADD COLUMN "take_or_pay" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The settlement engine (docs/settlements.md, "The row: formulas"): set-based SQL that both
-- PostgreSQL and PGlite run, so a month of hourly rows never travels to the application and
-- back. Three layers: the hours a settlement covers with the parameters in force
-- (liquidacion_horas), the market data per node of each hour (liquidacion_nodos), then what
-- is missing (faltantes_liquidacion) and the computation itself (calcular_liquidacion).
--
-- The hours: one per annex x date x period for the days of the month the annex is in force
-- (both ends included), with the annex's parameters before the contract's (COALESCE; an empty
-- node list means the contract's). Percentages become fractions here; the contracted power
-- becomes kW (the power price is per kW-month).
CREATE OR REPLACE FUNCTION liquidacion_horas(p_contrato_id integer, p_anio integer, p_mes integer)
RETURNS TABLE (
  anexo_id integer, fecha date, periodo smallint, horas_mes integer,
  tipo_contrato text, sucursal text, tipo_liquidacion text, energia_minima numeric,
  pmi text[], pmr text[], precio_fijo numeric, poc numeric, fee numeric, m numeric,
  kw numeric, precio_potencia numeric, piso numeric, precio_opcion_compra numeric,
  a_mmi numeric, a_peaje numeric, a_mmr numeric, a_fpn numeric
)
LANGUAGE sql STABLE AS $$
  WITH mes AS (
    SELECT make_date(p_anio, p_mes, 1) AS primero,
           (make_date(p_anio, p_mes, 1) + interval '1 month' - interval '1 day')::date AS ultimo
  )
  SELECT a.id, d.dia::date, p.periodo::smallint,
         (extract(day from mes.ultimo))::integer * 24,
         c.tipo_contrato, c.sucursal, c.tipo_liquidacion, c.energia,
         CASE WHEN cardinality(a.pmi) > 0 THEN a.pmi ELSE c.pmi END,
         CASE WHEN cardinality(a.pmr) > 0 THEN a.pmr ELSE c.pmr END,
         coalesce(a.precio_fijo, c.precio_fijo), coalesce(a.poc, c.poc), coalesce(a.fee, c.fee),
         coalesce(a.margen_pct, c.margen) / 100,
         a.potencia_contratada * CASE a.unidad_potencia WHEN 'MW' THEN 1000 ELSE 1 END,
         a.precio_potencia, a.precio_referencia, a.precio_opcion_compra,
         coalesce(a.pct_cargos_mmi, 0) / 100, coalesce(a.pct_peaje_principal, 0) / 100,
         coalesce(a.pct_cargos_mmr, 0) / 100, coalesce(a.pct_fpn, 0) / 100
  FROM mes
  JOIN contratos c ON c.id = p_contrato_id
  JOIN anexos a ON a.contrato_id = c.id
  CROSS JOIN LATERAL generate_series(greatest(a.fecha_inicio, mes.primero)::timestamp,
                                     least(a.fecha_fin, mes.ultimo)::timestamp, interval '1 day') AS d(dia)
  CROSS JOIN generate_series(1, 24) AS p(periodo)
$$;
--> statement-breakpoint
-- The market data of each node of each hour, side by side: the node's price and loss factor
-- of the version (a CD reads the CD's corrected value where there is one, else the DF's), and
-- the charge rates of the node's country on the date (the country is the node code's prefix,
-- `GT-ESC-230` is GT): the MMi rate and the main toll on the injection side, the MMr rate on
-- the withdrawal side; several rows of one kind in force the same day add up. NULL is missing.
CREATE OR REPLACE FUNCTION liquidacion_nodos(p_contrato_id integer, p_anio integer, p_mes integer, p_version text)
RETURNS TABLE (
  anexo_id integer, fecha date, periodo smallint, lado text, nodo text,
  precio numeric, fpn numeric, tasa_mmi numeric, tasa_peaje numeric, tasa_mmr numeric
)
LANGUAGE sql STABLE AS $$
  WITH versiones AS (
    SELECT v.version, v.orden FROM (VALUES (p_version, 1), ('DF', 2)) AS v(version, orden)
    WHERE v.orden = 1 OR p_version = 'CD'
  ),
  nodos AS (
    SELECT h.anexo_id, h.fecha, h.periodo, 'pmi'::text AS lado, n.nodo
    FROM liquidacion_horas(p_contrato_id, p_anio, p_mes) h CROSS JOIN LATERAL unnest(h.pmi) AS n(nodo)
    UNION ALL
    SELECT h.anexo_id, h.fecha, h.periodo, 'pmr'::text, n.nodo
    FROM liquidacion_horas(p_contrato_id, p_anio, p_mes) h CROSS JOIN LATERAL unnest(h.pmr) AS n(nodo)
  )
  SELECT n.anexo_id, n.fecha, n.periodo, n.lado, n.nodo,
    (SELECT pn.precio FROM precios_nodo pn JOIN versiones v ON v.version = pn.version
      WHERE pn.nodo = n.nodo AND pn.fecha = n.fecha AND pn.periodo = n.periodo ORDER BY v.orden LIMIT 1),
    (SELECT fp.fpn FROM factores_perdida fp JOIN versiones v ON v.version = fp.version
      WHERE fp.nodo = n.nodo AND fp.fecha = n.fecha AND fp.periodo = n.periodo ORDER BY v.orden LIMIT 1),
    CASE WHEN n.lado = 'pmi' THEN
      (SELECT sum(cp.tasa) FROM cargos_pais cp WHERE cp.pais = split_part(n.nodo, '-', 1) AND cp.concepto = 'MMi'
        AND n.fecha >= cp.vigente_desde AND (cp.vigente_hasta IS NULL OR n.fecha <= cp.vigente_hasta)) END,
    CASE WHEN n.lado = 'pmi' THEN
      (SELECT sum(cp.tasa) FROM cargos_pais cp WHERE cp.pais = split_part(n.nodo, '-', 1) AND cp.concepto = 'peaje_principal'
        AND n.fecha >= cp.vigente_desde AND (cp.vigente_hasta IS NULL OR n.fecha <= cp.vigente_hasta)) END,
    CASE WHEN n.lado = 'pmr' THEN
      (SELECT sum(cp.tasa) FROM cargos_pais cp WHERE cp.pais = split_part(n.nodo, '-', 1) AND cp.concepto = 'MMr'
        AND n.fecha >= cp.vigente_desde AND (cp.vigente_hasta IS NULL OR n.fecha <= cp.vigente_hasta)) END
  FROM nodos n
$$;
--> statement-breakpoint
-- What a settlement of (contract, month, version) lacks, one line per kind, key and date, in
-- order: `energia` (key: the annex id), `precio` (the node), `fpn` (a withdrawal node; only
-- when the annex's FPN share is > 0), `cargo` (country:kind, a whole day; only when the share
-- that uses it is > 0), `tipo_cambio` (MXN, a day of a Mexican contract with no FIX on or
-- before it), `nodos` (pmi or pmr: the annex and the contract list none). `periodos` lists the
-- hours missing; NULL for what is kept by day. CFD settles no charges nor FPN (needs none).
CREATE OR REPLACE FUNCTION faltantes_liquidacion(p_contrato_id integer, p_anio integer, p_mes integer, p_version text)
RETURNS TABLE (tipo text, clave text, fecha date, periodos integer[])
LANGUAGE sql STABLE SET jit = off AS $$
  WITH h AS (SELECT * FROM liquidacion_horas(p_contrato_id, p_anio, p_mes)),
  n AS (
    SELECT n.*, h.tipo_contrato, h.a_mmi, h.a_peaje, h.a_mmr, h.a_fpn
    FROM liquidacion_nodos(p_contrato_id, p_anio, p_mes, p_version) n
    JOIN h ON h.anexo_id = n.anexo_id AND h.fecha = n.fecha AND h.periodo = n.periodo
  ),
  falta AS (
    SELECT 'energia'::text AS tipo, h.anexo_id::text AS clave, h.fecha, h.periodo::integer AS periodo
    FROM h
    WHERE NOT EXISTS (
      SELECT 1 FROM energia_anexo e
      WHERE e.anexo_id = h.anexo_id AND e.fecha = h.fecha AND e.periodo = h.periodo
        AND (e.version = p_version OR (p_version = 'CD' AND e.version = 'DF')))
    UNION ALL
    SELECT 'nodos', 'pmi', h.fecha, NULL FROM h WHERE cardinality(h.pmi) = 0
    UNION ALL
    SELECT 'nodos', 'pmr', h.fecha, NULL FROM h WHERE cardinality(h.pmr) = 0
    UNION ALL
    SELECT 'precio', n.nodo, n.fecha, n.periodo FROM n WHERE n.precio IS NULL
    UNION ALL
    SELECT 'fpn', n.nodo, n.fecha, n.periodo FROM n
    WHERE n.lado = 'pmr' AND n.fpn IS NULL AND n.a_fpn > 0 AND n.tipo_contrato <> 'CFD'
    UNION ALL
    SELECT 'cargo', split_part(n.nodo, '-', 1) || ':MMi', n.fecha, NULL FROM n
    WHERE n.lado = 'pmi' AND n.tasa_mmi IS NULL AND n.a_mmi > 0 AND n.tipo_contrato <> 'CFD'
    UNION ALL
    SELECT 'cargo', split_part(n.nodo, '-', 1) || ':peaje_principal', n.fecha, NULL FROM n
    WHERE n.lado = 'pmi' AND n.tasa_peaje IS NULL AND n.a_peaje > 0 AND n.tipo_contrato <> 'CFD'
    UNION ALL
    SELECT 'cargo', split_part(n.nodo, '-', 1) || ':MMr', n.fecha, NULL FROM n
    WHERE n.lado = 'pmr' AND n.tasa_mmr IS NULL AND n.a_mmr > 0 AND n.tipo_contrato <> 'CFD'
    UNION ALL
    SELECT 'tipo_cambio', 'MXN', h.fecha, NULL FROM h
    WHERE h.sucursal = 'MX' AND NOT EXISTS (SELECT 1 FROM tipos_cambio tc WHERE tc.fecha <= h.fecha)
  )
  SELECT f.tipo, f.clave, f.fecha,
         array_agg(DISTINCT f.periodo ORDER BY f.periodo) FILTER (WHERE f.periodo IS NOT NULL)
  FROM falta f
  GROUP BY f.tipo, f.clave, f.fecha
  ORDER BY f.tipo, f.clave, f.fecha
$$;
--> statement-breakpoint
-- Computes a preliminary settlement: its rows replaced (DELETE, then one INSERT ... SELECT) and
-- its totals set to the exact sums of the new rows, all inside the caller's transaction.
-- Rounding: each money column of a row is rounded once to the cent (round(numeric, 2), half away
-- from zero) from its exact value; energy and invoice are exact sums of their rounded parts;
-- totals are exact sums of rounded rows. A validated settlement is refused (LQ001, as the
-- triggers do); a settlement whose data is not all there is refused (LQ002: nothing written).
-- Answers the number of rows written. Both entry points run without JIT: the planner cannot
-- tell how few hours generate_series yields, its estimate crosses the JIT threshold, and
-- compiling costs a PostgreSQL server seconds for a query that runs in milliseconds.
CREATE OR REPLACE FUNCTION calcular_liquidacion(p_liquidacion_id integer, p_usuario text) RETURNS integer
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  l liquidaciones%ROWTYPE;
  faltan integer;
  escritas integer;
BEGIN
  SELECT * INTO l FROM liquidaciones WHERE id = p_liquidacion_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'liquidaciones %: no such settlement', p_liquidacion_id USING ERRCODE = 'P0002';
  END IF;
  IF l.estado = 'validada' THEN
    RAISE EXCEPTION 'liquidaciones %: a validated settlement is final: compute refused', l.id USING ERRCODE = 'LQ001';
  END IF;
  SELECT count(*) INTO faltan FROM faltantes_liquidacion(l.contrato_id, l.anio, l.mes, l.version_liquidacion);
  IF faltan > 0 THEN
    RAISE EXCEPTION 'liquidaciones %: % kinds of data missing', l.id, faltan USING ERRCODE = 'LQ002';
  END IF;

  DELETE FROM liquidacion_filas WHERE liquidacion_id = l.id;

  INSERT INTO liquidacion_filas (
    liquidacion_id, anexo_id, fecha, periodo, energia_fisica_mwh, energia_flex_mwh, energia_total_mwh,
    precio_inyeccion, precio_retiro, fpn, cargos_mmi, cargos_mmr, cmorc, liquidacion_fisica, liquidacion_flex,
    liquidacion_fpn, liquidacion_energia, liquidacion_potencia, fee, margen, factura, tipo_cambio,
    liquidacion_energia_mxn, liquidacion_potencia_mxn, fee_mxn, cargos_mmi_mxn, cargos_mmr_mxn, factura_mxn)
  WITH h AS (SELECT * FROM liquidacion_horas(l.contrato_id, l.anio, l.mes)),
  -- Several nodes on a side: the plain mean of their prices, loss factors and rates (not rounded).
  x AS (
    SELECT n.anexo_id, n.fecha, n.periodo,
           avg(n.precio) FILTER (WHERE n.lado = 'pmi') AS pi,
           avg(n.precio) FILTER (WHERE n.lado = 'pmr') AS pr,
           avg(n.fpn) FILTER (WHERE n.lado = 'pmr') AS fpn,
           avg(n.tasa_mmi) FILTER (WHERE n.lado = 'pmi') AS ci,
           avg(n.tasa_peaje) FILTER (WHERE n.lado = 'pmi') AS t,
           avg(n.tasa_mmr) FILTER (WHERE n.lado = 'pmr') AS cr
    FROM liquidacion_nodos(l.contrato_id, l.anio, l.mes, l.version_liquidacion) n
    GROUP BY n.anexo_id, n.fecha, n.periodo
  ),
  e AS (
    SELECT h.*, x.pi, x.pr, x.fpn, x.ci, x.t, x.cr, en.qp, en.qf, en.qp + en.qf AS qt,
           h.tipo_liquidacion IS DISTINCT FROM 'potencia' AS con_energia,
           h.tipo_liquidacion IS DISTINCT FROM 'energia' AS con_potencia,
           h.tipo_contrato <> 'CFD' AS con_cargos,
           CASE WHEN h.sucursal = 'MX' THEN
             (SELECT tc.tipo_cambio FROM tipos_cambio tc WHERE tc.fecha <= h.fecha ORDER BY tc.fecha DESC LIMIT 1)
           END AS tc
    FROM h
    JOIN x ON x.anexo_id = h.anexo_id AND x.fecha = h.fecha AND x.periodo = h.periodo
    CROSS JOIN LATERAL (
      SELECT ea.energia_fisica_mwh AS qp, ea.energia_flex_mwh AS qf
      FROM energia_anexo ea
      WHERE ea.anexo_id = h.anexo_id AND ea.fecha = h.fecha AND ea.periodo = h.periodo
        AND (ea.version = l.version_liquidacion OR (l.version_liquidacion = 'CD' AND ea.version = 'DF'))
      ORDER BY (ea.version = l.version_liquidacion) DESC LIMIT 1
    ) en
  ),
  -- The price rule of the contract type; a call-option price replaces the physical price.
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
        THEN round(p.qt * coalesce(p.ci, 0) * p.a_mmi + p.qt * coalesce(p.t, 0) * p.a_peaje, 2) ELSE 0.00 END AS mmi,
      CASE WHEN p.con_energia AND p.con_cargos THEN round(p.qt * coalesce(p.cr, 0) * p.a_mmr, 2) ELSE 0.00 END AS mmr,
      CASE WHEN p.con_energia THEN round(p.qf * p.pr, 2) ELSE 0.00 END AS cmorc,
      CASE WHEN p.con_energia THEN round(p.qp * p.pc, 2) ELSE 0.00 END AS fisica,
      CASE WHEN p.con_energia THEN round(p.qf * p.pflex, 2) ELSE 0.00 END AS flex,
      CASE WHEN p.con_energia AND p.con_cargos
        THEN round(p.qt * p.pr * (coalesce(p.fpn, 1) - 1) * p.a_fpn, 2) ELSE 0.00 END AS liq_fpn,
      CASE WHEN p.con_potencia AND p.precio_potencia IS NOT NULL
        THEN round(p.kw * p.precio_potencia / p.horas_mes, 2) ELSE 0.00 END AS potencia,
      CASE WHEN p.con_energia THEN round(p.qt * p.fee, 2) ELSE 0.00 END AS cargo_fee
    FROM p
  ),
  s AS (SELECT r.*, r.fisica + r.flex + r.liq_fpn AS energia FROM r),
  f AS (
    SELECT s.*, round(s.m * s.energia, 2) AS margen, s.energia + s.potencia + s.cargo_fee + s.mmi + s.mmr AS factura,
           round(s.energia * s.tc, 2) AS energia_mxn, round(s.potencia * s.tc, 2) AS potencia_mxn,
           round(s.cargo_fee * s.tc, 2) AS fee_mxn, round(s.mmi * s.tc, 2) AS mmi_mxn, round(s.mmr * s.tc, 2) AS mmr_mxn
    FROM s
  )
  SELECT l.id, f.anexo_id, f.fecha, f.periodo, f.qp, f.qf, f.qt, f.pi, f.pr, f.fpn, f.mmi, f.mmr, f.cmorc,
         f.fisica, f.flex, f.liq_fpn, f.energia, f.potencia, f.cargo_fee, f.margen, f.factura, f.tc,
         f.energia_mxn, f.potencia_mxn, f.fee_mxn, f.mmi_mxn, f.mmr_mxn,
         f.energia_mxn + f.potencia_mxn + f.fee_mxn + f.mmi_mxn + f.mmr_mxn
  FROM f;
  GET DIAGNOSTICS escritas = ROW_COUNT;

  -- Totals: exact sums of the rounded rows. TOP adds the month's take-or-pay shortfall line
  -- (the contract's `energia` as the monthly minimum, at the fixed price of the last annex in
  -- force in the month, else the contract's), part of the invoice amount.
  WITH filas AS (SELECT * FROM liquidacion_filas WHERE liquidacion_id = l.id),
  totales AS (
    SELECT coalesce(sum(energia_total_mwh), 0) AS mwh, coalesce(sum(cargos_mmi), 0) AS mmi,
           coalesce(sum(cargos_mmr), 0) AS mmr, coalesce(sum(cmorc), 0) AS cmorc,
           coalesce(sum(liquidacion_energia), 0) AS energia, coalesce(sum(liquidacion_potencia), 0) AS potencia,
           coalesce(sum(fee), 0) AS fee, coalesce(sum(margen), 0) AS margen, coalesce(sum(factura), 0) AS factura,
           sum(factura_mxn) AS factura_mxn
    FROM filas
  ),
  ultima AS (
    SELECT h.precio_fijo, h.sucursal,
           (SELECT tc.tipo_cambio FROM tipos_cambio tc WHERE tc.fecha <= h.fecha ORDER BY tc.fecha DESC LIMIT 1) AS tc
    FROM liquidacion_horas(l.contrato_id, l.anio, l.mes) h
    ORDER BY h.fecha DESC, h.anexo_id DESC LIMIT 1
  ),
  top AS (
    SELECT CASE WHEN c.tipo_contrato = 'TOP' AND c.tipo_liquidacion IS DISTINCT FROM 'potencia'
             THEN round(greatest(0, c.energia - t.mwh) * coalesce((SELECT u.precio_fijo FROM ultima u), c.precio_fijo), 2)
             ELSE 0.00 END AS importe
    FROM contratos c CROSS JOIN totales t WHERE c.id = l.contrato_id
  )
  UPDATE liquidaciones SET
    energia_total_mwh = t.mwh, cargos_mmi = t.mmi, cargos_mmr = t.mmr, cmorc = t.cmorc,
    liquidacion_energia = t.energia, liquidacion_potencia = t.potencia, fee = t.fee, margen = t.margen,
    take_or_pay = top.importe, factura = t.factura + top.importe,
    factura_mxn = t.factura_mxn + coalesce(round(top.importe * (SELECT u.tc FROM ultima u WHERE u.sucursal = 'MX'), 2), 0),
    calculada_por = p_usuario, calculada_en = now(), updated_by = p_usuario, updated_at = now(), version = liquidaciones.version + 1
  FROM totales t CROSS JOIN top
  WHERE liquidaciones.id = l.id;

  RETURN escritas;
END;
$$;
