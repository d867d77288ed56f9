import type { FromSchema } from 'json-schema-to-ts';
import { RECORD_ID_MAX } from './record.schema';
import { isoDate } from './date.schema';

/**
 * Every action the server writes to the audit log, `<entity>.<verb>`: the server may write no
 * other (its type says so) and the audit page names each in words (`admin.audit.actions.*`).
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.status',
  'user.permissions',
  'role.create',
  'role.update',
  'role.delete',
  'company.create',
  'company.update',
  'company.delete',
  'contact.create',
  'contact.update',
  'contact.delete',
  'contract.create',
  'contract.update',
  'contract.delete',
  'annex.create',
  'annex.update',
  'annex.delete',
  'file.create',
  'file.update',
  'marketdata.import',
  'settlement.validate',
  'settlement.reconcile',
  'settlement.compute',
  'mail.send',
  'job.stop',
  // A bid-process run asked for (Registra, Sube, Supresion) and asked to stop.
  'run.create',
  'run.stop',
  // An invoice or note drafted from a settlement, its draft edited, requested, issued, paid.
  'invoice.draft',
  'invoice.update',
  'invoice.request',
  'invoice.issue',
  'invoice.pay',
  // A country-charge period created or edited (no call deletes one: a period is closed instead).
  'charge.create',
  'charge.update',
  'charge.delete',
  // A day's log book saved (its offers replaced), sent, or followed by its next version.
  'logbook.save',
  // A guarantee instrument posted or edited (none is deleted: a released one keeps its release date),
  // or an operator's statements imported.
  'guarantee.create',
  'guarantee.update',
  'guarantee.delete',
  'guarantee.import',
  // ERCOT's price files, the day-ahead awards or the settlement-point catalogue imported; a point edited.
  'ercot.import',
  'ercot.point.update',
  // A refused (403) request; its entity is the route.
  'access.denied',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every kind of record an audit row names (`admin.audit.entities.*`); the page filters by them. */
export const AUDIT_ENTITIES = ['user', 'role', 'route', 'company', 'contact', 'contract', 'annex', 'file', 'mail', 'marketdata', 'job', 'settlement', 'run', 'invoice', 'charge', 'logbook', 'guarantee', 'ercot'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

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
    from: { anyOf: [isoDate, { type: 'string', format: 'date-time' }] },
    to: { anyOf: [isoDate, { type: 'string', format: 'date-time' }] },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
    offset: { type: 'integer', minimum: 0, maximum: RECORD_ID_MAX, default: 0 },
  },
} as const;

export type AuditQuery = FromSchema<typeof auditQuerySchema>;
