// Tables of the built-in identity service (server/idp, IDENTITY.md). Every piece of state lives
// here, not in process memory, so several server processes can share one PostgreSQL.
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One identity per lower-cased e-mail. The password exists only as an SRP salt + verifier. */
export const idpUsers = pgTable('idp_users', {
  username: text('username').primaryKey(),
  sub: uuid('sub').notNull().unique(),
  email: text('email').notNull(),
  given_name: text('given_name').notNull().default(''),
  family_name: text('family_name').notNull().default(''),
  srp_salt: text('srp_salt').notNull(),
  srp_verifier: text('srp_verifier').notNull(),
  status: text('status', { enum: ['CONFIRMED', 'FORCE_CHANGE_PASSWORD'] }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  mfa_enabled: boolean('mfa_enabled').notNull().default(false),
  /** Base32 TOTP secret (RFC 6238); null when no authenticator is registered. */
  totp_secret: text('totp_secret'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** RS256 key pairs; the newest signs, all are published in the JWKS. */
export const idpSigningKeys = pgTable('idp_signing_keys', {
  kid: text('kid').primaryKey(),
  private_jwk: jsonb('private_jwk').notNull(),
  public_jwk: jsonb('public_jwk').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refresh tokens are stored as sha256 hashes only; origin_jti ties access tokens to a sign-in. */
export const idpRefreshTokens = pgTable(
  'idp_refresh_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    sub: uuid('sub').notNull(),
    username: text('username').notNull(),
    client_id: text('client_id').notNull(),
    origin_jti: uuid('origin_jti').notNull().unique(),
    auth_time: timestamp('auth_time', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_refresh_tokens_username_idx').on(t.username)],
);

/**
 * Server-side state of one sign-in attempt (SRP values, or the session of a follow-up
 * challenge). The client only ever holds an opaque random id whose sha256 is id_hash.
 */
export const idpChallenges = pgTable('idp_challenges', {
  id_hash: text('id_hash').primaryKey(),
  kind: text('kind', { enum: ['PASSWORD_VERIFIER', 'NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA'] }).notNull(),
  /** The requested username; for an unknown user the attempt runs anyway and fails. */
  username: text('username').notNull(),
  known_user: boolean('known_user').notNull(),
  client_id: text('client_id').notNull(),
  srp_a: text('srp_a'),
  srp_b: text('srp_b'),
  srp_small_b: text('srp_small_b'),
  /** Stand-in verifier for unknown users, so both paths cost the same. */
  srp_verifier: text('srp_verifier'),
  auth_time: timestamp('auth_time', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumed_at: timestamp('consumed_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed password proofs, counted per username over a sliding window for throttling. */
export const idpSignInFailures = pgTable(
  'idp_sign_in_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_sign_in_failures_username_idx').on(t.username, t.created_at)],
);

/** Forgot-password codes: only an HMAC of the code is kept, with expiry and attempt count. */
export const idpResetCodes = pgTable(
  'idp_reset_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    code_hash: text('code_hash').notNull(),
    code_salt: text('code_salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idp_reset_codes_username_idx').on(t.username, t.created_at)],
);
