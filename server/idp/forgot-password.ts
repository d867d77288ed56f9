// ForgotPassword / ConfirmForgotPassword: a 6-digit code mailed through the outbox, kept only
// as an HMAC, valid 15 minutes and for 5 tries. Unknown and disabled users get the same answer
// and the same database work, but no mail: the responses never reveal who has an account.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import esES from '../../i18n/es-ES.json';
import enUS from '../../i18n/en-US.json';
import { idpResetCodes } from '../db/schema/idp';
import type { IdpContext } from './context';
import { IdpError } from './errors';
import { findIdentity, revokeAllRefreshTokens, setPassword, usernameOf } from './identities';
import { assertPasswordPolicy } from './password-policy';
import { clearFailures } from './throttle';

const CODE_TTL_MINUTES = 15;
const MAX_CODE_ATTEMPTS = 5;
/** Codes one username may request per hour: stops the outbox being used to flood a mailbox. */
const MAX_CODES_PER_HOUR = 5;

const codeHash = (salt: string, code: string) => createHmac('sha256', salt).update(code).digest('hex');

/** `alice@example.com` -> `a***@e***`, as the hosted service shows the destination. */
function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The reset mail in both languages of the product: the service does not know the user's choice. */
function resetMail(code: string): { subject: string; text: string } {
  const values = { code, minutes: CODE_TTL_MINUTES };
  return {
    subject: `${esES.mail.resetCode.subject} / ${enUS.mail.resetCode.subject}`,
    text: `${fill(esES.mail.resetCode.body, values)}\n\n${fill(enUS.mail.resetCode.body, values)}\n`,
  };
}

export async function forgotPassword(ctx: IdpContext, requestedUsername: string) {
  const username = usernameOf(requestedUsername);
  const [recent] = await ctx.db
    .select({ codes: count() })
    .from(idpResetCodes)
    .where(and(eq(idpResetCodes.username, username), gt(idpResetCodes.created_at, new Date(Date.now() - 3600_000))));
  if ((recent?.codes ?? 0) >= MAX_CODES_PER_HOUR) {
    throw new IdpError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  }

  const user = await findIdentity(ctx.db, username);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  // A new code replaces any earlier one.
  await ctx.db.update(idpResetCodes).set({ consumed_at: new Date() }).where(and(eq(idpResetCodes.username, username), isNull(idpResetCodes.consumed_at)));
  await ctx.db.insert(idpResetCodes).values({
    username,
    // Without a usable account the stored hash is of nothing anyone was sent, so no code matches.
    code_hash: user?.enabled ? codeHash(salt, code) : codeHash(salt, randomBytes(16).toString('hex')),
    code_salt: salt,
    expires_at: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
  });
  if (user?.enabled) await ctx.mailer.send({ to: user.email, ...resetMail(code) });
  return {
    CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(user?.email ?? username) },
  };
}

export async function confirmForgotPassword(ctx: IdpContext, request: { Username: string; ConfirmationCode: string; Password: string }) {
  const username = usernameOf(request.Username);
  assertPasswordPolicy(request.Password);
  const mismatch = () => new IdpError('CodeMismatchException', 'Invalid verification code provided, please try again.');

  const [latest] = await ctx.db
    .select()
    .from(idpResetCodes)
    .where(and(eq(idpResetCodes.username, username), isNull(idpResetCodes.consumed_at)))
    .orderBy(desc(idpResetCodes.created_at), desc(idpResetCodes.id))
    .limit(1);
  if (!latest) throw mismatch();
  if (latest.expires_at.getTime() <= Date.now()) {
    throw new IdpError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  }
  // Count the try before comparing, atomically, so parallel guesses cannot exceed the limit.
  const [counted] = await ctx.db
    .update(idpResetCodes)
    .set({ attempts: sql`${idpResetCodes.attempts} + 1` })
    .where(and(eq(idpResetCodes.id, latest.id), isNull(idpResetCodes.consumed_at), lt(idpResetCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning();
  if (!counted) throw new IdpError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');

  const expected = Buffer.from(counted.code_hash, 'hex');
  const received = Buffer.from(codeHash(counted.code_salt, request.ConfirmationCode.trim()), 'hex');
  if (!timingSafeEqual(expected, received)) throw mismatch();

  const [consumed] = await ctx.db
    .update(idpResetCodes)
    .set({ consumed_at: new Date() })
    .where(and(eq(idpResetCodes.id, counted.id), isNull(idpResetCodes.consumed_at)))
    .returning({ id: idpResetCodes.id });
  const user = await findIdentity(ctx.db, username);
  if (!consumed || !user?.enabled) throw mismatch();

  await setPassword(ctx.db, ctx.poolId, username, request.Password);
  // Whoever knew the old password loses their sessions, and the owner is not locked out.
  await revokeAllRefreshTokens(ctx.db, username);
  await clearFailures(ctx.db, username);
  // A pending user who chose a password this way has completed their first sign-in set-up too.
  if (user.status === 'FORCE_CHANGE_PASSWORD') await ctx.onFirstSignInCompleted?.(username);
  return {};
}
