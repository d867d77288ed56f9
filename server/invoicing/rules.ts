// What the invoice lifecycle decides, in the server's words: the catalogue error each refusal
// answers. The decision itself is the shared machine's (`invoiceTransition`, on the facts the
// store reads), as the settlements area asks the settlement machine.
import { INVOICE_TRANSITION_REFUSED, invoiceTransition } from '../../machines/invoicing/invoice.machine';
import {
  INVOICE_DATE_PROBLEMS,
  INVOICE_REFUSALS,
  type InvoiceCommand,
  type InvoiceDateProblem,
  type InvoiceFacts,
  type InvoiceRefusal,
  type InvoiceState,
  type InvoiceUser,
} from '../../machines/invoicing/invoice-rules';
import { AppErrors, invalidRequest } from '../errors/catalogue';

const REFUSAL_ERRORS: Record<InvoiceRefusal | typeof INVOICE_TRANSITION_REFUSED, new () => Error> = {
  [INVOICE_REFUSALS.forbidden]: AppErrors.authForbidden,
  [INVOICE_REFUSALS.notDraft]: AppErrors.invoiceNotDraft,
  [INVOICE_REFUSALS.notRequested]: AppErrors.invoiceNotRequested,
  [INVOICE_REFUSALS.issued]: AppErrors.invoiceIssued,
  [INVOICE_REFUSALS.fourEyes]: AppErrors.invoiceFourEyes,
  [INVOICE_REFUSALS.issueIncomplete]: AppErrors.invoiceIssueIncomplete,
  [INVOICE_REFUSALS.notIssued]: AppErrors.invoiceNotIssued,
  [INVOICE_REFUSALS.reconciled]: AppErrors.invoiceReconciled,
  [INVOICE_REFUSALS.paymentNotPositive]: AppErrors.invoicePaymentNotPositive,
  [INVOICE_REFUSALS.paymentCurrency]: AppErrors.invoicePaymentCurrency,
  [INVOICE_REFUSALS.overpayment]: AppErrors.invoiceOverpayment,
  [INVOICE_TRANSITION_REFUSED]: AppErrors.invoiceTransition,
};

/**
 * The status `command` leads `invoice` to for `user`, or the catalogue error of the machine's
 * refusal: `refused(error)` may add to it (which field a refusal is about) before it is thrown.
 */
export function assertInvoiceTransition(
  invoice: InvoiceFacts,
  command: InvoiceCommand,
  user: InvoiceUser,
  refused: (error: Error, code: string) => Error = (error) => error,
): InvoiceState {
  const verdict = invoiceTransition(invoice, command, user);
  if (!verdict.allowed) throw refused(new REFUSAL_ERRORS[verdict.code](), verdict.code);
  return verdict.estado;
}

/** The English fallback of each date problem; the page shows `invoicing.dates.<problem>`. */
const DATE_PROBLEM_MESSAGES: Record<InvoiceDateProblem, string> = {
  [INVOICE_DATE_PROBLEMS.future]: 'must not be after today (America/Guatemala)',
  [INVOICE_DATE_PROBLEMS.beforeMonth]: "must not be before the first day of the settlement's month",
  [INVOICE_DATE_PROBLEMS.beforeIssue]: "must not be before the invoice's issue date",
};

/** A 400 beside `/fecha` for a date an issue or a payment may not carry (`issueDateProblem`, `paymentDateProblem`). */
export function assertInvoiceDate(problem: InvoiceDateProblem | null): void {
  if (problem) throw invalidRequest([{ instancePath: '/fecha', keyword: problem, message: DATE_PROBLEM_MESSAGES[problem] }]);
}
