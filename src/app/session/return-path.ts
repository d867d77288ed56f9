/**
 * Where signing in leads: a visitor who opened a page while signed out (a shared link, a
 * bookmark, a session that expired there) comes back to that very address, search included.
 * The sign-in page carries it in its own address (`/?next=…`), so a reload keeps it too.
 */

const RETURN_PARAM = 'next';
const HOME = '/home';

/** The sign-in page's address for a visitor who opened `path` with `search` (no leading `?`). */
export function signInPathFor(path: string, search: string): string {
  const target = search ? `${path}?${search}` : path;
  // Signing in lands on /home anyway: nothing worth carrying.
  if (target === HOME) return '/';
  return `/?${new URLSearchParams({ [RETURN_PARAM]: target }).toString()}`;
}

/**
 * The address to go to once signed in, read from the sign-in page's `search`: a path of this
 * site only (an address elsewhere would make the sign-in page an open redirect), else /home.
 */
export function returnPathFrom(search: string): string {
  const target = new URLSearchParams(search).get(RETURN_PARAM);
  if (!target?.startsWith('/')) return HOME;
  // Resolved the way the browser would resolve it: `//host`, `/\host` and stray tabs or
  // newlines all end up on another origin and are refused.
  const base = new URL('http://app.invalid');
  const url = new URL(target, base);
  if (url.origin !== base.origin || url.pathname === '/') return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
