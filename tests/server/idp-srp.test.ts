// @vitest-environment node
// The server's SRP math, checked against the client library's own AuthenticationHelper so the
// two sides provably derive the same key, plus the TOTP and password-policy helpers.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  N,
  claimSignature,
  computeServerB,
  computeServerS,
  computeU,
  computeVerifier,
  computeX,
  formatSrpTimestamp,
  g,
  hexToBigInt,
  k,
  modPow,
  padHex,
  parseSrpTimestamp,
  passwordAuthenticationKey,
  poolNameOf,
  signaturesMatch,
} from '../../server/idp/srp';
import { computeClientS } from './support/srp-client';
import { newTotpSecret, totpCode, verifyTotp } from '../../server/idp/totp';
import { assertPasswordPolicy } from '../../server/idp/password-policy';

// The library's internals have no type declarations; only what the test calls is typed here.
interface ClientBigInteger {
  toString(radix: number): string;
}
interface ClientHelper {
  k: ClientBigInteger;
  largeAValue: ClientBigInteger;
  smallAValue: ClientBigInteger;
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    B: ClientBigInteger,
    salt: ClientBigInteger,
    callback: (err: unknown, key: Uint8Array) => void,
  ): void;
}
const require = createRequire(import.meta.url);
const AuthenticationHelper = (require('amazon-cognito-identity-js/lib/AuthenticationHelper') as {
  default: new (poolName: string) => ClientHelper;
}).default;
const BigInteger = (require('amazon-cognito-identity-js/lib/BigInteger') as {
  default: new (value: string, radix: number) => ClientBigInteger;
}).default;
const { default: DateHelper } = require('amazon-cognito-identity-js/lib/DateHelper') as {
  default: new () => { getNowString(): string };
};

const clientKey = (helper: ClientHelper, username: string, password: string, B: bigint, saltHex: string) =>
  new Promise<Buffer>((resolve, reject) =>
    helper.getPasswordAuthenticationKey(username, password, new BigInteger(B.toString(16), 16), new BigInteger(saltHex, 16), (err, key) =>
      err ? reject(err) : resolve(Buffer.from(key)),
    ),
  );

describe('SRP math', () => {
  it('pads hex like the client: even length, 00 before a set top bit', () => {
    expect(padHex(0x14n)).toBe('14');
    expect(padHex(0xecn)).toBe('00ec');
    expect(padHex(0xabcn)).toBe('0abc');
    expect(padHex(0x8abcn)).toBe('008abc');
    expect(padHex(N).startsWith('00ff')).toBe(true);
    expect(() => padHex(-1n)).toThrow(RangeError);
  });

  it('uses the same multiplier k as the client library', () => {
    expect(k.toString(16)).toBe(new AuthenticationHelper('Pool').k.toString(16));
  });

  it('computes modular powers correctly', () => {
    expect(modPow(3n, 200n, 1000003n)).toBe(3n ** 200n % 1000003n);
    expect(modPow(g, 0n, N)).toBe(1n);
  });

  it('takes the pool name from the part of the pool id after the underscore', () => {
    expect(poolNameOf('local_EnergyPool')).toBe('EnergyPool');
    expect(() => poolNameOf('no-underscore')).toThrow(RangeError);
  });

  it('derives the same password key on both sides for the right password only', async () => {
    const helper = new AuthenticationHelper('EnergyPool');
    const username = 'ana@example.com';
    const salt = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
    const verifier = hexToBigInt(computeVerifier('EnergyPool', username, 'Secret1!x', salt));
    const smallB = 123456789012345678901234567890n;
    const B = computeServerB(verifier, smallB);
    const A = hexToBigInt(helper.largeAValue.toString(16));
    const u = computeU(A, B);
    const serverKey = passwordAuthenticationKey(computeServerS(A, verifier, u, smallB), u);

    expect((await clientKey(helper, username, 'Secret1!x', B, salt)).equals(serverKey)).toBe(true);
    expect((await clientKey(helper, username, 'Wrong1!xx', B, salt)).equals(serverKey)).toBe(false);
  });

  it('hashes a salt with leading zero bytes the way the client normalises it', async () => {
    const helper = new AuthenticationHelper('EnergyPool');
    const salt = '0000ab12cd34ef56';
    const verifier = hexToBigInt(computeVerifier('EnergyPool', 'u@x.es', 'Secret1!x', salt));
    const smallB = 987654321n;
    const B = computeServerB(verifier, smallB);
    const A = hexToBigInt(helper.largeAValue.toString(16));
    const u = computeU(A, B);
    const serverKey = passwordAuthenticationKey(computeServerS(A, verifier, u, smallB), u);
    expect((await clientKey(helper, 'u@x.es', 'Secret1!x', B, salt)).equals(serverKey)).toBe(true);
  });

  it('agrees with the client-side formula for the shared secret', () => {
    const x = computeX('Pool', 'user', 'Secret1!x', 'ff00');
    const verifier = modPow(g, x, N);
    const smallA = 55555555555555555n;
    const smallB = 77777777777777777n;
    const A = modPow(g, smallA, N);
    const B = computeServerB(verifier, smallB);
    const u = computeU(A, B);
    expect(computeClientS(B, x, smallA, u)).toBe(computeServerS(A, verifier, u, smallB));
  });

  it('signs the claim over pool, user, secret block and timestamp and compares signatures', () => {
    const key = Buffer.alloc(16, 7);
    const signature = claimSignature(key, 'Pool', 'user', Buffer.from('block').toString('base64'), 'Mon Nov 2 09:05:07 UTC 2026');
    expect(signaturesMatch(signature, signature)).toBe(true);
    expect(signaturesMatch(signature, claimSignature(key, 'Pool', 'user', Buffer.from('other').toString('base64'), 'Mon Nov 2 09:05:07 UTC 2026'))).toBe(false);
    expect(signaturesMatch(signature, 'c2hvcnQ=')).toBe(false);
  });
});

describe('SRP timestamps', () => {
  it('formats with an unpadded day and parses the client string back', () => {
    const date = new Date(Date.UTC(2026, 10, 2, 9, 5, 7));
    expect(formatSrpTimestamp(date)).toBe('Mon Nov 2 09:05:07 UTC 2026');
    expect(parseSrpTimestamp('Mon Nov 2 09:05:07 UTC 2026')?.getTime()).toBe(date.getTime());
    const now = new DateHelper().getNowString();
    expect(Math.abs((parseSrpTimestamp(now)?.getTime() ?? 0) - Date.now())).toBeLessThan(2000);
  });

  it('rejects malformed or impossible timestamps', () => {
    expect(parseSrpTimestamp('Mon Nov 02 09:05:07 UTC 2026')).toBeNull();
    expect(parseSrpTimestamp('Tue Nov 2 09:05:07 UTC 2026')).toBeNull();
    expect(parseSrpTimestamp('Mon Feb 30 09:05:07 UTC 2026')).toBeNull();
    expect(parseSrpTimestamp('2026-11-02T09:05:07Z')).toBeNull();
  });
});

describe('TOTP', () => {
  it('matches the RFC 6238 SHA-1 test vector (last 6 digits)', () => {
    // Base32 of the ASCII secret "12345678901234567890".
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, new Date(59_000))).toBe('287082');
    expect(totpCode(secret, new Date(1111111109_000))).toBe('081804');
  });

  it('accepts the neighbouring time step and refuses others', () => {
    const secret = newTotpSecret();
    const now = new Date();
    expect(verifyTotp(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, new Date(now.getTime() + 120_000)), now)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', now)).toBe(false);
  });
});

describe('password policy', () => {
  it('demands 8 characters with upper, lower, digit and special', () => {
    expect(() => assertPasswordPolicy('Demo1234!')).not.toThrow();
    for (const weak of ['Sh0rt!', 'nouppercase1!', 'NOLOWERCASE1!', 'NoDigits!!', 'NoSpecial12']) {
      expect(() => assertPasswordPolicy(weak)).toThrow(expect.objectContaining({ type: 'InvalidPasswordException' }));
    }
  });
});
