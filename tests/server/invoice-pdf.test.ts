// @vitest-environment node
// The invoice as a PDF to download (GET /facturacion/api/v1/facturas/{id}/pdf): a real PDF with
// a file name that says what it is, the words of the language asked for and the figures in its
// notation, the plain mark of a document that is not issued (and none on an issued one), a long
// document flowing onto more pages, and the refusals (400, 401, 403, 404).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import type { InvoiceDetail } from '../../schemas/invoice.schema';
import { drawableText, writeInvoicePdf } from '../../server/invoicing/invoice-pdf';
import { expectError, useAdminWorld, type AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';
import { BASE, NO_KEY, NO_VALIDATE, draftedInvoice, ensurePeople, invoiceIn, pay, readInvoice, requestBatch } from './invoice-fixtures';
import { pdfLines, pdfPageCount } from './support/pdf-text';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const pdfOf = (id: number | string, query = '', email = NO_VALIDATE) => w.as(email, { method: 'GET', url: `${BASE}/facturas/${id}/pdf${query}` });

/** The download's bytes, after checking it is a PDF attachment called `fileName`. */
async function download(id: number, query: string, fileName: string): Promise<string[]> {
  const response = await pdfOf(id, query);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfLines(response.rawPayload);
}

/** Whether every one of `texts` is a line of `lines`, in this order. */
function inOrder(lines: string[], texts: Array<string | undefined>): boolean {
  const at = texts.map((text) => (text === undefined ? -1 : lines.indexOf(text)));
  return at.every((index, order) => index >= 0 && (order === 0 || index > at[order - 1]!));
}

/** What a GT invoice of the two fixture rows (February 2025, 12 % VAT) reads: in Spanish, then in English. */
const READS = {
  kind: ['Factura', 'Invoice'],
  fileKind: ['factura', 'invoice'],
  draftMark: ['BORRADOR', 'DRAFT'],
  requestedMark: ['SOLICITADA', 'REQUESTED'],
  fileDraft: ['borrador', 'draft'],
  month: ['Febrero 2025', 'February 2025'],
  figures: [
    ['10.000,05 USD', '0\u00a0%', '0,00 USD', '0,00 USD', '1.200,01 USD', '11.200,06 USD'],
    ['USD 10,000.05', '0%', 'USD 0.00', 'USD 0.00', 'USD 1,200.01', 'USD 11,200.06'],
  ],
  lines: [
    ['Energía', '79', '87,3422 USD', '6.900,03 USD', 'Potencia', '2.100,00 USD', 'Fee', '500,00 USD', 'Cargos MMi', '250,02 USD', 'Cargos MMr', '250,00 USD'],
    ['Energy', '79', 'USD 87.3422', 'USD 6,900.03', 'Power', 'USD 2,100.00', 'Fee', 'USD 500.00', 'MMi charges', 'USD 250.02', 'MMr charges', 'USD 250.00'],
  ],
  issuer: ['EMISOR', 'ISSUER'],
  recipient: ['RECEPTOR', 'RECIPIENT'],
  branch: ['EPWM, sucursal de Guatemala', 'EPWM, Guatemala branch'],
  words: [
    ['País del IVA: Guatemala', 'Estado: Guardada', 'Subtotal', 'Descuento %', 'Ajuste', 'IVA (12\u00a0%)', 'Total', 'Página 1 de 1'],
    ['VAT country: Guatemala', 'Status: Saved', 'Subtotal', 'Discount %', 'Adjustment', 'VAT (12%)', 'Total', 'Page 1 of 1'],
  ],
} satisfies Record<string, [es: string | string[], en: string | string[]]>;

/** One language's side of READS. */
function readsIn(side: 0 | 1) {
  return Object.fromEntries(Object.entries(READS).map(([key, pair]) => [key, pair[side]])) as { [Key in keyof typeof READS]: (typeof READS)[Key][number] };
}

/** Each language with its catalogue and what the invoice reads in it. */
const EXPECTED = {
  'es-ES': { catalogue: esES, ...readsIn(0) },
  'en-US': { catalogue: enUS, ...readsIn(1) },
};

describe('GET /facturacion/api/v1/facturas/{id}/pdf', () => {
  it.each(Object.entries(EXPECTED))('draws a draft in %s: its words, its figures in that notation, and the draft mark', async (language, expected) => {
    await ensurePeople(t, w);
    // A withdrawal contract: a sale, which our branch invoices to the company.
    const invoice = await draftedInvoice(t, w, { tipo_transaccion: 'R' });
    const fileName = `${expected.fileKind}-${expected.fileDraft}-${invoice.id}-${invoice.contrato_codigo}-2025-02.pdf`;
    const lines = await download(invoice.id, `?idioma=${language}`, fileName);
    expect(lines).toContain(`${expected.kind} #${invoice.id}`);
    expect(lines).toContain(expected.catalogue.invoicing.directions.cobrar);
    expect(inOrder(lines, [expected.issuer, expected.branch, expected.recipient, invoice.razon_social])).toBe(true);
    // Said plainly at the top and across every page.
    expect(lines.filter((line) => line === expected.draftMark)).toHaveLength(2);
    expect(lines).toContain(expected.catalogue.invoicing.pdf.notIssued);
    const fields = expected.catalogue.invoicing.document.fields;
    const particulars = [`${fields.nit}: ${invoice.nit}`, `${fields.direccion}: ${invoice.direccion}`, `${fields.incoterm}: DAP`];
    for (const text of [...expected.words, ...expected.figures, ...particulars, invoice.razon_social, invoice.contrato_codigo, expected.month]) {
      expect(lines, text).toContain(text);
    }
    // The lines in the document's order, each cell as drawn: concept, MWh, price per MWh, amount.
    const table = lines.slice(lines.indexOf(expected.catalogue.invoicing.document.lines.concepto));
    expect(table.slice(4, 4 + expected.lines.length)).toEqual(expected.lines);
    // The amounts in the page's order, each after its label.
    const subtotal = lines.indexOf('Subtotal');
    expect(lines.slice(subtotal, subtotal + 12).filter((_, index) => index % 2 === 1)).toEqual(expected.figures);
    expect(lines).toContain(`${expected.kind} #${invoice.id} · ${invoice.contrato_codigo} · ${expected.month}`);
  });

  it('draws in Spanish when no language is asked for', async () => {
    const invoice = await draftedInvoice(t, w);
    const lines = await download(invoice.id, '', `factura-borrador-${invoice.id}-${invoice.contrato_codigo}-2025-02.pdf`);
    expect(lines).toContain('11.200,06 USD');
    expect(lines).not.toContain('USD 11,200.06');
  });

  it.each(Object.entries(EXPECTED))('marks a requested document as not issued (%s)', async (language, expected) => {
    await ensurePeople(t, w);
    const invoice = await draftedInvoice(t, w);
    expect((await requestBatch(w, [invoice.id])).statusCode).toBe(200);
    const fileName = `${expected.fileKind}-${expected.requestedMark.toLowerCase()}-${invoice.id}-${invoice.contrato_codigo}-2025-02.pdf`;
    const lines = await download(invoice.id, `?idioma=${language}`, fileName);
    expect(lines.filter((line) => line === expected.requestedMark)).toHaveLength(2);
    expect(lines).toContain(expected.catalogue.invoicing.pdf.notIssued);
  });

  it.each(Object.entries(EXPECTED))('draws an issued invoice with its number, dates and payments, and no mark (%s)', async (language, expected) => {
    await ensurePeople(t, w);
    const issued = await invoiceIn(t, w, 'FACTURADO');
    expect((await pay(w, issued.id, '1000.00')).statusCode).toBe(201);
    const invoice = await readInvoice(w, issued.id);
    const lines = await download(invoice.id, `?idioma=${language}`, `${expected.fileKind}-${invoice.numero}-${invoice.contrato_codigo}-2025-02.pdf`);
    const words = expected.catalogue.invoicing;
    // An injection contract: a purchase, whose supplier (the company) invoices our branch.
    expect(lines).toContain(words.directions.pagar);
    expect(inOrder(lines, [expected.issuer, invoice.razon_social, expected.recipient, expected.branch])).toBe(true);
    expect(lines).toContain(`${expected.kind} ${invoice.numero}`);
    expect(lines).toContain(words.document.issuedOn.replace('{{date}}', '05/03/2025'));
    expect(lines).toContain(words.document.dueOn.replace('{{date}}', invoice.fecha_vencimiento!.split('-').reverse().join('/')));
    for (const text of [expected.draftMark, expected.requestedMark, words.pdf.notIssued]) expect(lines).not.toContain(text);
    const paid = language === 'es-ES' ? ['1.000,00 USD', '10.200,06 USD'] : ['USD 1,000.00', 'USD 10,200.06'];
    const payments = lines.slice(lines.indexOf(words.document.payments.title));
    expect(payments).toContain(invoice.pagos[0]!.referencia);
    expect(payments).toContain('01/04/2025');
    expect(payments.slice(-6, -2)).toEqual([words.document.fields.pagado, paid[0], words.document.fields.saldo, paid[1]]);
  });

  it('refuses a language it does not draw (400 with details), a missing invoice (404), no token (401) and a user without the facturacion key (403)', async () => {
    await ensurePeople(t, w);
    const invoice = await draftedInvoice(t, w);
    for (const query of ['?idioma=fr-FR', '?idioma=', '?lang=es-ES']) {
      const response = await pdfOf(invoice.id, query);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details.length, query).toBeGreaterThan(0);
    }
    expectError(await pdfOf('abc'), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await pdfOf(2_000_000), 404, 'APP_ERR_INVOICE_NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: `${BASE}/facturas/${invoice.id}/pdf` }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await pdfOf(invoice.id, '', NO_KEY), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('the drawing', () => {
  /** The PDF of `invoice` in `language`, as the route streams it. */
  async function drawn(invoice: InvoiceDetail, language: 'es-ES' | 'en-US'): Promise<Buffer> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeInvoicePdf(out, invoice, language);
    return Buffer.concat(chunks);
  }

  it('flows a long description and many payments onto further pages, each with its page number, the table titles repeated', async () => {
    await ensurePeople(t, w);
    const stored = await readInvoice(w, (await invoiceIn(t, w, 'FACTURADO')).id);
    const pagos = Array.from({ length: 60 }, (_, index) => ({
      id: index,
      factura_id: stored.id,
      fecha: '2025-04-01',
      monto: '10.00',
      moneda: 'USD' as const,
      referencia: `TRF-${index}`,
      registrado_por: null,
      registrado_en: '2025-04-01T12:00:00.000Z',
    }));
    const invoice = { ...stored, descripcion: 'Una descripción larga que ocupa muchas líneas. '.repeat(120), pagos };
    const pdf = await drawn(invoice, 'es-ES');
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    const lines = pdfLines(pdf);
    for (let page = 1; page <= pages; page += 1) expect(lines).toContain(`Página ${page} de ${pages}`);
    for (const payment of pagos) expect(lines).toContain(payment.referencia);
    // The payments' title row comes again at the top of the page they continue on.
    expect(lines.filter((line) => line === esES.invoicing.document.payments.referencia).length).toBeGreaterThan(1);
    // The description is all there, wrapped, not cut.
    expect(lines.filter((line) => line.includes('descripción larga')).length).toBeGreaterThan(20);
  });

  it('states the exchange rate of a peso document, and none on a dollar one at 1 where it would say nothing', async () => {
    await ensurePeople(t, w);
    const stored = await readInvoice(w, (await draftedInvoice(t, w)).id);
    // The label is drawn in capitals and may wrap: found by its start, the figure is the line after it.
    const label = esES.invoicing.document.fields.tipo_cambio.toLocaleUpperCase('es-ES').split(' (')[0]!;
    const rateOf = async (invoice: InvoiceDetail) => {
      const lines = pdfLines(await drawn(invoice, 'es-ES'));
      const at = lines.findIndex((line) => line.startsWith(label));
      return at < 0 ? null : (lines.slice(at + 1, at + 3).find((line) => /^\d/.test(line)) ?? '');
    };
    expect(await rateOf({ ...stored, moneda: 'USD', tipo_cambio: '1' })).toBeNull();
    expect(await rateOf({ ...stored, moneda: 'MXN', tipo_cambio: '20.5' })).toBe('20,5');
    // A peso document says its rate even where it is 1: the reader of an MXN invoice looks for it.
    expect(await rateOf({ ...stored, moneda: 'MXN', tipo_cambio: '1' })).toBe('1');
  });

  it('writes letters the standard fonts lack as their plain letter, or "?", and keeps every Spanish letter', () => {
    expect(drawableText('Peñasco Ñandú ¿Qué? «x» 1·2 – ő ✓ 電')).toBe('Peñasco Ñandú ¿Qué? «x» 1·2 – o ? ?');
    expect(drawableText('línea 1\r\nlínea\t2')).toBe('línea 1\nlínea 2');
  });
});
