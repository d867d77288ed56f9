// The state of every table of the public schema, for tests that must prove a request changed
// nothing: one query answers a checksum per table, and a saved copy lets a test put the tables
// back after a request that did change them (so one finding does not hide the next).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';

/** The saved copy lives in its own schema, dropped again by `drop()`. */
const SAVED_SCHEMA = 'route_tests_saved_state';

async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  // Both drivers answer `{ rows }`; the shared Db type does not say so.
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

// References kept by triggers, not declared keys (migration 0014: a settlement's rows name
// their settlement and annex, checked once per statement), which pg_constraint does not list.
// A restore must still put the parents back first and empty the rows with their parents.
const TRIGGER_REFERENCES = [
  { child: 'liquidacion_filas', parent: 'liquidaciones' },
  { child: 'liquidacion_filas', parent: 'anexos' },
] as const;

// Tables the database keeps from another by triggers (migration 0022: each annex's energy per
// day, summed from its hours): a restore puts their source back, whose triggers refill them,
// and never inserts their saved rows (they would be there twice).
const DERIVED_TABLES = [{ table: 'energia_anexo_dia', source: 'energia_anexo' }] as const;

// Triggers that refuse an insert the saved rows hold (a requested invoice's lines, migration
// 0016): the rows were valid when saved, so a restore puts them back with these switched off.
const INSERT_GUARDS = [{ table: 'factura_lineas', trigger: 'factura_lineas_fijas' }] as const;

export interface TableState {
  /** The tables of the public schema, parents before the tables that refer to them. */
  tables: readonly string[];
  /** One md5 per table over all its rows. */
  checksums(): Promise<Record<string, string>>;
  /** Copies every table and sequence as it is now. */
  save(): Promise<void>;
  /**
   * Puts the tables back as `save()` found them: those named (with every table that refers to
   * them, which emptying them empties too), or all; and every sequence.
   */
  restore(changed?: readonly string[]): Promise<void>;
  /** Drops the saved copy. */
  drop(): Promise<void>;
}

/** Reads the public schema's tables and foreign keys; call after the migrations ran. */
export async function tableState(db: Db): Promise<TableState> {
  const names = (
    await rowsOf<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)
  ).map((row) => row.name);
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
          from pg_constraint k
          join pg_class child on child.oid = k.conrelid
          join pg_class parent on parent.oid = k.confrelid
          join pg_namespace n on n.oid = child.relnamespace
         where k.contype = 'f' and n.nspname = 'public'`,
  );
  references.push(...TRIGGER_REFERENCES.filter((reference) => names.includes(reference.child)));
  const tables = parentsFirst(names, references);
  const checksumQuery = sql.raw(
    `select ${tables
      .map((table) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from public.${quoted(table)} t) as ${quoted(table)}`)
      .join(', ')}`,
  );
  let sequences: Array<{ name: string; last_value: string | null }> = [];

  return {
    tables,
    async checksums() {
      const [row] = await rowsOf<Record<string, string>>(db, checksumQuery);
      if (!row) throw new Error('the checksum query answered no row');
      return row;
    },
    async save() {
      await db.execute(sql.raw(`drop schema if exists ${SAVED_SCHEMA} cascade`));
      await db.execute(sql.raw(`create schema ${SAVED_SCHEMA}`));
      for (const table of tables) {
        await db.execute(sql.raw(`create table ${SAVED_SCHEMA}.${quoted(table)} as select * from public.${quoted(table)}`));
      }
      sequences = await rowsOf(db, sql`select sequencename as name, last_value::text as last_value from pg_sequences where schemaname = 'public'`);
    },
    async restore(changed = tables) {
      const sources = DERIVED_TABLES.filter((derived) => changed.includes(derived.table)).map((derived) => derived.source);
      const affected = withReferrers([...changed, ...sources], references);
      const emptied = tables.filter((table) => affected.has(table));
      await db.transaction(async (tx) => {
        // TRUNCATE fires no row triggers, so the append-only audit log can be put back too.
        await tx.execute(sql.raw(`truncate table ${emptied.map((table) => `public.${quoted(table)}`).join(', ')} cascade`));
        const guards = INSERT_GUARDS.filter((guard) => emptied.includes(guard.table));
        for (const { table, trigger } of guards) await tx.execute(sql.raw(`alter table public.${quoted(table)} disable trigger ${quoted(trigger)}`));
        for (const table of emptied.filter((name) => !DERIVED_TABLES.some((derived) => derived.table === name))) {
          await tx.execute(sql.raw(`insert into public.${quoted(table)} overriding system value select * from ${SAVED_SCHEMA}.${quoted(table)}`));
        }
        for (const { table, trigger } of guards) await tx.execute(sql.raw(`alter table public.${quoted(table)} enable trigger ${quoted(trigger)}`));
        const used = sequences.filter((sequence) => sequence.last_value !== null);
        if (used.length > 0) {
          await tx.execute(
            sql.raw(`select ${used.map((sequence) => `setval('public.${quoted(sequence.name)}', ${Number(sequence.last_value)}, true)`).join(', ')}`),
          );
        }
      });
    },
    async drop() {
      await db.execute(sql.raw(`drop schema if exists ${SAVED_SCHEMA} cascade`));
    },
  };
}

/** `names` and every table whose foreign keys lead to one of them. */
function withReferrers(names: readonly string[], references: ReadonlyArray<{ child: string; parent: string }>): Set<string> {
  const found = new Set(names);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { child, parent } of references) {
      if (found.has(parent) && !found.has(child)) {
        found.add(child);
        grew = true;
      }
    }
  }
  return found;
}

/** Orders tables so each comes after the tables its foreign keys point at. */
function parentsFirst(names: readonly string[], references: ReadonlyArray<{ child: string; parent: string }>): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const { child, parent } of references) if (child === name && parent !== name) visit(parent);
    visiting.delete(name);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of names) visit(name);
  return ordered;
}
