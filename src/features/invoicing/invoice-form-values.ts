import type { FormValue } from '../../../machines/forms/record-form.machine';
import { invoiceAmounts, isTotalNonNegative, type InvoiceAmounts } from '../../../machines/invoicing/invoice-amounts';
import { INVOICE_DATE_PROBLEMS, issueDateProblem, outstandingOf, paymentDateProblem, type InvoiceDateProblem } from '../../../machines/invoicing/invoice-rules';
import { businessToday } from '../../../schemas/date.schema';
import type { Invoice, InvoiceIssueBody, InvoicePatchBody, PaymentBody } from '../../../schemas/invoice.schema';
import type { FieldErrors, MessageOverrides } from '../../lib/forms/field-errors';
import { formToBody, typingErrors, type RecordFieldKinds } from '../../lib/forms/record-body';
import { validateForm } from '../../lib/forms/validate-form';
import { formatDate } from '../../lib/format/date-format';
import { formatDecimal } from '../../lib/format/number-format';
import type { Locale } from '../../lib/i18n/locales';
import invoiceIssueValidator from 'virtual:form-validator/invoiceIssue';
import invoicePatchValidator from 'virtual:form-validator/invoicePatch';
import paymentValidator from 'virtual:form-validator/payment';

// The values of the invoice page's three forms (the draft's fields, issuing, a payment) and
// their request bodies, each checked with the schema the server checks the body with. How
// typed dates and numbers travel is `lib/forms/record-body.ts`.

/** The adjustment is signed money, a pattern of its own: its message says so. */
export const DRAFT_MESSAGES: MessageOverrides = { ajuste: { pattern: 'invoicing.edit.ajusteFormat' } };

const DRAFT_KINDS: RecordFieldKinds = { decimals: ['descuento_pct', 'ajuste'], clearable: new Set(), formOnly: ['version'] };
const ISSUE_KINDS: RecordFieldKinds = { dates: ['fecha'], clearable: new Set(), formOnly: ['archivo_fisica_nombre', 'archivo_flex_nombre'] };
const PAYMENT_KINDS: RecordFieldKinds = { decimals: ['monto'], dates: ['fecha'], clearable: new Set(), formOnly: [] };

/**
 * The date rules' messages (`invoice-rules.ts`: not after today, not before the month, not
 * before the issue), for the form's own check and for the server's 400 beside `fecha`, whose
 * keyword is the rule's.
 */
export const DATE_MESSAGES: MessageOverrides = {
  fecha: Object.fromEntries(Object.values(INVOICE_DATE_PROBLEMS).map((problem) => [problem, `invoicing.dates.${problem}`])),
};

/** `errors` with the date rule's message beside `fecha`, unless the date already has one (it cannot be read). */
function withDateProblem(errors: FieldErrors, problem: InvoiceDateProblem | null): FieldErrors {
  if (problem && !errors.fecha) errors.fecha = { key: `invoicing.dates.${problem}` };
  return errors;
}

/** Every field of these forms is required but the draft's (which start filled in). */
export const ISSUE_REQUIRED = new Set(['numero', 'fecha', 'archivo_fisica', 'archivo_flex']);
export const PAYMENT_REQUIRED = new Set(['fecha', 'monto', 'referencia']);

/** Messages of what cannot be read, then the schema's; the form-level message ('') is the fields'. */
function fieldErrors(validate: Parameters<typeof validateForm>[0], body: unknown, value: FormValue, kinds: RecordFieldKinds, locale: Locale, overrides?: MessageOverrides): FieldErrors {
  const errors = { ...validateForm(validate, body, overrides), ...typingErrors(value, kinds, locale) };
  delete errors[''];
  return errors;
}

/** The draft's edit form, from the stored invoice, in `locale`. */
export function draftToForm(invoice: Invoice, locale: Locale): FormValue {
  const decimal = (value: string | undefined) => formatDecimal(value ?? '0', locale, { maxFractionDigits: 10 });
  return { descripcion: invoice.descripcion ?? '', descuento_pct: decimal(invoice.descuento_pct), ajuste: decimal(invoice.ajuste), version: invoice.version };
}

/** The PATCH body: the three fields (an emptied amount is 0, an emptied description is none) and the version read. */
export function draftBody(value: FormValue, locale: Locale): InvoicePatchBody {
  const body = formToBody(value, DRAFT_KINDS, locale, 'update');
  return {
    descripcion: typeof value.descripcion === 'string' ? value.descripcion.trim() : '',
    descuento_pct: body.descuento_pct ?? '0',
    ajuste: body.ajuste ?? '0',
    version: value.version,
  } as InvoicePatchBody;
}

/**
 * The amounts the draft would have (`invoiceAmounts`, as the server computes them), or null
 * while the discount or the adjustment cannot be read or breaks its rule.
 */
export function draftPreview(value: FormValue, invoice: Invoice, locale: Locale): InvoiceAmounts | null {
  const errors = fieldErrors(invoicePatchValidator, draftBody(value, locale), value, DRAFT_KINDS, locale, DRAFT_MESSAGES);
  if (errors.descuento_pct || errors.ajuste) return null;
  const body = draftBody(value, locale);
  return invoiceAmounts({ subtotal: invoice.subtotal, descuento_pct: body.descuento_pct ?? '0', ajuste: body.ajuste ?? '0', tasa_iva: invoice.tasa_iva ?? '0' });
}

/** The draft's field messages: the schema's, and a total below 0 refused on the adjustment that makes it. */
export function validateDraft(value: FormValue, invoice: Invoice, locale: Locale): FieldErrors {
  const errors = fieldErrors(invoicePatchValidator, draftBody(value, locale), value, DRAFT_KINDS, locale, DRAFT_MESSAGES);
  const preview = draftPreview(value, invoice, locale);
  if (preview && !isTotalNonNegative(preview)) errors.ajuste = { key: 'invoicing.edit.negativeTotal' };
  return errors;
}

/** An empty issue form. */
export function blankIssue(): FormValue {
  return { numero: '', fecha: '', archivo_fisica: '', archivo_fisica_nombre: '', archivo_flex: '', archivo_flex_nombre: '' };
}

export function issueBody(value: FormValue, locale: Locale): InvoiceIssueBody {
  return formToBody(value, ISSUE_KINDS, locale, 'create') as InvoiceIssueBody;
}

/** The issue form's messages: the schema's, then the issue date's rule (not after `today`, not before the invoiced month). */
export function validateIssue(value: FormValue, invoice: Pick<Invoice, 'anio' | 'mes'>, locale: Locale, today = businessToday()): FieldErrors {
  const body = issueBody(value, locale);
  const errors = fieldErrors(invoiceIssueValidator, body, value, ISSUE_KINDS, locale);
  return withDateProblem(errors, typeof body.fecha === 'string' && invoice.anio && invoice.mes ? issueDateProblem(body.fecha, { anio: invoice.anio, mes: invoice.mes }, today) : null);
}

/** A payment form: today (the company's), what is still owed, no reference yet. */
export function blankPayment(invoice: Invoice, locale: Locale, today = businessToday()): FormValue {
  const owed = outstandingOf({ total: invoice.total, pagado: invoice.pagado ?? '0' });
  return { fecha: formatDate(today), monto: formatDecimal(owed, locale, { minFractionDigits: 2, maxFractionDigits: 2 }), referencia: '' };
}

/** The payment's body: always in the invoice's currency (converting is the bank's affair). */
export function paymentBody(value: FormValue, invoice: Invoice, locale: Locale): PaymentBody {
  return { ...formToBody(value, PAYMENT_KINDS, locale, 'create'), moneda: invoice.moneda } as PaymentBody;
}

/** The payment form's messages: the schema's, then the date's rule (not after `today`, not before the invoice's issue). */
export function validatePayment(value: FormValue, invoice: Invoice, locale: Locale, today = businessToday()): FieldErrors {
  const body = paymentBody(value, invoice, locale);
  const errors = fieldErrors(paymentValidator, body, value, PAYMENT_KINDS, locale);
  return withDateProblem(errors, typeof body.fecha === 'string' ? paymentDateProblem(body.fecha, { fecha_emision: invoice.fecha_emision ?? null }, today) : null);
}
