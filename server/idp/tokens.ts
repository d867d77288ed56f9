// Tokens of the built-in identity service (IDENTITY.md, Tokens): RS256 id and access JWTs
// with the hosted service's claims, and opaque refresh tokens stored as sha256 hashes.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { idpRefreshTokens } from '../db/schema/idp';
import type { IdpContext } from './context';
import { IdpError, invalidToken } from './errors';
import type { Identity } from './identities';
import { ensureSigningKey } from './keys';

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

const ACCESS_SCOPE = 'aws.cognito.signin.user.admin';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Signs an id token and an access token for one sign-in (origin_jti) of a user. */
export async function signTokens(
  ctx: IdpContext,
  user: Identity,
  session: { authTime: Date; originJti: string },
): Promise<Omit<AuthenticationResult, 'RefreshToken'>> {
  const key = await ensureSigningKey(ctx.db);
  const iat = seconds(new Date());
  const exp = iat + ctx.accessTokenTtlSeconds;
  const common = { auth_time: seconds(session.authTime), iat, exp };
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT({ ...claims, ...common })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(ctx.issuer)
      .setSubject(user.sub)
      .sign(key.privateKey);
  const [IdToken, AccessToken] = await Promise.all([
    sign({
      aud: ctx.clientId,
      email: user.email,
      email_verified: true,
      'cognito:username': user.username,
      given_name: user.given_name,
      family_name: user.family_name,
      token_use: 'id',
    }),
    sign({
      client_id: ctx.clientId,
      username: user.username,
      token_use: 'access',
      scope: ACCESS_SCOPE,
      jti: randomUUID(),
      origin_jti: session.originJti,
    }),
  ]);
  return { AccessToken, IdToken, ExpiresIn: ctx.accessTokenTtlSeconds, TokenType: 'Bearer' };
}

/** A completed sign-in: a new refresh token (origin of every later access token) plus JWTs. */
export async function issueSignInTokens(ctx: IdpContext, user: Identity, authTime: Date): Promise<AuthenticationResult> {
  const refreshToken = randomBytes(48).toString('base64url');
  const originJti = randomUUID();
  await ctx.db.insert(idpRefreshTokens).values({
    token_hash: hashToken(refreshToken),
    sub: user.sub,
    username: user.username,
    client_id: ctx.clientId,
    origin_jti: originJti,
    auth_time: authTime,
    expires_at: new Date(Date.now() + ctx.refreshTokenTtlSeconds * 1000),
  });
  return { ...(await signTokens(ctx, user, { authTime, originJti })), RefreshToken: refreshToken };
}

/** The live (unrevoked, unexpired) refresh token row of a token string, for this client. */
export async function findLiveRefreshToken(ctx: IdpContext, token: string) {
  const [row] = await ctx.db
    .select()
    .from(idpRefreshTokens)
    .where(
      and(
        eq(idpRefreshTokens.token_hash, hashToken(token)),
        eq(idpRefreshTokens.client_id, ctx.clientId),
        isNull(idpRefreshTokens.revoked_at),
        gt(idpRefreshTokens.expires_at, new Date()),
      ),
    )
    .limit(1);
  return row;
}

interface AccessClaims {
  sub: string;
  username: string;
  origin_jti: string;
}

/**
 * Verifies an access token for the service's own operations (GetUser, ChangePassword,
 * GlobalSignOut): signature, issuer, token_use, client, and that its sign-in was not revoked.
 */
export async function verifyAccessToken(ctx: IdpContext, keys: JWTVerifyGetKey, token: string): Promise<AccessClaims> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keys, { issuer: ctx.issuer, algorithms: ['RS256'] }));
  } catch {
    throw invalidToken('Access Token');
  }
  const { sub, username, origin_jti: originJti, token_use: use, client_id: clientId } = payload;
  if (use !== 'access' || clientId !== ctx.clientId) throw invalidToken('Access Token');
  if (typeof sub !== 'string' || typeof username !== 'string' || typeof originJti !== 'string') {
    throw invalidToken('Access Token');
  }
  const [live] = await ctx.db
    .select({ origin: idpRefreshTokens.origin_jti })
    .from(idpRefreshTokens)
    .where(and(eq(idpRefreshTokens.origin_jti, originJti), isNull(idpRefreshTokens.revoked_at)))
    .limit(1);
  // Like the hosted service: after sign-out the access token no longer works here.
  if (!live) throw new IdpError('NotAuthorizedException', 'Access Token has been revoked');
  return { sub, username, origin_jti: originJti };
}
