import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { formActions, formEffects, formGuards } from './form-actions';
import { endStates, leaveEvents, leaving, submitEvents, validatingState } from './form-states';

/**
 * A record form (create or edit): editing -> validating -> submitting -> saved, or back to
 * editing with field messages; a refused submission lands in `failed` with the server's
 * errors until the user edits or submits again. Leaving a changed form, by its Cancel button
 * (`form.cancel`) or for another page (`form.leave` with the address), asks first
 * (`confirmingLeave`); the address stays in `leaveTo` for the page to go on to.
 * Effects are injected with `.provide()`: `validate` (the shared JSON Schema plus the form's
 * own rules) and `submit` (the API call).
 */

export type FormValue = Record<string, unknown>;

/** Field messages by field name, as the form shows them; empty means valid. */
type FormFieldErrors = Record<string, unknown>;

interface RecordFormInput {
  initial: FormValue;
}

interface RecordFormContext {
  initial: FormValue;
  value: FormValue;
  fieldErrors: FormFieldErrors;
  /** What the submit effect rejected with (the API error); null when none. */
  failure: unknown;
  /** What the submit effect answered (the saved record). */
  result: unknown;
  /** Where the user asked to go when leaving (null: the form's Cancel). */
  leaveTo: string | null;
}

export type RecordFormEvent =
  | { type: 'form.change'; field: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'form.leave'; to: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.dismiss' };

/** Whether the form holds changes that leaving would lose (a field typed back to its start is no change). */
export function formIsDirty(context: Pick<RecordFormContext, 'value' | 'initial'>): boolean {
  const { value, initial } = context;
  const keys = new Set([...Object.keys(value), ...Object.keys(initial)]);
  return [...keys].some((key) => JSON.stringify(value[key]) !== JSON.stringify(initial[key]));
}

// Leaving after a refusal: its messages are about a submission the user is walking away from.
const leavingRefused = leaving.map((transition) => ({ ...transition, actions: ['clearErrors', transition.actions] as const }));

/** The one form definition of the product's record forms (contracts, annexes, contacts, users). */
export const recordFormMachine = setup({
  types: {
    context: {} as RecordFormContext,
    events: {} as RecordFormEvent,
    input: {} as RecordFormInput,
  },
  actors: formEffects<FormValue>(),
  guards: {
    ...formGuards,
    isDirty: ({ context }) => formIsDirty(context),
  },
  actions: {
    ...formActions<RecordFormContext, RecordFormEvent>(),
    assignChange: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      // Editing a field clears its own message; the others stay until the next submit.
      return { value: { ...context.value, [event.field]: event.value }, fieldErrors };
    }),
  },
}).createMachine({
  id: 'recordForm',
  initial: 'editing',
  context: ({ input }) => ({ initial: input.initial, value: input.initial, fieldErrors: {}, failure: null, result: null, leaveTo: null }),
  states: {
    editing: {
      on: {
        'form.change': { actions: 'assignChange' },
        ...submitEvents,
        ...leaveEvents,
      },
    },
    validating: validatingState<FormValue>()({ back: 'editing', next: 'submitting', failed: 'failed' }),
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.value,
        onDone: { target: 'saved', actions: { type: 'assignResult', params: ({ event }: { event: DoneActorEvent }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    failed: {
      on: {
        // The server's messages stay on screen until the user changes something or leaves.
        'form.change': { target: 'editing', actions: ['clearErrors', 'assignChange'] },
        ...submitEvents,
        'form.cancel': leavingRefused,
        'form.leave': leavingRefused,
      },
    },
    confirmingLeave: {
      on: {
        'leave.confirm': { target: 'cancelled' },
        'leave.dismiss': { target: 'editing' },
      },
    },
    ...endStates,
  },
});

export type RecordFormMachine = typeof recordFormMachine;
