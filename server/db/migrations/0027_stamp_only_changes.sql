-- A change to one of a company's contacts raises the company's version (server/companies/
-- touch.ts): an UPDATE of "empresas" that changes nothing but its edit stamps (version,
-- updated_at, updated_by). Announced as a change of the table, it dropped every kept answer
-- read from it, the contract list included, which shows no company stamp: each new contact
-- rebuilt the 52 KB list. Such an update is now announced as `empresas.stamps`
-- (server/db/changes.ts): a kept answer that declares it shows no stamps of the table keeps;
-- every other copy drops as before. An UPDATE that changes anything else, adds or drops a row,
-- is announced as before; one that matches no row is not announced (nothing changed).
-- Transition tables need one event per trigger: inserts, deletes and truncations keep the
-- statement trigger of migration 0008, updates get their own.
CREATE OR REPLACE FUNCTION announce_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1
    FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL
       OR (to_jsonb(o) - ARRAY['version', 'updated_at', 'updated_by']) IS DISTINCT FROM (to_jsonb(n) - ARRAY['version', 'updated_at', 'updated_by'])
  ) THEN
    PERFORM pg_notify('energy_changes', TG_TABLE_NAME);
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM pg_notify('energy_changes', TG_TABLE_NAME || '.stamps');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "empresas_announce_change" ON "empresas";
--> statement-breakpoint
CREATE TRIGGER "empresas_announce_change" AFTER INSERT OR DELETE OR TRUNCATE ON "empresas" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER "empresas_update_announce_change" AFTER UPDATE ON "empresas" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_update();
