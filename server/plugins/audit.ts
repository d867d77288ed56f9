// The append-only audit log (ARCHITECTURE.md, Data): `recordAudit` writes one row inside the
// transaction of the mutation it describes, so a change and its record commit or roll back
// together. The plugin also records every refused request (403) as `access.denied`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditAction, AuditEntity } from '../../schemas/audit.schema';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/audit';

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

export interface AuditPluginOptions {
  db: Db;
}

async function auditPlugin(app: FastifyInstance, options: AuditPluginOptions) {
  const { db } = options;
  // onSend runs for error replies too, and before the response leaves, so the row exists by
  // the time the caller sees its 403. The auth plugin sets request.user before refusing, so
  // the row names who tried.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 403) return payload;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    try {
      await recordAudit(db, request, {
        action: 'access.denied',
        entity: 'route',
        entityId: route,
        after: { method: request.method, url: request.url.split('?')[0], route: request.routeOptions.url ?? null },
      });
    } catch (error) {
      // Refusing the request already happened; a failed log write must not turn it into a 500.
      request.log.error({ err: error }, 'could not record the refused request in the audit log');
    }
    return payload;
  });
}

export default fp(auditPlugin, { name: 'audit', fastify: '5.x' });
