// The rules of an invoice's lifecycle as plain questions about its facts, and the refusal a
// command earns when one of them says no. The invoice machine's guards ask these same
// questions; the refusal names the reason for the server's answer and the page's message.
// The machine decides, these words explain: a test checks that they never disagree.
import { CURRENCIES } from '../../schemas/contract.schema';
import { firstOfMonth, isIsoDate } from '../../schemas/date.schema';
import { INVOICE_STATES, type InvoiceState } from '../../schemas/invoice.schema';
import { addDecimals, compareDecimals, subtractDecimals } from '../../schemas/exact-decimal';

export { INVOICE_STATES, type InvoiceState };

type InvoiceCurrency = (typeof CURRENCIES)[number];

/** What the lifecycle needs to know of a stored invoice (or credit or debit note). */
export interface InvoiceFacts {
  estado: InvoiceState;
  /** The e-mail of who requested it: the one user who may not issue it (four eyes). Null while a draft. */
  solicitado_por: string | null;
  /**
   * What is owed, as a decimal string. Never negative: a note carries its amount and its kind
   * says which way it goes [R].
   */
  total: string;
  /** The payments recorded so far, summed (decimal string). */
  pagado: string;
  /** The document's currency: every payment of it must be in this one. */
  moneda: InvoiceCurrency;
}

/**
 * Who sends a command: their e-mail, whether they hold the `facturacion` view key, and whether
 * their role grants Settlements `validate`. Issuing makes the money final as validating does,
 * and roles have no Invoices page, so the same action grants it [R] (the demo supervisor issues,
 * the analyst does not).
 */
export interface InvoiceUser {
  email: string;
  mayInvoice: boolean;
  mayIssue: boolean;
}

/** What issuing needs besides the invoice, as the command brings it: each there or not. */
interface InvoiceIssueFacts {
  numero: boolean;
  fecha: boolean;
  /** The physical-energy invoice document (PDF or XML), uploaded. */
  archivo_fisica: boolean;
  /** The flex-energy invoice document, uploaded. */
  archivo_flex: boolean;
}

/** The commands the server decides on (the lifecycle's events that change stored data). */
export type InvoiceCommand =
  | { type: 'invoice.edit' }
  | { type: 'invoice.request' }
  | ({ type: 'invoice.issue' } & InvoiceIssueFacts)
  | { type: 'invoice.pay'; monto: string; moneda: InvoiceCurrency };

/**
 * The catalogue codes a refused command answers with. `APP_ERR_AUTH_FORBIDDEN` exists already;
 * the `APP_ERR_INVOICE_*` ones are for the server's catalogue (each with `errors.<CODE>` in both
 * languages, docs/invoicing.md).
 */
export const INVOICE_REFUSALS = {
  /** Any command without the `facturacion` view key; issuing without Settlements `validate`. */
  forbidden: 'APP_ERR_AUTH_FORBIDDEN',
  /** Editing or requesting an invoice already requested: it is locked, a correction is a note. */
  notDraft: 'APP_ERR_INVOICE_NOT_DRAFT',
  /** Issuing a draft: it is requested first. */
  notRequested: 'APP_ERR_INVOICE_NOT_REQUESTED',
  /** Issuing an invoice already issued (or paid). */
  issued: 'APP_ERR_INVOICE_ISSUED',
  /** Issuing an invoice one requested oneself. */
  fourEyes: 'APP_ERR_INVOICE_FOUR_EYES',
  /** Issuing without the number, the date or one of the two documents. */
  issueIncomplete: 'APP_ERR_INVOICE_ISSUE_INCOMPLETE',
  /** Paying an invoice not issued yet. */
  notIssued: 'APP_ERR_INVOICE_NOT_ISSUED',
  /** Paying an invoice its payments already cover. */
  reconciled: 'APP_ERR_INVOICE_RECONCILED',
  /** A payment of nothing, or less. */
  paymentNotPositive: 'APP_ERR_INVOICE_PAYMENT_NOT_POSITIVE',
  /** A payment in another currency than the invoice's. */
  paymentCurrency: 'APP_ERR_INVOICE_PAYMENT_CURRENCY',
  /** A payment beyond what is still owed. */
  overpayment: 'APP_ERR_INVOICE_OVERPAYMENT',
} as const;

export type InvoiceRefusal = (typeof INVOICE_REFUSALS)[keyof typeof INVOICE_REFUSALS];

export { addDecimals, compareDecimals };

/** What is still owed: the total less the payments, exactly. */
export function outstandingOf(invoice: Pick<InvoiceFacts, 'total' | 'pagado'>): string {
  return subtractDecimals(invoice.total, invoice.pagado);
}

/** Whether the user holds the `facturacion` view key: every invoice command needs it. */
export function mayInvoice(user: InvoiceUser): boolean {
  return user.mayInvoice;
}

/** Whether the user may issue: the view key and the Settlements `validate` action. */
export function mayIssue(user: InvoiceUser): boolean {
  return user.mayInvoice && user.mayIssue;
}

/** Four eyes: whoever issues must not be whoever requested. */
export function isIssuerDifferent(invoice: Pick<InvoiceFacts, 'solicitado_por'>, user: InvoiceUser): boolean {
  return invoice.solicitado_por !== user.email;
}

/** An issued invoice has its number, its date and both documents (physical and flex energy). */
export function isIssueComplete(issue: InvoiceIssueFacts): boolean {
  return issue.numero && issue.fecha && issue.archivo_fisica && issue.archivo_flex;
}

/** A payment is of something: more than zero. */
export function isPaymentPositive(monto: string): boolean {
  return compareDecimals(monto, '0') > 0;
}

/** A payment is in the invoice's currency: converting is the bank's affair, not ours to guess. */
export function isSameCurrency(invoice: Pick<InvoiceFacts, 'moneda'>, moneda: InvoiceCurrency): boolean {
  return invoice.moneda === moneda;
}

/** A payment never takes what was paid beyond the total. */
export function isWithinOutstanding(invoice: Pick<InvoiceFacts, 'total' | 'pagado'>, monto: string): boolean {
  return compareDecimals(addDecimals(invoice.pagado, monto), invoice.total) <= 0;
}

/** Whether the payments, with this one, cover the total exactly: then the invoice is reconciled. */
export function coversTotal(invoice: Pick<InvoiceFacts, 'total' | 'pagado'>, monto: string): boolean {
  return compareDecimals(addDecimals(invoice.pagado, monto), invoice.total) === 0;
}

/**
 * What is wrong with a date of an invoice's lifecycle, by the keyword the server's 400 names
 * beside `/fecha` and the form's message (`invoicing.dates.<problem>`). A date is a field rule,
 * not a step of the lifecycle: the page says it beside the field before anything is sent.
 */
export const INVOICE_DATE_PROBLEMS = {
  /** Issued or paid on a day after today: a document or a transfer is dated when it happens. */
  future: 'dateInFuture',
  /** Issued before the first day of the settlement's month: nothing was owed yet. */
  beforeMonth: 'issueBeforeMonth',
  /** Paid before the invoice was issued: a payment settles a document that exists. */
  beforeIssue: 'paymentBeforeIssue',
} as const;

export type InvoiceDateProblem = (typeof INVOICE_DATE_PROBLEMS)[keyof typeof INVOICE_DATE_PROBLEMS];

/**
 * Why an invoice may not be issued on `fecha`, or null: not after `today` (the company's,
 * `businessToday`) nor before the first day of the month it invoices. A value that is not a
 * date yet is another rule's message, so it answers null.
 */
export function issueDateProblem(fecha: string, invoice: { anio: number; mes: number }, today: string): InvoiceDateProblem | null {
  if (!isIsoDate(fecha)) return null;
  // ISO dates compare as text.
  if (fecha > today) return INVOICE_DATE_PROBLEMS.future;
  if (fecha < firstOfMonth(invoice.anio, invoice.mes)) return INVOICE_DATE_PROBLEMS.beforeMonth;
  return null;
}

/**
 * Why a payment of an invoice may not be dated `fecha`, or null: not after `today` nor before
 * the invoice's issue date (none yet: the lifecycle refuses the payment itself).
 */
export function paymentDateProblem(fecha: string, invoice: { fecha_emision: string | null }, today: string): InvoiceDateProblem | null {
  if (!isIsoDate(fecha)) return null;
  if (fecha > today) return INVOICE_DATE_PROBLEMS.future;
  if (invoice.fecha_emision !== null && fecha < invoice.fecha_emision.slice(0, 10)) return INVOICE_DATE_PROBLEMS.beforeIssue;
  return null;
}

/**
 * Why `command` may not happen to `invoice` for `user`, or null when it may. Early returns in
 * the order a person would want to hear them: what the invoice is, then who asks, then what
 * the command brings.
 */
export function invoiceRefusal(invoice: InvoiceFacts, command: InvoiceCommand, user: InvoiceUser): InvoiceRefusal | null {
  switch (command.type) {
    case 'invoice.edit':
    case 'invoice.request':
      // Requested means locked: from here a correction is a credit or debit note.
      if (invoice.estado !== 'GUARDADO') return INVOICE_REFUSALS.notDraft;
      if (!mayInvoice(user)) return INVOICE_REFUSALS.forbidden;
      return null;
    case 'invoice.issue':
      if (invoice.estado === 'GUARDADO') return INVOICE_REFUSALS.notRequested;
      // Issued once: a number and a date are never given twice.
      if (invoice.estado !== 'SOLICITADO') return INVOICE_REFUSALS.issued;
      if (!mayIssue(user)) return INVOICE_REFUSALS.forbidden;
      if (!isIssuerDifferent(invoice, user)) return INVOICE_REFUSALS.fourEyes;
      if (!isIssueComplete(command)) return INVOICE_REFUSALS.issueIncomplete;
      return null;
    case 'invoice.pay':
      if (invoice.estado === 'CONCILIADO') return INVOICE_REFUSALS.reconciled;
      // Nothing is owed before there is a document to owe it on.
      if (invoice.estado !== 'FACTURADO') return INVOICE_REFUSALS.notIssued;
      if (!mayInvoice(user)) return INVOICE_REFUSALS.forbidden;
      if (!isPaymentPositive(command.monto)) return INVOICE_REFUSALS.paymentNotPositive;
      if (!isSameCurrency(invoice, command.moneda)) return INVOICE_REFUSALS.paymentCurrency;
      if (!isWithinOutstanding(invoice, command.monto)) return INVOICE_REFUSALS.overpayment;
      return null;
  }
}
