// @vitest-environment node
// The selection step of both robots (machines/processes/selection.machine.ts): model-based on a
// real actor with deferred effects, and the behaviour a trader sees.
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { fieldErrorsOf, selectionMachine, type SelectionEvent, type SelectionMachine } from '../../machines/processes/selection.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const initial = { sitio: 'original', trabajadores: 4, reintentos: 3, filas: [{ codigo: 'C-1-A1', pmi: [], registrar: true }] };
const localErrors = { '/filas/0/pmi': 'processes.rules.pmiRequired' };
const refusal = {
  statusCode: 400,
  code: 'APP_ERR_REQUEST_INVALID',
  message: 'The request is not valid',
  details: [
    { instancePath: '/trabajadores', message: 'processes.rules.workersLimit' },
    { instancePath: '/trabajadores', message: 'processes.rules.other' },
  ],
};
const down = { statusCode: 503, code: 'APP_ERR_SERVER_INTERNAL', message: 'down' };
const run = { id: 7, estado: 'en_curso' };

const modelEvents = [
  { type: 'selection.change', field: 'trabajadores', value: 2 },
  { type: 'selection.submit' },
  { type: 'selection.confirm' },
  { type: 'selection.cancel' },
  { type: 'run.updated', run: { ...run, estado: 'completada' } },
  { type: 'selection.restart' },
  { type: 'xstate.done.actor.validate', output: {} },
  { type: 'xstate.done.actor.validate', output: localErrors },
  { type: 'xstate.error.actor.validate', error: new Error('validator crashed') },
  { type: 'xstate.done.actor.start', output: run },
  { type: 'xstate.error.actor.start', error: refusal },
  { type: 'xstate.error.actor.start', error: down },
] as unknown as SelectionEvent[];

type SelectionSnapshot = SnapshotFrom<SelectionMachine>;

function observable(snapshot: SelectionSnapshot) {
  const { value, fieldErrors, failure, run: current } = snapshot.context;
  return { state: snapshot.value, value, fieldErrors, failure, run: current };
}

function withDeferred(deferred: DeferredActors): SelectionMachine {
  return selectionMachine.provide({ actors: { validate: deferred.logic('validate'), start: deferred.logic('start') } });
}

function start(input: { initial: typeof initial; run?: unknown } = { initial }) {
  const deferred = new DeferredActors();
  const actor = createActor(withDeferred(deferred), { input }).start();
  return { actor, deferred };
}

describe('selection machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    // A page opens on a new selection, or on a run under way (after a reload).
    for (const input of [{ initial }, { initial, run }]) {
      const paths = modelPaths(selectionMachine, { events: modelEvents, input }, { simplePaths: false });
      const result = await replayPaths(paths, { start: withDeferred, input, observe: (snapshot) => observable(snapshot as SelectionSnapshot) });
      for (const id of result.visitedStates) visited.add(id);
      for (const key of result.takenTransitions) taken.add(key);
    }
    expect([...visited].filter((id) => id !== selectionMachine.id).sort()).toEqual(definedStateIds(selectionMachine));
    expect([...taken].sort()).toEqual(definedTransitionKeys(selectionMachine));
  });
});

describe('selection machine, behaviour', () => {
  it('shows the rules broken beside their fields and never asks the server', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'selection.submit' });
    deferred.settle('validate', { output: localErrors });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual(localErrors);
    expect(deferred.calls.map((call) => call.src)).toEqual(['validate']);
  });

  it('fixing the rows clears their messages and keeps the others', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'selection.submit' });
    deferred.settle('validate', { output: { '/filas/0/pmi': 'a', '/filas': 'b', '/filas_x': 'd', '/trabajadores': 'c' } });
    await flush();
    actor.send({ type: 'selection.change', field: 'filas', value: [] });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ '/filas_x': 'd', '/trabajadores': 'c' });
  });

  it('keeps the first message of each field of a server refusal', () => {
    expect(fieldErrorsOf(refusal.details)).toEqual({ '/trabajadores': 'processes.rules.workersLimit' });
  });

  it('asks before it starts anything: a cancel goes back to editing, a confirmation asks the server', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'selection.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(deferred.calls.map((call) => call.src)).toEqual(['validate']);
    actor.send({ type: 'selection.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(deferred.calls.map((call) => call.src)).toEqual(['validate']);
    actor.send({ type: 'selection.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    actor.send({ type: 'selection.confirm' });
    expect(actor.getSnapshot().value).toBe('starting');
    expect(deferred.calls.map((call) => call.src)).toEqual(['validate', 'validate', 'start']);
  });

  it('a change while asked is not what was asked about: back to editing, nothing sent', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'selection.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    actor.send({ type: 'selection.change', field: 'trabajadores', value: 2 });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.value).toMatchObject({ trabajadores: 2 });
    actor.send({ type: 'selection.confirm' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(deferred.calls.map((call) => call.src)).toEqual(['validate']);
  });

  it('a change while the rules are checked is not what they checked: back to editing with it', () => {
    const { actor } = start();
    actor.send({ type: 'selection.submit' });
    actor.send({ type: 'selection.change', field: 'trabajadores', value: 2 });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.value).toMatchObject({ trabajadores: 2 });
  });

  it('a refused start goes back to editing with the server details beside the fields', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'selection.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    actor.send({ type: 'selection.confirm' });
    expect(deferred.calls.at(-1)).toEqual({ src: 'start', input: initial });
    deferred.settle('start', { error: refusal });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: { '/trabajadores': 'processes.rules.workersLimit' }, failure: refusal });
  });

  it('monitors the started run, and a new run keeps the selection', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'selection.change', field: 'trabajadores', value: 2 });
    actor.send({ type: 'selection.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    actor.send({ type: 'selection.confirm' });
    deferred.settle('start', { output: run });
    await flush();
    expect(actor.getSnapshot().value).toBe('monitoring');
    actor.send({ type: 'run.updated', run: { ...run, estado: 'detenida' } });
    expect(actor.getSnapshot().context.run).toEqual({ ...run, estado: 'detenida' });
    actor.send({ type: 'selection.restart' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ run: null, value: { ...initial, trabajadores: 2 } });
  });

  it('opens on a run under way straight into the monitor', () => {
    const { actor } = start({ initial, run });
    expect(actor.getSnapshot().value).toBe('monitoring');
  });
});
