-- The bid processes (docs/processes.md): runs, their items and worker sessions, and the
-- planillas our runs registered (what Supresion lists). A run is carried by a job (trabajos).
CREATE TABLE "planillas_registradas" (
	"id" serial PRIMARY KEY NOT NULL,
	"sitio" text NOT NULL,
	"numero_planilla" text NOT NULL,
	"codigo_anexo" text NOT NULL,
	"anexo_id" integer,
	"ejecucion_id" integer NOT NULL,
	"tipo_contrato" text,
	"transaccion" text,
	"contraparte" text,
	"pmi" text[] DEFAULT '{}'::text[] NOT NULL,
	"pmr" text[] DEFAULT '{}'::text[] NOT NULL,
	"registrada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"eliminada_en" timestamp with time zone,
	"eliminada_por_ejecucion" integer,
	CONSTRAINT "planillas_registradas_numero_key" UNIQUE("sitio","numero_planilla"),
	CONSTRAINT "planillas_registradas_sitio_check" CHECK ("planillas_registradas"."sitio" IN ('original', 'modified'))
);
--> statement-breakpoint
CREATE TABLE "proceso_ejecuciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"sitio" text NOT NULL,
	"estado" text DEFAULT 'en_curso' NOT NULL,
	"trabajadores" integer NOT NULL,
	"max_reintentos" integer NOT NULL,
	"fecha_operacion" date,
	"parametros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trabajo_id" integer NOT NULL,
	"error" text,
	"creado_por" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"detener_en" timestamp with time zone,
	"terminado_en" timestamp with time zone,
	CONSTRAINT "proceso_ejecuciones_trabajo_key" UNIQUE("trabajo_id"),
	CONSTRAINT "proceso_ejecuciones_tipo_check" CHECK ("proceso_ejecuciones"."tipo" IN ('registra', 'sube', 'supresion')),
	CONSTRAINT "proceso_ejecuciones_sitio_check" CHECK ("proceso_ejecuciones"."sitio" IN ('original', 'modified')),
	CONSTRAINT "proceso_ejecuciones_estado_check" CHECK ("proceso_ejecuciones"."estado" IN ('en_curso', 'deteniendo', 'detenida', 'completada', 'fallida'))
);
--> statement-breakpoint
CREATE TABLE "proceso_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ejecucion_id" integer NOT NULL,
	"orden" integer NOT NULL,
	"clave" text NOT NULL,
	"descripcion" text NOT NULL,
	"datos" jsonb NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"resultado" text,
	"error" text,
	"trabajador" integer,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proceso_items_clave_key" UNIQUE("ejecucion_id","clave"),
	CONSTRAINT "proceso_items_estado_check" CHECK ("proceso_items"."estado" IN ('pendiente', 'enviando', 'hecho', 'fallido'))
);
--> statement-breakpoint
CREATE TABLE "proceso_sesiones" (
	"ejecucion_id" integer NOT NULL,
	"trabajador" integer NOT NULL,
	"estado" text NOT NULL,
	"item_clave" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"desde" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proceso_sesiones_pkey" PRIMARY KEY("ejecucion_id","trabajador"),
	CONSTRAINT "proceso_sesiones_estado_check" CHECK ("proceso_sesiones"."estado" IN ('conectando', 'libre', 'enviando', 'esperando', 'cerrada'))
);
--> statement-breakpoint
ALTER TABLE "planillas_registradas" ADD CONSTRAINT "planillas_registradas_ejecucion_id_proceso_ejecuciones_id_fk" FOREIGN KEY ("ejecucion_id") REFERENCES "public"."proceso_ejecuciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planillas_registradas" ADD CONSTRAINT "planillas_registradas_eliminada_por_ejecucion_proceso_ejecuciones_id_fk" FOREIGN KEY ("eliminada_por_ejecucion") REFERENCES "public"."proceso_ejecuciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proceso_ejecuciones" ADD CONSTRAINT "proceso_ejecuciones_trabajo_id_trabajos_id_fk" FOREIGN KEY ("trabajo_id") REFERENCES "public"."trabajos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proceso_items" ADD CONSTRAINT "proceso_items_ejecucion_id_proceso_ejecuciones_id_fk" FOREIGN KEY ("ejecucion_id") REFERENCES "public"."proceso_ejecuciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proceso_sesiones" ADD CONSTRAINT "proceso_sesiones_ejecucion_id_proceso_ejecuciones_id_fk" FOREIGN KEY ("ejecucion_id") REFERENCES "public"."proceso_ejecuciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planillas_registradas_vigentes_idx" ON "planillas_registradas" USING btree ("sitio","eliminada_en");--> statement-breakpoint
CREATE INDEX "proceso_ejecuciones_creado_idx" ON "proceso_ejecuciones" USING btree ("creado_en");--> statement-breakpoint
CREATE INDEX "proceso_items_estado_idx" ON "proceso_items" USING btree ("ejecucion_id","estado","orden");--> statement-breakpoint
-- A stop asked for on any process is heard at once by the process running the run (the change
-- channel, server/db/changes.ts), well within the half second the issue allows.
CREATE TRIGGER proceso_ejecuciones_announce_change AFTER UPDATE ON "proceso_ejecuciones" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
