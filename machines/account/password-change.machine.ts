import { assign, setup, type ErrorActorEvent } from 'xstate';
import { formMessageActions } from '../forms/form-actions';
import { injectedAction, injectedActor } from '../injected';
import { brokenPasswordRules } from '../../schemas/password.schema';

/**
 * The signed-in user changing their password (My account): `editing` -> `changing` -> back to
 * `editing` with the fields emptied and the page's toast, or `failed` (the identity service's
 * refusal, on screen until the next submission). A submission the rules refuse goes to `editing` with
 * its field messages, which also stay until the next submission. The call is the
 * `changePassword` actor and the toast the `notifyChanged` action, both injected with
 * `.provide()`.
 */

export type PasswordField = 'current' | 'next' | 'confirmation';

type PasswordValues = Record<PasswordField, string>;

/** An i18n key by field; empty when the values may be sent. */
type PasswordFieldErrors = Partial<Record<PasswordField, { key: string }>>;

interface PasswordChangeContext {
  values: PasswordValues;
  /** The messages of the last submission, until the next one. */
  fieldErrors: PasswordFieldErrors;
  /** What the identity call rejected with; null when none. */
  failure: unknown;
}

export type PasswordChangeEvent = { type: 'field.change'; field: PasswordField; value: string } | { type: 'password.submit' };

const EMPTY: PasswordValues = { current: '', next: '', confirmation: '' };

/** The rules of the form: the current password, a new one within the policy, a matching confirmation. */
export function passwordChangeErrors(values: PasswordValues): PasswordFieldErrors {
  const errors: PasswordFieldErrors = {};
  if (values.current === '') errors.current = { key: 'forms.errors.required' };
  if (values.next === '') errors.next = { key: 'forms.errors.required' };
  else if (brokenPasswordRules(values.next).length > 0) errors.next = { key: 'admin.users.errors.password' };
  if (values.confirmation !== values.next) errors.confirmation = { key: 'forms.errors.passwordMismatch' };
  return errors;
}

const submitting = [
  { guard: 'isValid', target: 'changing', actions: 'clearErrors' },
  { target: 'editing', actions: 'assignFieldErrors' },
] as const;

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    changePassword: injectedActor<void, { current: string; next: string }>('changePassword'),
  },
  guards: {
    isValid: ({ context }) => Object.keys(passwordChangeErrors(context.values)).length === 0,
  },
  actions: {
    ...formMessageActions<PasswordChangeContext, PasswordChangeEvent>(),
    assignField: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    // The messages are the rules' own reading of the values, not an injected validator's answer.
    assignFieldErrors: assign(({ context }) => ({ fieldErrors: passwordChangeErrors(context.values), failure: null })),
    // A changed password is not kept on screen.
    clearValues: assign({ values: EMPTY }),
    // The page's toast.
    notifyChanged: injectedAction('notifyChanged'),
  },
}).createMachine({
  id: 'passwordChange',
  initial: 'editing',
  context: { values: EMPTY, fieldErrors: {}, failure: null },
  states: {
    editing: {
      on: { 'field.change': { actions: 'assignField' }, 'password.submit': submitting },
    },
    changing: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ current: context.values.current, next: context.values.next }),
        onDone: { target: 'editing', actions: ['clearValues', 'notifyChanged'] },
        onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    failed: {
      on: { 'field.change': { actions: 'assignField' }, 'password.submit': submitting },
    },
  },
});

export type PasswordChangeMachine = typeof passwordChangeMachine;
