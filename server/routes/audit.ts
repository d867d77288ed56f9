// The audit log for administrators (issue 3, item 6): a filtered, paginated list, newest
// first, and one entry with its before and after.
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEntrySchema, auditQuerySchema, type AuditEntry, type AuditQuery } from '../../schemas/audit.schema';
import type { Db } from '../db/client';
import { auditLog, type AuditRow } from '../db/schema/audit';
import { AppErrors } from '../errors/catalogue';
import { dataOf } from './admin-shared';

export interface AuditRoutesOptions {
  db: Db;
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_email: row.actor_email,
    actor_id: row.actor_id,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: row.before,
    after: row.after,
    request_id: row.request_id,
  };
}

/** `%` and `_` in what the admin typed are literal characters, not wildcards. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.user) conditions.push(ilike(auditLog.actor_email, `%${likeLiteral(query.user.trim())}%`));
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(query.to)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export default async function auditRoutes(app: FastifyInstance, options: AuditRoutesOptions) {
  const { db } = options;

  app.get<{ Querystring: AuditQuery }>(
    '/api/v2/audit',
    {
      config: { permission: 'admin' },
      schema: {
        querystring: auditQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['data', 'total'],
            properties: { data: { type: 'array', items: auditEntrySchema }, total: { type: 'integer' } },
          },
        },
      },
    },
    async (request) => {
      const where = filters(request.query);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(request.query.limit ?? 50)
          .offset(request.query.offset ?? 0),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { data: rows.map(toAuditEntry), total: Number(total?.n ?? 0) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/v2/audit/:id',
    {
      config: { permission: 'admin' },
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
        response: { 200: dataOf(auditEntrySchema) },
      },
    },
    async (request) => {
      const [row] = await db.select().from(auditLog).where(eq(auditLog.id, request.params.id)).limit(1);
      if (!row) throw new AppErrors.auditNotFound();
      return { data: toAuditEntry(row) };
    },
  );
}
