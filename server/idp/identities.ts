// Identities of the built-in identity service: creation (demo seed, user administration),
// lookup, enabling and disabling. Passwords become an SRP salt + verifier and are never stored.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpRefreshTokens, idpUsers } from '../db/schema/idp';
import { assertPasswordPolicy } from './password-policy';
import { computeVerifier, poolNameOf } from './srp';
import { newTotpSecret } from './totp';

export type Identity = typeof idpUsers.$inferSelect;
export type IdentityStatus = Identity['status'];

interface NewIdentity {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  /** FORCE_CHANGE_PASSWORD makes the first sign-in answer NEW_PASSWORD_REQUIRED. */
  status?: IdentityStatus;
  /** MFA on: sign-in demands a TOTP code for a freshly generated secret. */
  mfaEnabled?: boolean;
  /** The user pool id: its name part salts the verifier, so it must match the service's. */
  poolId: string;
}

/** Built-in usernames are the lower-cased e-mail. */
export function usernameOf(email: string): string {
  return email.trim().toLowerCase();
}

/** Salt and verifier for a password, as stored in idp_users. */
function passwordVerifier(poolId: string, username: string, password: string): { srp_salt: string; srp_verifier: string } {
  const salt = randomBytes(16).toString('hex');
  return { srp_salt: salt, srp_verifier: computeVerifier(poolNameOf(poolId), username, password, salt) };
}

/**
 * Creates an identity, or returns the existing one unchanged (so seeds are idempotent).
 * The password must satisfy the policy.
 */
export async function createIdentity(db: Db, input: NewIdentity): Promise<Identity> {
  assertPasswordPolicy(input.password);
  const username = usernameOf(input.email);
  const mfaEnabled = input.mfaEnabled ?? false;
  const [created] = await db
    .insert(idpUsers)
    .values({
      username,
      sub: randomUUID(),
      email: username,
      given_name: input.givenName,
      family_name: input.familyName,
      ...passwordVerifier(input.poolId, username, input.password),
      status: input.status ?? 'CONFIRMED',
      mfa_enabled: mfaEnabled,
      totp_secret: mfaEnabled ? newTotpSecret() : null,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await findIdentity(db, username);
  if (!existing) throw new Error(`identity ${username} vanished while being created`);
  return existing;
}

/** The identity of an e-mail (any case), or undefined. */
export async function findIdentity(db: Db, email: string): Promise<Identity | undefined> {
  const [row] = await db.select().from(idpUsers).where(eq(idpUsers.username, usernameOf(email))).limit(1);
  return row;
}

/** Enables or disables sign-in; disabling also revokes every refresh token of the user. */
export async function setIdentityEnabled(db: Db, email: string, enabled: boolean): Promise<void> {
  const username = usernameOf(email);
  await db.update(idpUsers).set({ enabled, updated_at: new Date() }).where(eq(idpUsers.username, username));
  if (!enabled) await revokeAllRefreshTokens(db, username);
}

/** The names the id token carries (`given_name`, `family_name`), kept in step with the app's user. */
export async function setIdentityNames(db: Db, email: string, names: { givenName: string; familyName: string }): Promise<void> {
  await db
    .update(idpUsers)
    .set({ given_name: names.givenName, family_name: names.familyName, updated_at: sql`now()` })
    .where(eq(idpUsers.username, usernameOf(email)));
}

/** Revokes every live refresh token of a user (global sign-out, disabling, password reset). */
export async function revokeAllRefreshTokens(db: Db, username: string): Promise<void> {
  await db
    .update(idpRefreshTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(idpRefreshTokens.username, username), isNull(idpRefreshTokens.revoked_at)));
}

/** Replaces the password (salt + verifier) and marks the identity CONFIRMED. */
export async function setPassword(db: Db, poolId: string, username: string, password: string): Promise<void> {
  assertPasswordPolicy(password);
  await db
    .update(idpUsers)
    .set({ ...passwordVerifier(poolId, username, password), status: 'CONFIRMED', updated_at: new Date() })
    .where(eq(idpUsers.username, username));
}
