-- An invoicing record that the lifecycle holds final (a requested or issued document, its lines,
-- a payment) is refused with its own SQLSTATE, IV001, so the caller is told about the invoice
-- and not about a validated settlement (LQ001). Same functions as 0016, only the code changes.
CREATE OR REPLACE FUNCTION facturas_solo_avanza() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  orden constant text[] := ARRAY['GUARDADO', 'SOLICITADO', 'FACTURADO', 'CONCILIADO'];
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.estado <> 'GUARDADO' THEN
      RAISE EXCEPTION 'facturas %: only a draft is deleted', OLD.id USING ERRCODE = 'IV001';
    END IF;
    RETURN OLD;
  END IF;
  IF array_position(orden, NEW.estado) < array_position(orden, OLD.estado) THEN
    RAISE EXCEPTION 'facturas %: % cannot go back to %', OLD.id, OLD.estado, NEW.estado USING ERRCODE = 'IV001';
  END IF;
  IF OLD.estado <> 'GUARDADO' AND (
    (NEW.tipo_documento, NEW.sentido, NEW.liquidacion_id, NEW.factura_origen_id, NEW.contrato_id, NEW.empresa_id,
     NEW.contrato_codigo, NEW.razon_social, NEW.nit, NEW.direccion, NEW.incoterm, NEW.pais, NEW.anio, NEW.mes,
     NEW.descripcion, NEW.energia_mwh, NEW.precio_unitario, NEW.subtotal, NEW.descuento_pct, NEW.descuento,
     NEW.ajuste, NEW.tasa_iva, NEW.iva, NEW.total, NEW.moneda, NEW.tipo_cambio, NEW.solicitado_por, NEW.solicitado_en)
    IS DISTINCT FROM
    (OLD.tipo_documento, OLD.sentido, OLD.liquidacion_id, OLD.factura_origen_id, OLD.contrato_id, OLD.empresa_id,
     OLD.contrato_codigo, OLD.razon_social, OLD.nit, OLD.direccion, OLD.incoterm, OLD.pais, OLD.anio, OLD.mes,
     OLD.descripcion, OLD.energia_mwh, OLD.precio_unitario, OLD.subtotal, OLD.descuento_pct, OLD.descuento,
     OLD.ajuste, OLD.tasa_iva, OLD.iva, OLD.total, OLD.moneda, OLD.tipo_cambio, OLD.solicitado_por, OLD.solicitado_en)
  ) THEN
    RAISE EXCEPTION 'facturas %: a requested document is not edited (a correction is a note)', OLD.id USING ERRCODE = 'IV001';
  END IF;
  IF OLD.estado IN ('FACTURADO', 'CONCILIADO') AND (
    (NEW.numero, NEW.fecha_emision, NEW.fecha_vencimiento, NEW.archivo_fisica, NEW.archivo_flex, NEW.emitido_por, NEW.emitido_en)
    IS DISTINCT FROM
    (OLD.numero, OLD.fecha_emision, OLD.fecha_vencimiento, OLD.archivo_fisica, OLD.archivo_flex, OLD.emitido_por, OLD.emitido_en)
  ) THEN
    RAISE EXCEPTION 'facturas %: an issued document keeps its number, dates and files', OLD.id USING ERRCODE = 'IV001';
  END IF;
  IF NEW.pagado < OLD.pagado THEN
    RAISE EXCEPTION 'facturas %: what was paid is never taken back', OLD.id USING ERRCODE = 'IV001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION factura_lineas_fijas() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  estado_factura text;
BEGIN
  SELECT estado INTO estado_factura FROM facturas WHERE id = coalesce(NEW.factura_id, OLD.factura_id);
  IF estado_factura IS NOT NULL AND estado_factura <> 'GUARDADO' THEN
    RAISE EXCEPTION 'factura_lineas of %: a requested document is not edited', coalesce(NEW.factura_id, OLD.factura_id) USING ERRCODE = 'IV001';
  END IF;
  RETURN coalesce(NEW, OLD);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pagos_solo_anade() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'pagos %: a recorded payment is never changed', OLD.id USING ERRCODE = 'IV001';
END
$$;
