// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  permissionAssignmentMachine,
  storedAfterSave,
  type PermissionAssignmentEvent,
} from '../../machines/admin/permission-assignment.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const catalogue = ['dashboard', 'relaciones', 'liquidaciones', 'admin'];
const loaded = { catalogue, permisos: ['relaciones'], version: 3 };
const refused = { statusCode: 409, code: 'APP_ERR_USER_LAST_ADMIN', message: 'The last active administrator must keep the admin permission' };

const modelEvents = [
  { type: 'permission.toggle', key: 'dashboard' },
  { type: 'assignment.save' },
  { type: 'assignment.retry' },
  { type: 'xstate.done.actor.load', output: loaded },
  { type: 'xstate.error.actor.load', error: new Error('offline') },
  { type: 'xstate.done.actor.save', output: { permisos: ['dashboard', 'relaciones'], version: 4 } },
  { type: 'xstate.error.actor.save', error: refused },
] as unknown as PermissionAssignmentEvent[];

type AssignmentSnapshot = SnapshotFrom<typeof permissionAssignmentMachine>;

function observable(snapshot: AssignmentSnapshot) {
  const { stored, selected, version, error } = snapshot.context;
  return { state: snapshot.value, stored, selected, version, error };
}

function provided(deferred: DeferredActors) {
  return permissionAssignmentMachine.provide({ actors: { load: deferred.logic('load'), save: deferred.logic('save') } });
}

async function startEditing() {
  const deferred = new DeferredActors();
  const actor = createActor(provided(deferred), { input: { userId: 12 } }).start();
  deferred.settle('load', { output: loaded });
  await flush();
  return { actor, deferred };
}

describe('permission assignment machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const paths = modelPaths(permissionAssignmentMachine, { events: modelEvents, input: { userId: 12 } });
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: provided,
      input: { userId: 12 },
      observe: (snapshot) => observable(snapshot as AssignmentSnapshot),
    });
    expect([...visitedStates].filter((id) => id !== 'permissionAssignment').sort()).toEqual(
      definedStateIds(permissionAssignmentMachine),
    );
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(permissionAssignmentMachine));
  });
});

describe('permission assignment machine, behaviour', () => {
  it('shows the user current keys checked once loaded', async () => {
    const { actor, deferred } = await startEditing();
    expect(deferred.calls[0]).toEqual({ src: 'load', input: { userId: 12 } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.selected).toEqual(['relaciones']);
  });

  it('saves the list in catalogue order with the version it read', async () => {
    const { actor, deferred } = await startEditing();
    actor.send({ type: 'permission.toggle', key: 'admin' });
    actor.send({ type: 'permission.toggle', key: 'dashboard' });
    actor.send({ type: 'permission.toggle', key: 'relaciones' });
    actor.send({ type: 'assignment.save' });
    expect(deferred.calls[1]).toEqual({ src: 'save', input: { userId: 12, permisos: ['dashboard', 'admin'], version: 3 } });
  });

  it('stores what the server returned, or the submitted list when it returned none (spec section 4)', async () => {
    const first = await startEditing();
    first.actor.send({ type: 'permission.toggle', key: 'dashboard' });
    first.actor.send({ type: 'assignment.save' });
    first.deferred.settle('save', { output: { permisos: ['dashboard'], version: 4 } });
    await flush();
    expect(first.actor.getSnapshot().value).toBe('saved');
    expect(first.actor.getSnapshot().context).toMatchObject({ stored: ['dashboard'], selected: ['dashboard'], version: 4 });

    const second = await startEditing();
    second.actor.send({ type: 'permission.toggle', key: 'dashboard' });
    second.actor.send({ type: 'assignment.save' });
    second.deferred.settle('save', { output: undefined });
    await flush();
    expect(second.actor.getSnapshot().context.stored).toEqual(['dashboard', 'relaciones']);
  });

  it('keeps the refusal and the edited list after a failed save, and can save again', async () => {
    const { actor, deferred } = await startEditing();
    actor.send({ type: 'permission.toggle', key: 'relaciones' });
    actor.send({ type: 'assignment.save' });
    deferred.settle('save', { error: refused });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ error: refused, stored: ['relaciones'], selected: [] });
    actor.send({ type: 'assignment.save' });
    expect(actor.getSnapshot().value).toBe('saving');
  });

  it('storedAfterSave prefers the server list, even an empty one', () => {
    expect(storedAfterSave(['admin'], { permisos: [] })).toEqual([]);
    expect(storedAfterSave(['admin'], {})).toEqual(['admin']);
    expect(storedAfterSave(['admin'], null)).toEqual(['admin']);
  });
});
