import { assign, raise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { injectedAction, injectedActor } from '../injected';
import { uniformRolePermissions, withRoleCell, type Role, type RoleAction, type RolePage, type RolePermissions } from '../../schemas/role.schema';
import { formGuards, formMessageActions } from '../forms/form-actions';
import { validatingState } from '../forms/form-states';

/**
 * The roles page (spec section 6): pick a role and edit its matrix, or make a new role with a
 * name and a country, then save. `closed` (nothing open) -> `open`: `editing` -> `validating`
 * (a new role only) -> `saving` -> back to `editing` with the saved role (the page's toast), or
 * `failed` with the refusal on screen. An existing role is saved with the version it was read
 * at, so an edit made meanwhile by someone else is refused, not undone.
 * Going elsewhere (another role, a new one, another country, another page) while the open
 * role holds changes asks first (`confirmingDiscard`); the request is replayed once the user
 * agrees. Effects are injected with `.provide()`: the `validate` and `save` actors, the
 * `notifySaved` action (the page's toast and list refresh) and `leave` (the page's navigation).
 */

/** What the editor shows: a new role's name and country, and the matrix. */
export interface RoleValue {
  nombre: string;
  pais: string;
  matrix: RolePermissions;
}

/** Field messages by field name, as the page shows them; empty means valid. */
type RoleFieldErrors = Record<string, unknown>;

interface RoleSaveInput {
  /** The role as read (its id and version); null for a new role. */
  role: Role | null;
  value: RoleValue;
}

interface RoleEditorContext {
  /** The country the role list is narrowed to ('' for every country). */
  country: string;
  /** The role open, as read or last saved; null while none is, or while a new one is made. */
  role: Role | null;
  /** The value on screen. */
  value: RoleValue;
  /** The value as opened or last saved: what a change is measured against. */
  initial: RoleValue;
  fieldErrors: RoleFieldErrors;
  /** What the save rejected with; null when none. */
  failure: unknown;
  /** What the user asked for while the open role held changes (replayed if they drop them). */
  pending: RoleEditorEvent | null;
}

export type RoleEditorEvent =
  | { type: 'country.pick'; country: string }
  /** A role of the list, or null for none (closes the editor). */
  | { type: 'role.pick'; role: Role | null }
  | { type: 'role.new' }
  | { type: 'draft.change'; field: 'nombre' | 'pais'; value: string }
  /** One cell of the matrix ticked or unticked; the view rule of schemas/role.schema.ts applies. */
  | { type: 'cell.change'; page: RolePage; action: RoleAction; checked: boolean }
  | { type: 'role.save' }
  /** Another page of the app, by its address. */
  | { type: 'editor.leave'; to: string }
  | { type: 'discard.confirm' }
  | { type: 'discard.dismiss' };

/** Whether the open role holds changes that going elsewhere would lose. */
export function roleEditorIsDirty(context: Pick<RoleEditorContext, 'value' | 'initial'>): boolean {
  return JSON.stringify(context.value) !== JSON.stringify(context.initial);
}

const BLANK: RoleValue = { nombre: '', pais: '', matrix: uniformRolePermissions(false) };

function valueOf(role: Role): RoleValue {
  return { nombre: role.nombre, pais: role.pais, matrix: role.permisos_x_pagina };
}

// Going elsewhere: a changed role asks first; otherwise the editor closes and the request is
// handled from `closed`.
const elsewhere = [
  { guard: 'isDirty', target: '#roleEditor.confirmingDiscard', actions: 'rememberPending' },
  { target: '#roleEditor.closed', actions: ['close', 'replay'] },
] as const;

// What the user may do while the open role is on screen (not while it is being checked or saved).
const onScreen = {
  'cell.change': { target: 'editing', actions: 'assignCell' },
  'draft.change': { target: 'editing', actions: 'assignDraft' },
  'role.save': [
    { guard: 'isNew', target: 'validating', actions: 'clearErrors' },
    { target: 'saving', actions: 'clearErrors' },
  ],
  'role.pick': elsewhere,
  'role.new': elsewhere,
  'editor.leave': elsewhere,
  // The country narrows the list; a new role keeps its own country field.
  'country.pick': [{ guard: 'isNew', actions: 'assignCountry' }, ...elsewhere],
} as const;

export const roleEditorMachine = setup({
  types: {
    context: {} as RoleEditorContext,
    events: {} as RoleEditorEvent,
  },
  actors: {
    validate: injectedActor<RoleFieldErrors, RoleValue>('validate'),
    save: injectedActor<Role, RoleSaveInput>('save'),
  },
  guards: {
    ...formGuards,
    isDirty: ({ context }) => roleEditorIsDirty(context),
    isNew: ({ context }) => context.role === null,
    picksRole: ({ event }) => event.type === 'role.pick' && event.role !== null,
    hasFailure: ({ context }) => context.failure !== null,
  },
  actions: {
    ...formMessageActions<RoleEditorContext, RoleEditorEvent>(),
    assignCountry: assign(({ event }) => (event.type === 'country.pick' ? { country: event.country } : {})),
    openRole: assign(({ event }) => {
      if (event.type !== 'role.pick' || event.role === null) return {};
      return { role: event.role, value: valueOf(event.role), initial: valueOf(event.role), fieldErrors: {}, failure: null };
    }),
    // A new role starts in the country the list shows.
    openNew: assign(({ context }) => {
      const value = { ...BLANK, pais: context.country };
      return { role: null, value, initial: value, fieldErrors: {}, failure: null };
    }),
    close: assign({ role: null, value: BLANK, initial: BLANK, fieldErrors: {}, failure: null }),
    // A role cannot act on a page it cannot view: ticking an action ticks view, unticking view
    // unticks the rest of the page, so the matrix on screen is always one the server accepts.
    assignCell: assign(({ context, event }) => {
      if (event.type !== 'cell.change') return {};
      const matrix = withRoleCell(context.value.matrix, { page: event.page, action: event.action }, event.checked);
      return { value: { ...context.value, matrix }, failure: null };
    }),
    assignDraft: assign(({ context, event }) => {
      if (event.type !== 'draft.change') return {};
      const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      // Editing a field clears its own message; the others stay until the next save.
      return { value: { ...context.value, [event.field]: event.value }, fieldErrors, failure: null };
    }),
    // The saved role is the one open now (a new one included), at its new version; the list
    // shows a new role's country so the role is in it.
    assignSaved: assign(({ context }, saved: Role) => ({
      role: saved,
      value: valueOf(saved),
      initial: valueOf(saved),
      country: context.role === null ? saved.pais : context.country,
    })),
    rememberPending: assign(({ event }) => ({ pending: event })),
    replay: raise(({ event }) => event),
    replayPending: raise(({ context }) => context.pending as RoleEditorEvent),
    clearPending: assign({ pending: null }),
    // The page's toast and list refresh, told whether the role was created.
    notifySaved: injectedAction<{ role: Role; created: boolean }>('notifySaved'),
    // The page's navigation to another address.
    leave: injectedAction<{ to: string }>('leave'),
  },
}).createMachine({
  id: 'roleEditor',
  initial: 'closed',
  context: { country: '', role: null, value: BLANK, initial: BLANK, fieldErrors: {}, failure: null, pending: null },
  states: {
    closed: {
      on: {
        'country.pick': { actions: 'assignCountry' },
        'role.pick': { guard: 'picksRole', target: 'open', actions: 'openRole' },
        'role.new': { target: 'open', actions: 'openNew' },
        'editor.leave': { actions: { type: 'leave', params: ({ event }) => ({ to: event.to }) } },
      },
    },
    open: {
      initial: 'editing',
      states: {
        editing: { on: onScreen },
        validating: validatingState<RoleValue>()({ back: 'editing', next: 'saving', failed: 'failed' }),
        saving: {
          tags: 'busy',
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => ({ role: context.role, value: context.value }),
            onDone: {
              target: 'editing',
              actions: [
                // Told before the role is replaced, while `role` still says whether it was new.
                {
                  type: 'notifySaved',
                  params: ({ context, event }: { context: RoleEditorContext; event: DoneActorEvent<Role> }) => ({ role: event.output, created: context.role === null }),
                },
                { type: 'assignSaved', params: ({ event }: { event: DoneActorEvent<Role> }) => event.output },
              ],
            },
            onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
        // The refusal stays on screen until the user changes something or saves again.
        failed: { on: onScreen },
      },
    },
    confirmingDiscard: {
      on: {
        'discard.confirm': { target: 'closed', actions: ['close', 'replayPending', 'clearPending'] },
        'discard.dismiss': [
          { guard: 'hasFailure', target: 'open.failed', actions: 'clearPending' },
          { target: 'open.editing', actions: 'clearPending' },
        ],
      },
    },
  },
});

export type RoleEditorMachine = typeof roleEditorMachine;
