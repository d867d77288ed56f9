/**
 * The identity client (identity-client.ts with `amazon-cognito-identity-js`, about 25 KB gzip)
 * on demand: the sign-in page shows without it and loads it when the visitor starts filling in
 * the form, or at start when a session is stored to restore.
 */
export function loadIdentityClient() {
  return import('./identity-client');
}

// The identity client's own storage: `amazon-cognito-identity-js` keeps the signed-in user's name
// under this key of localStorage (CognitoUserPool.getCurrentUser reads it; signing out removes it).
const LAST_USER_KEY = /^CognitoIdentityServiceProvider\.[^.]+\.LastAuthUser$/;

/**
 * Whether a session may be stored to restore: without one the client would find no current user,
 * so the start need not load it to learn that. Blocked storage holds none (the client then keeps
 * its session in memory, which a new page load does not have).
 */
export function mayHaveStoredSession(storage: Pick<Storage, 'length' | 'key' | 'getItem'> | null = safeLocalStorage()): boolean {
  if (!storage) return false;
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key !== null && LAST_USER_KEY.test(key) && storage.getItem(key)) return true;
    }
  } catch {
    // Storage blocked part-way: treat it as holding nothing, as the client would.
  }
  return false;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
