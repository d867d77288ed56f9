CREATE TABLE "ercot_adjudicaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"dia_operacion" date NOT NULL,
	"hora_final" smallint NOT NULL,
	"repetida" boolean NOT NULL,
	"inicio_utc" timestamp with time zone NOT NULL,
	"tipo" text NOT NULL,
	"punto" text NOT NULL,
	"punto_sumidero" text,
	"mw_oferta" numeric NOT NULL,
	"precio_oferta" numeric NOT NULL,
	"mw_adjudicado" numeric NOT NULL,
	"archivo_nombre" text NOT NULL,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ercot_adjudicaciones_clave" UNIQUE NULLS NOT DISTINCT("inicio_utc","tipo","punto","punto_sumidero"),
	CONSTRAINT "ercot_adjudicaciones_tipo_check" CHECK ("ercot_adjudicaciones"."tipo" in ('BID', 'OFFER', 'PTP')),
	CONSTRAINT "ercot_adjudicaciones_hora_check" CHECK ("ercot_adjudicaciones"."hora_final" between 1 and 24),
	CONSTRAINT "ercot_adjudicaciones_mw_check" CHECK ("ercot_adjudicaciones"."mw_adjudicado" >= 0 and "ercot_adjudicaciones"."mw_oferta" >= 0),
	CONSTRAINT "ercot_adjudicaciones_sumidero_check" CHECK (("ercot_adjudicaciones"."tipo" = 'PTP') = ("ercot_adjudicaciones"."punto_sumidero" is not null))
);
--> statement-breakpoint
CREATE TABLE "ercot_precios" (
	"mercado" text NOT NULL,
	"punto" text NOT NULL,
	"inicio_utc" timestamp with time zone NOT NULL,
	"dia_operacion" date NOT NULL,
	"hora_final" smallint NOT NULL,
	"intervalo" smallint,
	"repetida" boolean NOT NULL,
	"precio" numeric NOT NULL,
	"archivo_nombre" text NOT NULL,
	"cargado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ercot_precios_pkey" PRIMARY KEY("mercado","punto","inicio_utc"),
	CONSTRAINT "ercot_precios_mercado_check" CHECK ("ercot_precios"."mercado" in ('DAM', 'RTM')),
	CONSTRAINT "ercot_precios_hora_check" CHECK ("ercot_precios"."hora_final" between 1 and 24),
	CONSTRAINT "ercot_precios_intervalo_check" CHECK (case when "ercot_precios"."mercado" = 'DAM' then "ercot_precios"."intervalo" is null else "ercot_precios"."intervalo" between 1 and 4 end)
);
--> statement-breakpoint
CREATE TABLE "ercot_puntos" (
	"nombre" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"vigente_desde" date NOT NULL,
	"vigente_hasta" date,
	CONSTRAINT "ercot_puntos_tipo_check" CHECK ("ercot_puntos"."tipo" in ('RN', 'LZ', 'LZEW', 'HU', 'SH', 'AH', 'DC')),
	CONSTRAINT "ercot_puntos_nombre_check" CHECK ("ercot_puntos"."nombre" = upper("ercot_puntos"."nombre")),
	CONSTRAINT "ercot_puntos_vigencia_check" CHECK ("ercot_puntos"."vigente_hasta" is null or "ercot_puntos"."vigente_hasta" >= "ercot_puntos"."vigente_desde")
);
--> statement-breakpoint
ALTER TABLE "ercot_adjudicaciones" ADD CONSTRAINT "ercot_adjudicaciones_punto_ercot_puntos_nombre_fk" FOREIGN KEY ("punto") REFERENCES "public"."ercot_puntos"("nombre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ercot_adjudicaciones" ADD CONSTRAINT "ercot_adjudicaciones_punto_sumidero_ercot_puntos_nombre_fk" FOREIGN KEY ("punto_sumidero") REFERENCES "public"."ercot_puntos"("nombre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ercot_precios" ADD CONSTRAINT "ercot_precios_punto_ercot_puntos_nombre_fk" FOREIGN KEY ("punto") REFERENCES "public"."ercot_puntos"("nombre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ercot_adjudicaciones_dia_idx" ON "ercot_adjudicaciones" USING btree ("dia_operacion");--> statement-breakpoint
CREATE INDEX "ercot_precios_dia_idx" ON "ercot_precios" USING btree ("mercado","dia_operacion");