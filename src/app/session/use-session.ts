import { useSelector } from '@xstate/react';
import { useCallback, useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { CurrentUser } from '../../../schemas/current-user.schema';
import type { PermissionKey } from '../../../schemas/permission-key.schema';
import type { SessionError, SessionMachine } from '../../../machines/session/session.machine';
import { SessionContext } from './session-context';

type SessionStatus = 'restoring' | 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut';

export interface Session {
  status: SessionStatus;
  user: CurrentUser | null;
  /** Null while the database user loads: menus and guarded pages render nothing meanwhile. */
  permissions: PermissionKey[] | null;
  error: SessionError | null;
  /** Signed out by the user's own choice (not an expiry or a failure): the next sign-in starts at /home. */
  signedOutByUser: boolean;
  signIn(username: string, password: string): void;
  signOut(): void;
}

/** The screen-level status: the challenge and user-loading steps all read as signing in. */
function statusOf(snapshot: SnapshotFrom<SessionMachine>): SessionStatus {
  if (snapshot.matches('restoring')) return 'restoring';
  if (snapshot.matches('signedOut')) return 'signedOut';
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signingOut')) return 'signingOut';
  return 'signingIn';
}

/** The current session; must be used under `SessionProvider`. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  const status = useSelector(session, statusOf);
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  const permissions = useSelector(session, (snapshot) => snapshot.context.permissions);
  const error = useSelector(session, (snapshot) => snapshot.context.error);
  const signedOutByUser = useSelector(session, (snapshot) => snapshot.context.signedOutByUser);
  const signIn = useCallback(
    (username: string, password: string) => session.send({ type: 'session.signIn', username, password }),
    [session],
  );
  const signOut = useCallback(() => session.send({ type: 'session.signOut' }), [session]);
  return { status, user, permissions, error, signedOutByUser, signIn, signOut };
}
