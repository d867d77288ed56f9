// The append-only audit log (ARCHITECTURE.md, Data): one row per mutation and per refused
// (403) request. A trigger in the migrations makes the database refuse UPDATE and DELETE.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The actor's e-mail; kept as text (no foreign key) so the record outlives any account. */
    actor_email: text('actor_email'),
    actor_id: integer('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    request_id: text('request_id'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_entity_idx').on(table.entity, table.entity_id),
    index('audit_log_actor_email_idx').on(table.actor_email),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
