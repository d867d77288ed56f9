import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { defaultCashFlowRange } from '../schemas/accounting.schema';
import { addDays, businessToday } from '../schemas/date.schema';
import { callApi, createAccount, uploadPdf } from './support/api';
import { demoContracts, demoMarketMonths, guatemalanEnergyContract, type DemoContract } from './support/demo-settlements';
import { ACCOUNTS, expect, test, type Account, type App } from './support/fixtures';
import { exactly, LANGS, type Lang } from './support/messages';
import { amountText, cents, centsShown, decimalOf, moneyText, percentOf, typedDecimal } from './support/money';
import { tick } from './support/grid';

// The money chain as the back office works it: a month's final settlement, computed
// by an analyst and validated by the supervisor, is drafted into an invoice from its page and
// edited; the analyst requests it with another draft (confirmed), the supervisor issues it with
// its two documents (four eyes) and records a partial payment (an overpayment is refused); the
// accountant (the admin, who alone has the `contabilidad` view key) records the rest, and finds
// it in the receivable account statement and, once paid, no longer among the cash flow's
// expected receipts. Setup (the settlement) goes through the API; the rest through the pages.

// The screens as the back office sees them on a laptop (the screenshots stay in the output folder).
test.use({ viewport: { width: 1440, height: 900 } });

/** An invoice as the API answers it: the figures a user checks on the pages. */
interface InvoiceRead {
  id: number;
  estado: string;
  version: number;
  subtotal: string;
  descuento_pct: string;
  total: string;
  pagado: string;
  tasa_iva: string;
  moneda: string;
  numero: string | null;
  fecha_vencimiento: string | null;
  contrato_codigo: string;
  anio: number;
  mes: number;
  pagos: unknown[];
}

/** A calendar day as the product writes it (dd/mm/yyyy in both languages). */
const shownDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The Guatemalan sale and month this run invoices: a withdrawal contract (R: we sell, so the
 * invoice is receivable) of the demo, not the settlements spec's, with nothing settled yet in
 * the month; the last complete month first, then the two before it (the demo has their market
 * data too). Each language takes every other contract, so the two projects never settle the
 * same one even on one server, and a rerun takes the next. Contracts for difference are left
 * out: their final settlement may owe the counterpart, which drafts a credit note rather than
 * an invoice.
 */
async function saleToInvoice(page: Page, lang: Lang): Promise<{ contract: DemoContract; month: { anio: number; mes: number } }> {
  const theSettlementsSpecs = await guatemalanEnergyContract(page);
  const sales = (await demoContracts(page))
    .filter((row) => row.sucursal === 'GT' && row.tipo_transaccion === 'R' && row.tipo_contrato !== 'CFD' && row.id !== theSettlementsSpecs.id)
    .sort((a, b) => a.id - b.id)
    .filter((_, index) => index % LANGS.length === LANGS.indexOf(lang));
  for (const month of demoMarketMonths()) {
    for (const contract of sales) {
      const settled = await callApi(page, 'GET', `/liquidacion/api/v3/liquidaciones?contrato_id=${contract.id}&anio=${month.anio}&mes=${month.mes}`);
      expect(settled.status).toBe(200);
      if (settled.body.total === 0) return { contract, month };
    }
  }
  throw new Error(`no demo sale contract left to settle for ${lang}: a fresh server has them`);
}

async function readInvoice(page: Page, id: number): Promise<InvoiceRead> {
  const answer = await callApi(page, 'GET', `/facturacion/api/v1/get/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.data as unknown as InvoiceRead;
}

/** A field of the invoice page's forms by its label (a required one carries a mark). */
function field(app: App, scope: Page | Locator, key: string): Locator {
  return scope.getByLabel(new RegExp(`^\\s*${app.t(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`));
}

function button(app: App, scope: Page | Locator, key: string, params?: Record<string, string>): Locator {
  return scope.getByRole('button', { name: exactly(app.t(key, params)) });
}

/** The invoice as a document (what is printed) and its table of payments. */
function documentOf(app: App, page: Page) {
  const article = page.getByRole('article');
  return { article, payments: article.getByRole('table', { name: exactly(app.t('invoicing.document.payments.title')) }) };
}

/** The document's status, beside its label, reads `state`. */
async function expectState(app: App, page: Page, state: string) {
  const status = documentOf(app, page).article.getByText(exactly(app.t('invoicing.document.fields.estado'))).locator('xpath=..');
  await expect(status).toHaveText(new RegExp(`${app.t(`invoicing.states.${state}`)}$`));
}

/** The line of an amounts block that reads `label` then `value`. */
function amountLine(scope: Locator, label: string, value: string): Locator {
  return scope.getByText(exactly(value)).locator('xpath=..').filter({ hasText: label });
}

/** Confirms the open question with its `confirmKey` button. */
async function confirm(app: App, page: Page, confirmKey: string, params?: Record<string, string>) {
  await button(app, page.getByRole('alertdialog'), confirmKey, params).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/**
 * The movements of the statement's grid in their order, each cell's text by column, once the
 * grid shows the document numbered `numero`. Every row must be drawn (a company's account of a
 * few dozen movements fits the grid's height), so a gap would fail rather than go unseen.
 */
async function statementMovements(page: Page, numero: string): Promise<Array<{ cells: Record<string, string> }>> {
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('gridcell', { name: exactly(numero) }).first()).toBeVisible();
  const count = Number(await grid.getAttribute('aria-rowcount')) - 1;
  // The centre rows (the company is pinned in rows of its own), with their place in the grid.
  const rows = grid.locator('[role="row"][row-index]').filter({ has: page.locator('[col-id="saldo"]') });
  await expect(rows).toHaveCount(count);
  const read = await rows.evaluateAll((elements) =>
    elements.map((element) => ({
      index: Number(element.getAttribute('row-index')),
      cells: Object.fromEntries([...element.querySelectorAll('[col-id]')].map((cell) => [cell.getAttribute('col-id'), (cell.textContent ?? '').trim()])),
    })),
  );
  read.sort((a, b) => a.index - b.index);
  expect(read.map((row) => row.index)).toEqual([...Array(count).keys()]);
  return read;
}

/** The cash flow's workbook of `desde`..`hasta` as the page downloads it: every cell's value per row of its Items sheet. */
async function cashFlowItems(app: App, page: Page, desde: string, hasta: string): Promise<unknown[][]> {
  await app.open(`/contabilidad/flujo-caja/?desde=${desde}&hasta=${hasta}&moneda=USD`);
  await expect(page.getByRole('heading', { name: exactly(app.t('accounting.cashFlow.branchTitle')) })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await button(app, page, 'accounting.cashFlow.download').click();
  const download = await downloading;
  // Named in the page's language, as the invoice PDF is.
  expect(download.suggestedFilename()).toBe(`${app.t('accounting.excel.cashFlowFileName', { from: desde, to: hasta })}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(app.t('accounting.excel.itemsSheet'));
  expect(sheet).toBeDefined();
  const rows: unknown[][] = [];
  let titleRow = 0;
  sheet!.eachRow((row, number) => {
    rows.push((row.values as unknown[]).slice(1));
    if (row.getCell(1).value === app.t('accounting.excel.dueDate')) titleRow = number;
  });
  // Its due dates are Excel dates shown dd/mm/yyyy (spec section 9), not text.
  expect(titleRow).toBeGreaterThan(0);
  for (let number = titleRow + 1; number <= sheet!.rowCount; number += 1) {
    const cell = sheet!.getRow(number).getCell(1);
    expect(cell.value, `row ${number}`).toBeInstanceOf(Date);
    expect(cell.numFmt, `row ${number}`).toBe('dd/mm/yyyy');
  }
  return rows;
}

/** A small valid PDF (cross-reference offsets right), as the physical-energy invoice. */
function pdfDocument(name: string, text: string) {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** A small e-invoice XML, as the flex-energy invoice. */
function xmlDocument(name: string, numero: string, total: string) {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<factura numero="${numero}" moneda="USD"><total>${total}</total></factura>\n`;
  return { name, mimeType: 'application/xml', buffer: Buffer.from(body, 'utf8') };
}

test('invoicing: a validated month drafted, edited, requested in a batch, issued by another user, paid in two parts, then in the account statement and out of the cash flow', async ({ app, page, lang }) => {
  test.setTimeout(360_000);
  const stamp = String(Date.now()).slice(-8);
  // The company's today (Guatemala), the day the server dates invoices and payments by.
  const today = businessToday();
  const money = (value: bigint) => moneyText(lang, value, 'USD');
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

  // A fresh analyst of the demo's analyst role (the demo analyst's password belongs to the
  // forgot-password spec, on this same server): prepares settlements and invoices, validates nothing.
  const analyst = await createAccount(app, page, 'facturador', {
    role: 'Analista GT',
    views: ['relaciones', 'liquidaciones', 'facturacion'],
    nombre: 'Inés',
    primer_apellido: 'Facturadora',
    cargo: 'Analista',
  });
  const supervisor: Account = ACCOUNTS.supervisor;

  // Setup through the API: the analyst computes the month's final settlement, the supervisor validates it.
  await app.signIn(analyst);
  const { contract, month } = await saleToInvoice(page, lang);
  const monthShown = `${String(month.mes).padStart(2, '0')}/${month.anio}`;
  const computed = await callApi(page, 'POST', '/liquidacion/api/v3/liquidaciones', { contrato_id: contract.id, anio: month.anio, mes: month.mes, version: 'DF' });
  expect(computed.status).toBe(201);
  const settlement = computed.body.data as { id: number; version: number; factura: string };
  expect(cents(settlement.factura)).toBeGreaterThan(0n);
  await app.signOut(analyst);
  await app.signIn(supervisor);
  const validated = await callApi(page, 'POST', `/liquidacion/api/v3/liquidaciones/${settlement.id}/validar`, { version: settlement.version });
  expect(validated.status).toBe(200);
  await app.signOut(supervisor);

  // The analyst drafts the invoice from the validated settlement's page.
  await app.signIn(analyst);
  await app.open(`/liquidaciones/${settlement.id}`);
  await button(app, page, 'settlements.view.draftInvoice').click();
  await expect(page).toHaveURL(/\/facturacion\/\d+/);
  const id = Number(/\/facturacion\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByText(exactly(app.t('settlements.view.invoiceDrafted', { id: String(id) })))).toBeVisible();
  const reference = `#${id}`;
  const drafted = await readInvoice(page, id);
  const kind = app.t('invoicing.kinds.factura');
  await expect(page.getByRole('heading', { level: 3, name: exactly(app.t('invoicing.document.title', { kind, reference })) })).toBeVisible();
  await expect(page.getByText(exactly(app.t('invoicing.directions.cobrar')))).toBeVisible();
  await expectState(app, page, 'GUARDADO');
  // The subtotal is the settlement's invoice amount to the cent; the VAT of Guatemala, 12 %.
  const subtotal = cents(settlement.factura);
  expect(drafted.subtotal).toBe(settlement.factura);
  expect(drafted.tasa_iva).toBe('12');
  const invoiceDocument = documentOf(app, page).article;
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.subtotal'), money(subtotal))).toBeVisible();
  const draftedVat = percentOf(subtotal, '12');
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.total'), money(subtotal + draftedVat))).toBeVisible();

  // Editing the draft: bad input is refused beside its field, with no preview, and nothing is saved.
  await button(app, page, 'invoicing.view.edit').click();
  const editForm = page.getByRole('form', { name: exactly(app.t('invoicing.edit.title')) });
  const preview = editForm.getByRole('region', { name: exactly(app.t('invoicing.edit.preview')) });
  await expect(preview.getByText(exactly(money(subtotal + draftedVat)))).toBeVisible();
  await field(app, editForm, 'invoicing.edit.fields.descuento_pct').fill('150');
  await field(app, editForm, 'invoicing.edit.fields.ajuste').fill('doce');
  await expect(preview.getByText(exactly(app.t('invoicing.edit.previewUnavailable')))).toBeVisible();
  await button(app, editForm, 'common.save').click();
  const discountLabel = app.t('invoicing.edit.fields.descuento_pct');
  const adjustmentLabel = app.t('invoicing.edit.fields.ajuste');
  await expect(editForm.getByText(exactly(app.t('forms.errors.number', { field: adjustmentLabel, example: lang === 'es-ES' ? '1.234,5' : '1,234.5' })))).toBeVisible();
  await expect(editForm.getByText(exactly(app.t('forms.errors.decimalRange', { field: discountLabel, min: '0', max: '100', scale: '4' })))).toBeVisible();
  await shot('draft-bad-input');
  const untouched = await readInvoice(page, id);
  expect([untouched.version, untouched.descuento_pct, untouched.total]).toEqual([drafted.version, drafted.descuento_pct, drafted.total]);

  // Good values: the preview follows what is typed, to the cent, and the document keeps it once saved.
  const descripcion = `Energía y potencia de ${monthShown}, contrato ${contract.codigo_contraparte} (prueba ${stamp})`;
  const adjustment = cents('-150.25');
  const discount = percentOf(subtotal, '2.5');
  const base = subtotal - discount + adjustment;
  const vat = percentOf(base, '12');
  const total = base + vat;
  await field(app, editForm, 'invoicing.edit.fields.descripcion').fill(descripcion);
  await field(app, editForm, 'invoicing.edit.fields.descuento_pct').fill(typedDecimal(lang, '2.5'));
  await field(app, editForm, 'invoicing.edit.fields.ajuste').fill(typedDecimal(lang, '-150.25'));
  for (const value of [discount, base, vat, total]) await expect(preview.getByText(exactly(money(value)))).toBeVisible();
  await shot('draft-preview');
  await button(app, editForm, 'common.save').click();
  await expect(page.getByText(exactly(app.t('invoicing.edit.saved')))).toBeVisible();
  await expect(editForm).toHaveCount(0);
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.descuento_pct'), lang === 'es-ES' ? '2,5\u00a0%' : '2.5%')).toBeVisible();
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.descuento'), money(discount))).toBeVisible();
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.ajuste'), money(adjustment))).toBeVisible();
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.total'), money(total))).toBeVisible();
  await expect(page.getByText(exactly(descripcion))).toBeVisible();

  // A batch from the list of drafts: this one and another draft of the demo, when it has one left.
  await app.open('/facturacion?estado=GUARDADO');
  const chooseRow = (invoice: Pick<InvoiceRead, 'id' | 'contrato_codigo' | 'anio' | 'mes'>) =>
    page.getByRole('checkbox', {
      name: exactly(app.t('invoicing.list.chooseRow', { reference: `#${invoice.id}`, contract: invoice.contrato_codigo, month: `${String(invoice.mes).padStart(2, '0')}/${invoice.anio}` })),
    });
  await expect(chooseRow(drafted)).toBeVisible();
  const drafts = (await callApi(page, 'GET', '/facturacion/api/v1/facturas?estado=GUARDADO&por_pagina=50')).body.data as unknown as InvoiceRead[];
  const others = drafts.filter((invoice) => invoice.id !== id);
  // Each language takes its own end of the list, should both projects ever share one server.
  const other = lang === 'es-ES' ? others[0] : others.at(-1);
  const batch = [drafted, ...(other ? [other] : [])];
  for (const invoice of batch) await tick(chooseRow(invoice));
  const n = String(batch.length);
  await expect(page.getByText(exactly(app.t('invoicing.list.chosenCount', { n, total: String(drafts.length) })))).toBeVisible();
  await button(app, page, 'invoicing.list.request', { n }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(app.t('invoicing.list.requestTitle'));
  await expect(question).toContainText(app.t('invoicing.list.requestText', { count: batch.length }));
  await shot('batch-question');
  await confirm(app, page, 'invoicing.list.requestConfirm');
  await expect(page.getByText(exactly(app.t('invoicing.list.requested', { n })))).toBeVisible();
  await expect(chooseRow(drafted)).toHaveCount(0);
  // Both are requested now: the list of requested invoices shows them, each with its status.
  await app.open('/facturacion?estado=SOLICITADO');
  for (const invoice of batch) {
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: exactly(`#${invoice.id}`) }) });
    await expect(row).toContainText(app.t('invoicing.states.SOLICITADO'));
  }
  await shot('batch-requested');

  // Who requested it is not offered issuing it, and the server refuses them.
  await app.open(`/facturacion/${id}`);
  await expectState(app, page, 'SOLICITADO');
  await expect(page.getByText(app.t('invoicing.view.requestedBy', { byAt: `${analyst.email} · ` }).trim())).toBeVisible();
  await expect(button(app, page, 'invoicing.view.issue')).toHaveCount(0);
  await expect(button(app, page, 'invoicing.view.edit')).toHaveCount(0);
  const refused = await callApi(page, 'POST', `/facturacion/api/v1/facturas/${id}/emitir`, {
    numero: `FEL-${stamp}`,
    fecha: today,
    archivo_fisica: await uploadPdf(page, 'fisica.pdf'),
    archivo_flex: await uploadPdf(page, 'flex.pdf'),
  });
  expect(refused.status).toBe(403);
  expect((await readInvoice(page, id)).estado).toBe('SOLICITADO');
  await app.signOut(analyst);

  // The supervisor issues it: number, date, and both documents (a PDF and an XML).
  await app.signIn(supervisor);
  await app.open(`/facturacion/${id}`);
  await button(app, page, 'invoicing.view.issue').click();
  const issueForm = page.getByRole('form', { name: exactly(app.t('invoicing.issue.title')) });
  const numero = `FEL-${lang.slice(0, 2).toUpperCase()}-${stamp}`;
  await field(app, issueForm, 'invoicing.issue.fields.numero').fill(numero);
  // Dated after today (four years ahead was once accepted and locked): refused beside the date, nothing sent.
  const issueDate = field(app, issueForm, 'invoicing.issue.fields.fecha');
  await issueDate.fill(shownDate(addDays(today, 1)));
  await button(app, issueForm, 'invoicing.issue.submit').click();
  await expect(issueForm.getByText(exactly(app.t('invoicing.dates.dateInFuture', { field: app.t('invoicing.issue.fields.fecha') })))).toBeVisible();
  await shot('issue-date-in-future');
  expect((await readInvoice(page, id)).estado).toBe('SOLICITADO');
  await issueDate.fill(shownDate(today));
  await field(app, issueForm, 'invoicing.issue.fields.archivo_fisica').setInputFiles(pdfDocument(`${numero}-fisica.pdf`, `Factura ${numero}`));
  await expect(issueForm.getByText(exactly(app.t('files.uploaded', { name: `${numero}-fisica.pdf` })))).toBeVisible();
  await field(app, issueForm, 'invoicing.issue.fields.archivo_flex').setInputFiles(xmlDocument(`${numero}-flex.xml`, numero, decimalOf(total)));
  await expect(issueForm.getByText(exactly(app.t('files.uploaded', { name: `${numero}-flex.xml` })))).toBeVisible();
  await shot('issue-form');
  await button(app, issueForm, 'invoicing.issue.submit').click();
  await expect(page.getByText(exactly(app.t('invoicing.issue.saved')))).toBeVisible();
  await expectState(app, page, 'FACTURADO');
  const issued = await readInvoice(page, id);
  expect(issued.numero).toBe(numero);
  await expect(page.getByRole('heading', { level: 3, name: exactly(app.t('invoicing.document.title', { kind, reference: numero })) })).toBeVisible();
  await expect(page.getByText(exactly(app.t('invoicing.document.issuedOn', { date: shownDate(today) })))).toBeVisible();
  await expect(page.getByText(exactly(app.t('invoicing.document.dueOn', { date: shownDate(issued.fecha_vencimiento!) })))).toBeVisible();
  await expect(page.getByText(app.t('invoicing.view.issuedBy', { byAt: `${supervisor.email} · ` }).trim())).toBeVisible();

  // A partial payment: the form offers what is owed; a part of it is recorded and the invoice stays issued.
  const partial = percentOf(total, '40');
  const owed = total - partial;
  await button(app, page, 'invoicing.view.pay').click();
  let payForm = page.getByRole('form', { name: exactly(app.t('invoicing.payment.title')) });
  await expect(field(app, payForm, 'invoicing.payment.fields.monto')).toHaveValue(amountText(lang, total));
  // A payment of 0, or dated before the invoice was issued, is refused beside its field.
  const amountLabel = app.t('invoicing.payment.fields.monto');
  await field(app, payForm, 'invoicing.payment.fields.monto').fill('0');
  await field(app, payForm, 'invoicing.payment.fields.fecha').fill(shownDate(addDays(today, -1)));
  await field(app, payForm, 'invoicing.payment.fields.referencia').fill(`TRF-${stamp}-1`);
  await button(app, payForm, 'invoicing.payment.submit').click();
  await expect(payForm.getByText(new RegExp(`^${amountLabel}: `))).toHaveText(
    app.t('forms.errors.decimalPositive', { field: amountLabel, max: lang === 'es-ES' ? '999.999.999.999,99' : '999,999,999,999.99', scale: '2' }),
  );
  await expect(payForm.getByText(exactly(app.t('invoicing.dates.paymentBeforeIssue', { field: app.t('invoicing.payment.fields.fecha') })))).toBeVisible();
  await shot('payment-refused');
  expect((await readInvoice(page, id)).pagos).toHaveLength(0);
  await field(app, payForm, 'invoicing.payment.fields.fecha').fill(shownDate(today));
  await field(app, payForm, 'invoicing.payment.fields.monto').fill(amountText(lang, partial));
  await button(app, payForm, 'invoicing.payment.submit').click();
  await expect(page.getByText(exactly(app.t('invoicing.payment.saved')))).toBeVisible();
  const { payments } = documentOf(app, page);
  await expect(payments.getByRole('row')).toHaveCount(2);
  await expect(payments.getByRole('row').nth(1)).toContainText(`TRF-${stamp}-1`);
  await expect(payments.getByRole('row').nth(1)).toContainText(money(partial));
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.pagado'), money(partial))).toBeVisible();
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.saldo'), money(owed))).toBeVisible();
  await expectState(app, page, 'FACTURADO');

  // More than is owed is refused with the translated reason, and nothing is recorded.
  await button(app, page, 'invoicing.view.pay').click();
  payForm = page.getByRole('form', { name: exactly(app.t('invoicing.payment.title')) });
  await expect(field(app, payForm, 'invoicing.payment.fields.monto')).toHaveValue(amountText(lang, owed));
  await field(app, payForm, 'invoicing.payment.fields.monto').fill(amountText(lang, owed + 1n));
  await field(app, payForm, 'invoicing.payment.fields.referencia').fill(`TRF-${stamp}-X`);
  await button(app, payForm, 'invoicing.payment.submit').click();
  await expect(payForm.getByText(app.t('errors.APP_ERR_INVOICE_OVERPAYMENT'))).toBeVisible();
  await shot('overpayment-refused');
  await expect(payments.getByRole('row')).toHaveCount(2);
  const afterRefusal = await readInvoice(page, id);
  expect([afterRefusal.pagado, afterRefusal.pagos.length, afterRefusal.estado]).toEqual([decimalOf(partial), 1, 'FACTURADO']);
  await button(app, payForm, 'common.cancel').click();
  await confirm(app, page, 'forms.discard.confirm');
  await expect(payForm).toHaveCount(0);
  await app.signOut(supervisor);

  // The accountant: while partly paid, the cash flow expects what is still owed on its due date.
  await app.signIn(ACCOUNTS.admin);
  const dueDate = issued.fecha_vencimiento!;
  const itemOf = (rows: unknown[][]) => rows.find((row) => row.includes(numero));
  const expected = itemOf(await cashFlowItems(app, page, today, dueDate));
  expect(expected).toBeDefined();
  expect(expected).toContain(Number(decimalOf(owed)));

  // The final payment, of what is owed as the form offers it, reconciles the invoice.
  await app.open(`/facturacion/${id}`);
  await button(app, page, 'invoicing.view.pay').click();
  payForm = page.getByRole('form', { name: exactly(app.t('invoicing.payment.title')) });
  await expect(field(app, payForm, 'invoicing.payment.fields.monto')).toHaveValue(amountText(lang, owed));
  await field(app, payForm, 'invoicing.payment.fields.referencia').fill(`TRF-${stamp}-2`);
  await button(app, payForm, 'invoicing.payment.submit').click();
  await expect(page.getByText(exactly(app.t('invoicing.payment.saved')))).toBeVisible();
  await expectState(app, page, 'CONCILIADO');
  await expect(payments.getByRole('row')).toHaveCount(3);
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.pagado'), money(total))).toBeVisible();
  await expect(amountLine(invoiceDocument, app.t('invoicing.document.fields.saldo'), money(0n))).toBeVisible();
  await expect(button(app, page, 'invoicing.view.pay')).toHaveCount(0);
  // The document's amounts and payments, as the page shows them scrolled down.
  await payments.scrollIntoViewIfNeeded();
  await shot('reconciled');

  // The receivable statement of the company in dollars: the invoice and its two receipts among
  // the account's movements, each balance the one before plus the debit less the credit, the
  // last one what the ageing says the company owes.
  await app.open(`/contabilidad/estados-cuenta/?tipo=cobrar&empresa_id=${contract.empresa_id}&moneda=USD`);
  const movements = await statementMovements(page, numero);
  const ours = movements.filter((row) => row.cells.numero === numero);
  expect(ours.map((row) => [row.cells.concepto, row.cells.cargo, row.cells.abono, row.cells.referencia])).toEqual([
    [app.t('accounting.movements.factura'), money(total), '', ''],
    [app.t('accounting.movements.pago'), '', money(partial), `TRF-${stamp}-1`],
    [app.t('accounting.movements.pago'), '', money(owed), `TRF-${stamp}-2`],
  ]);
  expect(ours[0]!.cells.fecha_vencimiento).toBe(shownDate(dueDate));
  let balance = 0n;
  for (const row of movements) {
    balance += (row.cells.cargo ? centsShown(row.cells.cargo) : 0n) - (row.cells.abono ? centsShown(row.cells.abono) : 0n);
    expect(row.cells.saldo, `the balance after ${row.cells.concepto} ${row.cells.numero} of ${row.cells.fecha}`).toBe(money(balance));
  }
  const ageing = page.getByRole('table', { name: exactly(app.t('accounting.statement.ageingTitle')) });
  await expect(ageing.getByRole('row').filter({ hasText: contract.empresa_razon_social }).getByRole('cell').last()).toHaveText(money(balance));
  await shot('statement');
  // Searching its number leaves the invoice and its receipts.
  await page.getByRole('searchbox', { name: exactly(app.t('accounting.statement.search')) }).fill(numero);
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', '4');

  // Paid in full, it is no longer an expected receipt: the cash flow lists only what is still open.
  expect(itemOf(await cashFlowItems(app, page, today, dueDate))).toBeUndefined();
  await shot('cash-flow');
});

test('the demo opens on figures: the settlements report on its newest settled month, the cash flow with receipts and payments due in its default window', async ({ app, page, lang }) => {
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  await app.signIn(ACCOUNTS.admin);

  // Reporte Liquidaciones, from the menu's address (no month): the newest month with settlements, in the URL.
  const months = await callApi(page, 'GET', '/liquidacion/api/v3/reporte/meses');
  expect(months.status).toBe(200);
  const [newest] = months.body.data as unknown as Array<{ anio: number; mes: number }>;
  expect(newest).toBeDefined();
  await app.open('/liquidacion');
  await expect(page).toHaveURL(new RegExp(`[?&]anio=${newest!.anio}&mes=${newest!.mes}(&|$)`));
  await expect(page.getByRole('gridcell').first()).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await shot('report-newest-month');

  // The cash flow's default window (today to 90 days on, in dollars): weeks with receipts and with payments.
  await app.open('/contabilidad/flujo-caja/');
  const weeks = page.getByRole('table', { name: exactly(app.t('accounting.cashFlow.weeklyTitle')) });
  await expect(weeks).toBeVisible();
  const range = defaultCashFlowRange(businessToday());
  await expect(page.getByLabel(exactly(app.t('accounting.cashFlow.from')))).toHaveValue(shownDate(range.desde));
  const zero = moneyText(lang, 0n, 'USD');
  const rows = await weeks.locator('tbody tr').evaluateAll((elements) => elements.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())));
  // Columns: week, Monday, receipts, payments, net, accumulated.
  expect(rows.some((cells) => cells[2] !== zero), 'a week with receipts').toBe(true);
  expect(rows.some((cells) => cells[3] !== zero), 'a week with payments').toBe(true);
  await shot('cash-flow-default-window');
});
