import { assign, setup, type ErrorActorEvent } from 'xstate';
import { formFailureActions } from '../forms/form-actions';
import { injectedActor } from '../injected';
import { isEmailFormat } from '../../schemas/email.schema';
import { brokenPasswordRules } from '../../schemas/password.schema';

/**
 * Recovering a forgotten password (spec section 2, `/security/forgot-password`):
 * `requesting` (the e-mail) -> `sendingCode` -> `codeSent` (the code and a new password) ->
 * `confirming` -> `done`. A submission the rules refuse stays on its step with its messages
 * (`submitted`); the identity service's refusal comes back to the step it was made on, in
 * `failure`, until the next call. Effects are injected with `.provide()`: `requestCode` and
 * `confirmPassword` (the identity client's calls).
 */

/** The fields of the second step (the e-mail belongs to the first). */
export type NewPasswordField = 'code' | 'password' | 'confirmation';

interface ForgotPasswordContext {
  email: string;
  code: string;
  password: string;
  confirmation: string;
  /** Whether the current step was submitted: its broken rules are then shown. */
  submitted: boolean;
  /** What the last identity call rejected with; null when none. */
  failure: unknown;
}

export type ForgotPasswordEvent =
  | { type: 'email.change'; value: string }
  | { type: 'field.change'; field: NewPasswordField; value: string }
  | { type: 'code.request' }
  | { type: 'password.submit' };

export interface ConfirmPasswordInput {
  email: string;
  code: string;
  password: string;
}

/** What is wrong with a step's values (each true when broken); the page says so once submitted. */
interface RecoveryProblems {
  email: boolean;
  code: boolean;
  password: boolean;
  confirmation: boolean;
}

/** The rules of both steps: an e-mail shape, a code, the password policy, a matching confirmation. */
export function recoveryProblems(context: Pick<ForgotPasswordContext, 'email' | NewPasswordField>): RecoveryProblems {
  return {
    email: !isEmailFormat(context.email.trim()),
    code: context.code.trim() === '',
    password: brokenPasswordRules(context.password).length > 0,
    confirmation: context.confirmation !== context.password,
  };
}

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestCode: injectedActor<void, string>('requestCode'),
    confirmPassword: injectedActor<void, ConfirmPasswordInput>('confirmPassword'),
  },
  guards: {
    isEmailValid: ({ context }) => !recoveryProblems(context).email,
    isNewPasswordValid: ({ context }) => {
      const problems = recoveryProblems(context);
      return !problems.code && !problems.password && !problems.confirmation;
    },
  },
  actions: {
    // `clearFailure` before each call: the last refusal was about the previous one.
    ...formFailureActions<ForgotPasswordContext, ForgotPasswordEvent>(),
    assignEmail: assign(({ event }) => (event.type === 'email.change' ? { email: event.value } : {})),
    assignField: assign(({ event }) => (event.type === 'field.change' ? { [event.field]: event.value } : {})),
    markSubmitted: assign({ submitted: true }),
    startConfirmStep: assign({ submitted: false }),
  },
}).createMachine({
  id: 'forgotPassword',
  initial: 'requesting',
  context: { email: '', code: '', password: '', confirmation: '', submitted: false, failure: null },
  states: {
    requesting: {
      on: {
        'email.change': { actions: 'assignEmail' },
        'code.request': [
          { guard: 'isEmailValid', target: 'sendingCode', actions: ['markSubmitted', 'clearFailure'] },
          { actions: 'markSubmitted' },
        ],
      },
    },
    sendingCode: {
      invoke: {
        id: 'requestCode',
        src: 'requestCode',
        input: ({ context }) => context.email.trim(),
        onDone: { target: 'codeSent', actions: 'startConfirmStep' },
        onError: { target: 'requesting', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    codeSent: {
      on: {
        'field.change': { actions: 'assignField' },
        'password.submit': [
          { guard: 'isNewPasswordValid', target: 'confirming', actions: ['markSubmitted', 'clearFailure'] },
          { actions: 'markSubmitted' },
        ],
      },
    },
    confirming: {
      invoke: {
        id: 'confirmPassword',
        src: 'confirmPassword',
        input: ({ context }) => ({ email: context.email.trim(), code: context.code, password: context.password }),
        onDone: { target: 'done' },
        onError: { target: 'codeSent', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    done: { type: 'final' },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
