import type { Invoice } from '../../../schemas/invoice.schema';

/** `03/2026`: an invoice's month as the product writes dates (dd/mm/yyyy without the day). */
export function invoiceMonth(invoice: Pick<Invoice, 'anio' | 'mes'> | undefined): string {
  return invoice?.anio && invoice.mes ? `${String(invoice.mes).padStart(2, '0')}/${invoice.anio}` : '';
}

/** How an invoice is called in a list or a question: its number once issued, its record id before. */
export function invoiceReference(invoice: Pick<Invoice, 'id' | 'numero'>): string {
  return invoice.numero ? invoice.numero : `#${invoice.id}`;
}
