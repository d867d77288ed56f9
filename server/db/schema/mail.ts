// Outgoing mail: every message is written here first (the outbox), then sent by SMTP when
// SMTP_URL is configured. Without SMTP the outbox is where people (and tests) read mail.
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** File keys (server/db/schema/files.ts) sent as attachments; send-mail checks they exist. */
  attachments: text('attachments')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sent_at: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});
