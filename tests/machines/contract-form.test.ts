// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { annexFormMachine } from '../../machines/annexes/annex-form.machine';
import { contractFormMachine, type RecordFormEvent } from '../../machines/contracts/contract-form.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const initial = { empresa_id: '', fecha_inicio: '', pmi: [] as string[] };
const fieldErrors = { fecha_inicio: { key: 'contracts.errors.fecha_inicio' } };
const failure = { statusCode: 500, code: 'APP_ERR_INTERNAL', message: 'boom' };
const saved = { id: 12, empresa_id: 3 };

const modelEvents = [
  { type: 'form.change', field: 'fecha_inicio', value: '2025-01-31' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'cancel.confirm' },
  { type: 'cancel.dismiss' },
  { type: 'xstate.done.actor.validate', output: {} },
  { type: 'xstate.done.actor.validate', output: fieldErrors },
  { type: 'xstate.error.actor.validate', error: new Error('validator crashed') },
  { type: 'xstate.done.actor.submit', output: saved },
  { type: 'xstate.error.actor.submit', error: failure },
] as unknown as RecordFormEvent[];

type FormSnapshot = SnapshotFrom<typeof contractFormMachine>;

function observable(snapshot: FormSnapshot) {
  const { value, fieldErrors: errors, failure: failed, result } = snapshot.context;
  return { state: snapshot.value, value, errors, failed, result };
}

function start(machine = contractFormMachine) {
  const deferred = new DeferredActors();
  const provided = machine.provide({
    actors: { validate: deferred.logic('validate'), submit: deferred.logic('submit') },
  });
  const actor = createActor(provided, { input: { initial } }).start();
  return { actor, deferred };
}

describe('contract form machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const paths = modelPaths(contractFormMachine, { events: modelEvents, input: { initial } });
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: (deferred) =>
        contractFormMachine.provide({ actors: { validate: deferred.logic('validate'), submit: deferred.logic('submit') } }),
      input: { initial },
      observe: (snapshot) => observable(snapshot as FormSnapshot),
    });
    expect([...visitedStates].filter((id) => id !== 'contractForm').sort()).toEqual(definedStateIds(contractFormMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(contractFormMachine));
  });
});

describe('contract form machine, behaviour', () => {
  it('an empty submit returns to editing with the field messages and never calls the server', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('validating');
    deferred.settle('validate', { output: fieldErrors });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual(fieldErrors);
    expect(deferred.calls.map((call) => call.src)).toEqual(['validate']);
  });

  it('submits the edited value once valid and ends with what the server saved', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'form.change', field: 'pmi', value: ['GT-ESC-01'] });
    actor.send({ type: 'form.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    expect(deferred.calls[1]).toEqual({ src: 'submit', input: { ...initial, pmi: ['GT-ESC-01'] } });
    deferred.settle('submit', { output: saved });
    await flush();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual(saved);
  });

  it('a server failure stays until the user edits; a resubmission clears it', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'form.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    deferred.settle('submit', { error: failure });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe(failure);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('validating');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('editing a field clears only that field message', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'form.submit' });
    deferred.settle('validate', { output: { ...fieldErrors, empresa_id: { key: 'contracts.errors.empresa_id' } } });
    await flush();
    actor.send({ type: 'form.change', field: 'fecha_inicio', value: '2025-02-01' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ empresa_id: { key: 'contracts.errors.empresa_id' } });
  });

  it('asks before dropping a changed form, keeps the value when the user stays, cancels an untouched one at once', () => {
    const untouched = start().actor;
    untouched.send({ type: 'form.cancel' });
    expect(untouched.getSnapshot().value).toBe('cancelled');

    const { actor } = start();
    actor.send({ type: 'form.change', field: 'fecha_inicio', value: '2025-01-31' });
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().value).toBe('confirmingCancel');
    actor.send({ type: 'cancel.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.value.fecha_inicio).toBe('2025-01-31');
    actor.send({ type: 'form.cancel' });
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });

  it('the annex form runs the same definition under its own id', () => {
    expect(annexFormMachine.id).toBe('annexForm');
    expect(definedStateIds(annexFormMachine).map((id) => id.replace('annexForm', 'contractForm'))).toEqual(
      definedStateIds(contractFormMachine),
    );
    const { actor } = start(annexFormMachine);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('validating');
  });
});
