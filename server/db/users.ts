// Queries on the `users` table shared by the auth plugin, the user routes and main.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { users, type UserRow } from './schema/app';

/** The user with this e-mail, compared case-insensitively (e-mails are stored lower-case). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user;
}

/**
 * Flips a pending user to active: called when the identity service reports that the user
 * finished the new-password challenge of their first sign-in. Other states are left alone
 * (an inactive account must stay off).
 */
export async function activatePendingUser(db: Db, email: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({
      estado: 'active',
      updated_at: sql`now()`,
      updated_by: 'identity:first-sign-in',
      version: sql`${users.version} + 1`,
    })
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.estado, 'pending')))
    .returning({ id: users.id });
  return changed.length > 0;
}
