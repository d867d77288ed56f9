CREATE TABLE "agentes_importacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo_agente" text NOT NULL,
	"nombre" text NOT NULL,
	"planta" text NOT NULL,
	"combustible" text NOT NULL,
	"cv_usd_mwh" numeric NOT NULL,
	"mw_max" numeric NOT NULL,
	"vigente_desde" date NOT NULL,
	"vigente_hasta" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "agentes_importacion_vigencia_key" UNIQUE("codigo_agente","vigente_desde"),
	CONSTRAINT "agentes_importacion_combustible_check" CHECK ("agentes_importacion"."combustible" in ('bunker', 'diesel', 'carbon', 'gas', 'otro')),
	CONSTRAINT "agentes_importacion_valores_check" CHECK ("agentes_importacion"."cv_usd_mwh" >= 0 and "agentes_importacion"."mw_max" >= 0),
	CONSTRAINT "agentes_importacion_vigencia_check" CHECK ("agentes_importacion"."vigente_hasta" is null or "agentes_importacion"."vigente_hasta" >= "agentes_importacion"."vigente_desde")
);
--> statement-breakpoint
CREATE TABLE "bitacoras" (
	"id" serial PRIMARY KEY NOT NULL,
	"mercado" text NOT NULL,
	"fecha_operacion" date NOT NULL,
	"fecha_fin" date,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"numero" integer DEFAULT 1 NOT NULL,
	"enviada_en" timestamp with time zone,
	"enviada_por" text,
	"ejecucion_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bitacoras_numero_key" UNIQUE("mercado","fecha_operacion","numero"),
	CONSTRAINT "bitacoras_mercado_check" CHECK ("bitacoras"."mercado" in ('MER', 'MEX', 'SLV', 'AMM')),
	CONSTRAINT "bitacoras_estado_check" CHECK ("bitacoras"."estado" in ('borrador', 'enviada', 'reemplazada')),
	CONSTRAINT "bitacoras_rango_check" CHECK ("bitacoras"."fecha_fin" is null or ("bitacoras"."mercado" = 'AMM' and "bitacoras"."fecha_fin" >= "bitacoras"."fecha_operacion")),
	CONSTRAINT "bitacoras_enviada_check" CHECK (("bitacoras"."estado" = 'borrador') = ("bitacoras"."enviada_en" is null))
);
--> statement-breakpoint
CREATE TABLE "limites_slv" (
	"fecha" date NOT NULL,
	"pm" text NOT NULL,
	"costo_variable" numeric NOT NULL,
	"cargo_sistema" numeric NOT NULL,
	"mw_ofertable" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "limites_slv_fecha_pm_pk" PRIMARY KEY("fecha","pm"),
	CONSTRAINT "limites_slv_valores_check" CHECK ("limites_slv"."costo_variable" >= 0 and "limites_slv"."cargo_sistema" >= 0 and "limites_slv"."mw_ofertable" >= 0)
);
--> statement-breakpoint
CREATE TABLE "oferta_bloques" (
	"oferta_id" bigint NOT NULL,
	"bloque" smallint NOT NULL,
	"precio" numeric NOT NULL,
	"mw" numeric NOT NULL,
	CONSTRAINT "oferta_bloques_oferta_id_bloque_pk" PRIMARY KEY("oferta_id","bloque"),
	CONSTRAINT "oferta_bloques_bloque_check" CHECK ("oferta_bloques"."bloque" between 1 and 5),
	CONSTRAINT "oferta_bloques_valores_check" CHECK ("oferta_bloques"."precio" >= 0 and "oferta_bloques"."mw" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ofertas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bitacora_id" integer NOT NULL,
	"anexo_id" integer,
	"pm" text NOT NULL,
	"sentido" text NOT NULL,
	"tipo" text NOT NULL,
	"periodo" smallint NOT NULL,
	"mw_declarada" numeric,
	"mw_fija" numeric,
	"precio_piso" numeric,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"tipo_cambio" numeric,
	"agente_id" integer,
	CONSTRAINT "ofertas_periodo_check" CHECK ("ofertas"."periodo" between 1 and 24),
	CONSTRAINT "ofertas_sentido_check" CHECK ("ofertas"."sentido" in ('I', 'R')),
	CONSTRAINT "ofertas_tipo_check" CHECK ("ofertas"."tipo" in ('DECLARACION', 'OPORTUNIDAD', 'EXPORTACION', 'IMPORTACION')),
	CONSTRAINT "ofertas_moneda_check" CHECK ("ofertas"."moneda" in ('USD', 'MXN')),
	CONSTRAINT "ofertas_mw_check" CHECK (coalesce("ofertas"."mw_declarada", 0) >= 0 and coalesce("ofertas"."mw_fija", 0) >= 0),
	CONSTRAINT "ofertas_declaracion_anexo_check" CHECK ("ofertas"."tipo" <> 'DECLARACION' or "ofertas"."anexo_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "resultados_predespacho" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fecha" date NOT NULL,
	"periodo" smallint NOT NULL,
	"hoja" text NOT NULL,
	"pais_oso" text NOT NULL,
	"nodo" text NOT NULL,
	"agente" text,
	"pm" text,
	"codigo_contrato" text,
	"sentido" text,
	"mw_requerida" numeric,
	"mw_declarada" numeric,
	"mw_predespachada" numeric,
	"precio_exante" numeric,
	"reduccion" text,
	"archivo_nombre" text NOT NULL,
	"cargado_por" text,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resultados_predespacho_periodo_check" CHECK ("resultados_predespacho"."periodo" between 1 and 24),
	CONSTRAINT "resultados_predespacho_hoja_check" CHECK ("resultados_predespacho"."hoja" in ('TCP', 'TOP', 'PEXANTE')),
	CONSTRAINT "resultados_predespacho_reduccion_check" CHECK ("resultados_predespacho"."reduccion" is null or "resultados_predespacho"."reduccion" in ('S', 'N', 'NA'))
);
--> statement-breakpoint
ALTER TABLE "bitacoras" ADD CONSTRAINT "bitacoras_ejecucion_id_proceso_ejecuciones_id_fk" FOREIGN KEY ("ejecucion_id") REFERENCES "public"."proceso_ejecuciones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oferta_bloques" ADD CONSTRAINT "oferta_bloques_oferta_id_ofertas_id_fk" FOREIGN KEY ("oferta_id") REFERENCES "public"."ofertas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_bitacora_id_bitacoras_id_fk" FOREIGN KEY ("bitacora_id") REFERENCES "public"."bitacoras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_anexo_id_anexos_id_fk" FOREIGN KEY ("anexo_id") REFERENCES "public"."anexos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_agente_id_agentes_importacion_id_fk" FOREIGN KEY ("agente_id") REFERENCES "public"."agentes_importacion"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bitacoras_dia_vigente_key" ON "bitacoras" USING btree ("mercado","fecha_operacion") WHERE "bitacoras"."estado" <> 'reemplazada' and "bitacoras"."mercado" <> 'AMM';--> statement-breakpoint
CREATE UNIQUE INDEX "ofertas_clave_key" ON "ofertas" USING btree ("bitacora_id","pm","sentido","tipo",coalesce("anexo_id", 0),"periodo");--> statement-breakpoint
CREATE INDEX "ofertas_anexo_idx" ON "ofertas" USING btree ("anexo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resultados_predespacho_clave_key" ON "resultados_predespacho" USING btree ("fecha","hoja","pais_oso","periodo","nodo",coalesce("agente", ''),coalesce("pm", ''),coalesce("codigo_contrato", ''),coalesce("sentido", ''));--> statement-breakpoint
CREATE INDEX "resultados_predespacho_nodo_idx" ON "resultados_predespacho" USING btree ("fecha","nodo");