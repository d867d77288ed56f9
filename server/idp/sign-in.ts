// Sign-in: USER_SRP_AUTH (InitiateAuth + PASSWORD_VERIFIER), then the follow-up challenges
// NEW_PASSWORD_REQUIRED and SOFTWARE_TOKEN_MFA / SMS_MFA, ending in tokens (IDENTITY.md).
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { idpUsers } from '../db/schema/idp';
import { consumeChallenge, countChallengeAttempt, createChallenge, findChallenge, type Challenge } from './challenges';
import type { IdpContext } from './context';
import { IdpError, incorrectCredentials, invalidParameter, invalidSession } from './errors';
import { findIdentity, setPassword, usernameOf, type Identity } from './identities';
import { ensureSigningKey } from './keys';
import { assertPasswordPolicy } from './password-policy';
import {
  N,
  claimSignature,
  computeServerB,
  computeServerS,
  computeU,
  hexToBigInt,
  parseSrpTimestamp,
  passwordAuthenticationKey,
  signaturesMatch,
} from './srp';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';
import { issueSignInTokens, type AuthenticationResult } from './tokens';
import { verifyTotp } from './totp';

type Parameters = Record<string, string | null>;

type SignInStep =
  | { AuthenticationResult: AuthenticationResult; ChallengeParameters: Record<string, never> }
  | { ChallengeName: string; Session?: string; ChallengeParameters: Record<string, string> };

/** The client's clock may differ from ours by this much (TIMESTAMP check). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

function required(params: Parameters, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '') throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

const randomBigInt = (bytes: number) => BigInt(`0x${randomBytes(bytes).toString('hex')}`);

/**
 * A salt for a username that has no identity: stable per username (asking twice gives the
 * same answer, as for a real user) and unpredictable without the server's secret.
 */
async function standInSalt(ctx: IdpContext, username: string): Promise<string> {
  const { pepper } = await ensureSigningKey(ctx.db);
  return createHmac('sha256', pepper).update(`salt:${username}`).digest('hex').slice(0, 32);
}

/** InitiateAuth USER_SRP_AUTH: answers PASSWORD_VERIFIER with B and an opaque secret block. */
export async function startSrpSignIn(ctx: IdpContext, params: Parameters): Promise<SignInStep> {
  const username = usernameOf(required(params, 'USERNAME'));
  const srpA = required(params, 'SRP_A');
  if (!/^[0-9a-fA-F]{1,1024}$/.test(srpA) || hexToBigInt(srpA) % N === 0n) throw invalidParameter('Invalid SRP_A');
  await assertNotThrottled(ctx.db, username);

  const user = await findIdentity(ctx.db, username);
  // Unknown users go through the same steps with a stand-in verifier, so the answer and its
  // timing do not reveal whether the account exists; the proof then simply never matches.
  const salt = user?.srp_salt ?? (await standInSalt(ctx, username));
  const verifierHex = user?.srp_verifier ?? (randomBigInt(384) % N).toString(16);
  const smallB = randomBigInt(64);
  const B = computeServerB(hexToBigInt(verifierHex), smallB);

  const secretBlock = await createChallenge(ctx.db, {
    kind: 'PASSWORD_VERIFIER',
    username,
    known_user: Boolean(user),
    client_id: ctx.clientId,
    srp_a: srpA,
    srp_b: B.toString(16),
    srp_small_b: smallB.toString(16),
    srp_verifier: user ? null : verifierHex,
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: salt,
      SRP_B: B.toString(16),
      SECRET_BLOCK: secretBlock,
      USER_ID_FOR_SRP: username,
      USERNAME: username,
    },
  };
}

/** RespondToAuthChallenge PASSWORD_VERIFIER: checks the client's proof of the password. */
export async function verifyPasswordClaim(ctx: IdpContext, responses: Parameters): Promise<SignInStep> {
  const username = required(responses, 'USERNAME');
  const secretBlock = required(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const timestamp = required(responses, 'TIMESTAMP');
  const signature = required(responses, 'PASSWORD_CLAIM_SIGNATURE');

  // Single use: the attempt is spent whatever the outcome.
  const challenge = await consumeChallenge(ctx.db, secretBlock, 'PASSWORD_VERIFIER');
  if (!challenge || challenge.username !== username) throw incorrectCredentials();
  const clientTime = parseSrpTimestamp(timestamp);
  if (!clientTime || Math.abs(clientTime.getTime() - Date.now()) > CLOCK_SKEW_MS) {
    throw invalidParameter('TIMESTAMP is not a current time in the expected format');
  }
  await assertNotThrottled(ctx.db, username);

  // Looked up either way so both paths cost the same; a stand-in verifier means "unknown".
  const found = await findIdentity(ctx.db, username);
  const user = challenge.known_user ? found : undefined;
  const verifierHex = user?.srp_verifier ?? challenge.srp_verifier;
  if (!verifierHex || !challenge.srp_a || !challenge.srp_b || !challenge.srp_small_b) throw incorrectCredentials();

  const A = hexToBigInt(challenge.srp_a);
  const u = computeU(A, hexToBigInt(challenge.srp_b));
  const S = computeServerS(A, hexToBigInt(verifierHex), u, hexToBigInt(challenge.srp_small_b));
  const expected = claimSignature(passwordAuthenticationKey(S, u), ctx.poolName, username, secretBlock, timestamp);
  if (!signaturesMatch(expected, signature) || !user) {
    await recordFailure(ctx.db, username);
    throw incorrectCredentials();
  }
  // Only someone who knows the password learns that the account is disabled.
  if (!user.enabled) throw new IdpError('NotAuthorizedException', 'User is disabled.');
  await clearFailures(ctx.db, username);
  return nextStep(ctx, user, new Date());
}

/** After the password: a pending new password, then MFA, then tokens. */
async function nextStep(ctx: IdpContext, user: Identity, authTime: Date): Promise<SignInStep> {
  const base = { username: user.username, known_user: true, client_id: ctx.clientId, auth_time: authTime };
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const Session = await createChallenge(ctx.db, { ...base, kind: 'NEW_PASSWORD_REQUIRED' });
    const missing = (['given_name', 'family_name'] as const).filter((name) => !user[name]);
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        userAttributes: JSON.stringify({ email: user.email, given_name: user.given_name, family_name: user.family_name }),
        requiredAttributes: JSON.stringify(missing.map((name) => `userAttributes.${name}`)),
      },
    };
  }
  if (user.mfa_enabled) {
    const Session = await createChallenge(ctx.db, { ...base, kind: 'SOFTWARE_TOKEN_MFA' });
    return { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session, ChallengeParameters: { USER_ID_FOR_SRP: user.username } };
  }
  return { AuthenticationResult: await issueSignInTokens(ctx, user, authTime), ChallengeParameters: {} };
}

/** The live user behind a follow-up challenge, or the protocol's "invalid session" answer. */
async function challengeUser(ctx: IdpContext, challenge: Challenge | undefined, username: string): Promise<Identity> {
  if (!challenge || challenge.username !== usernameOf(username) || challenge.client_id !== ctx.clientId) throw invalidSession();
  const user = await findIdentity(ctx.db, challenge.username);
  if (!user?.enabled) throw invalidSession();
  return user;
}

const WRITABLE_ATTRIBUTES = ['given_name', 'family_name'] as const;
const ATTRIBUTE_PREFIX = 'userAttributes.';

/** Attribute changes sent with a new password: names may be set, the e-mail may not change. */
function attributeChanges(user: Identity, responses: Parameters): Partial<Pick<Identity, 'given_name' | 'family_name'>> {
  const changes: Partial<Pick<Identity, 'given_name' | 'family_name'>> = {};
  for (const [key, value] of Object.entries(responses)) {
    if (!key.startsWith(ATTRIBUTE_PREFIX) || value === null) continue;
    const name = key.slice(ATTRIBUTE_PREFIX.length);
    const writable = WRITABLE_ATTRIBUTES.find((w) => w === name);
    if (writable) changes[writable] = value.trim();
    else if (!(name === 'email' && usernameOf(value) === user.email) && !(name === 'email_verified' && value === 'true')) {
      throw invalidParameter(`Cannot modify the non-mutable attribute ${name}`);
    }
  }
  for (const name of WRITABLE_ATTRIBUTES) {
    if (!(changes[name] ?? user[name])) throw invalidParameter(`Missing required attribute ${name}`);
  }
  return changes;
}

/** RespondToAuthChallenge NEW_PASSWORD_REQUIRED: sets the first password, then continues. */
export async function completeNewPassword(ctx: IdpContext, session: string | undefined, responses: Parameters): Promise<SignInStep> {
  if (!session) throw invalidSession();
  const username = required(responses, 'USERNAME');
  const newPassword = required(responses, 'NEW_PASSWORD');
  const user = await challengeUser(ctx, await findChallenge(ctx.db, session, 'NEW_PASSWORD_REQUIRED'), username);
  // Policy and attribute errors leave the session usable, so the user can try again.
  assertPasswordPolicy(newPassword);
  const changes = attributeChanges(user, responses);
  const challenge = await consumeChallenge(ctx.db, session, 'NEW_PASSWORD_REQUIRED');
  if (!challenge) throw invalidSession();

  await setPassword(ctx.db, ctx.poolId, user.username, newPassword);
  if (Object.keys(changes).length > 0) {
    await ctx.db.update(idpUsers).set({ ...changes, updated_at: new Date() }).where(eq(idpUsers.username, user.username));
  }
  await ctx.onFirstSignInCompleted?.(user.username);
  const updated = await findIdentity(ctx.db, user.username);
  if (!updated) throw invalidSession();
  return nextStep(ctx, updated, challenge.auth_time ?? new Date());
}

/** RespondToAuthChallenge SOFTWARE_TOKEN_MFA / SMS_MFA: a TOTP code from the user's authenticator. */
export async function verifyMfaCode(ctx: IdpContext, session: string | undefined, responses: Parameters): Promise<SignInStep> {
  if (!session) throw invalidSession();
  const username = required(responses, 'USERNAME');
  const code = responses.SOFTWARE_TOKEN_MFA_CODE ?? responses.SMS_MFA_CODE;
  if (!code) throw invalidParameter('Missing required parameter SOFTWARE_TOKEN_MFA_CODE');
  // Each answer counts, so a session allows only a few guesses; the client retries on the same session.
  const user = await challengeUser(ctx, await countChallengeAttempt(ctx.db, session, 'SOFTWARE_TOKEN_MFA'), username);
  if (!user.totp_secret || !verifyTotp(user.totp_secret, code)) {
    throw new IdpError('CodeMismatchException', 'Invalid code received for user');
  }
  const challenge = await consumeChallenge(ctx.db, session, 'SOFTWARE_TOKEN_MFA');
  if (!challenge) throw invalidSession();
  return { AuthenticationResult: await issueSignInTokens(ctx, user, challenge.auth_time ?? new Date()), ChallengeParameters: {} };
}
