-- The national charge rates of one country and kind never overlap (docs/settlements.md, "The
-- data a settlement needs"): a day has one rate of each kind per country. An exclusion
-- constraint on the periods (both ends included; no end: open-ended) says so to every writer,
-- the market-data import and the country-charges screens alike; it needs btree_gist for the
-- equality of the text columns (a trusted extension of PostgreSQL 13 and later, and a
-- contrib extension PGlite loads: server/db/client.ts). Deferred to the commit, so a change
-- that moves several periods at once (shortening one, adding the next) is judged as a whole.
-- A refusal is SQLSTATE 23P01, which the server answers as APP_ERR_CHARGE_PERIOD_OVERLAP.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "cargos_pais" ADD CONSTRAINT "cargos_pais_vigencia_sin_solape"
  EXCLUDE USING gist ("pais" WITH =, "concepto" WITH =, daterange("vigente_desde", "vigente_hasta", '[]') WITH &&)
  DEFERRABLE INITIALLY DEFERRED;
