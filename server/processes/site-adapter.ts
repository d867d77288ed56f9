// The one way the runner talks to a market operator's site (docs/processes.md, "Words"): sign in
// and out, register, find and delete planillas, submit and find a PM's bids. The simulator and
// a real site speak HTTP (site-http.ts); a browser-driving adapter would implement the same
// interface. Every failure is one of the kinds below, because what the runner does next depends
// only on the kind: whether the request may have been applied is the question that matters.
import type { SiteBids, SiteBidsBody, SitePlanilla, SitePlanillaBody } from '../../schemas/market-site.schema';

/** Why a call failed, as far as the runner must care. */
export type SiteFailure =
  /** A definite refusal (a 4xx other than 401, 408 and 429): not applied, sending it again would not help. */
  | { kind: 'refused'; status: number; reason: string }
  /** A 503 (any 5xx), a time-out or a dropped connection: it may have been applied. */
  | { kind: 'ambiguous'; reason: 'unavailable' | 'timeout' | 'dropped' }
  /** Nothing answered at all (connection refused, unknown host): the request never got there. */
  | { kind: 'unreachable' }
  /** 429: the site is busy (every session place taken); wait `retryAfterMs` when it says. */
  | { kind: 'busy'; retryAfterMs: number | null }
  /** 401 on a call: the session ran out; sign in again. */
  | { kind: 'expired' };

export class SiteError extends Error {
  constructor(readonly failure: SiteFailure) {
    super(`site call failed: ${failure.kind}${'reason' in failure ? ` (${failure.reason})` : ''}`);
    this.name = 'SiteError';
  }
}

/** A signed-in session on the site. `signal` abandons the call (the caller's own abort, not a failure). */
export interface SiteSession {
  registerPlanilla(planilla: SitePlanillaBody, signal?: AbortSignal): Promise<SitePlanilla>;
  /** The planillas the site holds for an annex code (its natural key): more than one is a duplicate. */
  findPlanillas(codigoAnexo: string, signal?: AbortSignal): Promise<SitePlanilla[]>;
  /** Whether the site still holds planilla `numero`. */
  hasPlanilla(numero: string, signal?: AbortSignal): Promise<boolean>;
  /** `absent` when the site had no such planilla (already deleted). */
  deletePlanilla(numero: string, signal?: AbortSignal): Promise<'deleted' | 'absent'>;
  submitBids(bids: SiteBidsBody, signal?: AbortSignal): Promise<SiteBids>;
  /** The bids the site holds for a PM on an operating day (their natural key). */
  findBids(fechaOperacion: string, pm: string, signal?: AbortSignal): Promise<SiteBids[]>;
  signOut(signal?: AbortSignal): Promise<void>;
}

/** A site: where sessions come from. */
export interface SiteAdapter {
  /** Throws `SiteError` (`busy` when every place is taken, `refused` for bad credentials). */
  signIn(signal?: AbortSignal): Promise<SiteSession>;
}

/** The failure behind `error`, or null when it is not a site failure (an abort, a bug). */
export function siteFailureOf(error: unknown): SiteFailure | null {
  return error instanceof SiteError ? error.failure : null;
}
