// Sign-in attempts kept server-side in idp_challenges. The client holds only an opaque random
// token (the SECRET_BLOCK or the Session); the table keeps its sha256, so a leaked table row
// cannot be replayed. Rows are short lived; PASSWORD_VERIFIER rows are single use.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpChallenges } from '../db/schema/idp';

export type Challenge = typeof idpChallenges.$inferSelect;
type ChallengeKind = Challenge['kind'];

/** How long the client has to answer a challenge (the hosted service allows 3 minutes). */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong MFA codes allowed on one session before it dies. */
const MAX_CHALLENGE_ATTEMPTS = 5;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a challenge and returns the opaque token (base64) the client gets. */
export async function createChallenge(
  db: Db,
  values: Omit<typeof idpChallenges.$inferInsert, 'id_hash' | 'expires_at'>,
): Promise<string> {
  const token = randomBytes(32).toString('base64');
  await db.insert(idpChallenges).values({ ...values, id_hash: hashOf(token), expires_at: new Date(Date.now() + CHALLENGE_TTL_MS) });
  // Housekeeping on the write path keeps the table small without a background job.
  await db.delete(idpChallenges).where(lt(idpChallenges.expires_at, new Date(Date.now() - CHALLENGE_TTL_MS)));
  return token;
}

const live = (token: string, kind: ChallengeKind) =>
  and(
    eq(idpChallenges.id_hash, hashOf(token)),
    eq(idpChallenges.kind, kind),
    isNull(idpChallenges.consumed_at),
    gt(idpChallenges.expires_at, new Date()),
  );

/** Marks a live challenge used and returns it; undefined if unknown, expired or already used. */
export async function consumeChallenge(db: Db, token: string, kind: ChallengeKind): Promise<Challenge | undefined> {
  const [row] = await db.update(idpChallenges).set({ consumed_at: new Date() }).where(live(token, kind)).returning();
  return row;
}

/** A live challenge without using it up (a rejected new password may be retried). */
export async function findChallenge(db: Db, token: string, kind: ChallengeKind): Promise<Challenge | undefined> {
  const [row] = await db.select().from(idpChallenges).where(live(token, kind)).limit(1);
  return row;
}

/** Counts one more answer to a challenge; undefined once the attempts are used up. */
export async function countChallengeAttempt(db: Db, token: string, kind: ChallengeKind): Promise<Challenge | undefined> {
  const [row] = await db
    .update(idpChallenges)
    .set({ attempts: sql`${idpChallenges.attempts} + 1` })
    .where(and(live(token, kind), lt(idpChallenges.attempts, MAX_CHALLENGE_ATTEMPTS)))
    .returning();
  return row;
}
