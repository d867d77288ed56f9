// @vitest-environment node
import { getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import {
  blankDraft,
  companyDraftMachine,
  type CompanyDraft,
  type CompanyDraftEvent,
  type CompanyDraftInput,
} from '../../machines/companies/company-draft.machine';
import { COMPANY_ROW_LIMITS } from '../../schemas/company.schema';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, replayPaths } from './model-harness';

const initial: CompanyDraft = blankDraft();
const dataErrors = { razon_social: { key: 'forms.errors.required' } };
const serverOnData = { messageKey: 'errors.APP_ERR_REQUEST_INVALID', serverMessage: 'Invalid', fields: { 'contactos.0.email': { key: 'forms.errors.pattern' } } };
const serverOnDocuments = { messageKey: 'errors.APP_ERR_FILE_NOT_FOUND', serverMessage: 'Unknown file', fields: { 'documentos.0.key': { key: 'forms.errors.invalid' } } };
const document = { key: 'f_00000000-0000-4000-8000-000000000001', nombre: 'escritura.pdf' };

const modelEvents = [
  { type: 'form.change', field: 'razon_social', value: 'Energía Andina S.A.' },
  { type: 'row.add', list: 'contactos' },
  { type: 'row.remove', list: 'contactos', index: 0 },
  { type: 'step.next' },
  { type: 'step.back' },
  { type: 'document.set', tipo: 'escritura_constitucion', document },
  { type: 'document.clear', tipo: 'escritura_constitucion' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'form.leave', to: '/contratos' },
  { type: 'leave.confirm' },
  { type: 'leave.dismiss' },
  { type: 'xstate.done.actor.validate', output: {} },
  { type: 'xstate.done.actor.validate', output: dataErrors },
  { type: 'xstate.error.actor.validate', error: new Error('validator crashed') },
  { type: 'xstate.done.actor.submit', output: { id: 41 } },
  { type: 'xstate.error.actor.submit', error: serverOnData },
  { type: 'xstate.error.actor.submit', error: serverOnDocuments },
  { type: 'xstate.error.actor.submit', error: new Error('Network Error') },
] as unknown as CompanyDraftEvent[];

type DraftSnapshot = SnapshotFrom<typeof companyDraftMachine>;
type MachinePath = StatePath<AnyMachineSnapshot, EventObject>;

/**
 * The model's view of a snapshot: the state and what the guards and screens depend on (dirty,
 * row count, documents, whether messages or a failure show). Snapshots differing only in the
 * wording of a message are one model state; the replay still compares the full context.
 */
function modelState(snapshot: AnyMachineSnapshot): string {
  const context = (snapshot as DraftSnapshot).context;
  return JSON.stringify([
    snapshot.value,
    context.mode,
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
 * that edge (reaches self-loops and returns). Simple paths are left out: with the draft's
 * context they number in the millions and add no transition the edges do not already take.
 * Rows are explored up to three contacts (the guard on the limit is covered below).
 */
function draftPaths(input: CompanyDraftInput): MachinePath[] {
  const options = {
    events: modelEvents as unknown as EventObject[],
    input,
    serializeState: modelState,
    stopWhen: (snapshot: AnyMachineSnapshot) => (snapshot as DraftSnapshot).context.value.contactos.length > 2,
  };
  // The graph functions are typed per machine; the model's events are loose on purpose.
  const model = companyDraftMachine as unknown as AnyStateMachine;
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

const withDeferred = (deferred: DeferredActors) =>
  companyDraftMachine.provide({ actors: { validate: deferred.logic('validate'), submit: deferred.logic('submit') } });

function start(draft: CompanyDraft = blankDraft(), mode: CompanyDraftInput['mode'] = 'create') {
  const deferred = new DeferredActors();
  const actor = createActor(withDeferred(deferred), { input: { mode, initial: draft } }).start();
  return { actor, deferred };
}

async function toDocuments(actor: ReturnType<typeof start>['actor'], deferred: DeferredActors) {
  actor.send({ type: 'form.change', field: 'razon_social', value: 'Energía Andina S.A.' });
  actor.send({ type: 'step.next' });
  deferred.settle('validate', { output: {} });
  await flush();
}

describe('company draft machine, model-based', () => {
  it('reaches every state and takes every transition of the one definition, as the wizard and as the edit form', async () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const input of [{ mode: 'create', initial }, { mode: 'edit', initial }] as const) {
      const { visitedStates, takenTransitions } = await replayPaths(draftPaths(input), {
        start: withDeferred,
        input,
        // The model state is what is compared: snapshots the model merged differ in detail only
        // (which message); the behaviour tests below check the details.
        observe: (snapshot) => modelState(snapshot),
      });
      for (const id of visitedStates) visited.add(id);
      for (const key of takenTransitions) taken.add(key);
    }
    expect([...visited].filter((id) => id !== companyDraftMachine.id).sort()).toEqual(definedStateIds(companyDraftMachine));
    expect([...taken].sort()).toEqual(definedTransitionKeys(companyDraftMachine));
  }, 120_000);
});

describe('company draft machine, as the wizard', () => {
  it('stays on step 1 with the messages when the data breaks the schema', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'step.next' });
    deferred.settle('validate', { output: dataErrors });
    await flush();
    expect(actor.getSnapshot().value).toBe('data');
    expect(actor.getSnapshot().context.fieldErrors).toEqual(dataErrors);
    actor.send({ type: 'form.change', field: 'razon_social', value: 'X' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('goes back to step 1 keeping what was typed and the documents uploaded', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'form.change', field: 'contactos.0.email', value: 'ana@andina.gt' });
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
    onData.actor.send({ type: 'form.submit' });
    onData.deferred.settle('submit', { error: serverOnData });
    await flush();
    expect(onData.actor.getSnapshot().value).toBe('data');
    expect(onData.actor.getSnapshot().context.fieldErrors).toEqual(serverOnData.fields);

    const onDocuments = start();
    await toDocuments(onDocuments.actor, onDocuments.deferred);
    onDocuments.actor.send({ type: 'form.submit' });
    onDocuments.deferred.settle('submit', { error: new Error('Network Error') });
    await flush();
    expect(onDocuments.actor.getSnapshot().value).toBe('documents');
    expect(onDocuments.actor.getSnapshot().context.failure).toEqual(new Error('Network Error'));
  });

  it('submits everything typed on both steps once, and ends with the created company', async () => {
    const { actor, deferred } = start();
    await toDocuments(actor, deferred);
    actor.send({ type: 'document.set', tipo: 'escritura_constitucion', document });
    actor.send({ type: 'form.submit' });
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
    untouched.send({ type: 'form.leave', to: '/home' });
    expect(untouched.getSnapshot().value).toBe('cancelled');
    expect(untouched.getSnapshot().context.leaveTo).toBe('/home');

    const { actor, deferred } = start();
    await toDocuments(actor, deferred);
    actor.send({ type: 'form.leave', to: '/contratos' });
    expect(actor.getSnapshot().value).toBe('confirmingLeave');
    actor.send({ type: 'leave.dismiss' });
    expect(actor.getSnapshot().value).toBe('documents');
    actor.send({ type: 'form.cancel' });
    actor.send({ type: 'leave.confirm' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().context.leaveTo).toBeNull();
  });

  it('keeps at least one contact and one bank account, and no more than the schema allows', () => {
    const { actor } = start();
    actor.send({ type: 'row.remove', list: 'coordenadas_bancarias', index: 0 });
    expect(actor.getSnapshot().context.value.coordenadas_bancarias).toHaveLength(1);
    for (let i = 0; i < 15; i += 1) actor.send({ type: 'row.add', list: 'coordenadas_bancarias' });
    expect(actor.getSnapshot().context.value.coordenadas_bancarias).toHaveLength(COMPANY_ROW_LIMITS.coordenadas_bancarias.max);
    actor.send({ type: 'form.change', field: 'coordenadas_bancarias.2.aba', value: '021000021' });
    actor.send({ type: 'row.remove', list: 'coordenadas_bancarias', index: 0 });
    expect(actor.getSnapshot().context.value.coordenadas_bancarias[1]?.aba).toBe('021000021');
  });
});

describe('company draft machine, as the edit form', () => {
  const stored: CompanyDraft = { ...blankDraft(), razon_social: 'Energía Andina S.A.' };

  it('keeps the rows within the schema limits the wizard keeps', () => {
    const { actor } = start(stored, 'edit');
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'row.remove', list: 'contactos', index: 0 });
    expect(actor.getSnapshot().context.value.contactos).toHaveLength(1);
    for (let i = 0; i < 25; i += 1) actor.send({ type: 'row.add', list: 'contactos' });
    expect(actor.getSnapshot().context.value.contactos).toHaveLength(COMPANY_ROW_LIMITS.contactos.max);
  });

  it('checks the whole company, then saves it; a refusal waits in failed until the user changes something', async () => {
    const { actor, deferred } = start(stored, 'edit');
    actor.send({ type: 'document.set', tipo: 'escritura_constitucion', document });
    actor.send({ type: 'form.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    deferred.settle('submit', { error: serverOnDocuments });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.fieldErrors).toEqual(serverOnDocuments.fields);
    actor.send({ type: 'document.clear', tipo: 'escritura_constitucion' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, fieldErrors: {} });
    actor.send({ type: 'form.submit' });
    deferred.settle('validate', { output: {} });
    await flush();
    deferred.settle('submit', { output: { id: 5 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('leaves an untouched company at once and asks before dropping changes', () => {
    const untouched = start(stored, 'edit').actor;
    untouched.send({ type: 'form.cancel' });
    expect(untouched.getSnapshot().value).toBe('cancelled');

    const { actor } = start(stored, 'edit');
    actor.send({ type: 'form.change', field: 'nit', value: '1234567-8' });
    actor.send({ type: 'form.leave', to: '/contratos' });
    expect(actor.getSnapshot().value).toBe('confirmingLeave');
    actor.send({ type: 'leave.dismiss' });
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
