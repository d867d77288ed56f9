// Editing a draft: its description, discount and adjustment, with the amounts computed again.
// What the invoice is comes first: a requested one is locked whatever version was read.
import type { Invoice, InvoicePatchBody } from '../../schemas/invoice.schema';
import { assertVersion } from '../db/versioned';
import { useCase } from '../kit/use-case';
import { assertInvoiceTransition, editedAmounts, invoiceUserOf } from './rules';
import * as store from './store';

/** PATCH /facturas/:id. */
export const editDraft = useCase<{ id: number } & InvoicePatchBody, Invoice>({
  audit: { action: 'invoice.update', entity: 'invoice' },
  async run(tx, caller, { id, version, descripcion, descuento_pct, ajuste }) {
    const row = await store.lockInvoice(tx, id);
    assertInvoiceTransition(store.invoiceFacts(row), { type: 'invoice.edit' }, invoiceUserOf(caller, row.pais));
    assertVersion(row.version, version);
    const fields = { descuento_pct: descuento_pct ?? row.descuento_pct, ajuste: ajuste ?? row.ajuste };
    const { descuento, iva, total } = editedAmounts({ subtotal: row.subtotal, tasa_iva: row.tasa_iva, ...fields });
    const before = await store.readInvoice(tx, id);
    const changes = { ...(descripcion === undefined ? {} : { descripcion: descripcion.trim() }), ...fields, descuento, iva, total };
    await store.updateDraft(tx, id, changes, caller.user.email);
    return { id, before, after: await store.readInvoice(tx, id) };
  },
});
