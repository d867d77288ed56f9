// Operations of a signed-in user on their own account: GetUser, ChangePassword, GlobalSignOut,
// and RevokeToken (sign-out of one session with its refresh token).
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { JWTVerifyGetKey } from 'jose';
import { idpRefreshTokens } from '../db/schema/idp';
import type { IdpContext } from './context';
import { incorrectCredentials, invalidToken } from './errors';
import { findIdentity, revokeAllRefreshTokens, setPassword, type Identity } from './identities';
import { assertPasswordPolicy } from './password-policy';
import { computeVerifier } from './srp';
import { assertNotThrottled, recordFailure } from './throttle';
import { hashToken, verifyAccessToken } from './tokens';

async function signedInUser(ctx: IdpContext, keys: JWTVerifyGetKey, accessToken: string): Promise<Identity> {
  const claims = await verifyAccessToken(ctx, keys, accessToken);
  const user = await findIdentity(ctx.db, claims.username);
  if (!user?.enabled || user.sub !== claims.sub) throw invalidToken('Access Token');
  return user;
}

export async function getUser(ctx: IdpContext, keys: JWTVerifyGetKey, accessToken: string) {
  const user = await signedInUser(ctx, keys, accessToken);
  const mfa = user.mfa_enabled ? ['SOFTWARE_TOKEN_MFA'] : [];
  return {
    Username: user.username,
    UserAttributes: [
      { Name: 'sub', Value: user.sub },
      { Name: 'email', Value: user.email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: user.given_name },
      { Name: 'family_name', Value: user.family_name },
    ],
    MFAOptions: [],
    UserMFASettingList: mfa,
    ...(mfa[0] ? { PreferredMfaSetting: mfa[0] } : {}),
  };
}

export async function changePassword(
  ctx: IdpContext,
  keys: JWTVerifyGetKey,
  request: { AccessToken: string; PreviousPassword: string; ProposedPassword: string },
) {
  const user = await signedInUser(ctx, keys, request.AccessToken);
  await assertNotThrottled(ctx.db, user.username);
  // The stored verifier is recomputed from the old password: no password is ever stored.
  const previous = Buffer.from(computeVerifier(ctx.poolName, user.username, request.PreviousPassword, user.srp_salt));
  const stored = Buffer.from(user.srp_verifier);
  if (previous.length !== stored.length || !timingSafeEqual(previous, stored)) {
    await recordFailure(ctx.db, user.username);
    throw incorrectCredentials();
  }
  assertPasswordPolicy(request.ProposedPassword);
  await setPassword(ctx.db, ctx.poolId, user.username, request.ProposedPassword);
  return {};
}

export async function globalSignOut(ctx: IdpContext, keys: JWTVerifyGetKey, accessToken: string) {
  const user = await signedInUser(ctx, keys, accessToken);
  await revokeAllRefreshTokens(ctx.db, user.username);
  return {};
}

/** Revokes one refresh token (and with it its access tokens). Unknown tokens are accepted silently. */
export async function revokeToken(ctx: IdpContext, token: string) {
  await ctx.db
    .update(idpRefreshTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(idpRefreshTokens.token_hash, hashToken(token)), eq(idpRefreshTokens.client_id, ctx.clientId), isNull(idpRefreshTokens.revoked_at)));
  return {};
}
