// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { CurrentUser } from '../../schemas/current-user.schema';
import {
  normalisePermissions,
  sessionMachine,
  type SessionEvent,
  type SessionGrant,
  type SignInResult,
} from '../../machines/session/session.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const LIFETIME_MS = 60_000;
const grant: SessionGrant = { email: 'analista@demo.energy', expiresAt: NOW + LIFETIME_MS };
const user: CurrentUser = {
  id: 2,
  email: 'analista@demo.energy',
  nombre: 'Ana',
  primer_apellido: 'López',
  permisos_x_view: ['relaciones', { id: 'liquidaciones' }, 'facturacion', 'relaciones'],
};
const tokens: SignInResult = { kind: 'tokens', tokens: grant };
const rejected = { kind: 'invalidCredentials' };
const offline = new TypeError('Failed to fetch');

/** Every event the model may take, with the payload variants that reach every guarded branch. */
const modelEvents = [
  { type: 'session.signIn', username: 'analista@demo.energy', password: 'Demo1234!' },
  { type: 'session.signIn', username: 'not-an-email', password: 'Demo1234!' },
  { type: 'session.signOut' },
  { type: 'session.refreshFailed' },
  { type: 'xstate.done.actor.restoreSession', output: grant },
  { type: 'xstate.done.actor.restoreSession', output: null },
  { type: 'xstate.error.actor.restoreSession', error: offline },
  { type: 'xstate.done.actor.signIn', output: tokens },
  { type: 'xstate.done.actor.signIn', output: { kind: 'newPasswordRequired' } },
  { type: 'xstate.done.actor.signIn', output: { kind: 'mfaRequired' } },
  { type: 'xstate.error.actor.signIn', error: rejected },
  { type: 'xstate.error.actor.signIn', error: offline },
  { type: 'xstate.done.actor.completeNewPassword', output: tokens },
  { type: 'xstate.done.actor.completeNewPassword', output: { kind: 'mfaRequired' } },
  { type: 'xstate.done.actor.completeNewPassword', output: { kind: 'newPasswordRequired' } },
  { type: 'xstate.error.actor.completeNewPassword', error: rejected },
  { type: 'xstate.error.actor.completeNewPassword', error: offline },
  { type: 'xstate.done.actor.loadUser', output: user },
  { type: 'xstate.error.actor.loadUser', error: rejected },
  { type: 'xstate.error.actor.loadUser', error: offline },
  { type: 'xstate.after.untilExpiry.session.signedIn' },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: offline },
] as unknown as SessionEvent[];

function provideDeferred(deferred: DeferredActors) {
  return sessionMachine.provide({
    actors: {
      restoreSession: deferred.logic<SessionGrant | null>('restoreSession'),
      signIn: deferred.logic<SignInResult, { username: string; password: string }>('signIn'),
      completeNewPassword: deferred.logic<SignInResult, { password: string }>('completeNewPassword'),
      loadUser: deferred.logic<CurrentUser, { email: string }>('loadUser'),
      signOut: deferred.logic<void>('signOut'),
    },
  });
}

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Lets a chain of promise actors run to rest without moving the fake clock. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await flush();
}

/** The part of the snapshot a user of the session sees. */
function observable(snapshot: SessionSnapshot) {
  const { email, expiresAt, user: loaded, permissions, error } = snapshot.context;
  return { value: snapshot.value, email, expiresAt, user: loaded, permissions, error };
}

describe('session machine, model-based', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const traversal = { events: modelEvents };
    const paths = modelPaths(sessionMachine, traversal);
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: provideDeferred,
      observe: (snapshot) => observable(snapshot as SessionSnapshot),
      beforePath: () => vi.setSystemTime(NOW),
    });

    expect([...visitedStates].filter((id) => id !== 'session').sort()).toEqual(definedStateIds(sessionMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(sessionMachine));
  });
});

describe('session machine, behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function signedInActor(expiresAt = grant.expiresAt) {
    const signOut = vi.fn(async () => undefined);
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise<SessionGrant | null>(async () => ({ ...grant, expiresAt })),
        loadUser: fromPromise(async () => user),
        signOut: fromPromise<void>(signOut),
      },
    });
    const actor = createActor(machine).start();
    return { actor, signOut };
  }

  it('signs the user out when the access token expires, not a moment before', async () => {
    const { actor, signOut } = signedInActor();
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');

    vi.advanceTimersByTime(LIFETIME_MS - 1);
    expect(actor.getSnapshot().value).toBe('signedIn');
    vi.advanceTimersByTime(1);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');

    expect(signOut).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'expired', user: null, permissions: null });
  });

  it('signs out at once when a restored token has already expired', async () => {
    const { actor } = signedInActor(NOW - 1_000);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    vi.advanceTimersByTime(0);
    await settle();
    expect(actor.getSnapshot().context.error).toBe('expired');
  });

  it('keeps the user and normalised permissions while signed in and accepts only sign-out events', async () => {
    const { actor } = signedInActor();
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.user?.nombre).toBe('Ana');
    expect(snapshot.context.permissions).toEqual(['relaciones', 'liquidaciones', 'facturacion']);
    expect(snapshot.can({ type: 'session.signOut' })).toBe(true);
    expect(snapshot.can({ type: 'session.refreshFailed' })).toBe(true);
    expect(snapshot.can({ type: 'session.signIn', username: 'a@b.co', password: 'x' })).toBe(false);
  });

  it('remembers that the user signed out by choice, and forgets it at the next sign-in', async () => {
    const { actor } = signedInActor();
    await settle();
    expect(actor.getSnapshot().context.signedOutByUser).toBe(false);
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.signedOutByUser).toBe(true);
    actor.send({ type: 'session.signIn', username: 'analista@demo.energy', password: 'Demo1234!' });
    expect(actor.getSnapshot().context.signedOutByUser).toBe(false);
  });

  it('does not take an expired session for a sign-out by choice', async () => {
    const { actor } = signedInActor();
    await settle();
    vi.advanceTimersByTime(LIFETIME_MS);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'expired', signedOutByUser: false });
  });

  it('answers a malformed e-mail with invalidEmail without calling the identity service', async () => {
    const signIn = vi.fn(async (): Promise<SignInResult> => tokens);
    const actor = createActor(
      sessionMachine.provide({
        actors: { restoreSession: fromPromise<SessionGrant | null>(async () => null), signIn: fromPromise(signIn) },
      }),
    ).start();
    await settle();
    actor.send({ type: 'session.signIn', username: 'analista@demo', password: 'Demo1234!' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe('invalidEmail');
    expect(signIn).not.toHaveBeenCalled();
  });

  it('submits the same password to the new-password challenge and forgets it afterwards', async () => {
    const completeNewPassword = vi.fn(async (_: { input: { password: string } }): Promise<SignInResult> => tokens);
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restoreSession: fromPromise<SessionGrant | null>(async () => null),
          signIn: fromPromise(async (): Promise<SignInResult> => ({ kind: 'newPasswordRequired' })),
          completeNewPassword: fromPromise(completeNewPassword),
          loadUser: fromPromise(async () => user),
        },
      }),
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.send({ type: 'session.signIn', username: ' analista@demo.energy ', password: 'Temp1234!' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(completeNewPassword.mock.calls[0]?.[0].input).toEqual({ password: 'Temp1234!' });
    expect(actor.getSnapshot().context.password).toBeNull();
    expect(actor.getSnapshot().context.username).toBe('analista@demo.energy');
  });

  it('loads the database user once per session', async () => {
    const loadUser = vi.fn(async () => user);
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restoreSession: fromPromise<SessionGrant | null>(async () => grant),
          loadUser: fromPromise(loadUser),
          signOut: fromPromise<void>(async () => undefined),
        },
      }),
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    vi.advanceTimersByTime(LIFETIME_MS / 2);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(loadUser).toHaveBeenCalledTimes(1);
  });
});

describe('normalisePermissions', () => {
  it('turns ids and {id} objects into a list of distinct keys', () => {
    expect(normalisePermissions(['admin', { id: 'dashboard' }, { id: 'admin' }])).toEqual(['admin', 'dashboard']);
  });
});
