// Queries on the `users` table shared by the auth plugin, the user routes and main.
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { users, type UserRow } from './schema/app';

/** The user with this e-mail, compared case-insensitively (e-mails are stored lower-case). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user;
}
