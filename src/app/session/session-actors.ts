import { fromPromise } from 'xstate';
import type { CurrentUser } from '../../../schemas/current-user.schema';
import { sessionMachine, type SessionFailure, type SessionGrant, type SignInResult } from '../../../machines/session/session.machine';
import { ApiError } from '../../lib/api/api-error';
import { loadIdentityClient, mayHaveStoredSession } from '../../lib/identity/load-identity-client';

// The identity client and the API client are loaded when first needed, not with the sign-in page.
const loadCurrentUserLoader = () => import('../../lib/api/current-user').then((module) => module.currentUserLoader);

/** Drops the cached database user (spec section 4: at sign-out, and when a refresh is refused). */
export async function forgetCurrentUser(): Promise<void> {
  (await loadCurrentUserLoader()).forget();
}

/** A user lookup refused by the server reads as wrong credentials; anything else as a connection problem. */
function userLoadFailure(error: unknown): SessionFailure {
  return { kind: error instanceof ApiError && error.kind === 'clientError' ? 'invalidCredentials' : 'connection' };
}

/** The session machine wired to the identity client and `GET /api/v2/get-once/{email}`. */
export function createAppSessionMachine() {
  return sessionMachine.provide({
    actors: {
      // Nothing stored, nothing to restore: a first visit does not load the identity client for it.
      restoreSession: fromPromise<SessionGrant | null>(async () =>
        mayHaveStoredSession() ? (await loadIdentityClient()).restoreSession() : null,
      ),
      signIn: fromPromise<SignInResult, { username: string; password: string }>(async ({ input }) =>
        (await loadIdentityClient()).signIn(input.username, input.password),
      ),
      completeNewPassword: fromPromise<SignInResult, { password: string }>(async ({ input }) =>
        (await loadIdentityClient()).completeNewPassword(input.password),
      ),
      loadUser: fromPromise<CurrentUser, { email: string }>(async ({ input }) =>
        (await loadCurrentUserLoader()).load(input.email).catch((error: unknown) => {
          throw userLoadFailure(error);
        }),
      ),
      signOut: fromPromise<void>(async () => {
        // Spec section 4: signing out clears the cached database user.
        await forgetCurrentUser();
        await (await loadIdentityClient()).signOut();
      }),
    },
  });
}
