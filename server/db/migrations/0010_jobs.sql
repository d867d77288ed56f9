-- Long work (server/jobs/): jobs claimed from the table by any server process, and their
-- append-only events (the ids Server-Sent Events resume after).
CREATE TABLE "trabajo_eventos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trabajo_id" integer NOT NULL,
	"en" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" text NOT NULL,
	"nivel" text,
	"clave" text,
	"params" jsonb,
	"hechos" integer,
	"total" integer,
	"estado" text,
	CONSTRAINT "trabajo_eventos_tipo_check" CHECK ("trabajo_eventos"."tipo" IN ('progreso', 'log', 'estado'))
);
--> statement-breakpoint
CREATE TABLE "trabajos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"parametros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hechos" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"creado_por" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_en" timestamp with time zone,
	"terminado_en" timestamp with time zone,
	"error" text,
	"detener" boolean DEFAULT false NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"trabajador" text,
	"lease_hasta" timestamp with time zone,
	CONSTRAINT "trabajos_estado_check" CHECK ("trabajos"."estado" IN ('pendiente', 'en_curso', 'terminado', 'fallido', 'detenido'))
);
--> statement-breakpoint
ALTER TABLE "trabajo_eventos" ADD CONSTRAINT "trabajo_eventos_trabajo_id_trabajos_id_fk" FOREIGN KEY ("trabajo_id") REFERENCES "public"."trabajos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trabajo_eventos_trabajo_idx" ON "trabajo_eventos" USING btree ("trabajo_id","id");--> statement-breakpoint
CREATE INDEX "trabajos_pendientes_idx" ON "trabajos" USING btree ("estado","creado_en");--> statement-breakpoint
CREATE INDEX "trabajos_creado_por_idx" ON "trabajos" USING btree ("creado_por");--> statement-breakpoint
-- A new job wakes the idle workers of every process, and a new event the streams that follow
-- its job, through the change feed of migration 0008 (polling stays as the fallback). Only
-- inserts announce: a job's own updates (heartbeats) would wake nobody who needs it.
CREATE TRIGGER trabajos_announce_change AFTER INSERT ON "trabajos" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER trabajo_eventos_announce_change AFTER INSERT ON "trabajo_eventos" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
