// RS256 signing keys of the built-in identity service, kept in idp_signing_keys so every
// server process signs and verifies with the same keys. Created on first start.
import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, errors, exportJWK, generateKeyPair, importJWK, type JWK, type JWTVerifyGetKey } from 'jose';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idpSigningKeys } from '../db/schema/idp';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** A server-only secret derived from the private key (keys stand-in salts of unknown users). */
  pepper: Buffer;
}

/** A public key as published in the JWKS. */
type PublicJwk = JWK & { kid: string; alg: 'RS256'; use: 'sig' };

const signingKeys = new WeakMap<Db, Promise<SigningKey>>();

/** Creates the first signing key when there is none; returns the newest one (cached per database). */
export function ensureSigningKey(db: Db): Promise<SigningKey> {
  let key = signingKeys.get(db);
  if (!key) {
    key = loadOrCreateSigningKey(db);
    // A failure (database down) must not be cached for good.
    key.catch(() => signingKeys.delete(db));
    signingKeys.set(db, key);
  }
  return key;
}

async function loadOrCreateSigningKey(db: Db): Promise<SigningKey> {
  const existing = await newestKeyRow(db);
  if (existing) return toSigningKey(existing);
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  // Two processes starting together may both insert: both keys are valid and published.
  await db
    .insert(idpSigningKeys)
    .values({ kid, private_jwk: privateJwk, public_jwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' } })
    .onConflictDoNothing();
  const row = await newestKeyRow(db);
  if (!row) throw new Error('signing key was not stored');
  return toSigningKey(row);
}

/** Every public key, for `GET <issuer>/.well-known/jwks.json`. */
export async function publicJwks(db: Db): Promise<{ keys: PublicJwk[] }> {
  const rows = await db.select({ jwk: idpSigningKeys.public_jwk }).from(idpSigningKeys).orderBy(desc(idpSigningKeys.created_at));
  return { keys: rows.map((r) => r.jwk as PublicJwk) };
}

/** Refuse to hit the database for unknown kids more often than this (random kids are cheap). */
const RELOAD_INTERVAL_MS = 5_000;

/**
 * A key lookup for `jose.jwtVerify` backed by the database: keys are cached in memory and
 * reloaded when a token names a kid the cache does not know (a key created by another process).
 */
export function localJwks(db: Db): JWTVerifyGetKey {
  const cache = new Map<string, CryptoKey>();
  let lastLoad = 0;
  let loading: Promise<void> | null = null;

  async function reload(): Promise<void> {
    const { keys } = await publicJwks(db);
    for (const jwk of keys) {
      if (!cache.has(jwk.kid)) cache.set(jwk.kid, (await importJWK(jwk, 'RS256')) as CryptoKey);
    }
    lastLoad = Date.now();
  }

  return async (header) => {
    if (header.alg !== 'RS256' || !header.kid) throw new errors.JWKSNoMatchingKey();
    let key = cache.get(header.kid);
    if (!key && Date.now() - lastLoad >= RELOAD_INTERVAL_MS) {
      // Concurrent verifications share one reload.
      loading ??= reload().finally(() => (loading = null));
      await loading;
      key = cache.get(header.kid);
    }
    if (!key) throw new errors.JWKSNoMatchingKey();
    return key;
  };
}

async function newestKeyRow(db: Db) {
  const [row] = await db.select().from(idpSigningKeys).orderBy(desc(idpSigningKeys.created_at), idpSigningKeys.kid).limit(1);
  return row;
}

async function toSigningKey(row: typeof idpSigningKeys.$inferSelect): Promise<SigningKey> {
  const jwk = row.private_jwk as JWK;
  return {
    kid: row.kid,
    privateKey: (await importJWK(jwk, 'RS256')) as CryptoKey,
    pepper: createHash('sha256').update(`pepper:${jwk.d ?? ''}`).digest(),
  };
}
