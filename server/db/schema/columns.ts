// Columns shared by the tables people edit (ARCHITECTURE.md, Data).
import { sql } from 'drizzle-orm';
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who created and last changed a row and when, and the `version` a stale update is refused
 * on (409). Spread into a table's columns; a function so every table gets its own builders.
 */
export function editedColumns() {
  return {
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    created_by: text('created_by'),
    updated_by: text('updated_by'),
    version: integer('version').notNull().default(1),
  };
}

/** A CHECK constraint's list of allowed codes (`'a', 'b'`), from the enumeration the schemas declare. */
export const sqlInList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
