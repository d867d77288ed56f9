// @vitest-environment node
import { getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import {
  blankDraft,
  companyWizardMachine,
  ROW_LIMITS,
  toWizardFailure,
  type CompanyDraft,
  type CompanyWizardEvent,
} from '../../machines/companies/company-wizard.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, replayPaths } from './model-harness';

const initial: CompanyDraft = blankDraft();
const dataErrors = { razon_social: { key: 'forms.errors.required' } };
const serverOnData = { messageKey: 'errors.APP_ERR_REQUEST_INVALID', serverMessage: 'Invalid', fields: { 'contactos.0.email': { key: 'forms.errors.pattern' } } };
const serverOnDocuments = { messageKey: 'errors.APP_ERR_FILE_NOT_FOUND', serverMessage: 'Unknown file', fields: { 'documentos.0.key': { key: 'forms.errors.invalid' } } };
const document = { key: 'f_00000000-0000-4000-8000-000000000001', nombre: 'escritura.pdf' };

const modelEvents = [
  { type: 'field.change', path: 'razon_social', value: 'Energía Andina S.A.' },
  { type: 'row.add', list: 'contactos' },
  { type: 'row.remove', list: 'contactos', index: 0 },
  { type: 'step.next' },
  { type: 'step.back' },
  { type: 'document.set', tipo: 'escritura_constitucion', document },
  { type: 'document.clear', tipo: 'escritura_constitucion' },
  { type: 'wizard.submit' },
  { type: 'wizard.cancel' },
  { type: 'wizard.leave', to: '/contratos' },
  { type: 'leave.confirm' },
  { type: 'leave.dismiss' },
  { type: 'xstate.done.actor.validateData', output: {} },
  { type: 'xstate.done.actor.validateData', output: dataErrors },
  { type: 'xstate.error.actor.validateData', error: new Error('validator crashed') },
  { type: 'xstate.done.actor.submit', output: { id: 41 } },
  { type: 'xstate.error.actor.submit', error: serverOnData },
  { type: 'xstate.error.actor.submit', error: serverOnDocuments },
  { type: 'xstate.error.actor.submit', error: new Error('Network Error') },
] as unknown as CompanyWizardEvent[];

type WizardSnapshot = SnapshotFrom<typeof companyWizardMachine>;
type MachinePath = StatePath<AnyMachineSnapshot, EventObject>;

/**
 * The model's view of a snapshot: the state and what the guards and screens depend on (dirty,
 * row count, documents, whether messages or a failure show). Snapshots differing only in the
 * wording of a message are one model state; the replay still compares the full context.
 */
function modelState(snapshot: AnyMachineSnapshot): string {
  const context = (snapshot as WizardSnapshot).context;
  return JSON.stringify([
    snapshot.value,
    context.step,
    JSON.stringify(context.value) !== JSON.stringify(context.initial),
    context.value.contactos.length,
    Object.keys(context.value.documentos).length,
    Object.keys(context.fieldErrors).length > 0,
    context.failure !== null,
  ]);
}

/**
 * Shortest paths to every state plus, for every edge, the shortest path to its source and
 * that edge (reaches self-loops and returns). Simple paths are left out: with the wizard's
 * context they number in the millions and add no transition the edges do not already take.
 * Rows are explored up to three contacts (the guard on the limit is covered below).
 */
function wizardPaths(): MachinePath[] {
  const options = {
    events: modelEvents as unknown as EventObject[],
    input: { initial },
    serializeState: modelState,
    stopWhen: (snapshot: AnyMachineSnapshot) => (snapshot as WizardSnapshot).context.value.contactos.length > 2,
  };
  // The graph functions are typed per machine; the model's events are loose on purpose.
  const model = companyWizardMachine as unknown as AnyStateMachine;
  const shortest = getShortestPaths(model, options) as MachinePath[];
  const shortestTo = new Map(shortest.map((path) => [modelState(path.state), path]));
  const edges: MachinePath[] = [];
  for (const [source, { state: from, transitions }] of Object.entries(getAdjacencyMap(model, options))) {
    const prefix = shortestTo.get(source as never);
    if (!prefix) continue;
    for (const { event, state } of Object.values(transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>) {
      if (!(from as AnyMachineSnapshot).can(event)) continue;
      edges.push({ state, steps: [...prefix.steps, { event, state }], weight: prefix.weight + 1 });
    }
  }
  return [...shortest, ...edges];
}

function start(draft: CompanyDraft = blankDraft()) {
  const deferred = new DeferredActors();
  const machine = companyWizardMachine.provide({
    actors: { validateData: deferred.logic('validateData'), submit: deferred.logic('submit') },
  });
  const actor = createActor(machine, { input: { initial: draft } }).start();
  return { actor, deferred };
}

async function toDocuments(actor: ReturnType<typeof start>['actor'], deferred: DeferredActors) {
  actor.send({ type: 'field.change', path: 'razon_social', value: 'Energía Andina S.A.' });
  actor.send({ type: 'step.next' });
  deferred.settle('validateData', { output: {} });
  await flush();
}

describe('company wizard machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const paths = wizardPaths();
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: (deferred) =>
        companyWizardMachine.provide({ actors: { validateData: deferred.logic('validateData'), submit: deferred.logic('submit') } }),
      input: { initial },
      // The model state is what is compared: snapshots the model merged differ in detail only
      // (which message); the behaviour tests below check the details.
      observe: (snapshot) => modelState(snapshot),
    });
    expect([...visitedStates].filter((id) => id !== 'companyWizard').sort()).toEqual(definedStateIds(companyWizardMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(companyWizardMachine));
  }, 60_000);
});

describe('company wizard machine, behaviour', () => {
  it('stays on step 1 with the messages when the data breaks the schema', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'step.next' });
    deferred.settle('validateData', { output: dataErrors });
    await flush();
    expect(actor.getSnapshot().value).toBe('data');
    expect(actor.getSnapshot().context.fieldErrors).toEqual(dataErrors);
    actor.send({ type: 'field.change', path: 'razon_social', value: 'X' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('goes back to step 1 keeping what was typed and the documents uploaded', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'field.change', path: 'contactos.0.email', value: 'ana@andina.gt' });
    await toDocuments(actor, deferred);
    expect(actor.getSnapshot().value).toBe('documents');
    actor.send({ type: 'document.set', tipo: 'registro_tributario', document });
    actor.send({ type: 'step.back' });
    const { value } = actor.getSnapshot().context;
    expect(actor.getSnapshot().value).toBe('data');
    expect(value.razon_social).toBe('Energía Andina S.A.');
    expect(value.contactos[0]?.email).toBe('ana@andina.gt');
    expect(value.documentos.registro_tributario).toEqual(document);
  });

  it('returns to step 1 when the server refuses a step-1 field, and stays on step 2 otherwise', async () => {
    const onData = start();
    await toDocuments(onData.actor, onData.deferred);
    onData.actor.send({ type: 'wizard.submit' });
    onData.deferred.settle('submit', { error: serverOnData });
    await flush();
    expect(onData.actor.getSnapshot().value).toBe('data');
    expect(onData.actor.getSnapshot().context.fieldErrors).toEqual(serverOnData.fields);

    const onDocuments = start();
    await toDocuments(onDocuments.actor, onDocuments.deferred);
    onDocuments.actor.send({ type: 'wizard.submit' });
    onDocuments.deferred.settle('submit', { error: new Error('Network Error') });
    await flush();
    expect(onDocuments.actor.getSnapshot().value).toBe('documents');
    expect(onDocuments.actor.getSnapshot().context.failure).toEqual({ messageKey: null, serverMessage: 'Network Error', fields: {} });
  });

  it('submits everything typed on both steps once, and ends with the created company', async () => {
    const { actor, deferred } = start();
    await toDocuments(actor, deferred);
    actor.send({ type: 'document.set', tipo: 'escritura_constitucion', document });
    actor.send({ type: 'wizard.submit' });
    const submitted = deferred.calls.find((call) => call.src === 'submit')?.input as CompanyDraft;
    expect(submitted.razon_social).toBe('Energía Andina S.A.');
    expect(submitted.documentos.escritura_constitucion).toEqual(document);
    deferred.settle('submit', { output: { id: 41 } });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.result).toEqual({ id: 41 });
  });

  it('asks before leaving a wizard with changes, remembers where to go, and returns to the same step', async () => {
    const untouched = start().actor;
    untouched.send({ type: 'wizard.leave', to: '/home' });
    expect(untouched.getSnapshot().value).toBe('cancelled');
    expect(untouched.getSnapshot().context.leaveTo).toBe('/home');

    const { actor, deferred } = start();
    await toDocuments(actor, deferred);
    actor.send({ type: 'wizard.leave', to: '/contratos' });
    expect(actor.getSnapshot().value).toBe('confirmingLeave');
    actor.send({ type: 'leave.dismiss' });
    expect(actor.getSnapshot().value).toBe('documents');
    actor.send({ type: 'wizard.cancel' });
    actor.send({ type: 'leave.confirm' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().context.leaveTo).toBeNull();
  });

  it('keeps at least one contact and one bank account, and no more than the schema allows', () => {
    const { actor } = start();
    actor.send({ type: 'row.remove', list: 'coordenadas_bancarias', index: 0 });
    expect(actor.getSnapshot().context.value.coordenadas_bancarias).toHaveLength(1);
    for (let i = 0; i < 15; i += 1) actor.send({ type: 'row.add', list: 'coordenadas_bancarias' });
    expect(actor.getSnapshot().context.value.coordenadas_bancarias).toHaveLength(ROW_LIMITS.coordenadas_bancarias);
    actor.send({ type: 'field.change', path: 'coordenadas_bancarias.2.aba', value: '021000021' });
    actor.send({ type: 'row.remove', list: 'coordenadas_bancarias', index: 0 });
    expect(actor.getSnapshot().context.value.coordenadas_bancarias[1]?.aba).toBe('021000021');
  });

  it('reads a foreign rejection as a connection failure', () => {
    expect(toWizardFailure('boom')).toEqual({ messageKey: null, serverMessage: null, fields: {} });
  });
});
