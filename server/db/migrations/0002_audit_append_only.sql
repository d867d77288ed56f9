-- The audit log is append-only: the database itself refuses to change or remove a row,
-- whatever the application code does. Plain PL/pgSQL accepted by PostgreSQL 15 and PGlite.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- The view-key catalogue (spec section 6) exists on every database, seeded or not, so the
-- admin screens can list it; the demo seed inserts the same rows idempotently.
INSERT INTO "permissions_catalogue" ("id", "orden") VALUES
  ('dashboard', 1), ('relaciones', 2), ('liquidaciones', 3), ('acciones', 4), ('facturacion', 5),
  ('paises', 6), ('contabilidad', 7), ('monitoreo', 8), ('mercados', 9), ('admin', 10)
ON CONFLICT ("id") DO NOTHING;
