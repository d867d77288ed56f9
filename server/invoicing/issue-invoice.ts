// Issuing a requested invoice: its number, date and both documents, by someone else than who
// requested it (four eyes) holding Settlements `validate` in the invoice's country.
import { INVOICE_REFUSALS, issueDateProblem } from '../../machines/invoicing/invoice-rules';
import { businessToday } from '../../schemas/date.schema';
import { INVOICE_DOCUMENT_MIME_TYPES } from '../../schemas/file.schema';
import type { Invoice, InvoiceIssueBody } from '../../schemas/invoice.schema';
import { AppErrors, withDetails } from '../errors/catalogue';
import { storedFileKeys } from '../files/store';
import { useCase } from '../kit/use-case';
import { assertInvoiceDate, assertInvoiceTransition, invoiceUserOf } from './rules';
import * as store from './store';

/** POST /facturas/:id/emitir. */
export const issueInvoice = useCase<{ id: number; issue: InvoiceIssueBody }, Invoice>({
  audit: { action: 'invoice.issue', entity: 'invoice' },
  refusals: {
    unique: () => withDetails(new AppErrors.invoiceNumberTaken(), [{ instancePath: '/numero', keyword: 'unique', message: 'another document has this number' }]),
    // The database's four-eyes check, should the requester's e-mail match another way than ours.
    check: () => new AppErrors.invoiceFourEyes(),
  },
  async run(tx, caller, { id, issue }) {
    const row = await store.lockInvoice(tx, id);
    // A document is there when the files service holds it as a PDF or an XML.
    const documents = await storedFileKeys(tx, [issue.archivo_fisica, issue.archivo_flex], INVOICE_DOCUMENT_MIME_TYPES);
    const command = {
      type: 'invoice.issue',
      numero: issue.numero.trim() !== '',
      fecha: true,
      archivo_fisica: documents.has(issue.archivo_fisica),
      archivo_flex: documents.has(issue.archivo_flex),
    } as const;
    assertInvoiceTransition(store.invoiceFacts(row), command, invoiceUserOf(caller, row.pais), (error, code) =>
      code === INVOICE_REFUSALS.issueIncomplete
        ? withDetails(
            error,
            (['archivo_fisica', 'archivo_flex'] as const)
              .filter((field) => !command[field])
              .map((field) => ({ instancePath: `/${field}`, keyword: 'invoiceDocument', message: 'must be the key of an uploaded PDF or XML file' })),
          )
        : error,
    );
    // Read with the invoice locked, so the rule holds whoever calls: not after today, not before the month.
    assertInvoiceDate(issueDateProblem(issue.fecha, row, businessToday()));
    const before = await store.readInvoice(tx, id);
    await store.issueInvoice(tx, id, issue, caller.user.email);
    return { id, before, after: await store.readInvoice(tx, id) };
  },
});
