CREATE TABLE "garantias_alertas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"operador" text NOT NULL,
	"sucursal" text NOT NULL,
	"fecha" date NOT NULL,
	"instrumento_id" integer,
	"valor" numeric,
	"umbral" numeric,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garantias_alertas_tipo_check" CHECK ("garantias_alertas"."tipo" in ('disponible_bajo', 'bajo_minimo', 'vencimiento'))
);
--> statement-breakpoint
CREATE TABLE "garantias_estados" (
	"fecha" date NOT NULL,
	"operador" text NOT NULL,
	"sucursal" text NOT NULL,
	"rea" numeric,
	"acl" numeric,
	"eal" numeric,
	"archivo_nombre" text NOT NULL,
	"cargado_por" text,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garantias_estados_fecha_operador_sucursal_pk" PRIMARY KEY("fecha","operador","sucursal")
);
--> statement-breakpoint
CREATE TABLE "garantias_instrumentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"operador" text NOT NULL,
	"sucursal" text NOT NULL,
	"agente" text NOT NULL,
	"tipo" text NOT NULL,
	"emisor" text NOT NULL,
	"numero" text NOT NULL,
	"moneda" text NOT NULL,
	"monto" numeric NOT NULL,
	"fecha_emision" date NOT NULL,
	"fecha_vencimiento" date NOT NULL,
	"liberada_en" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "garantias_instrumentos_operador_check" CHECK ("garantias_instrumentos"."operador" in ('EOR', 'AMM', 'UT', 'CND', 'CENACE', 'ERCOT')),
	CONSTRAINT "garantias_instrumentos_tipo_check" CHECK ("garantias_instrumentos"."tipo" in ('carta_credito', 'fianza', 'deposito', 'garantia_bancaria', 'linea_credito')),
	CONSTRAINT "garantias_instrumentos_moneda_check" CHECK ("garantias_instrumentos"."moneda" = case when "garantias_instrumentos"."operador" = 'CENACE' then 'MXN' else 'USD' end),
	CONSTRAINT "garantias_instrumentos_monto_check" CHECK ("garantias_instrumentos"."monto" > 0),
	CONSTRAINT "garantias_instrumentos_vigencia_check" CHECK ("garantias_instrumentos"."fecha_vencimiento" >= "garantias_instrumentos"."fecha_emision"),
	CONSTRAINT "garantias_instrumentos_liberada_check" CHECK ("garantias_instrumentos"."liberada_en" is null or "garantias_instrumentos"."liberada_en" >= "garantias_instrumentos"."fecha_emision")
);
--> statement-breakpoint
CREATE TABLE "garantias_snapshot" (
	"fecha" date NOT NULL,
	"operador" text NOT NULL,
	"sucursal" text NOT NULL,
	"agente" text,
	"moneda" text NOT NULL,
	"garantia_pago" numeric,
	"garantia_minima" numeric,
	"monto_garantizado" numeric NOT NULL,
	"pasivo_conocido" numeric NOT NULL,
	"pasivo_potencial" numeric NOT NULL,
	"calculado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garantias_snapshot_fecha_operador_sucursal_pk" PRIMARY KEY("fecha","operador","sucursal")
);
--> statement-breakpoint
CREATE TABLE "garantias_terminos" (
	"operador" text NOT NULL,
	"sucursal" text NOT NULL,
	"agente" text NOT NULL,
	"garantia_pago" numeric,
	"garantia_minima" numeric,
	"pct_aviso" numeric DEFAULT '20' NOT NULL,
	"dias_vencimiento" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "garantias_terminos_operador_sucursal_pk" PRIMARY KEY("operador","sucursal"),
	CONSTRAINT "garantias_terminos_montos_check" CHECK (coalesce("garantias_terminos"."garantia_pago", 0) >= 0 and coalesce("garantias_terminos"."garantia_minima", 0) >= 0),
	CONSTRAINT "garantias_terminos_aviso_check" CHECK ("garantias_terminos"."pct_aviso" between 0 and 100 and "garantias_terminos"."dias_vencimiento" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "garantias_alertas" ADD CONSTRAINT "garantias_alertas_instrumento_id_garantias_instrumentos_id_fk" FOREIGN KEY ("instrumento_id") REFERENCES "public"."garantias_instrumentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garantias_alertas_clave_key" ON "garantias_alertas" USING btree ("tipo","operador","sucursal","fecha",coalesce("instrumento_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "garantias_instrumentos_numero_key" ON "garantias_instrumentos" USING btree ("operador","emisor","numero");--> statement-breakpoint
CREATE INDEX "garantias_instrumentos_operador_idx" ON "garantias_instrumentos" USING btree ("operador","sucursal");