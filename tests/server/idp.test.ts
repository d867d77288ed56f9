// @vitest-environment node
// The built-in identity service driven by the real amazon-cognito-identity-js client over HTTP,
// against a Fastify instance that registers only the identity plugin on in-memory PGlite.
import {
  AuthenticationDetails,
  CognitoRefreshToken,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { desc, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/free-port';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { idpUsers } from '../../server/db/schema/idp';
import { mailOutbox } from '../../server/db/schema/mail';
import { createIdentity, findIdentity, setIdentityEnabled } from '../../server/idp/identities';
import { localJwks } from '../../server/idp/keys';
import { idpPlugin } from '../../server/idp/plugin';
import { totpCode } from '../../server/idp/totp';
import { createMailer } from '../../server/mail/mailer';

const POOL_ID = 'local_TestPool';
const CLIENT_ID = 'test-web-client';
const PASSWORD = 'Demo1234!';
/** The client retries a failed refresh 6 times over about 6.6 s before giving up. */
const REFRESH_RETRY_TIMEOUT = 30_000;

// Each SRP sign-in costs the client a 3072-bit exponentiation in plain JavaScript: allow for a
// busy machine instead of the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

let handle: DatabaseHandle;
let app: FastifyInstance;
let baseUrl: string;
let pool: CognitoUserPool;
const firstSignIns: string[] = [];

type SignInOutcome =
  | { kind: 'success'; session: CognitoUserSession; user: CognitoUser }
  | { kind: 'newPassword'; user: CognitoUser; userAttributes: Record<string, string>; requiredAttributes: string[] }
  | { kind: 'totp'; user: CognitoUser }
  | { kind: 'failure'; error: { code?: string; message: string } };

function callbacks(user: CognitoUser, resolve: (outcome: SignInOutcome) => void) {
  return {
    onSuccess: (session: CognitoUserSession) => resolve({ kind: 'success', session, user }),
    onFailure: (error: { code?: string; message: string }) => resolve({ kind: 'failure', error }),
    newPasswordRequired: (userAttributes: Record<string, string>, requiredAttributes: string[]) =>
      resolve({ kind: 'newPassword', user, userAttributes, requiredAttributes }),
    totpRequired: () => resolve({ kind: 'totp', user }),
  };
}

function signIn(email: string, password: string): Promise<SignInOutcome> {
  const user = new CognitoUser({ Username: email, Pool: pool });
  return new Promise((resolve) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), callbacks(user, resolve)),
  );
}

async function signedIn(email: string, password = PASSWORD) {
  const outcome = await signIn(email, password);
  if (outcome.kind !== 'success') throw new Error(`expected success, got ${JSON.stringify(outcome)}`);
  return outcome;
}

const errorOf = (outcome: SignInOutcome) => (outcome.kind === 'failure' ? { code: outcome.error.code, message: outcome.error.message } : outcome.kind);

function refresh(user: CognitoUser, token: string): Promise<{ session?: CognitoUserSession; error?: { code?: string } }> {
  return new Promise((resolve) =>
    user.refreshSession(new CognitoRefreshToken({ RefreshToken: token }), (error: { code?: string } | null, session: CognitoUserSession) =>
      resolve(error ? { error } : { session }),
    ),
  );
}

/** One protocol request without the client, for answers the client hides behind retries. */
async function rawCall(operation: string, body: object) {
  const response = await fetch(`${baseUrl}/idp/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function latestMailTo(email: string) {
  const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return row;
}

const identity = (email: string, extra: Partial<Parameters<typeof createIdentity>[1]> = {}) =>
  createIdentity(handle.db, { email, password: PASSWORD, givenName: 'Ana', familyName: 'García', poolId: POOL_ID, ...extra });

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  app = Fastify();
  await app.register(idpPlugin, {
    prefix: '/idp',
    db: handle.db,
    poolId: POOL_ID,
    clientId: CLIENT_ID,
    issuer: `${baseUrl}/idp/${POOL_ID}`,
    accessTokenTtlSeconds: 600,
    refreshTokenTtlSeconds: 30 * 86400,
    mailer: createMailer({ db: handle.db }),
    onFirstSignInCompleted: (username) => void firstSignIns.push(username),
  });
  await app.listen({ port, host: '127.0.0.1' });
  pool = new CognitoUserPool({ UserPoolId: POOL_ID, ClientId: CLIENT_ID, endpoint: `${baseUrl}/idp/` });
}, 30_000);

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

describe('sign-in with SRP', () => {
  it('signs in with the right password and issues tokens that verify against the JWKS with the documented claims', async () => {
    const created = await identity('Ana@Example.com');
    const { session } = await signedIn('ana@example.com');
    const jwks = createRemoteJWKSet(new URL(`${baseUrl}/idp/${POOL_ID}/.well-known/jwks.json`));
    const issuer = `${baseUrl}/idp/${POOL_ID}`;

    const { payload: id, protectedHeader } = await jwtVerify(session.getIdToken().getJwtToken(), jwks, { issuer, audience: CLIENT_ID });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(id).toMatchObject({
      sub: created.sub,
      aud: CLIENT_ID,
      email: 'ana@example.com',
      email_verified: true,
      'cognito:username': 'ana@example.com',
      given_name: 'Ana',
      family_name: 'García',
      token_use: 'id',
      iss: issuer,
    });
    expect(Object.keys(id).sort()).toEqual(
      ['sub', 'aud', 'email', 'email_verified', 'cognito:username', 'given_name', 'family_name', 'token_use', 'auth_time', 'iat', 'exp', 'iss'].sort(),
    );
    expect((id.exp ?? 0) - (id.iat ?? 0)).toBe(600);

    const { payload: access } = await jwtVerify(session.getAccessToken().getJwtToken(), jwks, { issuer });
    expect(access).toMatchObject({
      sub: created.sub,
      client_id: CLIENT_ID,
      username: 'ana@example.com',
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
    });
    expect(Object.keys(access).sort()).toEqual(
      ['sub', 'client_id', 'username', 'token_use', 'scope', 'auth_time', 'iat', 'exp', 'iss', 'jti', 'origin_jti'].sort(),
    );
    // The server-side key lookup accepts the same tokens.
    await expect(jwtVerify(session.getAccessToken().getJwtToken(), localJwks(handle.db), { issuer })).resolves.toBeTruthy();
    expect(session.getRefreshToken().getToken()).toMatch(/^[\w-]{40,}$/);
  });

  it('answers a wrong password and an unknown user with the same NotAuthorizedException', async () => {
    await identity('bruno@example.com');
    const wrong = errorOf(await signIn('bruno@example.com', 'Wrong1234!'));
    const unknown = errorOf(await signIn('nobody@example.com', PASSWORD));
    expect(wrong).toEqual({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(unknown).toEqual(wrong);
  });

  it('gives an unknown user a stable salt, like a real account', async () => {
    const start = () =>
      rawCall('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'ghost@example.com', SRP_A: 'abcdef' } });
    const [first, second] = [await start(), await start()];
    const salt = (r: typeof first) => (r.body.ChallengeParameters as Record<string, string>).SALT;
    expect(first.status).toBe(200);
    expect(salt(first)).toBe(salt(second));
  });

  it('asks a pending user for a new password, then signs in and marks the identity CONFIRMED', async () => {
    await identity('nuevo@example.com', { status: 'FORCE_CHANGE_PASSWORD' });
    const challenge = await signIn('nuevo@example.com', PASSWORD);
    if (challenge.kind !== 'newPassword') throw new Error(`expected newPassword, got ${challenge.kind}`);
    expect(challenge.userAttributes).toMatchObject({ email: 'nuevo@example.com', given_name: 'Ana' });
    expect(challenge.requiredAttributes).toEqual([]);

    // The spec's flow submits the same password again to complete the challenge.
    const done = await new Promise<SignInOutcome>((resolve) =>
      challenge.user.completeNewPasswordChallenge(PASSWORD, {}, callbacks(challenge.user, resolve)),
    );
    expect(done.kind).toBe('success');
    expect((await findIdentity(handle.db, 'nuevo@example.com'))?.status).toBe('CONFIRMED');
    expect(firstSignIns).toContain('nuevo@example.com');
    expect((await signIn('nuevo@example.com', PASSWORD)).kind).toBe('success');
  });

  it('keeps the new-password session usable after a password the policy rejects', async () => {
    await identity('weak@example.com', { status: 'FORCE_CHANGE_PASSWORD' });
    const challenge = await signIn('weak@example.com', PASSWORD);
    if (challenge.kind !== 'newPassword') throw new Error('expected newPassword');
    const complete = (password: string) =>
      new Promise<SignInOutcome>((resolve) => challenge.user.completeNewPasswordChallenge(password, {}, callbacks(challenge.user, resolve)));
    expect(errorOf(await complete('weakpass'))).toMatchObject({ code: 'InvalidPasswordException' });
    expect((await complete('Strong123$')).kind).toBe('success');
  });

  it('demands a TOTP code from an MFA user, rejects a wrong one and accepts the right one', async () => {
    await identity('mfa@example.com', { mfaEnabled: true });
    const challenge = await signIn('mfa@example.com', PASSWORD);
    if (challenge.kind !== 'totp') throw new Error(`expected totp, got ${challenge.kind}`);
    const send = (code: string) =>
      new Promise<SignInOutcome>((resolve) => challenge.user.sendMFACode(code, callbacks(challenge.user, resolve), 'SOFTWARE_TOKEN_MFA'));

    expect(errorOf(await send('000000'))).toMatchObject({ code: 'CodeMismatchException' });
    const secret = (await findIdentity(handle.db, 'mfa@example.com'))?.totp_secret ?? '';
    // The client keeps its session, so a retry on it with the right code completes the sign-in.
    expect((await send(totpCode(secret))).kind).toBe('success');
  });

  it('refuses a disabled user even with the right password', async () => {
    await identity('off@example.com');
    await setIdentityEnabled(handle.db, 'off@example.com', false);
    expect(errorOf(await signIn('off@example.com', PASSWORD))).toMatchObject({ code: 'NotAuthorizedException' });
  });

  it('throttles a username after 5 failed passwords, even for the right one', async () => {
    await identity('slow@example.com');
    for (let i = 0; i < 5; i++) {
      expect(errorOf(await signIn('slow@example.com', 'Wrong1234!'))).toMatchObject({ message: 'Incorrect username or password.' });
    }
    expect(errorOf(await signIn('slow@example.com', PASSWORD))).toEqual({ code: 'NotAuthorizedException', message: 'Password attempts exceeded' });
  }, 40_000);
});

describe('sessions', () => {
  it('refreshes the session with the refresh token and reads the user with GetUser', async () => {
    await identity('carla@example.com');
    const { session, user } = await signedIn('carla@example.com');
    const refreshed = await refresh(user, session.getRefreshToken().getToken());
    expect(refreshed.error).toBeUndefined();
    const before = decodeJwt(session.getAccessToken().getJwtToken());
    const after = decodeJwt(refreshed.session?.getAccessToken().getJwtToken() ?? '');
    expect(after.jti).not.toBe(before.jti);
    expect(after.origin_jti).toBe(before.origin_jti);
    expect(refreshed.session?.getRefreshToken().getToken()).toBe(session.getRefreshToken().getToken());
    // Browsers send DEVICE_KEY: null when no device is remembered.
    const fromBrowser = await rawCall('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: session.getRefreshToken().getToken(), DEVICE_KEY: null },
    });
    expect(fromBrowser).toMatchObject({ status: 200, body: { AuthenticationResult: { TokenType: 'Bearer', ExpiresIn: 600 } } });

    const attributes = await new Promise<Record<string, string>>((resolve, reject) =>
      user.getUserAttributes((error, result) => (error ? reject(error) : resolve(Object.fromEntries((result ?? []).map((a) => [a.getName(), a.getValue()]))))),
    );
    expect(attributes).toMatchObject({ email: 'carla@example.com', given_name: 'Ana', family_name: 'García' });
  });

  it('revokes every refresh token on GlobalSignOut, so refreshing fails after the client retries', async () => {
    await identity('dario@example.com');
    const { session, user } = await signedIn('dario@example.com');
    const { session: other } = await signedIn('dario@example.com');
    const accessToken = session.getAccessToken().getJwtToken();
    await new Promise<void>((resolve, reject) => user.globalSignOut({ onSuccess: () => resolve(), onFailure: reject }));

    const refreshed = await refresh(user, session.getRefreshToken().getToken());
    expect(refreshed.error?.code).toBe('NotAuthorizedException');
    const second = await rawCall('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: other.getRefreshToken().getToken(), DEVICE_KEY: null },
    });
    expect(second).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    expect((await rawCall('GetUser', { AccessToken: accessToken })).body.__type).toBe('NotAuthorizedException');
  }, REFRESH_RETRY_TIMEOUT);

  it('revokes one session with RevokeToken on sign-out', async () => {
    await identity('elena@example.com');
    const { session, user } = await signedIn('elena@example.com');
    await new Promise<void>((resolve, reject) => user.signOut((error?: Error) => (error ? reject(error) : resolve())));
    const refreshed = await rawCall('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: session.getRefreshToken().getToken() },
    });
    expect(refreshed).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' } });
  });

  it('stops refreshing a user who was disabled', async () => {
    await identity('fran@example.com');
    const { session } = await signedIn('fran@example.com');
    await setIdentityEnabled(handle.db, 'fran@example.com', false);
    const refreshed = await rawCall('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: session.getRefreshToken().getToken() },
    });
    expect(refreshed.body.__type).toBe('NotAuthorizedException');
  });
});

describe('passwords', () => {
  it('changes the password of a signed-in user after checking the old one and the policy', async () => {
    await identity('gema@example.com');
    const { user } = await signedIn('gema@example.com');
    const change = (old: string, proposed: string) =>
      new Promise<{ code?: string } | null>((resolve) => user.changePassword(old, proposed, (error) => resolve(error ? (error as { code?: string }) : null)));

    expect(await change('Wrong1234!', 'Changed123$')).toMatchObject({ code: 'NotAuthorizedException' });
    expect(await change(PASSWORD, 'short')).toMatchObject({ code: 'InvalidPasswordException' });
    expect(await change(PASSWORD, 'Changed123$')).toBeNull();
    expect(errorOf(await signIn('gema@example.com', PASSWORD))).toMatchObject({ code: 'NotAuthorizedException' });
    expect((await signIn('gema@example.com', 'Changed123$')).kind).toBe('success');
  });

  it('resets a forgotten password with the code from the mail outbox', async () => {
    await identity('hugo@example.com');
    const user = new CognitoUser({ Username: 'hugo@example.com', Pool: pool });
    const delivery = await new Promise<unknown>((resolve, reject) =>
      user.forgotPassword({ onSuccess: resolve, onFailure: reject, inputVerificationCode: resolve }),
    );
    expect(delivery).toEqual({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'h***@e***' } });
    const mail = await latestMailTo('hugo@example.com');
    const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toContain('Your password reset code');

    const confirm = (c: string, password: string) =>
      new Promise<{ code?: string } | null>((resolve) =>
        user.confirmPassword(c, password, { onSuccess: () => resolve(null), onFailure: (error) => resolve(error as { code?: string }) }),
      );
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await confirm(wrongCode, 'Reset123$')).toMatchObject({ code: 'CodeMismatchException' });
    expect(await confirm(code, 'weak')).toMatchObject({ code: 'InvalidPasswordException' });
    expect(await confirm(code, 'Reset123$')).toBeNull();
    // The code is single use.
    expect(await confirm(code, 'Again123$')).toMatchObject({ code: 'CodeMismatchException' });
    expect((await signIn('hugo@example.com', 'Reset123$')).kind).toBe('success');
  });

  it('answers ForgotPassword for an unknown user like for a known one, without sending mail', async () => {
    const response = await rawCall('ForgotPassword', { ClientId: CLIENT_ID, Username: 'ghost@example.com' });
    expect(response).toEqual({
      status: 200,
      body: { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'g***@e***' } },
    });
    expect(await latestMailTo('ghost@example.com')).toBeUndefined();
    const confirm = await rawCall('ConfirmForgotPassword', { ClientId: CLIENT_ID, Username: 'ghost@example.com', ConfirmationCode: '123456', Password: 'Reset123$' });
    expect(confirm.body.__type).toBe('CodeMismatchException');
  });

  it('stops accepting guesses after 5 wrong reset codes', async () => {
    await identity('ines@example.com');
    await rawCall('ForgotPassword', { ClientId: CLIENT_ID, Username: 'ines@example.com' });
    const code = /\b(\d{6})\b/.exec((await latestMailTo('ines@example.com'))?.body ?? '')?.[1] ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const guess = (c: string) => rawCall('ConfirmForgotPassword', { ClientId: CLIENT_ID, Username: 'ines@example.com', ConfirmationCode: c, Password: 'Reset123$' });
    for (let i = 0; i < 5; i++) expect((await guess(wrong)).body.__type).toBe('CodeMismatchException');
    expect((await guess(code)).body.__type).toBe('LimitExceededException');
  });
});

describe('protocol edges', () => {
  it('answers an unknown operation with InvalidActionException', async () => {
    expect(await rawCall('AdminDeleteUser', {})).toMatchObject({ status: 400, body: { __type: 'InvalidActionException' } });
  });

  it('refuses another client id and malformed bodies in the protocol shape', async () => {
    const otherClient = await rawCall('ForgotPassword', { ClientId: 'other', Username: 'ana@example.com' });
    expect(otherClient.body.__type).toBe('ResourceNotFoundException');
    expect((await rawCall('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH' })).body.__type).toBe('InvalidParameterException');
    const notJson = await fetch(`${baseUrl}/idp/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { __type: string }).__type).toBe('SerializationException');
  });

  it('publishes the JWKS only under its own pool id', async () => {
    const jwks = await app.inject({ method: 'GET', url: `/idp/${POOL_ID}/.well-known/jwks.json` });
    expect(jwks.json()).toMatchObject({ keys: [{ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) }] });
    expect(JSON.stringify(jwks.json())).not.toMatch(/"d":/);
    expect((await app.inject({ method: 'GET', url: '/idp/local_Other/.well-known/jwks.json' })).statusCode).toBe(404);
  });

  it('stores no password, only a salt and a verifier', async () => {
    const [row] = await handle.db.select().from(idpUsers).where(eq(idpUsers.username, 'ana@example.com'));
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(row?.srp_verifier).toMatch(/^[0-9a-f]+$/);
  });
});
