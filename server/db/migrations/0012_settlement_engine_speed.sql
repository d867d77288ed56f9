-- The settlement engine, the same formulas and the same amounts as 0011, reorganised for speed
-- (docs/settlements.md, "Speed"). 0011 looked up every node's price, loss factor and country
-- rates once per annex and hour (correlated subqueries: 1.1 million lookups for 500 annexes
-- in a 31-day month), although that data depends on the node and the hour, not on the annex.
-- Now it is read once per node and hour (a few thousand rows), averaged once per node profile
-- (the annexes' lists of injection and withdrawal nodes) and joined to the hours by hash; the
-- charge rates are summed once per country and day, the exchange rate looked up once per day.
-- What 0012 no longer uses is dropped: liquidacion_horas, and the per-row trigger of
-- liquidacion_filas (liquidacion_filas_refuse_change), replaced by per-statement triggers.
-- Layers: the annexes in force with their parameters (liquidacion_anexos), the market data
-- per node and hour (liquidacion_nodos), what is missing (faltantes_mercado, and with the
-- hours' energy faltantes_liquidacion), the rows (liquidacion_calculo) and the engine that
-- stores them (calcular_liquidacion).
DROP FUNCTION IF EXISTS liquidacion_nodos(integer, integer, integer, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS liquidacion_horas(integer, integer, integer);
--> statement-breakpoint
-- The annexes of the contract in force in the month, one row each: the days they are in force
-- in it (both ends included), the annex's parameters before the contract's (COALESCE; an empty
-- node list means the contract's), percentages as fractions (exact, their trailing zeros
-- trimmed: 50 / 100 is 0.5, not 0.50000000000000000000, which every product of a row would
-- carry and multiply digit by digit), the contracted power in kW (the power price is per
-- kW-month), `perfil`, a number per distinct pair of node lists, and
-- `potencia`, the power settlement of each of its hours (the same every hour: kW x price /
-- hours in the month, to the cent; 0 when the contract settles no power or the annex has no
-- power price).
CREATE OR REPLACE FUNCTION liquidacion_anexos(p_contrato_id integer, p_anio integer, p_mes integer)
RETURNS TABLE (
  anexo_id integer, desde date, hasta date, horas_mes integer, perfil bigint,
  tipo_contrato text, sucursal text, tipo_liquidacion text, energia_minima numeric,
  pmi text[], pmr text[], precio_fijo numeric, poc numeric, fee numeric, m numeric,
  kw numeric, precio_potencia numeric, piso numeric, precio_opcion_compra numeric,
  a_mmi numeric, a_peaje numeric, a_mmr numeric, a_fpn numeric, potencia numeric
)
LANGUAGE sql STABLE AS $$
  WITH mes AS (
    SELECT make_date(p_anio, p_mes, 1) AS primero,
           (make_date(p_anio, p_mes, 1) + interval '1 month' - interval '1 day')::date AS ultimo
  ),
  a AS (
    SELECT a.id, greatest(a.fecha_inicio, mes.primero) AS desde, least(a.fecha_fin, mes.ultimo) AS hasta,
           (extract(day from mes.ultimo))::integer * 24 AS horas_mes,
           c.tipo_contrato, c.sucursal, c.tipo_liquidacion, c.energia,
           CASE WHEN cardinality(a.pmi) > 0 THEN a.pmi ELSE c.pmi END AS pmi,
           CASE WHEN cardinality(a.pmr) > 0 THEN a.pmr ELSE c.pmr END AS pmr,
           coalesce(a.precio_fijo, c.precio_fijo) AS precio_fijo, coalesce(a.poc, c.poc) AS poc,
           coalesce(a.fee, c.fee) AS fee, trim_scale(coalesce(a.margen_pct, c.margen) / 100) AS m,
           a.potencia_contratada * CASE a.unidad_potencia WHEN 'MW' THEN 1000 ELSE 1 END AS kw,
           a.precio_potencia, a.precio_referencia, a.precio_opcion_compra,
           trim_scale(coalesce(a.pct_cargos_mmi, 0) / 100) AS a_mmi, trim_scale(coalesce(a.pct_peaje_principal, 0) / 100) AS a_peaje,
           trim_scale(coalesce(a.pct_cargos_mmr, 0) / 100) AS a_mmr, trim_scale(coalesce(a.pct_fpn, 0) / 100) AS a_fpn
    FROM mes
    JOIN contratos c ON c.id = p_contrato_id
    JOIN anexos a ON a.contrato_id = c.id
    WHERE greatest(a.fecha_inicio, mes.primero) <= least(a.fecha_fin, mes.ultimo)
  )
  SELECT a.id, a.desde, a.hasta, a.horas_mes, dense_rank() OVER (ORDER BY a.pmi, a.pmr),
         a.tipo_contrato, a.sucursal, a.tipo_liquidacion, a.energia, a.pmi, a.pmr,
         a.precio_fijo, a.poc, a.fee, a.m, a.kw, a.precio_potencia, a.precio_referencia, a.precio_opcion_compra,
         a.a_mmi, a.a_peaje, a.a_mmr, a.a_fpn,
         CASE WHEN a.tipo_liquidacion IS DISTINCT FROM 'energia' AND a.precio_potencia IS NOT NULL
           THEN round(a.kw * a.precio_potencia / a.horas_mes, 2) ELSE 0.00 END
  FROM a
$$;
--> statement-breakpoint
-- The market data of every node the annexes list, for each day of the month and period: the
-- node's price and loss factor of the version (a CD reads the CD's where there is one, else
-- the DF's), and the charge rates of the node's country on the date (the country is the node
-- code's prefix, `GT-ESC-230` is GT): the MMi rate and the main toll on the injection side
-- (`pmi`), the MMr rate on the withdrawal side (`pmr`); several rates of one kind in force the
-- same day add up. NULL is missing.
CREATE OR REPLACE FUNCTION liquidacion_nodos(p_contrato_id integer, p_anio integer, p_mes integer, p_version text)
RETURNS TABLE (
  lado text, nodo text, fecha date, periodo smallint,
  precio numeric, fpn numeric, tasa_mmi numeric, tasa_peaje numeric, tasa_mmr numeric
)
LANGUAGE sql STABLE AS $$
  -- The days as a series of integers: the planner knows how many (a series of dates it
  -- guesses at 1000, and then misjudges every join above).
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
  tasas AS (
    SELECT cp.pais, d.fecha,
           sum(cp.tasa) FILTER (WHERE cp.concepto = 'MMi') AS mmi,
           sum(cp.tasa) FILTER (WHERE cp.concepto = 'peaje_principal') AS peaje,
           sum(cp.tasa) FILTER (WHERE cp.concepto = 'MMr') AS mmr
    FROM cargos_pais cp
    JOIN dias d ON d.fecha >= cp.vigente_desde AND (cp.vigente_hasta IS NULL OR d.fecha <= cp.vigente_hasta)
    WHERE cp.pais IN (SELECT split_part(u.nodo, '-', 1) FROM usados u)
    GROUP BY cp.pais, d.fecha
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
--> statement-breakpoint
-- What a settlement of (contract, month, version) lacks besides the hours' energy, one line per
-- kind, key and date: `precio` (the node), `fpn` (a withdrawal node; only when the FPN share of
-- an annex listing it is > 0), `cargo` (country:kind, a whole day; only when the share that
-- uses it is > 0), `tipo_cambio` (MXN, a day of a Mexican contract with no FIX on or before
-- it), `nodos` (pmi or pmr: the annex and the contract list none). `periodos` lists the hours
-- missing; NULL for what is kept by day. CFD settles no charges nor FPN (needs none). Checked
-- once per node and day an annex in force lists it (what it needs is or-ed over those
-- annexes): a few thousand rows, so the engine runs it before computing.
CREATE OR REPLACE FUNCTION faltantes_mercado(p_contrato_id integer, p_anio integer, p_mes integer, p_version text)
RETURNS TABLE (tipo text, clave text, fecha date, periodos integer[])
LANGUAGE sql STABLE AS $$
  -- Annexes alike in what they need (nodes, days, shares above 0) count once: a contract's
  -- hundreds of annexes are usually a handful of kinds.
  WITH a AS (
    SELECT DISTINCT a.desde, a.hasta, a.pmi, a.pmr, a.sucursal,
           a.a_fpn > 0 AND a.tipo_contrato <> 'CFD' AS con_fpn, a.a_mmi > 0 AND a.tipo_contrato <> 'CFD' AS con_mmi,
           a.a_peaje > 0 AND a.tipo_contrato <> 'CFD' AS con_peaje, a.a_mmr > 0 AND a.tipo_contrato <> 'CFD' AS con_mmr
    FROM liquidacion_anexos(p_contrato_id, p_anio, p_mes) a
  ),
  dias AS (
    SELECT a.*, d.dia::date AS fecha
    FROM a CROSS JOIN LATERAL generate_series(a.desde::timestamp, a.hasta::timestamp, interval '1 day') AS d(dia)
  ),
  necesita AS (
    SELECT u.lado, u.nodo, d.fecha,
           bool_or(u.lado = 'pmr' AND d.con_fpn) AS fpn, bool_or(u.lado = 'pmi' AND d.con_mmi) AS mmi,
           bool_or(u.lado = 'pmi' AND d.con_peaje) AS peaje, bool_or(u.lado = 'pmr' AND d.con_mmr) AS mmr
    FROM dias d
    CROSS JOIN LATERAL (
      SELECT 'pmi'::text AS lado, n.nodo FROM unnest(d.pmi) AS n(nodo)
      UNION ALL
      SELECT 'pmr'::text, n.nodo FROM unnest(d.pmr) AS n(nodo)
    ) u
    GROUP BY u.lado, u.nodo, d.fecha
  ),
  n AS (
    SELECT n.*, x.fpn AS necesita_fpn, x.mmi AS necesita_mmi, x.peaje AS necesita_peaje, x.mmr AS necesita_mmr
    FROM liquidacion_nodos(p_contrato_id, p_anio, p_mes, p_version) n
    JOIN necesita x ON x.lado = n.lado AND x.nodo = n.nodo AND x.fecha = n.fecha
  ),
  falta AS (
    SELECT 'nodos'::text AS tipo, 'pmi'::text AS clave, d.fecha, NULL::integer AS periodo FROM dias d WHERE cardinality(d.pmi) = 0
    UNION ALL
    SELECT 'nodos', 'pmr', d.fecha, NULL FROM dias d WHERE cardinality(d.pmr) = 0
    UNION ALL
    SELECT 'precio', n.nodo, n.fecha, n.periodo FROM n WHERE n.precio IS NULL
    UNION ALL
    SELECT 'fpn', n.nodo, n.fecha, n.periodo FROM n WHERE n.necesita_fpn AND n.fpn IS NULL
    UNION ALL
    SELECT 'cargo', split_part(n.nodo, '-', 1) || ':MMi', n.fecha, NULL FROM n WHERE n.necesita_mmi AND n.tasa_mmi IS NULL
    UNION ALL
    SELECT 'cargo', split_part(n.nodo, '-', 1) || ':peaje_principal', n.fecha, NULL FROM n WHERE n.necesita_peaje AND n.tasa_peaje IS NULL
    UNION ALL
    SELECT 'cargo', split_part(n.nodo, '-', 1) || ':MMr', n.fecha, NULL FROM n WHERE n.necesita_mmr AND n.tasa_mmr IS NULL
    UNION ALL
    SELECT 'tipo_cambio', 'MXN', d.fecha, NULL FROM dias d
    WHERE d.sucursal = 'MX' AND NOT EXISTS (SELECT 1 FROM tipos_cambio tc WHERE tc.fecha <= d.fecha)
  )
  SELECT f.tipo, f.clave, f.fecha,
         array_agg(DISTINCT f.periodo ORDER BY f.periodo) FILTER (WHERE f.periodo IS NOT NULL)
  FROM falta f
  GROUP BY f.tipo, f.clave, f.fecha
$$;
--> statement-breakpoint
-- What a settlement of (contract, month, version) lacks, one line per kind, key and date, in
-- order: `energia` (key: the annex id; an hour of an annex in force with no energy of the
-- version: a CD reads the CD's where there is one, else the DF's), then what
-- faltantes_mercado lists. `periodos` lists the hours missing; NULL for what is kept by day.
CREATE OR REPLACE FUNCTION faltantes_liquidacion(p_contrato_id integer, p_anio integer, p_mes integer, p_version text)
RETURNS TABLE (tipo text, clave text, fecha date, periodos integer[])
LANGUAGE sql STABLE SET jit = off AS $$
  WITH energia AS (
    SELECT a.anexo_id, d.dia::date AS fecha, p.periodo
    FROM liquidacion_anexos(p_contrato_id, p_anio, p_mes) a
    CROSS JOIN LATERAL generate_series(a.desde::timestamp, a.hasta::timestamp, interval '1 day') AS d(dia)
    CROSS JOIN generate_series(1, 24) AS p(periodo)
    WHERE NOT EXISTS (
      SELECT 1 FROM energia_anexo e
      WHERE e.anexo_id = a.anexo_id AND e.fecha = d.dia::date AND e.periodo = p.periodo
        AND (e.version = p_version OR (p_version = 'CD' AND e.version = 'DF')))
  )
  SELECT f.tipo, f.clave, f.fecha, f.periodos
  FROM (
    SELECT 'energia'::text AS tipo, e.anexo_id::text AS clave, e.fecha, array_agg(e.periodo ORDER BY e.periodo) AS periodos
    FROM energia e GROUP BY e.anexo_id, e.fecha
    UNION ALL
    SELECT m.tipo, m.clave, m.fecha, m.periodos FROM faltantes_mercado(p_contrato_id, p_anio, p_mes, p_version) m
  ) f
  ORDER BY f.tipo, f.clave, f.fecha
$$;
--> statement-breakpoint
-- The rows of a settlement of (contract, month, version), in key order, computed per the
-- formulas of docs/settlements.md, "The row: formulas". Rounding: each money column of a row
-- is rounded once to the cent (round(numeric, 2), half away from zero) from its exact value;
-- energy and invoice are exact sums of their rounded parts. One row per hour of an annex in
-- force that has its energy; meaningful when faltantes_mercado finds nothing missing
-- (calcular_liquidacion checks it first, and counts the rows against the hours).
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
           en.fecha, en.periodo, en.hora, en.qp, en.qf
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
        THEN round(p.qt * coalesce(p.ci, 0) * p.a_mmi + p.qt * coalesce(p.t, 0) * p.a_peaje, 2) ELSE 0.00 END AS mmi,
      CASE WHEN p.con_energia AND p.con_cargos THEN round(p.qt * coalesce(p.cr, 0) * p.a_mmr, 2) ELSE 0.00 END AS mmr,
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
--> statement-breakpoint
-- Computes a preliminary settlement: its rows replaced (DELETE, then one INSERT ... SELECT of
-- liquidacion_calculo, whose rows come in key order so the primary key grows at one end) and
-- its totals set, in the same statement, to the exact sums of the rows inserted, all inside
-- the caller's transaction. A validated settlement is refused (LQ001, as the triggers do); a
-- settlement whose data is not all there is refused (LQ002, nothing written): the market data
-- is checked first (faltantes_mercado), the energy by counting the rows written, one per hour
-- of the annexes in force when every hour has its energy (an hour without is not computed).
-- The rows are walked once. Answers the number of rows written. Both entry points run
-- without JIT: the planner cannot tell how few hours generate_series yields, its estimate
-- crosses the JIT threshold, and compiling costs a PostgreSQL server seconds for a query that
-- runs in milliseconds. Merge joins are off: misled by the same estimates, the planner would
-- sort the month's hours to merge them with the few hundred rows of market data, where a
-- hash of those few hundred keeps the hours in key order at no cost.
CREATE OR REPLACE FUNCTION calcular_liquidacion(p_liquidacion_id integer, p_usuario text) RETURNS integer
LANGUAGE plpgsql SET jit = off SET enable_mergejoin = off AS $$
DECLARE
  l liquidaciones%ROWTYPE;
  faltan integer;
  horas integer;
  escritas integer;
BEGIN
  SELECT * INTO l FROM liquidaciones WHERE id = p_liquidacion_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'liquidaciones %: no such settlement', p_liquidacion_id USING ERRCODE = 'P0002';
  END IF;
  IF l.estado = 'validada' THEN
    RAISE EXCEPTION 'liquidaciones %: a validated settlement is final: compute refused', l.id USING ERRCODE = 'LQ001';
  END IF;
  SELECT count(*) INTO faltan FROM faltantes_mercado(l.contrato_id, l.anio, l.mes, l.version_liquidacion);
  IF faltan > 0 THEN
    RAISE EXCEPTION 'liquidaciones %: % kinds of data missing', l.id, faltan USING ERRCODE = 'LQ002';
  END IF;
  SELECT coalesce(sum((a.hasta - a.desde + 1) * 24), 0) INTO horas FROM liquidacion_anexos(l.contrato_id, l.anio, l.mes) a;

  DELETE FROM liquidacion_filas WHERE liquidacion_id = l.id;

  -- Totals: exact sums of the rounded rows. TOP adds the month's take-or-pay shortfall line
  -- (the contract's `energia` as the monthly minimum, at the fixed price of the last annex in
  -- force in the month, else the contract's), part of the invoice amount.
  WITH filas AS (
    INSERT INTO liquidacion_filas (
      liquidacion_id, anexo_id, fecha, periodo, energia_fisica_mwh, energia_flex_mwh, energia_total_mwh,
      precio_inyeccion, precio_retiro, fpn, cargos_mmi, cargos_mmr, cmorc, liquidacion_fisica, liquidacion_flex,
      liquidacion_fpn, liquidacion_energia, liquidacion_potencia, fee, margen, factura, tipo_cambio,
      liquidacion_energia_mxn, liquidacion_potencia_mxn, fee_mxn, cargos_mmi_mxn, cargos_mmr_mxn, factura_mxn)
    SELECT l.id, c.*
    FROM liquidacion_calculo(l.contrato_id, l.anio, l.mes, l.version_liquidacion) c
    RETURNING energia_total_mwh, cargos_mmi, cargos_mmr, cmorc, liquidacion_energia, liquidacion_potencia,
              fee, margen, factura, factura_mxn
  ),
  totales AS (
    SELECT count(*) AS filas,
           coalesce(sum(energia_total_mwh), 0) AS mwh, coalesce(sum(cargos_mmi), 0) AS mmi,
           coalesce(sum(cargos_mmr), 0) AS mmr, coalesce(sum(cmorc), 0) AS cmorc,
           coalesce(sum(liquidacion_energia), 0) AS energia, coalesce(sum(liquidacion_potencia), 0) AS potencia,
           coalesce(sum(fee), 0) AS fee, coalesce(sum(margen), 0) AS margen, coalesce(sum(factura), 0) AS factura,
           sum(factura_mxn) AS factura_mxn
    FROM filas
  ),
  ultima AS (
    SELECT a.precio_fijo, a.sucursal,
           (SELECT tc.tipo_cambio FROM tipos_cambio tc WHERE tc.fecha <= a.hasta ORDER BY tc.fecha DESC LIMIT 1) AS tc
    FROM liquidacion_anexos(l.contrato_id, l.anio, l.mes) a
    ORDER BY a.hasta DESC, a.anexo_id DESC LIMIT 1
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
  WHERE liquidaciones.id = l.id
  RETURNING t.filas INTO escritas;
  IF escritas < horas THEN
    RAISE EXCEPTION 'liquidaciones %: energy missing for % hours', l.id, horas - escritas USING ERRCODE = 'LQ002';
  END IF;

  RETURN escritas;
END;
$$;
--> statement-breakpoint
-- A row belongs to its settlement's fate (0009): none is added to, changed in or removed from
-- a validated settlement (an update is checked against the settlement it leaves and the one it
-- joins). Checked once per statement over the rows it touched (transition tables) rather than
-- once per row: the same refusal (LQ001, the statement undone), without a lookup per row when
-- the engine writes a month of them.
CREATE OR REPLACE FUNCTION liquidacion_filas_refuse_change_set() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  final boolean;
BEGIN
  -- One query per operation: a statement only has the transition tables of its own operation.
  IF TG_OP = 'INSERT' THEN
    final := EXISTS (SELECT 1 FROM liquidaciones WHERE estado = 'validada' AND id IN (SELECT liquidacion_id FROM filas_nuevas));
  ELSIF TG_OP = 'UPDATE' THEN
    final := EXISTS (SELECT 1 FROM liquidaciones WHERE estado = 'validada'
                       AND (id IN (SELECT liquidacion_id FROM filas_nuevas) OR id IN (SELECT liquidacion_id FROM filas_viejas)));
  ELSE
    final := EXISTS (SELECT 1 FROM liquidaciones WHERE estado = 'validada' AND id IN (SELECT liquidacion_id FROM filas_viejas));
  END IF;
  IF final THEN
    RAISE EXCEPTION 'liquidacion_filas: the settlement is validated and final: % refused', TG_OP
      USING ERRCODE = 'LQ001';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS liquidacion_filas_final ON "liquidacion_filas";
--> statement-breakpoint
DROP FUNCTION IF EXISTS liquidacion_filas_refuse_change();
--> statement-breakpoint
CREATE TRIGGER liquidacion_filas_final_insert
  AFTER INSERT ON "liquidacion_filas" REFERENCING NEW TABLE AS filas_nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION liquidacion_filas_refuse_change_set();
--> statement-breakpoint
CREATE TRIGGER liquidacion_filas_final_update
  AFTER UPDATE ON "liquidacion_filas" REFERENCING OLD TABLE AS filas_viejas NEW TABLE AS filas_nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION liquidacion_filas_refuse_change_set();
--> statement-breakpoint
CREATE TRIGGER liquidacion_filas_final_delete
  AFTER DELETE ON "liquidacion_filas" REFERENCING OLD TABLE AS filas_viejas
  FOR EACH STATEMENT EXECUTE FUNCTION liquidacion_filas_refuse_change_set();
