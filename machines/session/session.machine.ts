import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { injectedActor } from '../injected';
import type { CurrentUser } from '../../schemas/current-user.schema';
import { isEmailFormat } from '../../schemas/email.schema';
import type { PermissionKey } from '../../schemas/permission-key.schema';

/**
 * The sign-in session of spec section 4 and issue item 9. Pure: the identity service, the
 * database-user lookup and the sign-out call are actors supplied with `.provide()`.
 */

/** What the machine needs from a granted identity session (the identity client adds the tokens). */
export interface SessionGrant {
  /** The e-mail the database user is looked up by (id token `email`, else the username). */
  email: string;
  /** When the access token expires, in epoch milliseconds: the session ends then. */
  expiresAt: number;
}

/** The outcome of a sign-in attempt or of answering the new-password challenge. */
export type SignInResult =
  | { kind: 'tokens'; tokens: SessionGrant }
  | { kind: 'newPasswordRequired' }
  | { kind: 'mfaRequired' };

/**
 * How an actor reports a failure the user must read as "wrong credentials" rather than
 * "connection problem": reject with an object whose `kind` is 'invalidCredentials'.
 */
export interface SessionFailure {
  kind: 'invalidCredentials' | 'connection';
}

export type SessionError = 'invalidCredentials' | 'invalidEmail' | 'connection' | 'mfaRequired' | 'expired';

interface SessionContext {
  username: string | null;
  /** Held only while signing in: the spec submits the same password to a new-password challenge. */
  password: string | null;
  email: string | null;
  expiresAt: number | null;
  user: CurrentUser | null;
  /** Null until the database user has loaded (menus and guarded pages render nothing meanwhile). */
  permissions: PermissionKey[] | null;
  error: SessionError | null;
  /**
   * The user ended the session themselves (not an expiry or a failure): the app then forgets
   * the page they were on instead of bringing them back to it at the next sign-in.
   */
  signedOutByUser: boolean;
}

export type SessionEvent =
  | { type: 'session.signIn'; username: string; password: string }
  | { type: 'session.signOut' }
  | { type: 'session.refreshFailed' };

/** permisos_x_view items may be keys or `{ id }` objects (spec section 3): keep the keys, once each. */
export function normalisePermissions(items: CurrentUser['permisos_x_view']): PermissionKey[] {
  return [...new Set(items.map((item) => (typeof item === 'string' ? item : item.id)))];
}

function failureKind(error: unknown): SessionFailure['kind'] {
  return typeof error === 'object' && error !== null && (error as Partial<SessionFailure>).kind === 'invalidCredentials'
    ? 'invalidCredentials'
    : 'connection';
}

const signedOutContext = {
  password: null,
  email: null,
  expiresAt: null,
  user: null,
  permissions: null,
} as const;

const signInOutput = ({ event }: { event: DoneActorEvent<SignInResult> }) => event.output;

/**
 * How both sign-in steps (the password, then the new-password challenge) end. They differ only
 * in where a new-password challenge goes, so each step passes that one transition in.
 */
function signInStepEnds<const T>(onNewPasswordRequired: T) {
  return {
    onDone: [
      { guard: { type: 'isNewPasswordRequired', params: signInOutput }, ...onNewPasswordRequired },
      {
        guard: { type: 'isMfaRequired', params: signInOutput },
        target: '#session.signedOut',
        actions: { type: 'assignError', params: 'mfaRequired' },
      },
      { target: '#session.loadingUser', actions: { type: 'assignGrantFromResult', params: signInOutput } },
    ],
    onError: [
      {
        guard: { type: 'areCredentialsRejected', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        target: '#session.signedOut',
        actions: { type: 'assignError', params: 'invalidCredentials' },
      },
      { target: '#session.signedOut', actions: { type: 'assignError', params: 'connection' } },
    ],
  } as const;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Resolves a cached, still valid session (refreshing it if needed) or null. */
    restoreSession: injectedActor<SessionGrant | null>('restoreSession'),
    signIn: injectedActor<SignInResult, { username: string; password: string }>('signIn'),
    completeNewPassword: injectedActor<SignInResult, { password: string }>('completeNewPassword'),
    loadUser: injectedActor<CurrentUser, { email: string }>('loadUser'),
    /** Global sign-out / revoke and clearing of every cache; its errors are ignored. */
    signOut: injectedActor<void>('signOut'),
  },
  guards: {
    isEmailValid: ({ event }) => event.type === 'session.signIn' && isEmailFormat(event.username.trim()),
    isSessionRestored: (_, grant: SessionGrant | null) => grant !== null,
    isNewPasswordRequired: (_, result: SignInResult) => result.kind === 'newPasswordRequired',
    isMfaRequired: (_, result: SignInResult) => result.kind === 'mfaRequired',
    areCredentialsRejected: (_, error: unknown) => failureKind(error) === 'invalidCredentials',
  },
  actions: {
    assignCredentials: assign(({ event }) =>
      event.type === 'session.signIn'
        ? { username: event.username.trim(), password: event.password, error: null, signedOutByUser: false }
        : {},
    ),
    assignGrant: assign((_, grant: SessionGrant) => ({ email: grant.email, expiresAt: grant.expiresAt })),
    assignGrantFromResult: assign((_, result: SignInResult) =>
      result.kind === 'tokens' ? { email: result.tokens.email, expiresAt: result.tokens.expiresAt } : {},
    ),
    assignUser: assign((_, user: CurrentUser) => ({ user, permissions: normalisePermissions(user.permisos_x_view) })),
    assignError: assign((_, error: SessionError) => ({ error })),
    forgetPassword: assign({ password: null }),
    markSignedOutByUser: assign({ signedOutByUser: true }),
    clearSession: assign(signedOutContext),
  },
  delays: {
    /** The access token's remaining lifetime: the session ends at that moment (spec section 4). */
    untilExpiry: ({ context }) => Math.max(0, (context.expiresAt ?? 0) - Date.now()),
  },
}).createMachine({
  id: 'session',
  initial: 'restoring',
  context: {
    username: null,
    ...signedOutContext,
    error: null,
    signedOutByUser: false,
  },
  states: {
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'isSessionRestored', params: ({ event }) => event.output },
            target: 'loadingUser',
            actions: { type: 'assignGrant', params: ({ event }) => event.output! },
          },
          { target: 'signedOut' },
        ],
        // A session that cannot be restored is simply no session.
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      entry: 'clearSession',
      on: {
        'session.signIn': [
          { guard: 'isEmailValid', target: 'signingIn', actions: 'assignCredentials' },
          // Spec section 5: a malformed e-mail is reported without asking the identity service.
          { actions: { type: 'assignError', params: 'invalidEmail' } },
        ],
      },
    },
    signingIn: {
      initial: 'authenticating',
      exit: 'forgetPassword',
      states: {
        authenticating: {
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => ({ username: context.username ?? '', password: context.password ?? '' }),
            ...signInStepEnds({ target: 'completingNewPassword' }),
          },
        },
        completingNewPassword: {
          invoke: {
            id: 'completeNewPassword',
            src: 'completeNewPassword',
            // Spec section 4: the same password is submitted to complete the challenge.
            input: ({ context }) => ({ password: context.password ?? '' }),
            // A challenge that repeats cannot be completed with the same password.
            ...signInStepEnds({
              target: '#session.signedOut',
              actions: { type: 'assignError', params: 'invalidCredentials' },
            }),
          },
        },
      },
    },
    loadingUser: {
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'assignUser', params: ({ event }) => event.output },
        },
        // Without a database user there is no usable session: end the identity session too.
        onError: [
          {
            guard: { type: 'areCredentialsRejected', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'signingOut',
            actions: { type: 'assignError', params: 'invalidCredentials' },
          },
          { target: 'signingOut', actions: { type: 'assignError', params: 'connection' } },
        ],
      },
    },
    signedIn: {
      after: {
        untilExpiry: { target: 'signingOut', actions: { type: 'assignError', params: 'expired' } },
      },
      on: {
        'session.signOut': { target: 'signingOut', actions: 'markSignedOutByUser' },
        'session.refreshFailed': { target: 'signingOut', actions: { type: 'assignError', params: 'expired' } },
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut' },
        // Spec: sign-out always ends the local session, whatever the identity service answers.
        onError: { target: 'signedOut' },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
