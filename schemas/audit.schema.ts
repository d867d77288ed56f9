import type { FromSchema } from 'json-schema-to-ts';
import { RECORD_ID_MAX } from './record.schema';

/** One row of the append-only audit log: who did what to which record, before and after. */
export const auditEntrySchema = {
  type: 'object',
  required: ['id', 'at', 'action', 'entity'],
  properties: {
    id: { type: 'integer' },
    /** ISO 8601 in UTC. */
    at: { type: 'string' },
    actor_email: { type: ['string', 'null'] },
    actor_id: { type: ['integer', 'null'] },
    action: { type: 'string' },
    entity: { type: 'string' },
    entity_id: { type: ['string', 'null'] },
    before: {},
    after: {},
    request_id: { type: ['string', 'null'] },
  },
} as const;

export type AuditEntry = FromSchema<typeof auditEntrySchema>;

/**
 * `GET /api/v2/audit` query. `user`: part of the actor's e-mail or name, accents and case aside;
 * `entity`: exact entity name; `from` (inclusive) and `to` (exclusive): ISO 8601 dates or
 * date-times (a date alone means 00:00 UTC); `limit` / `offset` page through the newest first.
 */
export const auditQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user: { type: 'string', minLength: 1, maxLength: 254 },
    entity: { type: 'string', minLength: 1, maxLength: 64 },
    from: { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] },
    to: { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    offset: { type: 'integer', minimum: 0, maximum: RECORD_ID_MAX, default: 0 },
  },
} as const;

export type AuditQuery = FromSchema<typeof auditQuerySchema>;
