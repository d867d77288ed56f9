// The SQL of the append-only audit log (ARCHITECTURE.md, Data): `recordAudit` writes one row
// inside the transaction of the mutation it describes, so a change and its record commit or
// roll back together; administrators read a filtered page of entries, newest first, and one entry.
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntity, AuditEntry, AuditQuery } from '../../schemas/audit.schema';
import type { Db } from '../db/client';
import { containsFolded } from '../db/folded-search';
import { users } from '../db/schema/app';
import { auditLog, type AuditRow } from '../db/schema/audit';
import { AppErrors } from '../errors/catalogue';

/** Who made a change: a signed-in user, or a part of the system (`actor_email` like `identity:...`). */
export interface AuditActor {
  email: string | null;
  id: number | null;
  requestId: string | null;
}

export interface AuditRecord {
  /** `<entity>.<verb>`, e.g. `user.create`, `user.status`, `role.delete`, `access.denied`. */
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

// Secrets never enter the log, whatever a caller hands over: any key that names one is dropped.
const SECRET_KEY = /password|passwd|verifier|salt|token|secret|authorization|cookie/i;

/** A JSON-safe copy of `value` without secret-named keys (dates become ISO strings). */
export function redactSecrets(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (SECRET_KEY.test(key) || inner === undefined) continue;
      out[key] = redactSecrets(inner);
    }
    return out;
  }
  return value;
}

function isRequest(who: FastifyRequest | AuditActor): who is FastifyRequest {
  return typeof (who as FastifyRequest).routeOptions === 'object';
}

/** The actor of a request: the signed-in user (null on public routes). */
export function actorOf(request: FastifyRequest): AuditActor {
  return { email: request.user?.email ?? null, id: request.user?.id ?? null, requestId: request.id };
}

/**
 * Appends one audit row. Pass the transaction of the mutation (`tx`) so both commit together;
 * `who` is the request (its signed-in user and request id) or an explicit system actor.
 */
export async function recordAudit(tx: Db, who: FastifyRequest | AuditActor, record: AuditRecord): Promise<void> {
  const actor = isRequest(who) ? actorOf(who) : who;
  await tx.insert(auditLog).values({
    actor_email: actor.email,
    actor_id: actor.id,
    action: record.action,
    entity: record.entity,
    entity_id: record.entityId === undefined || record.entityId === null ? null : String(record.entityId),
    before: redactSecrets(record.before ?? null),
    after: redactSecrets(record.after ?? null),
    request_id: actor.requestId,
  });
}

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
