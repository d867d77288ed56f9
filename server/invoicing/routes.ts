// Invoicing (docs/invoicing.md, docs/api-invoicing.md): one invoice with its lines and payments,
// the same as a PDF to download, the filtered list with its totals, and the use cases: drafting
// from a validated settlement, editing a draft, requesting a batch (all or nothing), issuing
// (four eyes, Settlements `validate` in the invoice's country) and recording payments. Every
// route needs the `facturacion` view key.
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  invoiceBatchBodySchema,
  invoiceDetailSchema,
  invoiceDraftBodySchema,
  invoiceIssueBodySchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoicePatchBodySchema,
  invoicePdfQuerySchema,
  invoiceSchema,
  paymentBodySchema,
  type InvoiceBatchBody,
  type InvoiceDraftBody,
  type InvoiceIssueBody,
  type InvoiceListQuery,
  type InvoicePatchBody,
  type InvoicePdfQuery,
  type PaymentBody,
} from '../../schemas/invoice.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import type { Db } from '../db/client';
import { perform } from '../kit/use-case';
import { draftInvoice } from './draft-invoice';
import { editDraft } from './edit-draft';
import { sendInvoicePdf } from './invoice-pdf';
import { issueInvoice } from './issue-invoice';
import { recordPayment } from './record-payment';
import { requestInvoices } from './request-invoices';
import * as store from './store';

const INVOICING = { permission: 'facturacion' } as const;
const BASE = '/facturacion/api/v1';

export default async function invoiceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { id: number } }>(
    `${BASE}/get/:id`,
    { config: INVOICING, schema: { params: idParamsSchema, response: { 200: dataOf(invoiceDetailSchema) } } },
    async (request) => ({ data: await store.readInvoiceDetail(db, request.params.id) }),
  );

  app.get<{ Params: { id: number }; Querystring: InvoicePdfQuery }>(
    `${BASE}/facturas/:id/pdf`,
    { config: { ...INVOICING, answers: { download: ['application/pdf'] } }, schema: { params: idParamsSchema, querystring: invoicePdfQuerySchema } },
    async (request, reply) => sendInvoicePdf(db, request, reply, request.params.id, request.query.idioma),
  );

  app.get<{ Querystring: InvoiceListQuery }>(
    `${BASE}/facturas`,
    { config: INVOICING, schema: { querystring: invoiceListQuerySchema, response: { 200: invoicePageSchema } } },
    async (request) => store.listInvoices(db, request.query),
  );

  app.post<{ Body: InvoiceDraftBody }>(
    `${BASE}/borradores`,
    { config: INVOICING, schema: { body: invoiceDraftBodySchema, response: { 201: dataOf(invoiceDetailSchema) } } },
    async (request, reply) => perform(db, request, reply, draftInvoice, request.body),
  );

  app.patch<{ Params: { id: number }; Body: InvoicePatchBody }>(
    `${BASE}/facturas/:id`,
    { config: INVOICING, schema: { params: idParamsSchema, body: invoicePatchBodySchema, response: { 200: dataOf(invoiceSchema) } } },
    async (request, reply) => perform(db, request, reply, editDraft, { id: request.params.id, ...request.body }),
  );

  app.post<{ Body: InvoiceBatchBody }>(
    `${BASE}/procesar`,
    { config: INVOICING, schema: { body: invoiceBatchBodySchema, response: { 200: dataListOf(invoiceSchema) } } },
    async (request, reply) => perform(db, request, reply, requestInvoices, { ids: request.body.Facturas }),
  );

  app.post<{ Params: { id: number }; Body: InvoiceIssueBody }>(
    `${BASE}/facturas/:id/emitir`,
    { config: INVOICING, schema: { params: idParamsSchema, body: invoiceIssueBodySchema, response: { 200: dataOf(invoiceSchema) } } },
    async (request, reply) => perform(db, request, reply, issueInvoice, { id: request.params.id, issue: request.body }),
  );

  app.post<{ Params: { id: number }; Body: PaymentBody }>(
    `${BASE}/facturas/:id/pagos`,
    { config: INVOICING, schema: { params: idParamsSchema, body: paymentBodySchema, response: { 201: dataOf(invoiceDetailSchema) } } },
    async (request, reply) => perform(db, request, reply, recordPayment, { id: request.params.id, payment: request.body }),
  );
}
