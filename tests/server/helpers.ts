// Test harness for server tests (used by every tests/server/*.test.ts except the idp ones).
//
// - `startTestApp()` builds the real app (all plugins and routes) on a fresh database: in-memory
//   PGlite by default, or, when DATABASE_URL is set, a throw-away database created on that
//   server for this test file and dropped again by `close()`. If the role may not create
//   databases, the DATABASE_URL database itself is used, emptied first and locked so test
//   files take turns (it is never dropped). It makes sure the built-in identity service has
//   a signing key.
// - `createUser()` inserts an app user (and, with a password, an identity) for a test.
// - Tokens, two ways:
//   * `mintToken(email)` signs an id or access token with the database's signing key exactly
//     as the identity service would (fast; options make it expired, foreign-keyed, ...);
//   * `signIn(email, password)` goes through the identity service with the real
//     amazon-cognito-identity-js client against the app listening on 127.0.0.1.
// - `resetUsers()` empties the app's user tables between tests.
import type { AddressInfo } from 'node:net';
import { AuthenticationDetails, CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import type { PermissionKey } from '../../schemas/permission-key.schema';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/client';
import { createThrowawayDatabase, type ThrowawayDatabase } from './support/throwaway-database';
import { users, type UserRow } from '../../server/db/schema/app';
import { createIdentity } from '../../server/idp/identities';
import { ensureSigningKey } from '../../server/idp/keys';

export const TEST_PASSWORD = 'Test1234!';

/** Environment every test app starts from (quiet logs, built-in identity). */
export const BASE_TEST_ENV: Record<string, string> = {
  PUBLIC_URL: 'http://127.0.0.1:8080',
  LOG_LEVEL: 'silent',
  // No snapshot written behind a test's back (a test that wants one stores it itself).
  GUARANTEE_SNAPSHOT_MINUTES: '0',
};

/** Start options of an app whose jobs stay queued (no worker of its own), logging errors only. */
export const NO_JOB_WORKERS = { env: { JOB_WORKERS: '0', LOG_LEVEL: 'error' } };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The PostgreSQL database's address when the tests run on a server (DATABASE_URL); none on PGlite. */
  databaseUrl?: string;
  config: AppConfig;
  createUser(input: NewTestUser): Promise<UserRow>;
  mintToken(email: string, options?: MintOptions): Promise<string>;
  signIn(email: string, password: string): Promise<SignInResult>;
  resetUsers(): Promise<void>;
  close(): Promise<void>;
}

interface NewTestUser {
  email: string;
  permisos_x_view?: PermissionKey[];
  estado?: 'active' | 'inactive' | 'pending';
  nombre?: string;
  primer_apellido?: string;
  /** Also create a built-in identity with this password. */
  password?: string;
}

interface MintOptions {
  tokenUse?: 'id' | 'access';
  /** Seconds from now; negative gives an already expired token. */
  expiresIn?: number;
  /** Sign with a fresh key the server has never published (a forged token). */
  foreignKey?: boolean;
  issuer?: string;
  audience?: string;
}

type SignInResult =
  | { kind: 'signed-in'; idToken: string; accessToken: string; refreshToken: string }
  | { kind: 'new-password-required'; complete(newPassword: string): Promise<SignInResult> }
  | { kind: 'mfa-required' }
  | { kind: 'failed'; code: string; message: string };

interface TestDatabase {
  db: Db;
  /** The PostgreSQL database's address (a second process may open it too); none on PGlite. */
  url?: string;
  close(): Promise<void>;
}

/** A fresh database for one test file (see the header comment). */
async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // PGLITE_THREAD=worker runs the file on the product's threaded PGlite (in memory either way).
    const handle = await openDatabase({ kind: 'pglite', thread: process.env.PGLITE_THREAD === 'worker' ? 'worker' : 'inline' });
    return { db: handle.db, close: handle.close };
  }
  let throwaway: ThrowawayDatabase;
  try {
    throwaway = await createThrowawayDatabase(serverUrl, 'energy_test');
  } catch (error) {
    // No CREATEDB right: share the DATABASE_URL database instead, one test file at a time.
    if ((error as { code?: string }).code === '42501') return openSharedDatabase(serverUrl);
    throw error;
  }
  const handle = await openDatabase({ kind: 'postgres', url: throwaway.url });
  return {
    db: handle.db,
    url: throwaway.url,
    async close() {
      await handle.close();
      await throwaway.drop();
    },
  };
}

/**
 * The DATABASE_URL database itself, held with a session advisory lock for the whole test file
 * (test files run in parallel processes) and emptied before use: earlier runs or files may
 * have left rows behind.
 */
async function openSharedDatabase(serverUrl: string): Promise<TestDatabase> {
  const lock = new pg.Client({ connectionString: serverUrl });
  await lock.connect();
  await lock.query(`SELECT pg_advisory_lock(hashtext('energy-backoffice:server-tests'))`);
  try {
    const handle = await openDatabase({ kind: 'postgres', url: serverUrl });
    const { rows } = await lock.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
    );
    if (rows.length > 0) {
      await lock.query(`TRUNCATE ${rows.map((row) => row.name).join(', ')} RESTART IDENTITY CASCADE`);
    }
    return {
      db: handle.db,
      url: serverUrl,
      async close() {
        await handle.close();
        await lock.end(); // ends the session, which releases the lock
      },
    };
  } catch (error) {
    await lock.end();
    throw error;
  }
}

/** Builds the app on a fresh database; `env` overrides BASE_TEST_ENV. */
export async function startTestApp(
  options: { env?: Record<string, string>; app?: Partial<Omit<BuildAppOptions, 'config' | 'db'>> } = {},
): Promise<TestApp> {
  const config = loadConfig({ ...BASE_TEST_ENV, ...options.env });
  const database = await openTestDatabase();
  const { db } = database;
  if (config.identity.mode === 'builtin') await ensureSigningKey(db);
  const app = await buildApp({ config, db, ...options.app });
  let baseUrl: string | null = null;

  async function listening(): Promise<string> {
    if (!baseUrl) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    }
    return baseUrl;
  }

  return {
    app,
    db,
    databaseUrl: database.url,
    config,

    async createUser(input) {
      const [row] = await db
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          nombre: input.nombre ?? 'Prueba',
          primer_apellido: input.primer_apellido ?? 'Usuario',
          permisos_x_view: input.permisos_x_view ?? [],
          estado: input.estado ?? 'active',
          created_by: 'test',
        })
        .returning();
      if (!row) throw new Error('user insert returned no row');
      if (input.password) {
        await createIdentity(db, {
          email: input.email,
          password: input.password,
          givenName: row.nombre,
          familyName: row.primer_apellido,
          status: input.estado === 'pending' ? 'FORCE_CHANGE_PASSWORD' : 'CONFIRMED',
          poolId: config.identity.poolId,
        });
      }
      return row;
    },

    async mintToken(email, mint = {}) {
      const now = Math.floor(Date.now() / 1000);
      const tokenUse = mint.tokenUse ?? 'id';
      const expiresIn = mint.expiresIn ?? 600;
      const { kid, privateKey } = mint.foreignKey
        ? { kid: 'foreign', privateKey: (await generateKeyPair('RS256')).privateKey }
        : await ensureSigningKey(db);
      const username = email.toLowerCase();
      const claims =
        tokenUse === 'id'
          ? { email: username, 'cognito:username': username, token_use: 'id', aud: mint.audience ?? config.identity.clientId }
          : { username, client_id: mint.audience ?? config.identity.clientId, token_use: 'access', scope: 'aws.cognito.signin.user.admin' };
      return new SignJWT({ ...claims, auth_time: now })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(mint.issuer ?? config.identity.issuer)
        .setSubject(`sub-${username}`)
        .setIssuedAt(now + Math.min(0, expiresIn) - 60)
        .setExpirationTime(now + expiresIn)
        .sign(privateKey);
    },

    async signIn(email, password) {
      const endpoint = `${await listening()}/idp/`;
      const pool = new CognitoUserPool({
        UserPoolId: config.identity.poolId,
        ClientId: config.identity.clientId,
        endpoint,
      });
      const user = new CognitoUser({ Username: email, Pool: pool });
      return new Promise<SignInResult>((resolve) => {
        const callbacks = {
          onSuccess(session: import('amazon-cognito-identity-js').CognitoUserSession) {
            resolve({
              kind: 'signed-in',
              idToken: session.getIdToken().getJwtToken(),
              accessToken: session.getAccessToken().getJwtToken(),
              refreshToken: session.getRefreshToken().getToken(),
            });
          },
          onFailure(error: { code?: string; message?: string }) {
            resolve({ kind: 'failed', code: error.code ?? 'Unknown', message: error.message ?? '' });
          },
          newPasswordRequired() {
            resolve({
              kind: 'new-password-required',
              complete: (newPassword: string) =>
                new Promise<SignInResult>((done) => {
                  user.completeNewPasswordChallenge(newPassword, {}, {
                    onSuccess: (session) =>
                      done({
                        kind: 'signed-in',
                        idToken: session.getIdToken().getJwtToken(),
                        accessToken: session.getAccessToken().getJwtToken(),
                        refreshToken: session.getRefreshToken().getToken(),
                      }),
                    onFailure: (error: { code?: string; message?: string }) =>
                      done({ kind: 'failed', code: error.code ?? 'Unknown', message: error.message ?? '' }),
                  });
                }),
            });
          },
          totpRequired() {
            resolve({ kind: 'mfa-required' });
          },
          mfaRequired() {
            resolve({ kind: 'mfa-required' });
          },
        };
        user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), callbacks);
      });
    },

    async resetUsers() {
      await db.execute(sql`truncate table users restart identity cascade`);
    },

    async close() {
      // The file's tests are over: its own fetch clients' keep-alive connections go too (a
      // server waits out a connection it has not seen idle, 72 s, and the hook's limit is 60 s).
      app.server.closeAllConnections();
      await app.close();
      await database.close();
    },
  };
}

/** `Authorization` header for a bearer token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
