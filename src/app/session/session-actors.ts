import { fromPromise } from 'xstate';
import type { CurrentUser } from '../../../schemas/current-user.schema';
import { sessionMachine, type SessionFailure, type SessionGrant, type SignInResult } from '../../../machines/session/session.machine';
import { ApiError } from '../../lib/api/api-error';
import { currentUserLoader } from '../../lib/api/current-user';
import * as identity from '../../lib/identity/identity-client';

/** A user lookup refused by the server reads as wrong credentials; anything else as a connection problem. */
function userLoadFailure(error: unknown): SessionFailure {
  return { kind: error instanceof ApiError && error.kind === 'clientError' ? 'invalidCredentials' : 'connection' };
}

/** The session machine wired to the identity client and `GET /api/v2/get-once/{email}`. */
export function createAppSessionMachine() {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise<SessionGrant | null>(() => identity.restoreSession()),
      signIn: fromPromise<SignInResult, { username: string; password: string }>(({ input }) =>
        identity.signIn(input.username, input.password),
      ),
      completeNewPassword: fromPromise<SignInResult, { password: string }>(({ input }) =>
        identity.completeNewPassword(input.password),
      ),
      loadUser: fromPromise<CurrentUser, { email: string }>(({ input }) =>
        currentUserLoader.load(input.email).catch((error: unknown) => {
          throw userLoadFailure(error);
        }),
      ),
      signOut: fromPromise<void>(async () => {
        // Spec section 4: signing out clears the cached database user.
        currentUserLoader.forget();
        await identity.signOut();
      }),
    },
  });
}
