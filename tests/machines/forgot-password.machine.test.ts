// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  forgotPasswordMachine,
  recoveryProblems,
  type ForgotPasswordEvent,
  type ForgotPasswordMachine,
} from '../../machines/auth/forgot-password.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const codeMismatch = { code: 'CodeMismatchException', message: 'Invalid code' };

// Each field gets one bad and one good value, so both branches of every submission are reached.
const modelEvents = [
  { type: 'email.change', value: 'lector@' },
  { type: 'email.change', value: ' lector@demo.energy ' },
  { type: 'field.change', field: 'code', value: '123456' },
  { type: 'field.change', field: 'password', value: 'Strong1234!' },
  { type: 'field.change', field: 'confirmation', value: 'Strong1234!' },
  { type: 'code.request' },
  { type: 'password.submit' },
  { type: 'xstate.done.actor.requestCode' },
  { type: 'xstate.error.actor.requestCode', error: { code: 'LimitExceededException', message: 'slow down' } },
  { type: 'xstate.done.actor.confirmPassword' },
  { type: 'xstate.error.actor.confirmPassword', error: codeMismatch },
] as unknown as ForgotPasswordEvent[];

type RecoverySnapshot = SnapshotFrom<ForgotPasswordMachine>;

function observable(snapshot: RecoverySnapshot) {
  return { state: snapshot.value, ...snapshot.context };
}

function withDeferred(deferred: DeferredActors): ForgotPasswordMachine {
  return forgotPasswordMachine.provide({ actors: { requestCode: deferred.logic('requestCode'), confirmPassword: deferred.logic('confirmPassword') } });
}

function start() {
  const deferred = new DeferredActors();
  const actor = createActor(withDeferred(deferred)).start();
  return { actor, deferred };
}

async function reachCodeStep() {
  const started = start();
  started.actor.send({ type: 'email.change', value: ' Lector@demo.energy ' });
  started.actor.send({ type: 'code.request' });
  started.deferred.settle('requestCode', { output: undefined });
  await flush();
  return started;
}

function fill(actor: ReturnType<typeof start>['actor'], code: string, password: string, confirmation: string) {
  actor.send({ type: 'field.change', field: 'code', value: code });
  actor.send({ type: 'field.change', field: 'password', value: password });
  actor.send({ type: 'field.change', field: 'confirmation', value: confirmation });
}

describe('forgot password machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const paths = modelPaths(forgotPasswordMachine, { events: modelEvents });
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: withDeferred,
      observe: (snapshot) => observable(snapshot as RecoverySnapshot),
    });
    expect([...visitedStates].filter((id) => id !== forgotPasswordMachine.id).sort()).toEqual(definedStateIds(forgotPasswordMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(forgotPasswordMachine));
  });
});

describe('forgot password machine, behaviour', () => {
  it('refuses a malformed e-mail on the spot and asks the service for nothing', () => {
    const { actor, deferred } = start();
    actor.send({ type: 'email.change', value: 'lector@' });
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(recoveryProblems(actor.getSnapshot().context).email).toBe(true);
    expect(deferred.calls).toEqual([]);
  });

  it('asks for a code for the trimmed e-mail, then opens the code step with nothing flagged yet', async () => {
    const { actor, deferred } = await reachCodeStep();
    expect(deferred.calls).toEqual([{ src: 'requestCode', input: 'Lector@demo.energy' }]);
    expect(actor.getSnapshot().value).toBe('codeSent');
    expect(actor.getSnapshot().context.submitted).toBe(false);
  });

  it('keeps the user on the e-mail step with the service refusal when no code could be sent', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'email.change', value: 'lector@demo.energy' });
    actor.send({ type: 'code.request' });
    deferred.settle('requestCode', { error: { code: 'LimitExceededException' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('requesting');
    expect(actor.getSnapshot().context.failure).toEqual({ code: 'LimitExceededException' });
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('sends a new password only with a code, within the policy and confirmed', async () => {
    const { actor, deferred } = await reachCodeStep();
    fill(actor, '', 'Strong1234!', 'Strong1234!');
    actor.send({ type: 'password.submit' });
    fill(actor, '123456', 'weakpass', 'weakpass');
    actor.send({ type: 'password.submit' });
    fill(actor, '123456', 'Strong1234!', 'Strong1234?');
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('codeSent');
    expect(deferred.calls.map((call) => call.src)).toEqual(['requestCode']);

    fill(actor, '123456', 'Strong1234!', 'Strong1234!');
    actor.send({ type: 'password.submit' });
    expect(deferred.calls[1]).toEqual({ src: 'confirmPassword', input: { email: 'Lector@demo.energy', code: '123456', password: 'Strong1234!' } });
    deferred.settle('confirmPassword', { output: undefined });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('brings a wrong code back to the code step, where the user can try again', async () => {
    const { actor, deferred } = await reachCodeStep();
    fill(actor, '000000', 'Strong1234!', 'Strong1234!');
    actor.send({ type: 'password.submit' });
    deferred.settle('confirmPassword', { error: codeMismatch });
    await flush();
    expect(actor.getSnapshot().value).toBe('codeSent');
    expect(actor.getSnapshot().context.failure).toBe(codeMismatch);
    actor.send({ type: 'field.change', field: 'code', value: '654321' });
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
