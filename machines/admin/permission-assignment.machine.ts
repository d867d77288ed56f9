import { assign, setup, type ErrorActorEvent } from 'xstate';
import { injectedActor } from '../injected';
import type { PermissionKey } from '../../schemas/permission-key.schema';

/**
 * Assigning view keys to one user (spec sections 4 and 6): loading -> editing -> saving ->
 * saved | failed. After a save the stored list becomes what the server returned, or the
 * submitted list when the answer has none (spec section 4). Effects (`load`, `save`) are
 * injected with `.provide()`.
 */

interface AssignmentLoadOutput {
  catalogue: PermissionKey[];
  permisos: PermissionKey[];
  version?: number;
}

interface AssignmentSaveInput {
  userId: number;
  permisos: PermissionKey[];
  version?: number;
}

/** What the update call answered: the user's keys, or nothing. */
type AssignmentSaveOutput = { permisos?: PermissionKey[]; version?: number } | null | undefined;

interface PermissionAssignmentInput {
  userId: number;
}

interface PermissionAssignmentContext {
  userId: number;
  catalogue: PermissionKey[];
  /** The list as the server holds it. */
  stored: PermissionKey[];
  /** The list on screen. */
  selected: PermissionKey[];
  version: number | undefined;
  error: unknown;
}

export type PermissionAssignmentEvent =
  | { type: 'permission.toggle'; key: PermissionKey }
  | { type: 'assignment.save' }
  | { type: 'assignment.retry' };

/** Spec section 4: the server's list when it sent one, else the submitted list. */
export function storedAfterSave(submitted: PermissionKey[], output: AssignmentSaveOutput): PermissionKey[] {
  return Array.isArray(output?.permisos) ? output.permisos : submitted;
}

function toggled(context: PermissionAssignmentContext, key: PermissionKey): PermissionKey[] {
  const next = context.selected.includes(key)
    ? context.selected.filter((item) => item !== key)
    : [...context.selected, key];
  // Catalogue order, so the saved list (and the audit log's before/after) reads like the menu.
  return context.catalogue.filter((item) => next.includes(item));
}

export const permissionAssignmentMachine = setup({
  types: {
    context: {} as PermissionAssignmentContext,
    events: {} as PermissionAssignmentEvent,
    input: {} as PermissionAssignmentInput,
  },
  actors: {
    load: injectedActor<AssignmentLoadOutput, { userId: number }>('load'),
    save: injectedActor<AssignmentSaveOutput, AssignmentSaveInput>('save'),
  },
  actions: {
    assignLoaded: assign((_, output: AssignmentLoadOutput) => ({
      catalogue: output.catalogue,
      stored: output.permisos,
      selected: output.permisos,
      version: output.version,
      error: null,
    })),
    // Editing again dismisses the last refusal: it was about the list as it was.
    assignToggle: assign(({ context, event }) =>
      event.type === 'permission.toggle' ? { selected: toggled(context, event.key), error: null } : {},
    ),
    clearError: assign({ error: null }),
    assignSaved: assign(({ context }, output: AssignmentSaveOutput) => {
      const stored = storedAfterSave(context.selected, output);
      return { stored, selected: stored, version: output?.version ?? context.version, error: null };
    }),
    assignError: assign((_, error: unknown) => ({ error })),
  },
}).createMachine({
  id: 'permissionAssignment',
  initial: 'loading',
  context: ({ input }) => ({
    userId: input.userId,
    catalogue: [],
    stored: [],
    selected: [],
    version: undefined,
    error: null,
  }),
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'editing', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    loadFailed: {
      on: { 'assignment.retry': { target: 'loading', actions: 'clearError' } },
    },
    editing: {
      on: {
        'permission.toggle': { actions: 'assignToggle' },
        'assignment.save': { target: 'saving' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ userId: context.userId, permisos: context.selected, version: context.version }),
        onDone: { target: 'saved', actions: { type: 'assignSaved', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    saved: {
      on: { 'permission.toggle': { target: 'editing', actions: 'assignToggle' } },
    },
    failed: {
      on: {
        'permission.toggle': { target: 'editing', actions: 'assignToggle' },
        'assignment.save': { target: 'saving' },
      },
    },
  },
});
