// An invoice or note as a PDF to download (docs/invoicing.md, "The document"): the content of the
// printable page (src/features/invoicing/invoice-document.tsx) in its order, laid out as a sheet
// of A4: what it is and its status, its dates, who issues it and who receives it, the contract
// and month, the description, the lines, the amounts, and the payments. Every word comes from
// the catalogue of the language asked for and every figure is written in that language's
// notation (i18n/notation.ts, as the page writes it), from the decimal strings as stored. A
// document that is not issued says so on every page, so nobody sends it as the invoice.
import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import PDFDocument from 'pdfkit';
import rosetta from 'rosetta';
import { CATALOGUES } from '../../i18n/catalogues';
import { formatDate, formatDecimal, formatMoney, formatMonth, formatPercent, formatUnitPrice } from '../../i18n/notation';
import { showsExchangeRate } from '../../machines/invoicing/invoice-amounts';
import type { InvoiceDetail, InvoicePdfQuery } from '../../schemas/invoice.schema';
import type { Db } from '../db/client';
import { sendGeneratedFile } from '../files/download';
import { readInvoiceDetail } from './store';

/** A language the document is drawn in. */
type InvoicePdfLanguage = NonNullable<InvoicePdfQuery['idioma']>;

type Translate = (key: string, params?: Record<string, string>) => string;

const catalogue = rosetta<Record<string, unknown>>(CATALOGUES);

function translator(language: InvoicePdfLanguage): Translate {
  return (key, params) => {
    const text: unknown = catalogue.t(key, params, language);
    // A missing key shows as itself, as on screen, rather than as a gap.
    return typeof text === 'string' && text !== '' ? text : key;
  };
}

// The standard PDF fonts (Helvetica) write Windows-1252 (WinAnsi): Latin-1's letters (every
// Spanish one), the middle dot, and the dashes, quotes and signs of its 0x80-0x9F block. A
// character outside it would come out as a wrong glyph, so it loses its accent when that makes
// it one ("ő" -> "o") and is a "?" otherwise.
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const WIN_ANSI = new Set([
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, index) => String.fromCharCode(0xa0 + index)),
  ...WIN_ANSI_EXTRAS,
]);

/** `text` with only the characters the standard fonts can draw (line breaks kept, tabs as spaces). */
export function drawableText(text: string): string {
  return [...text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')]
    .map((char) => {
      if (char === '\n' || WIN_ANSI.has(char)) return char;
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return base !== '' && [...base].every((part) => WIN_ANSI.has(part)) ? base : '?';
    })
    .join('');
}

const A4_MARGINS = { top: 50, bottom: 64, left: 50, right: 50 };
const INK = '#1a202c';
const MUTED = '#5a6576';
const RULE = '#cbd5e0';
const ACCENT = '#1f3a5f';
const SHADE = '#eef2f7';
const WARNING = '#c53030';
const WARNING_SHADE = '#fff5f5';
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

type Doc = PDFKit.PDFDocument;

/** What every part of the drawing reads: the document, its words, its figures. */
interface Sheet {
  doc: Doc;
  t: Translate;
  invoice: InvoiceDetail;
  language: InvoicePdfLanguage;
  money: (value: string | null | undefined) => string;
  /** The mark a document that is not issued carries ("BORRADOR"), or null once issued. */
  mark: string | null;
  left: number;
  width: number;
}

const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` more points fit on this one. */
function ensureRoom(sheet: Sheet, height: number): void {
  if (sheet.doc.y + height > bottomOf(sheet.doc)) sheet.doc.addPage();
}

function rule(sheet: Sheet, y: number, color = RULE, x = sheet.left, width = sheet.width): void {
  sheet.doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.75).strokeColor(color).stroke();
}

/** A small upper-case label (a field's name) at x, y; answers the y below it. */
function label(sheet: Sheet, text: string, x: number, y: number, width: number): number {
  const { doc } = sheet;
  doc.font(BOLD).fontSize(7.5).fillColor(MUTED).text(text.toLocaleUpperCase(sheet.language), x, y, { width, characterSpacing: 0.4 });
  return doc.y;
}

/** The month of the document as the page names it ("Marzo 2026"). */
function monthOf(invoice: InvoiceDetail, language: InvoicePdfLanguage): string {
  return invoice.mes && invoice.anio ? formatMonth(invoice.anio, invoice.mes, language) : '';
}

/** How the document is called: its number once issued, its record id before (as on the page). */
const referenceOf = (invoice: InvoiceDetail) => invoice.numero ?? `#${invoice.id}`;

/** Title and what way the money goes on the left; status and dates on the right; a rule below. */
function drawHeading(sheet: Sheet): void {
  const { doc, t, invoice, left, width } = sheet;
  const top = doc.y;
  const leftWidth = width * 0.6;
  doc.font(BOLD).fontSize(20).fillColor(ACCENT);
  doc.text(drawableText(t('invoicing.document.title', { kind: t(`invoicing.kinds.${invoice.tipo_documento}`), reference: referenceOf(invoice) })), left, top, { width: leftWidth });
  doc.moveDown(0.2).font(REGULAR).fontSize(9).fillColor(MUTED).text(t(`invoicing.directions.${invoice.sentido}`), { width: leftWidth });
  const leftBottom = doc.y;

  const right = left + leftWidth;
  const rightWidth = width - leftWidth;
  doc.font(BOLD).fontSize(10).fillColor(INK);
  doc.text(`${t('invoicing.document.fields.estado')}: ${t(`invoicing.states.${invoice.estado}`)}`, right, top + 4, { width: rightWidth, align: 'right' });
  doc.font(REGULAR).fontSize(9.5);
  if (invoice.fecha_emision) doc.text(t('invoicing.document.issuedOn', { date: formatDate(invoice.fecha_emision) }), { width: rightWidth, align: 'right' });
  if (invoice.fecha_vencimiento) doc.text(t('invoicing.document.dueOn', { date: formatDate(invoice.fecha_vencimiento) }), { width: rightWidth, align: 'right' });
  const y = Math.max(leftBottom, doc.y) + 10;
  rule(sheet, y, ACCENT);
  doc.x = left;
  doc.y = y + 12;
}

/** The plain notice that a draft or a requested document is not an issued one. */
function drawNotIssued(sheet: Sheet, mark: string): void {
  const { doc, t, left, width } = sheet;
  const padding = 10;
  const inner = width - 2 * padding;
  const notice = t('invoicing.pdf.notIssued');
  doc.font(BOLD).fontSize(13);
  const markHeight = doc.heightOfString(mark, { width: inner });
  doc.font(REGULAR).fontSize(9);
  const height = padding + markHeight + 2 + doc.heightOfString(notice, { width: inner }) + padding;
  const top = doc.y;
  doc.rect(left, top, width, height).lineWidth(1).fillAndStroke(WARNING_SHADE, WARNING);
  doc.font(BOLD).fontSize(13).fillColor(WARNING).text(mark, left + padding, top + padding, { width: inner });
  doc.moveDown(0.15).font(REGULAR).fontSize(9).fillColor(INK).text(notice, { width: inner });
  doc.x = left;
  doc.y = top + height + 14;
}

interface Party {
  name: string;
  lines: string[];
}

/** One party's block at x: its role, its name, its particulars; answers the y below it. */
function drawParty(sheet: Sheet, role: string, party: Party, x: number, top: number, width: number): number {
  const { doc } = sheet;
  rule(sheet, top, ACCENT, x, width);
  const y = label(sheet, role, x, top + 6, width);
  doc.font(BOLD).fontSize(11).fillColor(INK).text(drawableText(party.name), x, y + 3, { width });
  doc.font(REGULAR).fontSize(9).fillColor(INK);
  for (const line of party.lines) doc.text(drawableText(line), { width });
  return doc.y;
}

/** Who issues the document and who receives it: our branch issues what we sell, the supplier what we buy. */
function drawParties(sheet: Sheet): void {
  const { doc, t, invoice, left, width } = sheet;
  const fields = (name: string) => t(`invoicing.document.fields.${name}`);
  const country = invoice.pais ? t(`countries.${invoice.pais}`) : '';
  const branch: Party = { name: t('invoicing.pdf.branch', { country }), lines: [`${fields('pais')}: ${country}`] };
  const counterparty: Party = {
    name: invoice.razon_social ?? '',
    lines: [`${fields('nit')}: ${invoice.nit ?? ''}`, `${fields('direccion')}: ${invoice.direccion ?? ''}`, `${fields('incoterm')}: ${invoice.incoterm ?? ''}`],
  };
  const [issuer, recipient] = invoice.sentido === 'pagar' ? [counterparty, branch] : [branch, counterparty];
  const gap = 24;
  const columnWidth = (width - gap) / 2;
  const top = doc.y;
  const bottoms = [
    drawParty(sheet, t('invoicing.pdf.issuer'), issuer, left, top, columnWidth),
    drawParty(sheet, t('invoicing.pdf.recipient'), recipient, left + columnWidth + gap, top, columnWidth),
  ];
  doc.x = left;
  doc.y = Math.max(...bottoms) + 16;
}

/** The contract, the month, the currency, and the exchange rate where it means something (`showsExchangeRate`). */
function drawFacts(sheet: Sheet): void {
  const { doc, t, invoice, language, left, width } = sheet;
  const facts: Array<[string, string]> = [
    [t('invoicing.document.fields.contrato_codigo'), invoice.contrato_codigo ?? ''],
    [t('invoicing.document.fields.mes'), monthOf(invoice, language)],
    [t('invoicing.document.fields.moneda'), invoice.moneda],
  ];
  if (showsExchangeRate(invoice)) {
    facts.push([t('invoicing.document.fields.tipo_cambio'), formatDecimal(invoice.tipo_cambio, language)]);
  }
  const padding = 8;
  const cell = width / facts.length;
  const inner = cell - 2 * padding;
  doc.font(BOLD).fontSize(7.5);
  const labelHeight = Math.max(...facts.map(([name]) => doc.heightOfString(name.toLocaleUpperCase(language), { width: inner, characterSpacing: 0.4 })));
  doc.font(BOLD).fontSize(10.5);
  const valueHeight = Math.max(...facts.map(([, value]) => doc.heightOfString(drawableText(value), { width: inner })));
  const height = padding + labelHeight + 3 + valueHeight + padding;
  ensureRoom(sheet, height);
  const top = doc.y;
  doc.rect(left, top, width, height).fill(SHADE);
  facts.forEach(([name, value], index) => {
    const x = left + index * cell + padding;
    label(sheet, name, x, top + padding, inner);
    doc.font(BOLD).fontSize(10.5).fillColor(INK).text(drawableText(value), x, top + padding + labelHeight + 3, { width: inner });
  });
  doc.x = left;
  doc.y = top + height + 14;
}

/** The description, wrapping and flowing onto the next page however long it is. */
function drawDescription(sheet: Sheet): void {
  const { doc, t, invoice, left, width } = sheet;
  ensureRoom(sheet, 40);
  const y = label(sheet, t('invoicing.document.fields.descripcion'), left, doc.y, width);
  doc.font(REGULAR).fontSize(10).fillColor(INK).text(drawableText(invoice.descripcion?.trim() || '—'), left, y + 3, { width });
  doc.moveDown(1.2);
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/**
 * A table: its title row shaded, then each row below a thin rule; a row that does not fit
 * starts a new page, which repeats the title row. Cells wrap within their column.
 */
function drawTable(sheet: Sheet, columns: Column[], rows: string[][]): void {
  const { doc, left } = sheet;
  const padding = 5;
  const fontSize = 9;
  const rowHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    return Math.max(...cells.map((text, index) => doc.heightOfString(text || ' ', { width: columns[index]!.width - 2 * padding }))) + 2 * padding;
  };
  const drawRow = (cells: string[], font: string, shaded: boolean) => {
    const height = rowHeight(cells, font);
    const top = doc.y;
    const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
    if (shaded) doc.rect(left, top, tableWidth, height).fill(SHADE);
    let x = left;
    cells.forEach((text, index) => {
      const column = columns[index]!;
      doc.font(font).fontSize(fontSize).fillColor(INK).text(text, x + padding, top + padding, { width: column.width - 2 * padding, align: column.align });
      x += column.width;
    });
    rule(sheet, top + height, RULE, left, tableWidth);
    doc.x = left;
    doc.y = top + height;
  };
  const titles = columns.map((column) => column.title);
  const titleHeight = rowHeight(titles, BOLD);
  // The title row never ends a page alone: it goes with the first row.
  ensureRoom(sheet, titleHeight + (rows[0] ? rowHeight(rows[0], REGULAR) : 0));
  drawRow(titles, BOLD, true);
  for (const row of rows) {
    if (doc.y + rowHeight(row, REGULAR) > bottomOf(doc)) {
      doc.addPage();
      drawRow(titles, BOLD, true);
    }
    drawRow(row, REGULAR, false);
  }
  doc.moveDown(1);
}

/** Concept, quantity, unit price (the energy's price per MWh) and amount of each line. */
function drawLines(sheet: Sheet): void {
  const { t, invoice, language, money, width } = sheet;
  const [quantity, price, amount] = [86, 104, 116];
  const columns: Column[] = [
    { title: t('invoicing.document.lines.concepto'), width: width - quantity - price - amount, align: 'left' },
    { title: t('invoicing.document.lines.cantidad_mwh'), width: quantity, align: 'right' },
    { title: t('invoicing.document.fields.precio_unitario'), width: price, align: 'right' },
    { title: t('invoicing.document.lines.monto'), width: amount, align: 'right' },
  ];
  const rows = invoice.lineas.map((line) => [
    t(`invoicing.concepts.${line.concepto}`),
    line.cantidad_mwh ? formatDecimal(line.cantidad_mwh, language, { maxFractionDigits: 3 }) : '',
    // The price per MWh is the energy line's: its amount over its MWh, written whole as stored (as on the page).
    line.concepto === 'energia' && invoice.precio_unitario ? formatUnitPrice(invoice.precio_unitario, invoice.moneda, language) : '',
    money(line.monto),
  ]);
  drawTable(sheet, columns, rows);
}

/** Label and amount lines at the right of the sheet, the last one bold and shaded when `strong`. */
function drawAmountBlock(sheet: Sheet, lines: Array<[string, string]>, strong: boolean): void {
  const { doc, left, width } = sheet;
  const blockWidth = 260;
  const x = left + width - blockWidth;
  const lineHeight = 17;
  ensureRoom(sheet, lines.length * lineHeight + 8);
  lines.forEach(([name, value], index) => {
    const last = strong && index === lines.length - 1;
    const top = doc.y;
    if (last) {
      doc.rect(x, top, blockWidth, lineHeight + 4).fill(SHADE);
      rule(sheet, top, ACCENT, x, blockWidth);
    }
    const y = top + (last ? 5 : 3);
    doc.font(last ? BOLD : REGULAR).fontSize(last ? 11 : 9.5).fillColor(INK);
    doc.text(name, x + 6, y, { width: blockWidth / 2, lineBreak: false });
    doc.text(value, x + blockWidth / 2, y, { width: blockWidth / 2 - 6, align: 'right', lineBreak: false });
    doc.y = top + lineHeight + (last ? 4 : 0);
  });
  doc.x = left;
  doc.moveDown(1.2);
}

/** Subtotal, discount % and discount, adjustment, VAT at its rate, and the total. */
function drawAmounts(sheet: Sheet): void {
  const { t, invoice, language, money } = sheet;
  const field = (name: string, params?: Record<string, string>) => t(`invoicing.document.fields.${name}`, params);
  drawAmountBlock(
    sheet,
    [
      [field('subtotal'), money(invoice.subtotal)],
      [field('descuento_pct'), formatPercent(invoice.descuento_pct ?? '0', language)],
      [field('descuento'), money(invoice.descuento ?? '0')],
      [field('ajuste'), money(invoice.ajuste ?? '0')],
      [field('iva', { rate: formatPercent(invoice.tasa_iva ?? '0', language) }), money(invoice.iva)],
      [field('total'), money(invoice.total)],
    ],
    true,
  );
}

/** The payments recorded (when there are any), what they add up to and what is still owed. */
function drawPayments(sheet: Sheet): void {
  const { doc, t, invoice, language, money, left, width } = sheet;
  if (invoice.pagos.length === 0) return;
  ensureRoom(sheet, 80);
  doc.font(BOLD).fontSize(11).fillColor(ACCENT).text(t('invoicing.document.payments.title'), left, doc.y, { width });
  doc.moveDown(0.4);
  const [date, amount] = [90, 130];
  drawTable(
    sheet,
    [
      { title: t('invoicing.document.payments.fecha'), width: date, align: 'left' },
      { title: t('invoicing.document.payments.referencia'), width: width - date - amount, align: 'left' },
      { title: t('invoicing.document.payments.monto'), width: amount, align: 'right' },
    ],
    invoice.pagos.map((payment) => [formatDate(payment.fecha), drawableText(payment.referencia), formatMoney(payment.monto, payment.moneda, language)]),
  );
  drawAmountBlock(
    sheet,
    [
      [t('invoicing.document.fields.pagado'), money(invoice.pagado ?? '0')],
      [t('invoicing.document.fields.saldo'), money(invoice.saldo ?? invoice.total)],
    ],
    true,
  );
}

/** On every page: the mark of a document not issued across it, and the footer (what it is, page n of m). */
function drawEveryPage(sheet: Sheet, footer: string): void {
  const { doc, t, mark, left, width } = sheet;
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin: with the margin lifted, writing there adds no page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (mark) {
      const centreX = doc.page.width / 2;
      const centreY = doc.page.height / 2;
      doc.save();
      doc.rotate(-35, { origin: [centreX, centreY] });
      doc.font(BOLD).fontSize(90).fillColor(WARNING).fillOpacity(0.1);
      const markWidth = doc.widthOfString(mark);
      doc.text(mark, centreX - markWidth / 2, centreY - 45, { lineBreak: false });
      doc.restore();
    }
    const y = doc.page.height - margin + 22;
    rule(sheet, y - 8, RULE);
    doc.font(REGULAR).fontSize(8).fillColor(MUTED);
    doc.text(footer, left, y, { width: width * 0.75, height: 10, ellipsis: true });
    doc.text(t('invoicing.pdf.page', { page: String(index - start + 1), pages: String(count) }), left + width * 0.75, y, { width: width * 0.25, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}

/** A piece of a file name: ASCII letters, digits, dots and dashes ("Nota de crédito" -> "Nota-de-credito"). */
const fileNamePart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * What the download is called, in the document's language: its kind, its number once issued
 * (its mark and record id before: a draft is never taken for the invoice), the contract code
 * and the month: `factura-FEL-2026-0007-CP-0003-2026-03.pdf`, `invoice-draft-41-CP-0003-2026-03.pdf`.
 */
function invoicePdfFileName(invoice: InvoiceDetail, language: InvoicePdfLanguage): string {
  const t = translator(language);
  const reference = invoice.numero ? fileNamePart(invoice.numero) : `${fileNamePart(t(`invoicing.pdf.marks.${invoice.estado}`)).toLowerCase()}-${invoice.id}`;
  const month = invoice.anio && invoice.mes ? `${invoice.anio}-${String(invoice.mes).padStart(2, '0')}` : '';
  const parts = [fileNamePart(t(`invoicing.kinds.${invoice.tipo_documento}`)).toLowerCase(), reference, fileNamePart(invoice.contrato_codigo ?? ''), month];
  return `${parts.filter((part) => part !== '').join('-')}.pdf`;
}

/**
 * Draws `invoice` as an A4 PDF in `language` and streams it to `out`, ending it. Not
 * compressed: a page or two of text stays small, and the text can be read back (the tests do).
 */
export function writeInvoicePdf(out: Writable, invoice: InvoiceDetail, language: InvoicePdfLanguage): Promise<void> {
  const t = translator(language);
  const kind = t(`invoicing.kinds.${invoice.tipo_documento}`);
  const title = drawableText(t('invoicing.view.title', { kind, reference: referenceOf(invoice), contract: invoice.contrato_codigo ?? '', month: monthOf(invoice, language) }));
  const issued = invoice.estado === 'FACTURADO' || invoice.estado === 'CONCILIADO';
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margins: A4_MARGINS,
      compress: false,
      bufferPages: true,
      lang: language,
      displayTitle: true,
      info: { Title: title, Author: 'EPWM' },
    });
    doc.on('end', () => resolve());
    doc.on('error', reject);
    doc.pipe(out);
    try {
      const sheet: Sheet = {
        doc,
        t,
        invoice,
        language,
        money: (value) => formatMoney(value ?? null, invoice.moneda, language),
        mark: issued ? null : t(`invoicing.pdf.marks.${invoice.estado}`),
        left: A4_MARGINS.left,
        width: doc.page.width - A4_MARGINS.left - A4_MARGINS.right,
      };
      drawHeading(sheet);
      if (sheet.mark) drawNotIssued(sheet, sheet.mark);
      drawParties(sheet);
      drawFacts(sheet);
      drawDescription(sheet);
      drawLines(sheet);
      drawAmounts(sheet);
      drawPayments(sheet);
      drawEveryPage(sheet, title);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

/** Answers `request` with invoice `id` as a PDF in `language`, read whole before the first byte: a missing invoice is still a 404, not half a file. */
export async function sendInvoicePdf(db: Db, request: FastifyRequest, reply: FastifyReply, id: number, language: InvoicePdfLanguage = 'es-ES') {
  const invoice = await readInvoiceDetail(db, id);
  return sendGeneratedFile(request, reply, { name: invoicePdfFileName(invoice, language), type: 'application/pdf' }, (out) => writeInvoicePdf(out, invoice, language));
}
