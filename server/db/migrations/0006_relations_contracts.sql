CREATE TABLE "anexos" (
	"id" serial PRIMARY KEY NOT NULL,
	"contrato_id" integer NOT NULL,
	"fecha_inicio" date NOT NULL,
	"fecha_fin" date NOT NULL,
	"tripartito" boolean DEFAULT false NOT NULL,
	"potencia_contratada" numeric NOT NULL,
	"unidad_potencia" text NOT NULL,
	"pmr" text[] DEFAULT '{}'::text[] NOT NULL,
	"pmi" text[] DEFAULT '{}'::text[] NOT NULL,
	"archivo" text,
	"fee" numeric,
	"precio_fijo" numeric,
	"poc" numeric,
	"margen_pct" numeric,
	"derecho_transmision" numeric,
	"derecho_transmision_tipo" text,
	"participacion_pct" numeric,
	"titular_transmision" text,
	"codigo_contrato_firme" text,
	"precio_referencia" numeric,
	"precio_potencia" numeric,
	"precio_opcion_compra" numeric,
	"numero_planilla" text,
	"tipo_planilla" text,
	"pct_responsable_transmision" numeric,
	"pct_peaje_principal" numeric,
	"pct_cargos_mmi" numeric,
	"pct_cargos_mmr" numeric,
	"pct_fpn" numeric,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "anexos_fechas_orden" CHECK ("anexos"."fecha_fin" >= "anexos"."fecha_inicio"),
	CONSTRAINT "anexos_unidad_potencia_valid" CHECK ("anexos"."unidad_potencia" in ('MW', 'kW')),
	CONSTRAINT "anexos_pct_range" CHECK (coalesce("anexos"."margen_pct", 0) between 0 and 100
        and coalesce("anexos"."participacion_pct", 0) between 0 and 100
        and coalesce("anexos"."pct_responsable_transmision", 0) between 0 and 100
        and coalesce("anexos"."pct_peaje_principal", 0) between 0 and 100
        and coalesce("anexos"."pct_cargos_mmi", 0) between 0 and 100
        and coalesce("anexos"."pct_cargos_mmr", 0) between 0 and 100
        and coalesce("anexos"."pct_fpn", 0) between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "contratos" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"sucursal" text NOT NULL,
	"tipo_contrato" text NOT NULL,
	"tipo_transaccion" text NOT NULL,
	"tipo_oferta" text,
	"clase_contrato" text NOT NULL,
	"incoterm" text NOT NULL,
	"fecha_inicio" date NOT NULL,
	"plazo" integer NOT NULL,
	"codigo_contraparte" text NOT NULL,
	"codigo_agente" text NOT NULL,
	"tripartito" boolean DEFAULT false NOT NULL,
	"nombre_empresa_tercero" text,
	"codigo_tercero" text,
	"tipo_factura" text NOT NULL,
	"dias_factura" integer NOT NULL,
	"tipo_credito" text,
	"dias_credito" integer NOT NULL,
	"tipo_garantia" text NOT NULL,
	"monto_garantia" numeric NOT NULL,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"archivo_firmado" text NOT NULL,
	"local_regional" text NOT NULL,
	"tipo_liquidacion" text,
	"pmi" text[] DEFAULT '{}'::text[] NOT NULL,
	"pmr" text[] DEFAULT '{}'::text[] NOT NULL,
	"poc" numeric NOT NULL,
	"margen" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"precio_fijo" numeric NOT NULL,
	"energia" numeric NOT NULL,
	"potencia" numeric NOT NULL,
	"firmantes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "contratos_tipo_contrato_valid" CHECK ("contratos"."tipo_contrato" in ('MC', 'COLLAR', 'FEE', 'PF', 'TOP', 'CFD')),
	CONSTRAINT "contratos_tipo_transaccion_valid" CHECK ("contratos"."tipo_transaccion" in ('I', 'R')),
	CONSTRAINT "contratos_clase_contrato_valid" CHECK ("contratos"."clase_contrato" in ('CF', 'POT', 'EYP', 'EG', 'CNFFF')),
	CONSTRAINT "contratos_local_regional_valid" CHECK ("contratos"."local_regional" in ('local', 'regional')),
	CONSTRAINT "contratos_moneda_valid" CHECK ("contratos"."moneda" in ('USD', 'MXN')),
	CONSTRAINT "contratos_plazo_positive" CHECK ("contratos"."plazo" > 0),
	CONSTRAINT "contratos_tercero_when_tripartito" CHECK (not "contratos"."tripartito" or ("contratos"."nombre_empresa_tercero" is not null and "contratos"."codigo_tercero" is not null))
);
--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_archivo_files_key_fk" FOREIGN KEY ("archivo") REFERENCES "public"."files"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_archivo_firmado_files_key_fk" FOREIGN KEY ("archivo_firmado") REFERENCES "public"."files"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anexos_contrato_id_idx" ON "anexos" USING btree ("contrato_id");--> statement-breakpoint
CREATE INDEX "contratos_empresa_id_idx" ON "contratos" USING btree ("empresa_id");