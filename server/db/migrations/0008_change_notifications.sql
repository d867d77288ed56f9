-- Every process keeps copies of what it reads often (who a token belongs to and what their role
-- grants, lists that every caller sees alike); a change to a table must reach all of them, so the
-- database itself announces it. After any statement that changes one of these tables, the name
-- of the table goes to the `energy_changes` channel; PostgreSQL delivers it to every listening
-- connection when the transaction commits (and not at all when it rolls back). Plain PL/pgSQL
-- accepted by PostgreSQL 15 and PGlite. A table whose reads are kept this way gets the trigger.
CREATE OR REPLACE FUNCTION announce_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('energy_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER roles_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER permissions_catalogue_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions_catalogue" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER empresas_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "empresas" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER contactos_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contactos" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER coordenadas_bancarias_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coordenadas_bancarias" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER empresa_documentos_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "empresa_documentos" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER contratos_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contratos" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER anexos_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "anexos" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
--> statement-breakpoint
CREATE TRIGGER files_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "files" FOR EACH STATEMENT EXECUTE FUNCTION announce_change();
