// Invoicing (docs/invoicing.md, docs/api-invoicing.md): one invoice with its lines and payments,
// the same as a PDF to download, the filtered list with its totals, drafting from a validated settlement, editing a draft, and
// the lifecycle's commands the server decides with the shared machine: requesting a batch (all
// or nothing), issuing (four eyes, Settlements `validate` in the invoice's country) and
// recording payments. Every route needs the `facturacion` view key; every command locks the
// invoice, asks `invoiceTransition`, and writes with its audit row in one transaction.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invoiceAmounts, isTotalNonNegative } from '../../machines/invoicing/invoice-amounts';
import { INVOICE_REFUSALS, issueDateProblem, paymentDateProblem, type InvoiceUser } from '../../machines/invoicing/invoice-rules';
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
import { businessToday } from '../../schemas/date.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import { mayPerform } from '../authz/authorize';
import type { Db } from '../db/client';
import { assertVersion, mutate } from '../db/versioned';
import { AppErrors, invalidRequest, withDetails } from '../errors/catalogue';
import { sendGeneratedFile } from '../files/download';
import { hasPermission } from '../plugins/auth';
import { draftInvoice } from './drafts';
import { invoicePdfFileName, writeInvoicePdf } from './invoice-pdf';
import { assertInvoiceDate, assertInvoiceTransition } from './rules';
import * as store from './store';

const INVOICING = { permission: 'facturacion' } as const;
/** Issuing makes the money final as validating a settlement does: the same grant (docs/invoicing.md). */
const ISSUE_ACTION = { page: 'Settlements', action: 'validate' } as const;

const BASE = '/facturacion/api/v1';

/** The signed-in caller (the auth plugin refused the request otherwise). */
function callerOf(request: FastifyRequest) {
  if (!request.user) throw new AppErrors.authUnauthenticated();
  return request.user;
}

/** The caller as the invoice machine sees them, for a document of country `pais`: roles act in their own country. */
function invoiceUserOf(request: FastifyRequest, pais: string): InvoiceUser {
  const user = callerOf(request);
  return { email: user.email, mayInvoice: hasPermission(user, 'facturacion'), mayIssue: mayPerform(user, request.role, ISSUE_ACTION, pais) };
}

export default async function invoiceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { id: number } }>(
    `${BASE}/get/:id`,
    { config: INVOICING, schema: { params: idParamsSchema, response: { 200: dataOf(invoiceDetailSchema) } } },
    async (request) => ({ data: await store.readInvoiceDetail(db, request.params.id) }),
  );

  app.get<{ Params: { id: number }; Querystring: InvoicePdfQuery }>(
    `${BASE}/facturas/:id/pdf`,
    { config: INVOICING, schema: { params: idParamsSchema, querystring: invoicePdfQuerySchema } },
    async (request, reply) => {
      const idioma = request.query.idioma ?? 'es-ES';
      // Read whole before the first byte: a missing invoice is still a 404, not half a file.
      const invoice = await store.readInvoiceDetail(db, request.params.id);
      return sendGeneratedFile(request, reply, { name: invoicePdfFileName(invoice, idioma), type: 'application/pdf' }, (out) => writeInvoicePdf(out, invoice, idioma));
    },
  );

  app.get<{ Querystring: InvoiceListQuery }>(
    `${BASE}/facturas`,
    { config: INVOICING, schema: { querystring: invoiceListQuerySchema, response: { 200: invoicePageSchema } } },
    async (request) => store.listInvoices(db, request.query),
  );

  app.post<{ Body: InvoiceDraftBody }>(
    `${BASE}/borradores`,
    { config: INVOICING, schema: { body: invoiceDraftBodySchema, response: { 201: dataOf(invoiceDetailSchema) } } },
    async (request, reply) => {
      const user = callerOf(request);
      const drafted = await mutate(
        db,
        request,
        { action: 'invoice.draft', entity: 'invoice' },
        async (tx) => {
          const id = await draftInvoice(tx, request.body.liquidacion_id, user.email);
          return { id, before: null, after: await store.readInvoiceDetail(tx, id) };
        },
        // Two drafts of one settlement at once: the unique key lets one through.
        { unique: () => new AppErrors.invoiceExists() },
      );
      return reply.status(201).send({ data: drafted });
    },
  );

  app.patch<{ Params: { id: number }; Body: InvoicePatchBody }>(
    `${BASE}/facturas/:id`,
    { config: INVOICING, schema: { params: idParamsSchema, body: invoicePatchBodySchema, response: { 200: dataOf(invoiceSchema) } } },
    async (request) => {
      const { id } = request.params;
      const { version, descripcion, descuento_pct, ajuste } = request.body;
      const updated = await mutate(db, request, { action: 'invoice.update', entity: 'invoice' }, async (tx) => {
        const row = await store.lockInvoice(tx, id);
        // What the invoice is comes first: a requested one is locked whatever version was read.
        assertInvoiceTransition(store.invoiceFacts(row), { type: 'invoice.edit' }, invoiceUserOf(request, row.pais));
        assertVersion(row.version, version);
        const fields = { descuento_pct: descuento_pct ?? row.descuento_pct, ajuste: ajuste ?? row.ajuste };
        const amounts = invoiceAmounts({ subtotal: row.subtotal, tasa_iva: row.tasa_iva, ...fields });
        if (!isTotalNonNegative(amounts)) {
          throw invalidRequest([{ instancePath: '/ajuste', keyword: 'totalNonNegative', message: 'the adjustment may not take the total below 0' }]);
        }
        const before = await store.readInvoice(tx, id);
        const { descuento, iva, total } = amounts;
        const changes = { ...(descripcion === undefined ? {} : { descripcion: descripcion.trim() }), ...fields, descuento, iva, total };
        await store.updateDraft(tx, id, changes, callerOf(request).email);
        return { id, before, after: await store.readInvoice(tx, id) };
      });
      return { data: updated };
    },
  );

  app.post<{ Body: InvoiceBatchBody }>(
    `${BASE}/procesar`,
    { config: INVOICING, schema: { body: invoiceBatchBodySchema, response: { 200: dataListOf(invoiceSchema) } } },
    async (request) => {
      const ids = request.body.Facturas;
      const user = callerOf(request);
      const requested = await mutate(db, request, { action: 'invoice.request', entity: 'invoice' }, async (tx) => {
        const rows = await store.lockInvoices(tx, ids);
        // All or nothing: the first invoice the machine refuses refuses the batch, naming it.
        for (const row of rows) {
          const index = ids.indexOf(row.id);
          assertInvoiceTransition(store.invoiceFacts(row), { type: 'invoice.request' }, invoiceUserOf(request, row.pais), (error, code) =>
            withDetails(error, [{ instancePath: `/Facturas/${index}`, keyword: code, message: `invoice ${row.id} cannot be requested` }]),
          );
        }
        const before = await Promise.all(ids.map((id) => store.readInvoice(tx, id)));
        await store.requestInvoices(tx, ids, user.email);
        const after = await Promise.all(ids.map((id) => store.readInvoice(tx, id)));
        // One command, one audit row naming every invoice it requested.
        return { id: ids.join(','), before, after };
      });
      return { data: requested };
    },
  );

  app.post<{ Params: { id: number }; Body: InvoiceIssueBody }>(
    `${BASE}/facturas/:id/emitir`,
    { config: INVOICING, schema: { params: idParamsSchema, body: invoiceIssueBodySchema, response: { 200: dataOf(invoiceSchema) } } },
    async (request) => {
      const { id } = request.params;
      const issue = request.body;
      const issued = await mutate(
        db,
        request,
        { action: 'invoice.issue', entity: 'invoice' },
        async (tx) => {
          const row = await store.lockInvoice(tx, id);
          // A document is there when the files service holds it as a PDF or an XML.
          const documents = await store.invoiceDocumentKeys(tx, [issue.archivo_fisica, issue.archivo_flex]);
          const command = {
            type: 'invoice.issue',
            numero: issue.numero.trim() !== '',
            fecha: true,
            archivo_fisica: documents.has(issue.archivo_fisica),
            archivo_flex: documents.has(issue.archivo_flex),
          } as const;
          assertInvoiceTransition(store.invoiceFacts(row), command, invoiceUserOf(request, row.pais), (error, code) =>
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
          await store.issueInvoice(tx, id, issue, callerOf(request).email);
          return { id, before, after: await store.readInvoice(tx, id) };
        },
        {
          unique: () => withDetails(new AppErrors.invoiceNumberTaken(), [{ instancePath: '/numero', keyword: 'unique', message: 'another document has this number' }]),
          // The database's four-eyes check, should the requester's e-mail match another way than ours.
          check: () => new AppErrors.invoiceFourEyes(),
        },
      );
      return { data: issued };
    },
  );

  app.post<{ Params: { id: number }; Body: PaymentBody }>(
    `${BASE}/facturas/:id/pagos`,
    { config: INVOICING, schema: { params: idParamsSchema, body: paymentBodySchema, response: { 201: dataOf(invoiceDetailSchema) } } },
    async (request, reply) => {
      const { id } = request.params;
      const payment = request.body;
      const paid = await mutate(db, request, { action: 'invoice.pay', entity: 'invoice' }, async (tx) => {
        const row = await store.lockInvoice(tx, id);
        const estado = assertInvoiceTransition(
          store.invoiceFacts(row),
          { type: 'invoice.pay', monto: payment.monto, moneda: payment.moneda },
          invoiceUserOf(request, row.pais),
        );
        // Not before the document it pays was issued, not after today.
        assertInvoiceDate(paymentDateProblem(payment.fecha, row, businessToday()));
        const before = await store.readInvoiceDetail(tx, id);
        await store.recordPayment(tx, id, payment, estado, callerOf(request).email);
        return { id, before, after: await store.readInvoiceDetail(tx, id) };
      });
      return reply.status(201).send({ data: paid });
    },
  );
}
