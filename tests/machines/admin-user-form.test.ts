// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { userFormMachine, type UserFormEvent } from '../../machines/admin/user-form.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const initial = { nombre: '', email: '' };
const fieldErrors = { email: { key: 'forms.errors.pattern' } };
const duplicate = { statusCode: 409, code: 'APP_ERR_USER_DUPLICATE_EMAIL', message: 'A user with this e-mail already exists' };
const created = { id: 9, email: 'nueva@demo.energy' };

const modelEvents = [
  { type: 'form.change', field: 'nombre', value: 'Ana' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'cancel.confirm' },
  { type: 'cancel.dismiss' },
  { type: 'xstate.done.actor.validate', output: {} },
  { type: 'xstate.done.actor.validate', output: fieldErrors },
  { type: 'xstate.error.actor.validate', error: new Error('validator crashed') },
  { type: 'xstate.done.actor.submit', output: created },
  { type: 'xstate.error.actor.submit', error: duplicate },
] as unknown as UserFormEvent[];

type FormSnapshot = SnapshotFrom<typeof userFormMachine>;

function observable(snapshot: FormSnapshot) {
  const { value, fieldErrors: errors, failure, result } = snapshot.context;
  return { state: snapshot.value, value, errors, failure, result };
}

function start() {
  const deferred = new DeferredActors();
  const machine = userFormMachine.provide({
    actors: { validate: deferred.logic('validate'), submit: deferred.logic('submit') },
  });
  const actor = createActor(machine, { input: { initial } }).start();
  return { actor, deferred };
}

describe('user form machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const paths = modelPaths(userFormMachine, { events: modelEvents, input: { initial } });
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: (deferred) =>
        userFormMachine.provide({ actors: { validate: deferred.logic('validate'), submit: deferred.logic('submit') } }),
      input: { initial },
      observe: (snapshot) => observable(snapshot as FormSnapshot),
    });
    expect([...visitedStates].filter((id) => id !== 'userForm').sort()).toEqual(definedStateIds(userFormMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(userFormMachine));
  });
});

describe('user form machine, behaviour', () => {
  it('returns to editing with the field messages when the value breaks the schema, without submitting', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'form.change', field: 'email', value: 'not-an-email' });
    actor.send({ type: 'form.submit' });
    deferred.settle('validate', { output: fieldErrors });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual(fieldErrors);
    expect(deferred.calls.map((call) => call.src)).toEqual(['validate']);
  });

  it('submits the edited value once it is valid and keeps what the server created', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'form.change', field: 'nombre', value: 'Ana' });
    actor.send({ type: 'form.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    expect(deferred.calls[1]).toEqual({ src: 'submit', input: { nombre: 'Ana', email: '' } });
    deferred.settle('submit', { output: created });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual(created);
  });

  it('keeps the server error until the user edits, and clears only the edited field message', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'form.submit' });
    deferred.settle('validate', { output: { nombre: { key: 'forms.errors.required' }, email: { key: 'x' } } });
    await flush();
    actor.send({ type: 'form.change', field: 'nombre', value: 'Ana' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: { key: 'x' } });

    actor.send({ type: 'form.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    deferred.settle('submit', { error: duplicate });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe(duplicate);
    actor.send({ type: 'form.change', field: 'email', value: 'otra@demo.energy' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('asks before cancelling a changed form, and cancels an untouched one at once', () => {
    const untouched = start().actor;
    untouched.send({ type: 'form.cancel' });
    expect(untouched.getSnapshot().value).toBe('cancelled');

    const { actor } = start();
    actor.send({ type: 'form.change', field: 'nombre', value: 'Ana' });
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().value).toBe('confirmingCancel');
    actor.send({ type: 'cancel.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.value).toEqual({ nombre: 'Ana', email: '' });
  });

  it('treats a form changed back to its starting value as untouched', () => {
    const { actor } = start();
    actor.send({ type: 'form.change', field: 'nombre', value: 'Ana' });
    actor.send({ type: 'form.change', field: 'nombre', value: '' });
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });
});
