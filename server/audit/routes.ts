// The audit log for administrators: a filtered, paginated list, newest first, and one entry
// with its before and after. Reading it needs the `admin` view key.
import type { FastifyInstance } from 'fastify';
import { auditEntrySchema, auditQuerySchema, type AuditQuery } from '../../schemas/audit.schema';
import { dataOf } from '../../schemas/envelope.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import * as store from './store';

const ADMIN = { permission: 'admin' } as const;

/** A page of entries and how many the filters select in all. */
const pageSchema = {
  type: 'object',
  required: ['data', 'total'],
  properties: { data: { type: 'array', items: auditEntrySchema }, total: { type: 'integer' } },
} as const;

export default async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Querystring: AuditQuery }>(
    '/api/v2/audit',
    { config: ADMIN, schema: { querystring: auditQuerySchema, response: { 200: pageSchema } } },
    async (request) => store.listAuditEntries(db, request.query),
  );

  app.get<{ Params: { id: number } }>(
    '/api/v2/audit/:id',
    { config: ADMIN, schema: { params: idParamsSchema, response: { 200: dataOf(auditEntrySchema) } } },
    async (request) => ({ data: await store.readAuditEntry(db, request.params.id) }),
  );
}
