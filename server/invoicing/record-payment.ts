// Recording a payment of an issued invoice, in its currency, no more than what is still owed;
// the one that covers the total reconciles it (CONCILIADO).
import { paymentDateProblem } from '../../machines/invoicing/invoice-rules';
import { businessToday } from '../../schemas/date.schema';
import type { InvoiceDetail, PaymentBody } from '../../schemas/invoice.schema';
import { useCase } from '../kit/use-case';
import { assertInvoiceDate, assertInvoiceTransition, invoiceUserOf } from './rules';
import * as store from './store';

/** POST /facturas/:id/pagos. */
export const recordPayment = useCase<{ id: number; payment: PaymentBody }, InvoiceDetail>({
  audit: { action: 'invoice.pay', entity: 'invoice' },
  status: 201,
  async run(tx, caller, { id, payment }) {
    const row = await store.lockInvoice(tx, id);
    const estado = assertInvoiceTransition(
      store.invoiceFacts(row),
      { type: 'invoice.pay', monto: payment.monto, moneda: payment.moneda },
      invoiceUserOf(caller, row.pais),
    );
    // Not before the document it pays was issued, not after today.
    assertInvoiceDate(paymentDateProblem(payment.fecha, row, businessToday()));
    const before = await store.readInvoiceDetail(tx, id);
    await store.recordPayment(tx, id, payment, estado, caller.user.email);
    return { id, before, after: await store.readInvoiceDetail(tx, id) };
  },
});
