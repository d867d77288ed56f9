// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  passwordChangeErrors,
  passwordChangeMachine,
  type PasswordChangeEvent,
  type PasswordChangeMachine,
} from '../../machines/account/password-change.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const wrongPassword = { code: 'NotAuthorizedException', message: 'Incorrect username or password.' };

const modelEvents = [
  { type: 'field.change', field: 'current', value: 'Demo1234!' },
  { type: 'field.change', field: 'current', value: '' },
  { type: 'field.change', field: 'next', value: 'Nueva1234!' },
  { type: 'field.change', field: 'confirmation', value: 'Nueva1234!' },
  { type: 'password.submit' },
  { type: 'xstate.done.actor.changePassword' },
  { type: 'xstate.error.actor.changePassword', error: wrongPassword },
] as unknown as PasswordChangeEvent[];

type ChangeSnapshot = SnapshotFrom<PasswordChangeMachine>;

function withDeferred(deferred: DeferredActors, notifyChanged: () => void = () => undefined): PasswordChangeMachine {
  return passwordChangeMachine.provide({ actors: { changePassword: deferred.logic('changePassword') }, actions: { notifyChanged } });
}

function start() {
  const deferred = new DeferredActors();
  const notifyChanged = vi.fn();
  const actor = createActor(withDeferred(deferred, notifyChanged)).start();
  return { actor, deferred, notifyChanged };
}

function fill(actor: ReturnType<typeof start>['actor'], current: string, next: string, confirmation: string) {
  actor.send({ type: 'field.change', field: 'current', value: current });
  actor.send({ type: 'field.change', field: 'next', value: next });
  actor.send({ type: 'field.change', field: 'confirmation', value: confirmation });
}

describe('password change machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const paths = modelPaths(passwordChangeMachine, { events: modelEvents });
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: (deferred) => withDeferred(deferred),
      observe: (snapshot) => ({ state: snapshot.value, ...(snapshot as ChangeSnapshot).context }),
    });
    expect([...visitedStates].filter((id) => id !== passwordChangeMachine.id).sort()).toEqual(definedStateIds(passwordChangeMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(passwordChangeMachine));
  });
});

describe('password change machine, behaviour', () => {
  it('names every broken rule and calls the identity service for nothing', () => {
    const { actor, deferred } = start();
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      current: { key: 'forms.errors.required' },
      next: { key: 'forms.errors.required' },
    });
    fill(actor, 'Demo1234!', 'weakpass', 'weakpas');
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      next: { key: 'admin.users.errors.password' },
      confirmation: { key: 'forms.errors.passwordMismatch' },
    });
    expect(deferred.calls).toEqual([]);
  });

  it('keeps the messages while the user types, until the next submission', () => {
    const { actor } = start();
    actor.send({ type: 'password.submit' });
    actor.send({ type: 'field.change', field: 'current', value: 'Demo1234!' });
    expect(actor.getSnapshot().context.fieldErrors.current).toEqual({ key: 'forms.errors.required' });
  });

  it('changes the password with the current one, empties the fields and says so once', async () => {
    const { actor, deferred, notifyChanged } = start();
    fill(actor, 'Demo1234!', 'Nueva1234!', 'Nueva1234!');
    actor.send({ type: 'password.submit' });
    expect(deferred.calls).toEqual([{ src: 'changePassword', input: { current: 'Demo1234!', next: 'Nueva1234!' } }]);
    deferred.settle('changePassword', { output: undefined });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ current: '', next: '', confirmation: '' });
    expect(notifyChanged).toHaveBeenCalledTimes(1);
  });

  it('keeps the refusal on screen while the user types, and drops it on the next submission', async () => {
    const { actor, deferred, notifyChanged } = start();
    fill(actor, 'Wrong1234!', 'Nueva1234!', 'Nueva1234!');
    actor.send({ type: 'password.submit' });
    deferred.settle('changePassword', { error: wrongPassword });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'field.change', field: 'current', value: 'Demo1234!' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe(wrongPassword);
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('changing');
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(notifyChanged).not.toHaveBeenCalled();
  });

  it('reads the policy from the shared password schema', () => {
    expect(passwordChangeErrors({ current: 'x', next: 'Aa1!aaaa', confirmation: 'Aa1!aaaa' })).toEqual({});
    expect(passwordChangeErrors({ current: 'x', next: 'Aa1aaaaa', confirmation: 'Aa1aaaaa' }).next).toEqual({ key: 'admin.users.errors.password' });
  });
});
