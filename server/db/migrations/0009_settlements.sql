CREATE TABLE "cargos_pais" (
	"id" serial PRIMARY KEY NOT NULL,
	"pais" text NOT NULL,
	"concepto" text NOT NULL,
	"vigente_desde" date NOT NULL,
	"vigente_hasta" date,
	"tasa" numeric NOT NULL,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "cargos_pais_vigencia_unique" UNIQUE("pais","concepto","vigente_desde"),
	CONSTRAINT "cargos_pais_concepto_valid" CHECK ("cargos_pais"."concepto" in ('MMi', 'MMr', 'peaje_principal')),
	CONSTRAINT "cargos_pais_vigencia_orden" CHECK ("cargos_pais"."vigente_hasta" is null or "cargos_pais"."vigente_hasta" >= "cargos_pais"."vigente_desde"),
	CONSTRAINT "cargos_pais_tasa_non_negative" CHECK ("cargos_pais"."tasa" >= 0)
);
--> statement-breakpoint
CREATE TABLE "energia_anexo" (
	"anexo_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"periodo" smallint NOT NULL,
	"version" text NOT NULL,
	"energia_fisica_mwh" numeric NOT NULL,
	"energia_flex_mwh" numeric NOT NULL,
	"cargado_por" text,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "energia_anexo_pkey" PRIMARY KEY("anexo_id","fecha","periodo","version"),
	CONSTRAINT "energia_anexo_periodo_valid" CHECK ("energia_anexo"."periodo" between 1 and 24),
	CONSTRAINT "energia_anexo_version_valid" CHECK ("energia_anexo"."version" in ('PE', 'DF', 'CD')),
	CONSTRAINT "energia_anexo_energia_non_negative" CHECK ("energia_anexo"."energia_fisica_mwh" >= 0 and "energia_anexo"."energia_flex_mwh" >= 0)
);
--> statement-breakpoint
CREATE TABLE "factores_perdida" (
	"nodo" text NOT NULL,
	"fecha" date NOT NULL,
	"periodo" smallint NOT NULL,
	"version" text NOT NULL,
	"fpn" numeric NOT NULL,
	"cargado_por" text,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "factores_perdida_pkey" PRIMARY KEY("nodo","fecha","periodo","version"),
	CONSTRAINT "factores_perdida_periodo_valid" CHECK ("factores_perdida"."periodo" between 1 and 24),
	CONSTRAINT "factores_perdida_version_valid" CHECK ("factores_perdida"."version" in ('PE', 'DF', 'CD')),
	CONSTRAINT "factores_perdida_fpn_positive" CHECK ("factores_perdida"."fpn" > 0)
);
--> statement-breakpoint
CREATE TABLE "liquidacion_filas" (
	"liquidacion_id" integer NOT NULL,
	"anexo_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"periodo" smallint NOT NULL,
	"energia_fisica_mwh" numeric NOT NULL,
	"energia_flex_mwh" numeric NOT NULL,
	"energia_total_mwh" numeric NOT NULL,
	"precio_inyeccion" numeric,
	"precio_retiro" numeric,
	"fpn" numeric,
	"cargos_mmi" numeric NOT NULL,
	"cargos_mmr" numeric NOT NULL,
	"cmorc" numeric NOT NULL,
	"liquidacion_fisica" numeric NOT NULL,
	"liquidacion_flex" numeric NOT NULL,
	"liquidacion_fpn" numeric NOT NULL,
	"liquidacion_energia" numeric NOT NULL,
	"liquidacion_potencia" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"margen" numeric NOT NULL,
	"factura" numeric NOT NULL,
	"tipo_cambio" numeric,
	"factura_mxn" numeric,
	CONSTRAINT "liquidacion_filas_pkey" PRIMARY KEY("liquidacion_id","anexo_id","fecha","periodo"),
	CONSTRAINT "liquidacion_filas_periodo_valid" CHECK ("liquidacion_filas"."periodo" between 1 and 24),
	CONSTRAINT "liquidacion_filas_total" CHECK ("liquidacion_filas"."energia_total_mwh" = "liquidacion_filas"."energia_fisica_mwh" + "liquidacion_filas"."energia_flex_mwh")
);
--> statement-breakpoint
CREATE TABLE "liquidaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"contrato_id" integer NOT NULL,
	"anio" integer NOT NULL,
	"mes" smallint NOT NULL,
	"version_liquidacion" text NOT NULL,
	"reconciliacion" smallint DEFAULT 0 NOT NULL,
	"estado" text DEFAULT 'preliminar' NOT NULL,
	"energia_total_mwh" numeric DEFAULT '0' NOT NULL,
	"cargos_mmi" numeric DEFAULT '0' NOT NULL,
	"cargos_mmr" numeric DEFAULT '0' NOT NULL,
	"cmorc" numeric DEFAULT '0' NOT NULL,
	"liquidacion_energia" numeric DEFAULT '0' NOT NULL,
	"liquidacion_potencia" numeric DEFAULT '0' NOT NULL,
	"fee" numeric DEFAULT '0' NOT NULL,
	"margen" numeric DEFAULT '0' NOT NULL,
	"factura" numeric DEFAULT '0' NOT NULL,
	"factura_mxn" numeric,
	"calculada_por" text,
	"calculada_en" timestamp with time zone,
	"validada_por" text,
	"validada_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "liquidaciones_contrato_periodo_unique" UNIQUE("contrato_id","anio","mes","version_liquidacion","reconciliacion"),
	CONSTRAINT "liquidaciones_mes_valid" CHECK ("liquidaciones"."mes" between 1 and 12),
	CONSTRAINT "liquidaciones_anio_valid" CHECK ("liquidaciones"."anio" between 2000 and 2999),
	CONSTRAINT "liquidaciones_version_valid" CHECK ("liquidaciones"."version_liquidacion" in ('PE', 'DF', 'CD')),
	CONSTRAINT "liquidaciones_estado_valid" CHECK ("liquidaciones"."estado" in ('preliminar', 'validada')),
	CONSTRAINT "liquidaciones_reconciliacion_valid" CHECK (("liquidaciones"."version_liquidacion" = 'CD' and "liquidaciones"."reconciliacion" >= 1) or ("liquidaciones"."version_liquidacion" <> 'CD' and "liquidaciones"."reconciliacion" = 0)),
	CONSTRAINT "liquidaciones_validacion_cuatro_ojos" CHECK ("liquidaciones"."estado" = 'preliminar' or ("liquidaciones"."validada_por" is not null and "liquidaciones"."validada_en" is not null
        and "liquidaciones"."validada_por" is distinct from "liquidaciones"."calculada_por"))
);
--> statement-breakpoint
CREATE TABLE "precios_nodo" (
	"nodo" text NOT NULL,
	"fecha" date NOT NULL,
	"periodo" smallint NOT NULL,
	"version" text NOT NULL,
	"precio" numeric NOT NULL,
	"cargado_por" text,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "precios_nodo_pkey" PRIMARY KEY("nodo","fecha","periodo","version"),
	CONSTRAINT "precios_nodo_periodo_valid" CHECK ("precios_nodo"."periodo" between 1 and 24),
	CONSTRAINT "precios_nodo_version_valid" CHECK ("precios_nodo"."version" in ('PE', 'DF', 'CD'))
);
--> statement-breakpoint
CREATE TABLE "tipos_cambio" (
	"fecha" date PRIMARY KEY NOT NULL,
	"tipo_cambio" numeric NOT NULL,
	"cargado_por" text,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tipos_cambio_positive" CHECK ("tipos_cambio"."tipo_cambio" > 0)
);
--> statement-breakpoint
ALTER TABLE "energia_anexo" ADD CONSTRAINT "energia_anexo_anexo_id_anexos_id_fk" FOREIGN KEY ("anexo_id") REFERENCES "public"."anexos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidacion_filas" ADD CONSTRAINT "liquidacion_filas_liquidacion_id_liquidaciones_id_fk" FOREIGN KEY ("liquidacion_id") REFERENCES "public"."liquidaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidacion_filas" ADD CONSTRAINT "liquidacion_filas_anexo_id_anexos_id_fk" FOREIGN KEY ("anexo_id") REFERENCES "public"."anexos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidaciones" ADD CONSTRAINT "liquidaciones_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "energia_anexo_fecha_idx" ON "energia_anexo" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "factores_perdida_fecha_idx" ON "factores_perdida" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "liquidacion_filas_anexo_idx" ON "liquidacion_filas" USING btree ("anexo_id");--> statement-breakpoint
CREATE INDEX "liquidaciones_periodo_idx" ON "liquidaciones" USING btree ("anio","mes");--> statement-breakpoint
CREATE INDEX "precios_nodo_fecha_idx" ON "precios_nodo" USING btree ("fecha");--> statement-breakpoint
-- A validated settlement is final (DOMAIN.md, Settlements): whatever the application code does,
-- the database refuses to change or remove it or its rows. The one change a settlement accepts
-- is its validation itself: preliminar -> validada, touching nothing but the state, who
-- validated and when, and the edit stamp. A correction is a new reconciliation (CD), never an
-- edit. The refusal carries SQLSTATE LQ001, which the server answers as a 409
-- (APP_ERR_SETTLEMENT_FINAL). Plain PL/pgSQL accepted by PostgreSQL 15 and PGlite.
CREATE OR REPLACE FUNCTION liquidaciones_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  unchanged liquidaciones%ROWTYPE;
BEGIN
  IF OLD.estado = 'validada' THEN
    RAISE EXCEPTION 'liquidaciones %: a validated settlement is final: % refused', OLD.id, TG_OP
      USING ERRCODE = 'LQ001';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.estado = 'validada' THEN
    unchanged := NEW;
    unchanged.estado := OLD.estado;
    unchanged.validada_por := OLD.validada_por;
    unchanged.validada_en := OLD.validada_en;
    unchanged.updated_at := OLD.updated_at;
    unchanged.updated_by := OLD.updated_by;
    unchanged.version := OLD.version;
    IF unchanged IS DISTINCT FROM OLD THEN
      RAISE EXCEPTION 'liquidaciones %: validation changes nothing but the state', OLD.id
        USING ERRCODE = 'LQ001';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER liquidaciones_final
  BEFORE UPDATE OR DELETE ON "liquidaciones"
  FOR EACH ROW EXECUTE FUNCTION liquidaciones_refuse_change();
--> statement-breakpoint
-- A row belongs to its settlement's fate: none is added to, changed in or removed from a
-- validated settlement (an update is checked against the settlement it leaves and the one it joins).
CREATE OR REPLACE FUNCTION liquidacion_filas_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM liquidaciones
    WHERE estado = 'validada'
      AND id IN (
        CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.liquidacion_id END,
        CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.liquidacion_id END
      )
  ) THEN
    RAISE EXCEPTION 'liquidacion_filas: the settlement is validated and final: % refused', TG_OP
      USING ERRCODE = 'LQ001';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER liquidacion_filas_final
  BEFORE INSERT OR UPDATE OR DELETE ON "liquidacion_filas"
  FOR EACH ROW EXECUTE FUNCTION liquidacion_filas_refuse_change();
--> statement-breakpoint
-- Reads that a process may keep (server/db/changes.ts) can depend on the settlements, the
-- country charges and the market data loaded for them: their changes are announced too.
CREATE TRIGGER liquidaciones_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "liquidaciones" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER cargos_pais_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cargos_pais" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER precios_nodo_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "precios_nodo" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER factores_perdida_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "factores_perdida" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER energia_anexo_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "energia_anexo" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER tipos_cambio_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tipos_cambio" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
