// The server side of the SRP-6a variant amazon-cognito-identity-js speaks (IDENTITY.md, "SRP
// math"). Pure functions on BigInt; randomness is passed in so tests can pin it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

/** The 3072-bit MODP prime of RFC 3526 (group 15). */
export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;

/**
 * Lower-case even-length hex of a non-negative integer with a leading `00` when the top bit is
 * set: the client's `padHex` for the values SRP uses (all positive).
 */
export function padHex(n: bigint): string {
  if (n < 0n) throw new RangeError('padHex takes non-negative integers only');
  let hex = n.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  if (/^[89a-f]/.test(hex)) hex = `00${hex}`;
  return hex;
}

/** Parses hex the way the client's BigInteger does (case-insensitive, no prefix). */
export function hexToBigInt(hex: string): bigint {
  if (!/^[0-9a-fA-F]+$/.test(hex)) throw new RangeError('not a hex string');
  return BigInt(`0x${hex}`);
}

function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function hashOfPadded(...values: bigint[]): bigint {
  return BigInt(`0x${sha256(Buffer.from(values.map(padHex).join(''), 'hex')).toString('hex')}`);
}

/** base^exp mod m by square-and-multiply. */
export function modPow(base: bigint, exp: bigint, m: bigint): bigint {
  let result = 1n;
  let b = ((base % m) + m) % m;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return result;
}

/** k = H(pad(N) | pad(g)). */
export const k = hashOfPadded(N, g);

/** The pool name is the part of the user pool id after `_`; it salts every password hash. */
export function poolNameOf(poolId: string): string {
  const name = poolId.split('_')[1];
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(poolId) || !name) {
    throw new RangeError(`invalid user pool id '${poolId}' (expected <region>_<name>)`);
  }
  return name;
}

/**
 * x = H(pad(salt) | H(poolName + username + ":" + password)). The salt is normalised through
 * an integer, as the client does, so stored salts with leading zero bytes still match.
 */
export function computeX(poolName: string, username: string, password: string, saltHex: string): bigint {
  const inner = sha256(Buffer.from(`${poolName}${username}:${password}`, 'utf8'));
  const outer = sha256(Buffer.concat([Buffer.from(padHex(hexToBigInt(saltHex)), 'hex'), inner]));
  return BigInt(`0x${outer.toString('hex')}`);
}

/** The verifier v = g^x mod N stored instead of the password, as hex. */
export function computeVerifier(poolName: string, username: string, password: string, saltHex: string): string {
  return modPow(g, computeX(poolName, username, password, saltHex), N).toString(16);
}

/** B = (k·v + g^b) mod N. */
export function computeServerB(verifier: bigint, smallB: bigint): bigint {
  return (k * verifier + modPow(g, smallB, N)) % N;
}

/** u = H(pad(A) | pad(B)). */
export function computeU(A: bigint, B: bigint): bigint {
  return hashOfPadded(A, B);
}

/** The server's shared secret S = (A · v^u)^b mod N. */
export function computeServerS(A: bigint, verifier: bigint, u: bigint, smallB: bigint): bigint {
  return modPow((A * modPow(verifier, u, N)) % N, smallB, N);
}

/** The 16-byte "Caldera Derived Key": HKDF-SHA256(salt = pad(u), ikm = pad(S)). */
export function passwordAuthenticationKey(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex')).update(Buffer.from(padHex(S), 'hex')).digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);
  return createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

/** base64 HMAC(key, poolName | username | base64-decoded secret block | timestamp). */
export function claimSignature(
  key: Buffer,
  poolName: string,
  username: string,
  secretBlock: string,
  timestamp: string,
): string {
  return createHmac('sha256', key)
    .update(Buffer.from(poolName, 'utf8'))
    .update(Buffer.from(username, 'utf8'))
    .update(Buffer.from(secretBlock, 'base64'))
    .update(Buffer.from(timestamp, 'utf8'))
    .digest('base64');
}

/** Constant-time comparison of two base64 signatures. */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(received, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Formats a date as the client's TIMESTAMP: `ddd MMM D HH:mm:ss UTC YYYY` (day not padded). */
export function formatSrpTimestamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

/** Parses the client's TIMESTAMP; null unless it is exactly in that format and a real date. */
export function parseSrpTimestamp(text: string): Date | null {
  const match = /^(\w{3}) (\w{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(text);
  if (!match) return null;
  const [, , month, day, hh, mm, ss, year] = match;
  const monthIndex = MONTHS.indexOf(month ?? '');
  if (monthIndex < 0) return null;
  const date = new Date(Date.UTC(Number(year), monthIndex, Number(day), Number(hh), Number(mm), Number(ss)));
  // Round-tripping rejects impossible dates (Feb 30) and a weekday that does not fit.
  return formatSrpTimestamp(date) === text ? date : null;
}
