import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { signInPathFor } from '../session/return-path';
import { useSession } from '../session/use-session';

/**
 * Lets the shell render only for a signed-in session. While the session is being restored or
 * changed nothing renders; once it is known to be signed out the user goes to / (spec section 2),
 * carrying the address they were on so that signing in brings them back to it, unless they
 * signed out themselves: the next sign-in then starts afresh.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, signedOutByUser } = useSession();
  const [path] = useLocation();
  const search = useSearch();
  if (status === 'signedOut') return <Redirect to={signedOutByUser ? '/' : signInPathFor(path, search)} replace />;
  if (status !== 'signedIn') return null;
  return <>{children}</>;
}
