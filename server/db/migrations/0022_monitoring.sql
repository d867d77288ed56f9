CREATE TABLE "energia_anexo_dia" (
	"anexo_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"version" text NOT NULL,
	"energia_fisica_mwh" numeric NOT NULL,
	"energia_flex_mwh" numeric NOT NULL,
	"periodos" smallint NOT NULL,
	CONSTRAINT "energia_anexo_dia_pkey" PRIMARY KEY("anexo_id","fecha","version")
);
--> statement-breakpoint
CREATE INDEX "energia_anexo_dia_fecha_idx" ON "energia_anexo_dia" USING btree ("fecha");--> statement-breakpoint
-- Each annex's day per version kept summed from its hours: a statement's changed hours are
-- added (inserted, an update's new values) or taken away (deleted, an update's old values)
-- per annex, day and version, and a day left without hours is removed. Statement-level
-- triggers with transition tables: one pass over the rows a statement changed, however many
-- (an import, the demo's bulk load). Plain PL/pgSQL accepted by PostgreSQL 15 and PGlite.
CREATE OR REPLACE FUNCTION energia_anexo_dia_sumar() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM energia_anexo_dia;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO energia_anexo_dia AS d (anexo_id, fecha, version, energia_fisica_mwh, energia_flex_mwh, periodos)
    SELECT anexo_id, fecha, version, -sum(energia_fisica_mwh), -sum(energia_flex_mwh), -count(*) FROM horas_viejas GROUP BY anexo_id, fecha, version
    ON CONFLICT (anexo_id, fecha, version) DO UPDATE SET
      energia_fisica_mwh = d.energia_fisica_mwh + excluded.energia_fisica_mwh,
      energia_flex_mwh = d.energia_flex_mwh + excluded.energia_flex_mwh,
      periodos = d.periodos + excluded.periodos;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO energia_anexo_dia AS d (anexo_id, fecha, version, energia_fisica_mwh, energia_flex_mwh, periodos)
    SELECT anexo_id, fecha, version, sum(energia_fisica_mwh), sum(energia_flex_mwh), count(*) FROM horas_nuevas GROUP BY anexo_id, fecha, version
    ON CONFLICT (anexo_id, fecha, version) DO UPDATE SET
      energia_fisica_mwh = d.energia_fisica_mwh + excluded.energia_fisica_mwh,
      energia_flex_mwh = d.energia_flex_mwh + excluded.energia_flex_mwh,
      periodos = d.periodos + excluded.periodos;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM energia_anexo_dia d USING (SELECT DISTINCT anexo_id, fecha, version FROM horas_viejas) v
    WHERE d.anexo_id = v.anexo_id AND d.fecha = v.fecha AND d.version = v.version AND d.periodos = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER energia_anexo_dia_insert AFTER INSERT ON "energia_anexo" REFERENCING NEW TABLE AS horas_nuevas FOR EACH STATEMENT EXECUTE FUNCTION energia_anexo_dia_sumar();
--> statement-breakpoint
CREATE TRIGGER energia_anexo_dia_update AFTER UPDATE ON "energia_anexo" REFERENCING OLD TABLE AS horas_viejas NEW TABLE AS horas_nuevas FOR EACH STATEMENT EXECUTE FUNCTION energia_anexo_dia_sumar();
--> statement-breakpoint
CREATE TRIGGER energia_anexo_dia_delete AFTER DELETE ON "energia_anexo" REFERENCING OLD TABLE AS horas_viejas FOR EACH STATEMENT EXECUTE FUNCTION energia_anexo_dia_sumar();
--> statement-breakpoint
CREATE TRIGGER energia_anexo_dia_truncate AFTER TRUNCATE ON "energia_anexo" FOR EACH STATEMENT EXECUTE FUNCTION energia_anexo_dia_sumar();
--> statement-breakpoint
INSERT INTO energia_anexo_dia (anexo_id, fecha, version, energia_fisica_mwh, energia_flex_mwh, periodos)
SELECT anexo_id, fecha, version, sum(energia_fisica_mwh), sum(energia_flex_mwh), count(*) FROM energia_anexo GROUP BY anexo_id, fecha, version;
