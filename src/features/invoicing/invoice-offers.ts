import { availableInvoiceCommands, invoiceTransition, type InvoiceUser } from '../../../machines/invoicing/invoice.machine';
import { INVOICE_REFUSALS } from '../../../machines/invoicing/invoice-rules';
import type { Invoice } from '../../../schemas/invoice.schema';
import { invoiceFacts } from './use-invoice-user';

/** What the invoice page offers the user: each command the lifecycle allows them now. */
export interface InvoiceOffers {
  edit: boolean;
  request: boolean;
  issue: boolean;
  pay: boolean;
  /**
   * The user may issue invoices but requested this one: the page says another user issues it
   * (four eyes) rather than leaving them to wonder where the button went.
   */
  issueByAnother: boolean;
}

/**
 * The commands of one invoice for `user`, decided as the server decides them: the invoice
 * machine's verdict on the stored facts (`availableInvoiceCommands`, each command asked as its
 * form would complete it).
 */
export function invoiceOffers(invoice: Invoice, user: InvoiceUser): InvoiceOffers {
  const facts = invoiceFacts(invoice);
  const available = availableInvoiceCommands(facts, user);
  const issue = invoiceTransition(facts, { type: 'invoice.issue', numero: true, fecha: true, archivo_fisica: true, archivo_flex: true }, user);
  return {
    edit: available.includes('invoice.edit'),
    request: available.includes('invoice.request'),
    issue: available.includes('invoice.issue'),
    pay: available.includes('invoice.pay'),
    issueByAnother: !issue.allowed && issue.code === INVOICE_REFUSALS.fourEyes,
  };
}
