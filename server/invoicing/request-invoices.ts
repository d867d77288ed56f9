// Requesting a batch of drafts, all or nothing: the first invoice the machine refuses refuses
// the batch, naming it. One command, one audit row naming every invoice it requested.
import type { Invoice } from '../../schemas/invoice.schema';
import { withDetails } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { assertInvoiceTransition, invoiceUserOf } from './rules';
import * as store from './store';

/** POST /procesar. */
export const requestInvoices = useCase<{ ids: number[] }, Invoice[]>({
  audit: { action: 'invoice.request', entity: 'invoice' },
  async run(tx, caller, { ids }) {
    const rows = await store.lockInvoices(tx, ids);
    for (const row of rows) {
      const index = ids.indexOf(row.id);
      assertInvoiceTransition(store.invoiceFacts(row), { type: 'invoice.request' }, invoiceUserOf(caller, row.pais), (error, code) =>
        withDetails(error, [{ instancePath: `/Facturas/${index}`, keyword: code, message: `invoice ${row.id} cannot be requested` }]),
      );
    }
    const before = await Promise.all(ids.map((id) => store.readInvoice(tx, id)));
    await store.requestInvoices(tx, ids, caller.user.email);
    const after = await Promise.all(ids.map((id) => store.readInvoice(tx, id)));
    return { id: ids.join(','), before, after };
  },
});
