import { assign, setup } from 'xstate';
import { injectedAction } from '../injected';

/**
 * A question before an action (spec section 8: deleting a company, contact, contract or annex;
 * switching an account off or on; and the settlement, invoice and process confirmations to
 * come): `closed` -> `asking` about a `subject` -> `proceeding` while the action runs -> `closed`.
 * Dismissing the question closes it and nothing runs. The action is injected as `proceed`
 * (the page's request runs it), which reports back with `confirm.settled` whatever the outcome:
 * a refusal is the request's to show.
 */
interface ConfirmContext {
  /** What the question is about (the record to delete, the account to switch off). */
  subject: unknown;
}

export type ConfirmEvent =
  | { type: 'confirm.ask'; subject: unknown }
  | { type: 'confirm.accept' }
  | { type: 'confirm.dismiss' }
  | { type: 'confirm.settled' };

export const confirmMachine = setup({
  types: {
    context: {} as ConfirmContext,
    events: {} as ConfirmEvent,
  },
  actions: {
    assignSubject: assign(({ event }) => (event.type === 'confirm.ask' ? { subject: event.subject } : {})),
    clearSubject: assign({ subject: null }),
    // The action itself: provided by the page (its request's `send` with the subject).
    proceed: injectedAction('proceed'),
  },
}).createMachine({
  id: 'confirm',
  initial: 'closed',
  context: { subject: null },
  states: {
    closed: {
      on: { 'confirm.ask': { target: 'asking', actions: 'assignSubject' } },
    },
    asking: {
      on: {
        'confirm.accept': { target: 'proceeding', actions: 'proceed' },
        'confirm.dismiss': { target: 'closed', actions: 'clearSubject' },
      },
    },
    proceeding: {
      on: { 'confirm.settled': { target: 'closed' } },
    },
  },
});
