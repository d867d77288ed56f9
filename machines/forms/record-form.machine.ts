import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';

/**
 * A record form (create or edit): editing -> validating -> submitting -> done state, or back
 * to editing with field messages; a refused submission lands in `failed` with the server's
 * errors until the user edits or submits again. Cancelling a changed form asks first.
 * Effects are injected with `.provide()`: `validate` (the shared JSON Schema plus the form's
 * own rules) and `submit` (the API call).
 */

export type FormValue = Record<string, unknown>;

/** Field messages by field name, as the form shows them; empty means valid. */
export type FormFieldErrors = Record<string, unknown>;

export interface RecordFormInput {
  initial: FormValue;
}

export interface RecordFormContext {
  initial: FormValue;
  value: FormValue;
  fieldErrors: FormFieldErrors;
  /** What the submit effect rejected with (the API error); null when none. */
  failure: unknown;
  /** What the submit effect answered (the saved record). */
  result: unknown;
}

export type RecordFormEvent =
  | { type: 'form.change'; field: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' };

function sameValue(a: FormValue, b: FormValue): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/**
 * The form definition under a machine id of its own (`userForm`, `contractForm`, ...) and
 * with the name of its final success state (`created` for the user and contact forms,
 * `saved` for the contract and annex forms), which the pages match on.
 */
export function recordFormMachine<const Done extends string>(id: string, done: Done) {
  const doneState = { [done]: { type: 'final' } } as Record<Done, { type: 'final' }>;
  return setup({
    types: {
      context: {} as RecordFormContext,
      events: {} as RecordFormEvent,
      input: {} as RecordFormInput,
    },
    actors: {
      validate: fromPromise<FormFieldErrors, FormValue>(async () => {
        throw new Error('validate must be provided');
      }),
      submit: fromPromise<unknown, FormValue>(async () => {
        throw new Error('submit must be provided');
      }),
    },
    guards: {
      isDirty: ({ context }) => !sameValue(context.value, context.initial),
      hasFieldErrors: (_, errors: FormFieldErrors) => Object.keys(errors).length > 0,
    },
    actions: {
      assignChange: assign(({ context, event }) => {
        if (event.type !== 'form.change') return {};
        const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
        // Editing a field clears its own message; the others stay until the next submit.
        return { value: { ...context.value, [event.field]: event.value }, fieldErrors };
      }),
      assignFieldErrors: assign((_, errors: FormFieldErrors) => ({ fieldErrors: errors })),
      clearErrors: assign({ fieldErrors: {}, failure: null }),
      assignFailure: assign((_, error: unknown) => ({ failure: error })),
      assignResult: assign((_, output: unknown) => ({ result: output, failure: null })),
    },
  }).createMachine({
    id,
    initial: 'editing',
    context: ({ input }) => ({ initial: input.initial, value: input.initial, fieldErrors: {}, failure: null, result: null }),
    states: {
      editing: {
        on: {
          'form.change': { actions: 'assignChange' },
          'form.submit': { target: 'validating', actions: 'clearErrors' },
          'form.cancel': [{ guard: 'isDirty', target: 'confirmingCancel' }, { target: 'cancelled' }],
        },
      },
      validating: {
        invoke: {
          id: 'validate',
          src: 'validate',
          input: ({ context }) => context.value,
          onDone: [
            {
              guard: { type: 'hasFieldErrors', params: ({ event }) => event.output },
              target: 'editing',
              actions: { type: 'assignFieldErrors', params: ({ event }) => event.output },
            },
            { target: 'submitting' },
          ],
          onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        },
      },
      submitting: {
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.value,
          onDone: { target: done, actions: { type: 'assignResult', params: ({ event }: { event: DoneActorEvent }) => event.output } },
          onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        },
      },
      failed: {
        on: {
          // The server's messages stay on screen until the user changes something.
          'form.change': { target: 'editing', actions: 'assignChange' },
          'form.submit': { target: 'validating', actions: 'clearErrors' },
          'form.cancel': [{ guard: 'isDirty', target: 'confirmingCancel' }, { target: 'cancelled' }],
        },
      },
      confirmingCancel: {
        on: {
          'cancel.confirm': { target: 'cancelled' },
          'cancel.dismiss': { target: 'editing' },
        },
      },
      cancelled: { type: 'final' },
      ...doneState,
    },
  });
}
