// Sign-in throttling (IDENTITY.md, Tokens): 5 failed password proofs for one username within
// 15 minutes block further attempts until the oldest failure leaves the window. Only password
// failures count, never refresh attempts, so the client's refresh retry loop cannot lock anyone out.
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpSignInFailures } from '../db/schema/idp';
import { IdpError } from './errors';

const MAX_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;

const windowStart = () => new Date(Date.now() - WINDOW_MS);

/** Throws NotAuthorizedException "Password attempts exceeded" while the user is throttled. */
export async function assertNotThrottled(db: Db, username: string): Promise<void> {
  const [row] = await db
    .select({ failures: count() })
    .from(idpSignInFailures)
    .where(and(eq(idpSignInFailures.username, username), gt(idpSignInFailures.created_at, windowStart())));
  if ((row?.failures ?? 0) >= MAX_FAILURES) {
    throw new IdpError('NotAuthorizedException', 'Password attempts exceeded');
  }
}

export async function recordFailure(db: Db, username: string): Promise<void> {
  await db.insert(idpSignInFailures).values({ username });
  await db.delete(idpSignInFailures).where(and(eq(idpSignInFailures.username, username), lt(idpSignInFailures.created_at, windowStart())));
}

/** A successful sign-in or password reset starts the count afresh. */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(idpSignInFailures).where(eq(idpSignInFailures.username, username));
}
