// The kit for edited records (ARCHITECTURE.md, Data): every table with user edits carries a
// `version` and who and when, every mutation is one transaction with its audit row, and a stale
// edit gets 409. Every area's store and routes use these pieces, so the rules live here once:
//
//   const row = lockedRow(await tx.select(...).where(...).for('update'), sent, AppErrors.xNotFound);
//   await tx.update(table).set({ ...changes, ...editStamp(table, actor) }) ...
//   return mutate(db, request, { action: 'x.update', entity: 'x' }, async (tx) => ({ id, before, after }));
import { getTableColumns, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { AppErrors } from '../errors/catalogue';
import { recordAudit, type AuditRecord } from '../audit/store';
import { changesOf } from './changes';
import type { Db } from './client';

/** The edit columns every edited table has (server/db/schema/columns.ts). */
export interface EditColumns {
  version: number;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  updated_by: string | null;
}

/** The edit columns as the API shows them: timestamps as ISO strings. */
function editColumnsOf(row: EditColumns) {
  return {
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

/** A stored row as the API shows it: its own columns, the edit columns' timestamps as ISO strings. */
export function wireRow<Row extends EditColumns>(row: Row): Omit<Row, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string } {
  return { ...row, ...editColumnsOf(row) };
}

const NOT_VALUES = new Set(['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by']);

/** A stored record's values with an update's changes laid over them: a field the update left out (undefined) keeps its value. */
export function laidOver<Values extends object>(stored: Values, changes: object): Values {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return { ...stored, ...given };
}

/** A record's own column values, what a write sets: the table's columns but the id and the edit columns. */
export function ownValues<T extends PgTable>(table: T, record: object): Omit<InferSelectModel<T>, 'id' | keyof EditColumns> {
  const fields = record as Record<string, unknown>;
  const names = Object.keys(getTableColumns(table)).filter((name) => !NOT_VALUES.has(name));
  return Object.fromEntries(names.map((name) => [name, fields[name]])) as Omit<InferSelectModel<T>, 'id' | keyof EditColumns>;
}

/** The columns that stamp a new row with who created it. */
export function createStamp(actor: string | null) {
  return { created_by: actor, updated_by: actor };
}

/** The columns that stamp an edit of `table`: who, when, and the next version. */
export function editStamp(table: { version: AnyPgColumn }, actor: string | null): { updated_at: SQL; updated_by: string | null; version: SQL } {
  return { updated_at: sql`now()`, updated_by: actor, version: sql`${table.version} + 1` };
}

/** 409 when the editor read another version than the stored one (no version sent: no check). */
export function assertVersion(stored: number, sent: number | undefined): void {
  if (sent !== undefined && sent !== stored) throw new AppErrors.recordStale();
}

/**
 * The one row a locking read (`... for('update')`) found, after the version check: `notFound`
 * (the area's 404) when there is none, 409 when the editor's `sent` version is stale.
 */
export function lockedRow<Row extends { version: number }>(rows: readonly Row[], sent: number | undefined, notFound: new () => Error): Row {
  const [row] = rows;
  if (!row) throw new notFound();
  assertVersion(row.version, sent);
  return row;
}

/** What a database refusal means to the caller; null for anything else (a bug, or the database down). */
export type PgRefusal = 'unique' | 'foreignKey' | 'check' | 'overlap' | 'final' | 'finalInvoice';

/** The SQLSTATE a trigger raises on a change to a record that is final (a validated settlement). */
const PG_FINAL_RECORD = 'LQ001';

/** The SQLSTATE of a change to an invoicing record the lifecycle holds final (migration 0018). */
const PG_FINAL_INVOICE = 'IV001';

// 23001 is a foreign key declared ON DELETE RESTRICT refusing the delete of what it refers to;
// 23P01 an exclusion constraint (two charge periods of a country and code that overlap).
const PG_REFUSALS: Record<string, PgRefusal> = {
  '23505': 'unique',
  '23P01': 'overlap',
  '23503': 'foreignKey',
  '23001': 'foreignKey',
  '23514': 'check',
  [PG_FINAL_RECORD]: 'final',
  [PG_FINAL_INVOICE]: 'finalInvoice',
};

/** The kind of constraint a database error broke (drizzle may wrap the driver's error). */
export function pgRefusalOf(error: unknown): PgRefusal | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in PG_REFUSALS) return PG_REFUSALS[code]!;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Trimmed text; a blank one is null (an optional text column left empty). */
export function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Every string of `fields` as stored: trimmed, a blank one null. Other values stay as they are. */
export function cleanedTexts<T extends Record<string, unknown>>(fields: T): { [K in keyof T]: T[K] extends string ? T[K] | null : T[K] } {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? textOrNull(value) : value]),
  ) as { [K in keyof T]: T[K] extends string ? T[K] | null : T[K] };
}

/** What a mutation did, for its audit row: the record before and after (null when created or deleted). */
export interface Mutation<Wire> {
  id: number | string;
  before: Wire | null;
  after: Wire | null;
  /** What the audit row keeps instead, where that is not the records themselves (a part of them). */
  audited?: { before: unknown; after: unknown };
}

/** Which catalogue error a broken constraint answers, where the area's own checks did not catch it first. */
export type RefusalAnswers = Partial<Record<PgRefusal, () => Error>>;

/**
 * Runs `work` in one transaction and appends its audit row (`<entity>.<verb>`, before and
 * after) in the same transaction, so the change and its record commit or roll back together.
 * A constraint the database enforces (a race the area's own checks could not see) becomes the
 * error `refusals` names for it. Answers the record after the change (before it, for a delete),
 * once what this process keeps of the database (server/db/changes.ts) has been dropped.
 */
export async function mutate<Wire>(
  db: Db,
  request: FastifyRequest,
  audit: Pick<AuditRecord, 'action' | 'entity'>,
  work: (tx: Db) => Promise<Mutation<Wire>>,
  refusals: RefusalAnswers = {},
): Promise<Wire> {
  try {
    const answer = await db.transaction(async (tx) => {
      const { id, before, after, audited = { before, after } } = await work(tx);
      await recordAudit(tx, request, { ...audit, entityId: id, ...audited });
      const changed = after ?? before;
      if (changed === null) throw new Error(`${audit.action} changed nothing to answer with`);
      return changed;
    });
    // Committed: what this process keeps of the changed tables drops before the caller hears of it.
    await changesOf(db).committed();
    return answer;
  } catch (error) {
    const refusal = pgRefusalOf(error);
    const answer = refusal ? refusals[refusal] : undefined;
    throw answer ? answer() : error;
  }
}
