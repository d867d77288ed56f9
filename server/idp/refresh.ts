// InitiateAuth REFRESH_TOKEN_AUTH: new id and access tokens for a live refresh token. The
// refresh token itself is not rotated (the client keeps the old one when none is returned).
import type { IdpContext } from './context';
import { invalidParameter, invalidToken } from './errors';
import { findIdentity } from './identities';
import { findLiveRefreshToken, signTokens } from './tokens';

export async function refreshTokens(ctx: IdpContext, params: Record<string, string | null>) {
  const token = params.REFRESH_TOKEN;
  if (!token) throw invalidParameter('Missing required parameter REFRESH_TOKEN');
  const row = await findLiveRefreshToken(ctx, token);
  if (!row) throw invalidToken('Refresh Token');
  const user = await findIdentity(ctx.db, row.username);
  // A disabled or deleted user keeps no session, even before its tokens were revoked.
  if (!user?.enabled || user.sub !== row.sub) throw invalidToken('Refresh Token');
  const result = await signTokens(ctx, user, { authTime: row.auth_time, originJti: row.origin_jti });
  return { AuthenticationResult: result, ChallengeParameters: {} };
}
