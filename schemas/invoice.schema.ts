import type { FromSchema } from 'json-schema-to-ts';
import { CURRENCIES } from './contract.schema';
import { isoDate } from './date.schema';
import { amount, DECIMAL_BOUNDS, decimalSchema, nullableAmount } from './decimal.schema';
import { fileKeySchema } from './file.schema';
import { monthField, yearField } from './month.schema';
import { editColumnsProperties, recordIdSchema, updateBodySchema } from './record.schema';

// Field rules and wire shapes of the invoicing area (docs/invoicing.md, docs/api-invoicing.md):
// invoices and notes drafted from validated settlements, their lines and payments, and the VAT
// rates by country and validity. Amounts are decimal strings (never binary floats).

/** Spec section 4, in the only order they go (DOMAIN.md, "Invoices and taxes"): forward only. */
export const INVOICE_STATES = ['GUARDADO', 'SOLICITADO', 'FACTURADO', 'CONCILIADO'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/**
 * An invoice of a final settlement (DF), or a note of a reconciliation (CD): the difference of
 * the CD against the settlement it corrects, a debit note when it adds, a credit note when it
 * takes away. A note's amounts are positive; its kind says which way it goes.
 */
export const INVOICE_KINDS = ['factura', 'nota_debito', 'nota_credito'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * Which way the money goes, from the contract's transaction type: a withdrawal contract (R) is
 * a sale, which we invoice and collect (`cobrar`); an injection contract (I) is a purchase, whose
 * supplier invoices us and which we pay (`pagar`).
 */
export const INVOICE_DIRECTIONS = ['cobrar', 'pagar'] as const;
export type InvoiceDirection = (typeof INVOICE_DIRECTIONS)[number];

/** The lines of an invoice, in the order the document shows them (settlement columns). */
export const INVOICE_LINE_CONCEPTS = ['energia', 'potencia', 'fee', 'cargos_mmi', 'cargos_mmr', 'take_or_pay'] as const;
export type InvoiceLineConcept = (typeof INVOICE_LINE_CONCEPTS)[number];

/** The largest page an invoice list answers. */
const INVOICE_PAGE_MAX = 200;

/** The most invoices one batch request names (spec: `{ Facturas: [...] }`). */
const INVOICE_BATCH_MAX = 500;

const nullableText = { type: ['string', 'null'] } as const;
const stateField = { type: 'string', enum: INVOICE_STATES } as const;
const currencyField = { type: 'string', enum: CURRENCIES } as const;

/** A signed amount of money in cents (the draft's adjustment adds or takes away). */
const signedMoneySchema = decimalSchema(DECIMAL_BOUNDS.signedMoney);

/** The discount in percent of the subtotal: 0 to 100, at most 4 decimals. */
const discountPercentSchema = decimalSchema(DECIMAL_BOUNDS.percentage);

/**
 * A payment's amount: money more than 0, so the form says so beside the field ("greater than 0")
 * and the server refuses 0 there too (400). The lifecycle keeps its own rule for any other caller.
 */
const paymentAmountSchema = decimalSchema(DECIMAL_BOUNDS.positiveMoney);

/** One line of an invoice: a settlement column's amount (and the energy it is for). */
const invoiceLineSchema = {
  type: 'object',
  required: ['concepto', 'monto'],
  properties: {
    concepto: { type: 'string', enum: INVOICE_LINE_CONCEPTS },
    cantidad_mwh: nullableAmount,
    monto: amount,
  },
} as const;

/** A payment recorded on an issued invoice. Payments are never edited or deleted. */
const paymentSchema = {
  type: 'object',
  required: ['id', 'factura_id', 'fecha', 'monto', 'moneda', 'referencia'],
  properties: {
    id: { type: 'integer' },
    factura_id: { type: 'integer' },
    fecha: { type: 'string' },
    monto: amount,
    moneda: currencyField,
    referencia: { type: 'string' },
    registrado_por: nullableText,
    registrado_en: { type: 'string' },
  },
} as const;

/** An invoice or note as every call answers it (the list without lines and payments). */
const invoiceProperties = {
  id: { type: 'integer' },
  tipo_documento: { type: 'string', enum: INVOICE_KINDS },
  sentido: { type: 'string', enum: INVOICE_DIRECTIONS },
  liquidacion_id: { type: 'integer' },
  /** The invoice a note corrects (null on an invoice). */
  factura_origen_id: { type: ['integer', 'null'] },
  contrato_id: { type: 'integer' },
  contrato_codigo: { type: 'string' },
  empresa_id: { type: 'integer' },
  razon_social: { type: 'string' },
  nit: { type: 'string' },
  direccion: { type: 'string' },
  incoterm: { type: 'string' },
  /** The country whose VAT applies: the contract's branch. */
  pais: { type: 'string' },
  anio: { type: 'integer' },
  mes: { type: 'integer' },
  version_liquidacion: { type: 'string' },
  descripcion: { type: 'string' },
  energia_mwh: amount,
  precio_unitario: nullableAmount,
  subtotal: amount,
  descuento_pct: amount,
  descuento: amount,
  ajuste: amount,
  tasa_iva: amount,
  iva: amount,
  total: amount,
  /** The sum of the payments recorded, and what is still owed. */
  pagado: amount,
  saldo: amount,
  moneda: currencyField,
  /** MXN per USD stored on the document (1 where the branch has no other currency). */
  tipo_cambio: amount,
  estado: stateField,
  solicitado_por: nullableText,
  solicitado_en: nullableText,
  numero: nullableText,
  fecha_emision: nullableText,
  /** The issue date plus the contract's credit days (null until issued). */
  fecha_vencimiento: nullableText,
  dias_credito: { type: 'integer' },
  archivo_fisica: nullableText,
  archivo_flex: nullableText,
  emitido_por: nullableText,
  emitido_en: nullableText,
  conciliado_en: nullableText,
  ...editColumnsProperties,
} as const;

export const invoiceSchema = {
  type: 'object',
  required: ['id', 'tipo_documento', 'sentido', 'liquidacion_id', 'contrato_id', 'estado', 'moneda', 'subtotal', 'iva', 'total', 'version'],
  properties: invoiceProperties,
} as const;

export type Invoice = FromSchema<typeof invoiceSchema>;

/** `GET /facturacion/api/v1/get/{id}`: the invoice with its lines and payments. */
export const invoiceDetailSchema = {
  type: 'object',
  required: [...invoiceSchema.required, 'lineas', 'pagos'],
  properties: {
    ...invoiceProperties,
    lineas: { type: 'array', items: invoiceLineSchema },
    pagos: { type: 'array', items: paymentSchema },
  },
} as const;

export type InvoiceDetail = FromSchema<typeof invoiceDetailSchema>;

/** The languages an invoice is drawn in as a PDF (the product's two). */
const INVOICE_PDF_LANGUAGES = ['es-ES', 'en-US'] as const;

/** `GET /facturacion/api/v1/facturas/{id}/pdf?idioma=`: the language of the document's words and figures. */
export const invoicePdfQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { idioma: { type: 'string', enum: INVOICE_PDF_LANGUAGES, default: 'es-ES' } },
} as const;

export type InvoicePdfQuery = FromSchema<typeof invoicePdfQuerySchema>;

/** `GET /facturacion/api/v1/facturas` query: filters (all optional) and the page. */
export const invoiceListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    anio: yearField,
    mes: monthField,
    /** The contract's branch country. */
    pais: { type: 'string', minLength: 2, maxLength: 2, pattern: '^[A-Z]{2}$' },
    estado: stateField,
    empresa_id: recordIdSchema,
    moneda: currencyField,
    sentido: { type: 'string', enum: INVOICE_DIRECTIONS },
    tipo_documento: { type: 'string', enum: INVOICE_KINDS },
    liquidacion_id: recordIdSchema,
    /** 1-based. */
    pagina: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    por_pagina: { type: 'integer', minimum: 1, maximum: INVOICE_PAGE_MAX, default: 50 },
  },
} as const;

export type InvoiceListQuery = FromSchema<typeof invoiceListQuerySchema>;

/** The totals of the filtered invoices per status and currency (never adding USD to MXN). */
const invoiceStatusTotalSchema = {
  type: 'object',
  required: ['sentido', 'estado', 'moneda', 'cantidad', 'total', 'saldo'],
  properties: { sentido: { type: 'string', enum: INVOICE_DIRECTIONS }, estado: stateField, moneda: currencyField, cantidad: { type: 'integer' }, total: amount, saldo: amount },
} as const;

export const invoicePageSchema = {
  type: 'object',
  required: ['data', 'total', 'totales'],
  properties: {
    data: { type: 'array', items: invoiceSchema },
    total: { type: 'integer' },
    totales: { type: 'array', items: invoiceStatusTotalSchema },
  },
} as const;

export type InvoicePage = FromSchema<typeof invoicePageSchema>;

/** `POST /facturacion/api/v1/borradores`: draft the invoice (or note) of a validated settlement. */
export const invoiceDraftBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['liquidacion_id'],
  properties: { liquidacion_id: recordIdSchema },
} as const;

export type InvoiceDraftBody = FromSchema<typeof invoiceDraftBodySchema>;

/** The fields of a draft a user edits (GUARDADO only). */
const invoiceDraftFields = {
  descripcion: { type: 'string', maxLength: 500 },
  descuento_pct: discountPercentSchema,
  ajuste: signedMoneySchema,
} as const;

/** `PATCH /facturacion/api/v1/facturas/{id}`: any draft field and the version read. */
export const invoicePatchBodySchema = updateBodySchema(invoiceDraftFields);

export type InvoicePatchBody = FromSchema<typeof invoicePatchBodySchema>;

/** `POST /facturacion/api/v1/procesar` (spec section 7): request a batch, all or nothing. */
export const invoiceBatchBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Facturas'],
  properties: {
    Facturas: { type: 'array', minItems: 1, maxItems: INVOICE_BATCH_MAX, uniqueItems: true, items: recordIdSchema },
  },
} as const;

export type InvoiceBatchBody = FromSchema<typeof invoiceBatchBodySchema>;

/** `POST /facturacion/api/v1/facturas/{id}/emitir`: the issued invoice's number, date and documents. */
export const invoiceIssueBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['numero', 'fecha', 'archivo_fisica', 'archivo_flex'],
  properties: {
    numero: { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S' },
    fecha: isoDate,
    /** File keys from the files service: the physical-energy and the flex-energy invoice (PDF or XML). */
    archivo_fisica: fileKeySchema,
    archivo_flex: fileKeySchema,
  },
} as const;

export type InvoiceIssueBody = FromSchema<typeof invoiceIssueBodySchema>;

/** `POST /facturacion/api/v1/facturas/{id}/pagos`: a payment (partial ones allowed). */
export const paymentBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', 'monto', 'moneda', 'referencia'],
  properties: {
    fecha: isoDate,
    monto: paymentAmountSchema,
    moneda: currencyField,
    referencia: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  },
} as const;

export type PaymentBody = FromSchema<typeof paymentBodySchema>;

