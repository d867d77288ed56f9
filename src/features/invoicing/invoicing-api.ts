import type {
  Invoice,
  InvoiceBatchBody,
  InvoiceDetail,
  InvoiceIssueBody,
  InvoiceListQuery,
  InvoicePage,
  InvoicePatchBody,
  PaymentBody,
} from '../../../schemas/invoice.schema';
import { api, apiData } from '../../lib/api/client';
import { saveGeneratedFile } from '../../lib/files/files-api';

/** The invoicing calls (`/facturacion/api/v1/...`, docs/api-invoicing.md). */

const BASE = '/facturacion/api/v1';
const INVOICES = `${BASE}/facturas`;

/** A page of the invoices the filters select, how many they select, and their totals per status and currency. */
export const listInvoices = (query: InvoiceListQuery) => api<InvoicePage>({ method: 'GET', path: INVOICES, query: { ...query } });

/** One invoice (or note) with its lines and payments (spec: `GET /facturacion/api/v1/get/{id}`). */
export const getInvoice = (id: number) => apiData<InvoiceDetail>({ method: 'GET', path: `${BASE}/get/${id}` });

/** Saves the invoice (or note) as a PDF in the user's language under the server's file name. */
export async function downloadInvoicePdf(id: number, idioma: 'es-ES' | 'en-US'): Promise<void> {
  return saveGeneratedFile({ method: 'GET', path: `${INVOICES}/${id}/pdf`, query: { idioma } }, `factura-${id}.pdf`);
}

/** Drafts the invoice (or note) of a validated settlement: 201 the draft. */
export const draftInvoice = (liquidacion_id: number) => apiData<Invoice>({ method: 'POST', path: `${BASE}/borradores`, body: { liquidacion_id } });

/** Changes a draft's description, discount or adjustment; `version` is the one read. */
export const updateInvoice = (id: number, body: InvoicePatchBody) => apiData<Invoice>({ method: 'PATCH', path: `${INVOICES}/${id}`, body });

/** Requests a batch of drafts, all or nothing (spec: `POST /facturacion/api/v1/procesar`). */
export const requestInvoices = (ids: number[]) =>
  apiData<Invoice[]>({ method: 'POST', path: `${BASE}/procesar`, body: { Facturas: ids } satisfies InvoiceBatchBody });

/** Marks a requested invoice issued: its number, date and both uploaded documents. */
export const issueInvoice = (id: number, body: InvoiceIssueBody) => apiData<Invoice>({ method: 'POST', path: `${INVOICES}/${id}/emitir`, body });

/** Records a payment (partial allowed); answers the invoice with its payments. */
export const recordPayment = (id: number, body: PaymentBody) => apiData<InvoiceDetail>({ method: 'POST', path: `${INVOICES}/${id}/pagos`, body });
