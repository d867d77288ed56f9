// The SQL of the audit log for administrators: a filtered page of entries, newest first, and
// one entry. The rows are written by server/plugins/audit.ts, inside each mutation.
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '../../schemas/audit.schema';
import type { Db } from '../db/client';
import { containsFolded } from '../db/folded-search';
import { users } from '../db/schema/app';
import { auditLog, type AuditRow } from '../db/schema/audit';
import { AppErrors } from '../errors/catalogue';

/** An audit row as the API returns it: its moment as an ISO string. */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return { ...row, at: row.at.toISOString() };
}

/**
 * The entries of an actor whose e-mail or name holds `typed`, accents and case aside. The name
 * is the account's today (the row keeps only the e-mail): an admin looks for "Lucía" as often
 * as for her address.
 */
function actorMatches(typed: string): SQL {
  const name = sql`concat_ws(' ', ${users.nombre}, ${users.segundo_nombre}, ${users.primer_apellido}, ${users.segundo_apellido})`;
  const byName = sql`exists (select 1 from ${users} where ${users.id} = ${auditLog.actor_id} and ${containsFolded(name, typed)})`;
  return or(containsFolded(auditLog.actor_email, typed), byName) as SQL;
}

function filters(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.user) conditions.push(actorMatches(query.user));
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(query.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of the entries `query` selects, newest first, and how many it selects in all. */
export async function listAuditEntries(db: Db, query: AuditQuery): Promise<{ data: AuditEntry[]; total: number }> {
  const where = filters(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit ?? 50)
      .offset(query.offset ?? 0),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { data: rows.map(toAuditEntry), total: Number(total?.n ?? 0) };
}

/** The entry `id`; 404 when there is none. */
export async function readAuditEntry(db: Db, id: number): Promise<AuditEntry> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
  if (!row) throw new AppErrors.auditNotFound();
  return toAuditEntry(row);
}
