/**
 * Who to tell when the identity service refuses to refresh the session (NotAuthorized): the
 * session provider listens from the first render, the identity client (loaded later, on demand)
 * reports. Kept apart from the client so that listening does not load it.
 */
const listeners = new Set<() => void>();

/** Calls `listener` when a token refresh is refused as NotAuthorized. Returns the unsubscribe. */
export function onSessionLost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener the session is lost. */
export function announceSessionLost(): void {
  for (const listener of listeners) listener();
}
