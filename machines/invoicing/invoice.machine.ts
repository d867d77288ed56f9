import { and, assign, getNextSnapshot, setup } from 'xstate';
import {
  addDecimals,
  coversTotal,
  invoiceRefusal,
  isIssueComplete,
  isIssuerDifferent,
  isPaymentPositive,
  isSameCurrency,
  isWithinOutstanding,
  mayInvoice,
  mayIssue,
  outstandingOf,
  type InvoiceCommand,
  type InvoiceFacts,
  type InvoiceRefusal,
  type InvoiceState,
  type InvoiceUser,
} from './invoice-rules';

/**
 * The lifecycle of one invoice, credit note or debit note (docs/invoicing.md), the one place
 * its rule lives: the invoice pages run it, and the server asks it (`invoiceTransition`)
 * whether a command is allowed and which status it leads to.
 *
 * - `GUARDADO`: a draft; `invoice.edit` (description, discount, adjustment) as often as needed;
 *   `invoice.request` (confirmed on the page) -> `SOLICITADO`, its requester recorded.
 * - `SOLICITADO`: locked. `invoice.issue` (number, date, both documents; never by its
 *   requester, and only with Settlements `validate`) -> `FACTURADO`.
 * - `FACTURADO`: `invoice.pay` records a payment in the invoice's currency, never beyond what
 *   is owed: a partial one stays here, the one that covers the total -> `CONCILIADO`.
 * - `CONCILIADO`: final.
 * Forward only: no event leads to an earlier status. A correction is a credit or debit note,
 * a new invoice with its own lifecycle.
 *
 * A machine opened on a stored invoice starts in its status (the `opening` choice). The
 * machine holds no effects: the server writes the invoice, the page calls the server.
 */
export type { InvoiceFacts, InvoiceUser };

interface InvoiceContext {
  invoice: InvoiceFacts;
  /** Who is asking (the server: the caller; a page: the signed-in user). */
  user: InvoiceUser;
}

export type InvoiceEvent = InvoiceCommand;

type PayEvent = Extract<InvoiceEvent, { type: 'invoice.pay' }>;

/** The payment an event brings, or none when the event is no payment. */
function paymentOf(event: InvoiceEvent): PayEvent | null {
  return event.type === 'invoice.pay' ? event : null;
}

export const invoiceMachine = setup({
  types: {
    context: {} as InvoiceContext,
    events: {} as InvoiceEvent,
    input: {} as InvoiceContext,
  },
  guards: {
    isDraft: ({ context }) => context.invoice.estado === 'GUARDADO',
    isRequested: ({ context }) => context.invoice.estado === 'SOLICITADO',
    isIssued: ({ context }) => context.invoice.estado === 'FACTURADO',
    mayInvoice: ({ context }) => mayInvoice(context.user),
    mayIssue: ({ context }) => mayIssue(context.user),
    isIssuerDifferent: ({ context }) => isIssuerDifferent(context.invoice, context.user),
    isIssueComplete: ({ event }) => event.type === 'invoice.issue' && isIssueComplete(event),
    isPaymentPositive: ({ event }) => isPaymentPositive(paymentOf(event)?.monto ?? '0'),
    isSameCurrency: ({ context, event }) => {
      const payment = paymentOf(event);
      return payment !== null && isSameCurrency(context.invoice, payment.moneda);
    },
    isWithinOutstanding: ({ context, event }) => isWithinOutstanding(context.invoice, paymentOf(event)?.monto ?? '0'),
    coversTotal: ({ context, event }) => coversTotal(context.invoice, paymentOf(event)?.monto ?? '0'),
  },
  actions: {
    // The context follows the stored invoice, so a page's actor asks the next command with the
    // facts the server will have (who requested it, what is paid).
    assignRequested: assign(({ context }) => ({
      invoice: { ...context.invoice, estado: 'SOLICITADO' as const, solicitado_por: context.user.email },
    })),
    assignIssued: assign(({ context }) => ({ invoice: { ...context.invoice, estado: 'FACTURADO' as const } })),
    assignPayment: assign(({ context, event }) => {
      const paid = addDecimals(context.invoice.pagado, paymentOf(event)?.monto ?? '0');
      const estado = coversTotal(context.invoice, paymentOf(event)?.monto ?? '0') ? ('CONCILIADO' as const) : context.invoice.estado;
      return { invoice: { ...context.invoice, pagado: paid, estado } };
    }),
  },
}).createMachine({
  id: 'invoice',
  initial: 'opening',
  context: ({ input }) => input,
  states: {
    opening: {
      always: [
        { guard: 'isDraft', target: 'GUARDADO' },
        { guard: 'isRequested', target: 'SOLICITADO' },
        { guard: 'isIssued', target: 'FACTURADO' },
        { target: 'CONCILIADO' },
      ],
    },
    GUARDADO: {
      on: {
        // The draft's fields change; its status does not.
        'invoice.edit': { guard: 'mayInvoice', target: 'GUARDADO' },
        'invoice.request': { guard: 'mayInvoice', target: 'SOLICITADO', actions: 'assignRequested' },
      },
    },
    SOLICITADO: {
      on: {
        'invoice.issue': {
          guard: and(['mayIssue', 'isIssuerDifferent', 'isIssueComplete']),
          target: 'FACTURADO',
          actions: 'assignIssued',
        },
      },
    },
    FACTURADO: {
      on: {
        'invoice.pay': [
          {
            guard: and(['mayInvoice', 'isPaymentPositive', 'isSameCurrency', 'isWithinOutstanding', 'coversTotal']),
            target: 'CONCILIADO',
            actions: 'assignPayment',
          },
          // A partial payment: recorded, and the invoice stays issued until the rest comes.
          {
            guard: and(['mayInvoice', 'isPaymentPositive', 'isSameCurrency', 'isWithinOutstanding']),
            target: 'FACTURADO',
            actions: 'assignPayment',
          },
        ],
      },
    },
    CONCILIADO: { type: 'final' },
  },
});

/** Refused by the machine though the rules name no reason: the tests keep this from happening. */
export const INVOICE_TRANSITION_REFUSED = 'APP_ERR_INVOICE_TRANSITION';

type InvoiceVerdict =
  | { allowed: true; estado: InvoiceState }
  | { allowed: false; code: InvoiceRefusal | typeof INVOICE_TRANSITION_REFUSED };

/** The machine's snapshot for a stored invoice as `user` sees it. */
export function invoiceSnapshotOf(invoice: InvoiceFacts, user: InvoiceUser) {
  return invoiceMachine.resolveState({ value: invoice.estado, context: { invoice, user } });
}

/**
 * Whether the server lets `user` send `command` about `invoice`, decided by the invoice
 * machine. Allowed: the status the invoice goes to (the same one for an edit or a partial
 * payment). Refused: the catalogue code of the reason (`invoiceRefusal`).
 */
export function invoiceTransition(invoice: InvoiceFacts, command: InvoiceCommand, user: InvoiceUser): InvoiceVerdict {
  const snapshot = invoiceSnapshotOf(invoice, user);
  if (!snapshot.can(command)) return { allowed: false, code: invoiceRefusal(invoice, command, user) ?? INVOICE_TRANSITION_REFUSED };
  return { allowed: true, estado: getNextSnapshot(invoiceMachine, snapshot, command).value as InvoiceState };
}

/** Whether `user` is offered the draft's fields to edit. */
export function isInvoiceEditable(invoice: InvoiceFacts, user: InvoiceUser): boolean {
  return invoiceTransition(invoice, { type: 'invoice.edit' }, user).allowed;
}

/**
 * The commands `user` is offered on `invoice`: each asked as its form would complete it (an
 * issue with its number, date and documents; a payment of what is owed, in the invoice's
 * currency), so a button shows exactly when its form can succeed.
 */
export function availableInvoiceCommands(invoice: InvoiceFacts, user: InvoiceUser): Array<InvoiceCommand['type']> {
  const complete: InvoiceCommand[] = [
    { type: 'invoice.edit' },
    { type: 'invoice.request' },
    { type: 'invoice.issue', numero: true, fecha: true, archivo_fisica: true, archivo_flex: true },
    { type: 'invoice.pay', monto: outstandingOf(invoice), moneda: invoice.moneda },
  ];
  return complete.filter((command) => invoiceTransition(invoice, command, user).allowed).map((command) => command.type);
}
