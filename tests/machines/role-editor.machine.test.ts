// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  roleEditorIsDirty,
  roleEditorMachine,
  type RoleEditorEvent,
  type RoleEditorMachine,
} from '../../machines/admin/role-editor.machine';
import { uniformRolePermissions, type Role, type RolePermissions } from '../../schemas/role.schema';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';
import { analyst } from '../admin/role-fixtures';

const reader: Role = { ...analyst, id: 4, nombre: 'Lector' };
const changed: RolePermissions = { ...uniformRolePermissions(false), Contracts: { create: false, edit: true, delete: false, view: true } };
const savedAnalyst: Role = { ...analyst, permisos_x_pagina: changed, version: 3 };
const stale = { statusCode: 409, code: 'APP_ERR_RECORD_STALE', message: 'Someone else changed this record' };

const events = {
  country: { type: 'country.pick', country: 'SV' },
  pick: { type: 'role.pick', role: analyst },
  new: { type: 'role.new' },
  name: { type: 'draft.change', field: 'nombre', value: 'Tesorería' },
  // Ticking Contracts' edit grants view with it: the `changed` matrix.
  matrix: { type: 'cell.change', page: 'Contracts', action: 'edit', checked: true } as const,
  save: { type: 'role.save' },
  leave: { type: 'editor.leave', to: '/home' },
  confirm: { type: 'discard.confirm' },
  dismiss: { type: 'discard.dismiss' },
  valid: { type: 'xstate.done.actor.validate', output: {} },
  invalid: { type: 'xstate.done.actor.validate', output: { pais: { key: 'forms.errors.enum' } } },
  validatorCrash: { type: 'xstate.error.actor.validate', error: new Error('validator crashed') },
  saved: { type: 'xstate.done.actor.save', output: savedAnalyst },
  refused: { type: 'xstate.error.actor.save', error: stale },
};

// One model of every event at once has hundreds of states and far too many paths; these
// smaller models (an existing role, a new one, the country filter with each) together reach
// every state and transition.
const models: Array<Array<keyof typeof events>> = [
  ['pick', 'matrix', 'save', 'leave', 'confirm', 'dismiss', 'saved', 'refused'],
  ['new', 'name', 'save', 'confirm', 'dismiss', 'valid', 'invalid', 'validatorCrash', 'saved', 'refused'],
  ['country', 'pick', 'matrix', 'save', 'confirm', 'dismiss', 'refused'],
  ['country', 'new', 'save', 'validatorCrash'],
];

type EditorSnapshot = SnapshotFrom<RoleEditorMachine>;

/** The machine with deferred effects; the page's toast and navigation are recorded with what they were told. */
function withDeferred(deferred: DeferredActors, notifySaved = vi.fn(), leave = vi.fn()): RoleEditorMachine {
  return roleEditorMachine.provide({
    actors: { validate: deferred.logic('validate'), save: deferred.logic('save') },
    actions: { notifySaved: (_, params) => notifySaved(params), leave: (_, params) => leave(params) },
  });
}

function start() {
  const deferred = new DeferredActors();
  const notifySaved = vi.fn();
  const leave = vi.fn();
  const actor = createActor(withDeferred(deferred, notifySaved, leave)).start();
  return { actor, deferred, notifySaved, leave };
}

describe('role editor machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const model of models) {
      const paths = modelPaths(roleEditorMachine, { events: model.map((name) => events[name]) as unknown as RoleEditorEvent[] });
      const { visitedStates, takenTransitions } = await replayPaths(paths, {
        start: (deferred) => withDeferred(deferred),
        observe: (snapshot) => ({ state: snapshot.value, ...(snapshot as EditorSnapshot).context }),
      });
      visitedStates.forEach((id) => visited.add(id));
      takenTransitions.forEach((key) => taken.add(key));
    }
    expect([...visited].filter((id) => id !== roleEditorMachine.id).sort()).toEqual(definedStateIds(roleEditorMachine));
    expect([...taken].sort()).toEqual(definedTransitionKeys(roleEditorMachine));
  });
});

describe('role editor machine, behaviour', () => {
  it('saves a picked role with its changed matrix and the version it was read at, then says so', async () => {
    const { actor, deferred, notifySaved } = start();
    actor.send({ type: 'role.pick', role: analyst });
    actor.send(events.matrix);
    expect(roleEditorIsDirty(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'role.save' });
    expect(deferred.calls).toEqual([{ src: 'save', input: { role: analyst, value: { nombre: 'Analista', pais: 'GT', matrix: changed } } }]);
    deferred.settle('save', { output: savedAnalyst });
    await flush();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(notifySaved).toHaveBeenCalledWith({ role: savedAnalyst, created: false });
    // The next save goes with the version the server answered, and nothing is left unsaved.
    expect(actor.getSnapshot().context.role).toEqual(savedAnalyst);
    expect(roleEditorIsDirty(actor.getSnapshot().context)).toBe(false);
  });

  it('keeps a refused save and its changes on screen until the user edits or saves again', async () => {
    const { actor, deferred, notifySaved } = start();
    actor.send({ type: 'role.pick', role: analyst });
    actor.send(events.matrix);
    actor.send({ type: 'role.save' });
    deferred.settle('save', { error: stale });
    await flush();
    expect(actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failure: stale, value: { matrix: changed } });
    expect(notifySaved).not.toHaveBeenCalled();
    actor.send({ type: 'cell.change', page: 'Users', action: 'view', checked: true });
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('checks a new role before sending it, and opens it in its country once created', async () => {
    const { actor, deferred, notifySaved } = start();
    actor.send({ type: 'country.pick', country: 'SV' });
    actor.send({ type: 'role.new' });
    expect(actor.getSnapshot().context.value).toEqual({ nombre: '', pais: 'SV', matrix: uniformRolePermissions(false) });
    actor.send({ type: 'role.save' });
    deferred.settle('validate', { output: { nombre: { key: 'forms.errors.required' } } });
    await flush();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ nombre: { key: 'forms.errors.required' } });
    expect(deferred.calls.map((call) => call.src)).toEqual(['validate']);

    actor.send({ type: 'draft.change', field: 'nombre', value: 'Tesorería' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'draft.change', field: 'pais', value: 'PA' });
    actor.send({ type: 'role.save' });
    deferred.settle('validate', { output: {} });
    await flush();
    expect(deferred.calls[2]).toEqual({ src: 'save', input: { role: null, value: { nombre: 'Tesorería', pais: 'PA', matrix: uniformRolePermissions(false) } } });
    const created: Role = { ...analyst, id: 9, nombre: 'Tesorería', pais: 'PA', version: 1 };
    deferred.settle('save', { output: created });
    await flush();
    expect(notifySaved).toHaveBeenCalledWith({ role: created, created: true });
    expect(actor.getSnapshot().context).toMatchObject({ role: created, country: 'PA' });
  });

  it('switches at once between untouched roles, and closes on another country', () => {
    const { actor } = start();
    actor.send({ type: 'role.pick', role: analyst });
    actor.send({ type: 'role.pick', role: reader });
    expect(actor.getSnapshot().context.role).toBe(reader);
    actor.send({ type: 'country.pick', country: 'SV' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ country: 'SV', role: null });
  });

  it('asks before another role replaces unsaved changes, and opens it only if the user drops them', () => {
    const { actor } = start();
    actor.send({ type: 'role.pick', role: analyst });
    actor.send(events.matrix);
    actor.send({ type: 'role.pick', role: reader });
    expect(actor.getSnapshot().value).toBe('confirmingDiscard');
    actor.send({ type: 'discard.dismiss' });
    expect(actor.getSnapshot().context).toMatchObject({ role: analyst, value: { matrix: changed } });

    actor.send({ type: 'role.pick', role: reader });
    actor.send({ type: 'discard.confirm' });
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ role: reader, pending: null });
  });

  it('asks before leaving the page with unsaved changes, and goes only if the user drops them', () => {
    const { actor, leave } = start();
    actor.send({ type: 'role.new' });
    actor.send({ type: 'draft.change', field: 'nombre', value: 'Tesorería' });
    actor.send({ type: 'editor.leave', to: '/home' });
    expect(actor.getSnapshot().value).toBe('confirmingDiscard');
    expect(leave).not.toHaveBeenCalled();
    actor.send({ type: 'discard.confirm' });
    expect(leave).toHaveBeenCalledWith({ to: '/home' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('grants view with any other action of a page: ticking create, edit, delete or validate ticks view', () => {
    const { actor } = start();
    actor.send({ type: 'role.pick', role: analyst });
    for (const [page, action] of [['Companies', 'create'], ['Contracts', 'edit'], ['Users', 'delete'], ['Settlements', 'validate']] as const) {
      actor.send({ type: 'cell.change', page, action, checked: true });
      expect(actor.getSnapshot().context.value.matrix[page], `${page} ${action}`).toMatchObject({ [action]: true, view: true });
    }
    // Unticking an action leaves view as it is.
    actor.send({ type: 'cell.change', page: 'Companies', action: 'create', checked: false });
    expect(actor.getSnapshot().context.value.matrix.Companies).toEqual({ create: false, edit: false, delete: false, view: true });
  });

  it('takes every other action of a page away with its view, and leaves the other pages alone', () => {
    const { actor } = start();
    actor.send({ type: 'role.pick', role: { ...analyst, permisos_x_pagina: uniformRolePermissions(true) } });
    actor.send({ type: 'cell.change', page: 'Settlements', action: 'view', checked: false });
    const { matrix } = actor.getSnapshot().context.value;
    expect(matrix.Settlements).toEqual({ create: false, edit: false, delete: false, view: false, validate: false });
    expect(matrix.Contracts).toEqual(uniformRolePermissions(true).Contracts);
  });

  it('treats a matrix changed back to the one read as unchanged', () => {
    const { actor, leave } = start();
    actor.send({ type: 'role.pick', role: analyst });
    actor.send(events.matrix);
    // Taking view away takes edit with it: the matrix is the one read again.
    actor.send({ type: 'cell.change', page: 'Contracts', action: 'view', checked: false });
    actor.send({ type: 'editor.leave', to: '/home' });
    expect(leave).toHaveBeenCalledWith({ to: '/home' });
  });
});
