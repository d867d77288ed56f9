// The client's half of SRP, which the product never runs (the browser's Cognito library does):
// the tests compute it to check the server's half agrees.
import { g, k, modPow, N } from '../../../server/idp/srp';

/** The client's shared secret S = (B − k·g^x)^(a + u·x) mod N. */
export function computeClientS(B: bigint, x: bigint, smallA: bigint, u: bigint): bigint {
  const base = (((B - k * modPow(g, x, N)) % N) + N) % N;
  return modPow(base, smallA + u * x, N);
}
