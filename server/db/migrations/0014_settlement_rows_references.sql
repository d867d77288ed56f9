-- The two references of a settlement row, checked once per statement instead of once per row
-- (docs/settlements.md, "Speed"). A declared foreign key makes PostgreSQL run one query per
-- inserted row and key: 744,000 queries for a month of 500 annexes, most of what the engine
-- still spent beyond writing its rows. The keys are dropped and triggers keep every rule they
-- kept, with the same SQLSTATEs, messages and constraint names (the server maps 23503 and
-- 23001 to "record in use"), and the same row locks:
--   liquidacion_id -> liquidaciones(id), ON DELETE CASCADE: deleting a settlement deletes its
--     rows (a validated one stays refused, LQ001, by its own BEFORE trigger of 0009);
--   anexo_id -> anexos(id), ON DELETE RESTRICT: an annex with settlement rows is not deleted
--     (23001, as the RESTRICT key raised);
--   a row naming a settlement or an annex that does not exist is refused (23503); changing a
--     referenced id is refused (23503, NO ACTION); TRUNCATE of anexos or liquidaciones while
--     rows remain is refused (0A000, as PostgreSQL refuses it), unless the same TRUNCATE
--     empties liquidacion_filas (TRUNCATE ... CASCADE no longer reaches it: name it).
-- Concurrency: like a key's check, the insert check locks the settlements and annexes its rows
-- name FOR KEY SHARE (one statement for all of them), so a concurrent delete waits for the
-- writer's commit and then sees its rows, and a writer whose annex or settlement was deleted
-- meanwhile finds it gone. Under READ COMMITTED (the application's level) this is exactly the
-- key's behaviour; under REPEATABLE READ, a delete's check reads its transaction's snapshot
-- where PostgreSQL's own check also reads the latest rows, so rows committed by a writer after
-- that snapshot could escape it (no code of the application deletes at that level).
-- The annex check reads liquidacion_filas_anexo_idx (0009); the cascade the primary key.
ALTER TABLE "liquidacion_filas" DROP CONSTRAINT "liquidacion_filas_liquidacion_id_liquidaciones_id_fk";
--> statement-breakpoint
ALTER TABLE "liquidacion_filas" DROP CONSTRAINT "liquidacion_filas_anexo_id_anexos_id_fk";
--> statement-breakpoint
-- Rows inserted or updated: their settlements and annexes locked FOR KEY SHARE in one
-- statement; an id the lock did not find does not exist (a row deleted by a transaction the
-- lock waited for is skipped, as the key's check would find it gone).
CREATE OR REPLACE FUNCTION liquidacion_filas_check_references() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  falta_liquidacion integer;
  falta_anexo integer;
BEGIN
  WITH liquidaciones_nombradas AS (SELECT DISTINCT liquidacion_id AS id FROM filas_nuevas),
       anexos_nombrados AS (SELECT DISTINCT anexo_id AS id FROM filas_nuevas),
       liquidaciones_bloqueadas AS (
         SELECT id FROM liquidaciones WHERE id IN (SELECT id FROM liquidaciones_nombradas) FOR KEY SHARE),
       anexos_bloqueados AS (
         SELECT id FROM anexos WHERE id IN (SELECT id FROM anexos_nombrados) FOR KEY SHARE)
  SELECT (SELECT min(id) FROM liquidaciones_nombradas WHERE id NOT IN (SELECT id FROM liquidaciones_bloqueadas)),
         (SELECT min(id) FROM anexos_nombrados WHERE id NOT IN (SELECT id FROM anexos_bloqueados))
    INTO falta_liquidacion, falta_anexo;
  IF falta_liquidacion IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "liquidacion_filas" violates foreign key constraint "liquidacion_filas_liquidacion_id_liquidaciones_id_fk"'
      USING ERRCODE = 'foreign_key_violation', SCHEMA = 'public', TABLE = 'liquidacion_filas',
            CONSTRAINT = 'liquidacion_filas_liquidacion_id_liquidaciones_id_fk',
            DETAIL = format('Key (liquidacion_id)=(%s) is not present in table "liquidaciones".', falta_liquidacion);
  END IF;
  IF falta_anexo IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "liquidacion_filas" violates foreign key constraint "liquidacion_filas_anexo_id_anexos_id_fk"'
      USING ERRCODE = 'foreign_key_violation', SCHEMA = 'public', TABLE = 'liquidacion_filas',
            CONSTRAINT = 'liquidacion_filas_anexo_id_anexos_id_fk',
            DETAIL = format('Key (anexo_id)=(%s) is not present in table "anexos".', falta_anexo);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER liquidacion_filas_references_insert
  AFTER INSERT ON "liquidacion_filas" REFERENCING NEW TABLE AS filas_nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION liquidacion_filas_check_references();
--> statement-breakpoint
CREATE TRIGGER liquidacion_filas_references_update
  AFTER UPDATE ON "liquidacion_filas" REFERENCING NEW TABLE AS filas_nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION liquidacion_filas_check_references();
--> statement-breakpoint
-- Settlements deleted: their rows go too (ON DELETE CASCADE). A validated settlement never
-- gets here: its delete is refused (LQ001) before.
CREATE OR REPLACE FUNCTION liquidaciones_delete_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM liquidacion_filas WHERE liquidacion_id IN (SELECT id FROM liquidaciones_borradas);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER liquidaciones_rows_cascade
  AFTER DELETE ON "liquidaciones" REFERENCING OLD TABLE AS liquidaciones_borradas
  FOR EACH STATEMENT EXECUTE FUNCTION liquidaciones_delete_rows();
--> statement-breakpoint
-- Annexes deleted: refused while settlement rows name one of them (ON DELETE RESTRICT).
CREATE OR REPLACE FUNCTION anexos_refuse_delete_with_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  usado integer;
BEGIN
  SELECT f.anexo_id INTO usado FROM liquidacion_filas f WHERE f.anexo_id IN (SELECT id FROM anexos_borrados) LIMIT 1;
  IF usado IS NOT NULL THEN
    RAISE EXCEPTION 'update or delete on table "anexos" violates RESTRICT setting of foreign key constraint "liquidacion_filas_anexo_id_anexos_id_fk" on table "liquidacion_filas"'
      USING ERRCODE = 'restrict_violation', SCHEMA = 'public', TABLE = 'liquidacion_filas',
            CONSTRAINT = 'liquidacion_filas_anexo_id_anexos_id_fk',
            DETAIL = format('Key (id)=(%s) is referenced from table "liquidacion_filas".', usado);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER anexos_settlement_rows_restrict
  AFTER DELETE ON "anexos" REFERENCING OLD TABLE AS anexos_borrados
  FOR EACH STATEMENT EXECUTE FUNCTION anexos_refuse_delete_with_rows();
--> statement-breakpoint
-- A referenced id changed (ON UPDATE NO ACTION): refused while rows still name the old id.
-- Nothing changes an id today; the rule is kept as the keys kept it. One function for both
-- tables: TG_TABLE_NAME says which column of liquidacion_filas names it.
CREATE OR REPLACE FUNCTION liquidacion_filas_refuse_id_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  columna text := CASE TG_TABLE_NAME WHEN 'anexos' THEN 'anexo_id' ELSE 'liquidacion_id' END;
  restriccion text := CASE TG_TABLE_NAME WHEN 'anexos' THEN 'liquidacion_filas_anexo_id_anexos_id_fk'
                                         ELSE 'liquidacion_filas_liquidacion_id_liquidaciones_id_fk' END;
  usado integer;
BEGIN
  EXECUTE format('SELECT f.%1$I FROM liquidacion_filas f
                   WHERE f.%1$I IN (SELECT id FROM ids_viejos EXCEPT SELECT id FROM ids_nuevos) LIMIT 1', columna)
    INTO usado;
  IF usado IS NOT NULL THEN
    RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "liquidacion_filas"', TG_TABLE_NAME, restriccion
      USING ERRCODE = 'foreign_key_violation', SCHEMA = 'public', TABLE = 'liquidacion_filas', CONSTRAINT = restriccion,
            DETAIL = format('Key (id)=(%s) is still referenced from table "liquidacion_filas".', usado);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER liquidaciones_settlement_rows_id
  AFTER UPDATE ON "liquidaciones" REFERENCING OLD TABLE AS ids_viejos NEW TABLE AS ids_nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION liquidacion_filas_refuse_id_change();
--> statement-breakpoint
CREATE TRIGGER anexos_settlement_rows_id
  AFTER UPDATE ON "anexos" REFERENCING OLD TABLE AS ids_viejos NEW TABLE AS ids_nuevos
  FOR EACH STATEMENT EXECUTE FUNCTION liquidacion_filas_refuse_id_change();
--> statement-breakpoint
-- TRUNCATE fires no row or delete trigger: a TRUNCATE of anexos or liquidaciones that leaves
-- settlement rows behind is refused, as PostgreSQL refuses to truncate a referenced table
-- alone (the AFTER TRUNCATE triggers run once every table the statement names is emptied).
CREATE OR REPLACE FUNCTION liquidacion_filas_refuse_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM liquidacion_filas) THEN
    RAISE EXCEPTION 'cannot truncate a table referenced in a foreign key constraint'
      USING ERRCODE = 'feature_not_supported',
            DETAIL = format('Table "liquidacion_filas" references "%s".', TG_TABLE_NAME),
            HINT = 'Truncate table "liquidacion_filas" at the same time.';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER liquidaciones_settlement_rows_truncate
  AFTER TRUNCATE ON "liquidaciones"
  FOR EACH STATEMENT EXECUTE FUNCTION liquidacion_filas_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER anexos_settlement_rows_truncate
  AFTER TRUNCATE ON "anexos"
  FOR EACH STATEMENT EXECUTE FUNCTION liquidacion_filas_refuse_truncate();
