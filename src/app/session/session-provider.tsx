import { useActorRef } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { onSessionLost } from '../../lib/identity/session-lost';
import { createAppSessionMachine, forgetCurrentUser } from './session-actors';
import { SessionContext } from './session-context';

/** Runs the session machine for the whole app; read it with `useSession()`. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [machine] = useState(createAppSessionMachine);
  const session = useActorRef(machine);

  useEffect(
    () =>
      // Spec section 4: a token refresh refused as not-authorised clears the cached user.
      onSessionLost(() => {
        void forgetCurrentUser();
        session.send({ type: 'session.refreshFailed' });
      }),
    [session],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
