import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
  type IAuthenticationCallback,
} from 'amazon-cognito-identity-js';
import type { SessionGrant, SignInResult } from '../../../machines/session/session.machine';
import { IdentityConfigError, IdentityError } from './identity-errors';
import { loadPublicConfig } from './public-config';
import { announceSessionLost } from './session-lost';

/**
 * The identity client: `amazon-cognito-identity-js` against the endpoint of `/config.json`
 * (the built-in service by default, the hosted one in production; same code either way).
 */

/** A granted session with the tokens themselves. */
export interface IdentityTokens extends SessionGrant {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

export type IdentitySignInResult = Exclude<SignInResult, { kind: 'tokens' }> | { kind: 'tokens'; tokens: IdentityTokens };

let poolPromise: Promise<CognitoUserPool> | null = null;
/** The user waiting for a new password, between `signIn` and `completeNewPassword`. */
let challengedUser: CognitoUser | null = null;

function getPool(): Promise<CognitoUserPool> {
  poolPromise ??= loadPublicConfig().then(
    (config) => new CognitoUserPool({ UserPoolId: config.userPoolId, ClientId: config.clientId, endpoint: config.endpoint }),
  );
  poolPromise.catch(() => {
    poolPromise = null;
  });
  return poolPromise;
}

function normaliseUsername(username: string): string {
  // Built-in usernames are the lower-cased e-mail (shared contract); people type it any way.
  return username.trim().toLowerCase();
}

/** `getClockDrift` exists on the session object but is missing from the package's typings. */
function clockDriftOf(session: CognitoUserSession): number {
  const drift = (session as CognitoUserSession & { getClockDrift?: () => number }).getClockDrift?.();
  return typeof drift === 'number' && Number.isFinite(drift) ? drift : 0;
}

function toTokens(session: CognitoUserSession, username: string): IdentityTokens {
  const idToken = session.getIdToken();
  const accessToken = session.getAccessToken();
  const claims = idToken.decodePayload() as { email?: unknown };
  const access = accessToken.decodePayload() as { username?: unknown };
  const email =
    typeof claims.email === 'string' ? claims.email : typeof access.username === 'string' ? access.username : username;
  return {
    email,
    // The client judges validity with its clock drift (now - iat), so expiry in local time is exp + drift.
    expiresAt: (accessToken.getExpiration() + clockDriftOf(session)) * 1000,
    idToken: idToken.getJwtToken(),
    accessToken: accessToken.getJwtToken(),
    refreshToken: session.getRefreshToken().getToken(),
  };
}

/** Callbacks for the sign-in calls: tokens, the new-password challenge, or a rejected MFA demand. */
function authenticationCallbacks(
  user: CognitoUser,
  resolve: (result: IdentitySignInResult) => void,
  reject: (error: IdentityError) => void,
): IAuthenticationCallback {
  // Spec section 4: when multi-factor authentication is demanded the attempt is rejected.
  const rejectMfa = () => {
    challengedUser = null;
    resolve({ kind: 'mfaRequired' });
  };
  return {
    onSuccess: (session) => {
      challengedUser = null;
      resolve({ kind: 'tokens', tokens: toTokens(session, user.getUsername()) });
    },
    onFailure: (error) => {
      challengedUser = null;
      reject(IdentityError.from(error));
    },
    newPasswordRequired: () => {
      challengedUser = user;
      resolve({ kind: 'newPasswordRequired' });
    },
    mfaRequired: rejectMfa,
    totpRequired: rejectMfa,
    selectMFAType: rejectMfa,
    mfaSetup: rejectMfa,
    customChallenge: rejectMfa,
  };
}

/** Signs in with USER_SRP_AUTH. Rejects with an {@link IdentityError} (its `kind` says which login message). */
export async function signIn(username: string, password: string): Promise<IdentitySignInResult> {
  const pool = await getPool();
  const name = normaliseUsername(username);
  const user = new CognitoUser({ Username: name, Pool: pool });
  const details = new AuthenticationDetails({ Username: name, Password: password });
  return new Promise((resolve, reject) => user.authenticateUser(details, authenticationCallbacks(user, resolve, reject)));
}

/** Answers the pending new-password challenge of the last `signIn`. */
export async function completeNewPassword(password: string): Promise<IdentitySignInResult> {
  // Spec section 5: a new password is required when completing a new-password challenge.
  if (password === '') throw new IdentityError('InvalidPasswordException', 'A new password is required.');
  const user = challengedUser;
  if (!user) throw new IdentityError('NotAuthorizedException', 'No new-password challenge is pending.');
  return new Promise((resolve, reject) =>
    user.completeNewPasswordChallenge(password, {}, authenticationCallbacks(user, resolve, reject)),
  );
}

function currentSession(user: CognitoUser): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) =>
    user.getSession((error: Error | null, session: CognitoUserSession | null) => {
      if (error || !session) reject(IdentityError.from(error ?? new Error('User is not authenticated')));
      else resolve(session);
    }),
  );
}

function reportSessionLost(error: unknown): void {
  // The client already cleared its cached user for a NotAuthorized refresh failure.
  if (IdentityError.from(error).code === 'NotAuthorizedException') announceSessionLost();
}

/**
 * The cached session, refreshed when its tokens have expired, or null when there is none.
 * A refresh refused as NotAuthorized clears the cached user and gives null; other failures
 * (offline) reject.
 */
export async function restoreSession(): Promise<IdentityTokens | null> {
  const user = (await getPool()).getCurrentUser();
  if (!user) return null;
  try {
    return toTokens(await currentSession(user), user.getUsername());
  } catch (error) {
    if (IdentityError.from(error).code === 'NotAuthorizedException') return null;
    throw error;
  }
}

/**
 * The id token to send as bearer (refreshed if needed), or null when signed out. A refresh
 * refused as NotAuthorized is reported to the `onSessionLost` listeners.
 */
export async function getIdToken(): Promise<string | null> {
  const user = (await getPool()).getCurrentUser();
  if (!user) return null;
  try {
    return (await currentSession(user)).getIdToken().getJwtToken();
  } catch (error) {
    reportSessionLost(error);
    return null;
  }
}

/**
 * Ends the session everywhere (GlobalSignOut revokes every refresh token of the user), then
 * clears local storage. A failed global sign-out still clears local storage.
 */
export async function signOut(): Promise<void> {
  challengedUser = null;
  const user = (await getPool()).getCurrentUser();
  if (!user) return;
  try {
    await currentSession(user);
    await new Promise<void>((resolve, reject) =>
      user.globalSignOut({ onSuccess: () => resolve(), onFailure: (error) => reject(IdentityError.from(error)) }),
    );
  } catch {
    // Nothing to revoke or the service is unreachable: the local session still ends.
  } finally {
    user.signOut();
  }
}

/** Asks the identity service to e-mail a recovery code. */
export async function forgotPassword(email: string): Promise<void> {
  const user = new CognitoUser({ Username: normaliseUsername(email), Pool: await getPool() });
  return new Promise((resolve, reject) =>
    user.forgotPassword({
      onSuccess: () => resolve(),
      inputVerificationCode: () => resolve(),
      onFailure: (error) => reject(IdentityError.from(error)),
    }),
  );
}

/** Sets a new password with the e-mailed recovery code. */
export async function confirmPassword(email: string, code: string, newPassword: string): Promise<void> {
  const user = new CognitoUser({ Username: normaliseUsername(email), Pool: await getPool() });
  return new Promise((resolve, reject) =>
    user.confirmPassword(code.trim(), newPassword, {
      onSuccess: () => resolve(),
      onFailure: (error) => reject(IdentityError.from(error)),
    }),
  );
}

/**
 * Changes the signed-in user's password (the identity service's ChangePassword, with the
 * current access token, refreshed if needed). Rejects with an {@link IdentityError}:
 * NotAuthorizedException when the current password is wrong.
 */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  const user = (await getPool()).getCurrentUser();
  if (!user) throw new IdentityError('NotAuthorizedException', 'No user is signed in.');
  // changePassword needs the session loaded on this CognitoUser object.
  await currentSession(user);
  return new Promise((resolve, reject) =>
    user.changePassword(oldPassword, newPassword, (error) => (error ? reject(IdentityError.from(error)) : resolve())),
  );
}

export { IdentityConfigError, IdentityError };
