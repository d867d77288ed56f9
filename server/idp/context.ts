// What every identity operation needs: the database, the pool and client it serves, token
// lifetimes and the mailer. Built once by the plugin from its options.
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';

export interface IdpOptions {
  db: Db;
  /** `<region>_<name>`, e.g. `local_EnergyPool`; the name part salts every verifier. */
  poolId: string;
  /** The only app client: no client secret (the browser client never sends SECRET_HASH). */
  clientId: string;
  /** Token issuer, `<PUBLIC_URL>/idp/<poolId>`; the JWKS is published under it. */
  issuer: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  mailer: Mailer;
  /** Called after a user completes NEW_PASSWORD_REQUIRED, so the app can activate its own user. */
  onFirstSignInCompleted?: (username: string) => Promise<void> | void;
}

export interface IdpContext extends IdpOptions {
  poolName: string;
}
