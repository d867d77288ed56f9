import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSession } from '../session/use-session';

/**
 * Lets the shell render only for a signed-in session. While the session is being restored or
 * changed nothing renders; once it is known to be signed out the user goes to / (spec section 2).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'signedOut') return <Redirect to="/" replace />;
  if (status !== 'signedIn') return null;
  return <>{children}</>;
}
