import type { FromSchema } from 'json-schema-to-ts';
import { CURRENCIES, EPWM_BRANCHES } from './contract.schema';
import { addDays, isoDate, isIsoDate, isOnOrAfter } from './date.schema';
import { INVOICE_DIRECTIONS, INVOICE_KINDS } from './invoice.schema';
import { recordIdSchema } from './record.schema';
import { amount } from './decimal.schema';

// Wire shapes of accounting (docs/accounting.md, docs/api-accounting.md): the account statements
// (`/estado_de_cuenta`) and the cash flow (`/flujo-caja`). Both only read what invoicing wrote
// (issued documents, payments) and the validated settlements. Amounts are decimal strings as the
// database computes them; USD and MXN are never added together.

/** The ageing of what is still owed, by days past the due date on the cut-off date. */
export const AGEING_BUCKETS = ['corriente', 'dias_1_30', 'dias_31_60', 'dias_61_90', 'dias_mas_90'] as const;
type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** A statement's movements: the three kinds of document, and a payment recorded on one. */
const STATEMENT_MOVEMENTS = [...INVOICE_KINDS, 'pago'] as const;

/** Where an expected cash movement comes from: an issued document still owed, or a validated settlement not yet documented. */
export const CASH_FLOW_SOURCES = ['documento', 'liquidacion'] as const;
type CashFlowSource = (typeof CASH_FLOW_SOURCES)[number];

/** The longest range `flujo-caja-fechas` answers (two years of weeks). */
export const CASH_FLOW_MAX_DAYS = 731;

/**
 * Whether `desde`..`hasta` is a range the cash flow answers: two calendar days, in order, at
 * most CASH_FLOW_MAX_DAYS apart. The page checks it before asking; the server refuses it (400).
 */
export function isCashFlowRange(desde: unknown, hasta: unknown): boolean {
  if (!isIsoDate(desde) || !isIsoDate(hasta) || !isOnOrAfter(desde, hasta)) return false;
  return (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000 <= CASH_FLOW_MAX_DAYS;
}

/** How far the cash flow's default range looks ahead of today: a quarter. */
const CASH_FLOW_DEFAULT_DAYS = 90;

/** The range the cash-flow page opens on: `today` (the company's, `businessToday`) to CASH_FLOW_DEFAULT_DAYS later. */
export function defaultCashFlowRange(today: string): { desde: string; hasta: string } {
  return { desde: today, hasta: addDays(today, CASH_FLOW_DEFAULT_DAYS) };
}

/** The languages of an Excel download. */
const languageField = { type: 'string', enum: ['es-ES', 'en-US'], default: 'es-ES' } as const;
const currencyField = { type: 'string', enum: CURRENCIES } as const;
const nullableText = { type: ['string', 'null'] } as const;

/** `POST /estado_de_cuenta/api/v1/get` (spec section 7): `tipo` and optional filters. */
export const statementQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tipo'],
  properties: {
    /** `cobrar`: what our customers owe us (the documents we issue); `pagar`: what we owe our suppliers. */
    tipo: { type: 'string', enum: INVOICE_DIRECTIONS },
    empresa_id: recordIdSchema,
    moneda: currencyField,
    /** The statement as of this day (default today): later documents and payments are left out. */
    fecha_corte: isoDate,
  },
} as const;

export type StatementQuery = FromSchema<typeof statementQuerySchema>;

/** `POST /estado_de_cuenta/api/v1/excel`: the same, and the language of the workbook's words. */
export const statementExcelBodySchema = {
  ...statementQuerySchema,
  properties: { ...statementQuerySchema.properties, idioma: languageField },
} as const;

export type StatementExcelBody = FromSchema<typeof statementExcelBodySchema>;

const ageingProperties = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, amount])) as Record<AgeingBucket, typeof amount>;

/** What is still owed per ageing bucket (signed: a credit note takes away) and in all. */
const ageingSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...AGEING_BUCKETS, 'total'],
  properties: { ...ageingProperties, total: amount },
} as const;

export type Ageing = FromSchema<typeof ageingSchema>;

/** One line of a statement: a document or a payment, its signed amount and the balance after it. */
const statementMovementSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', 'concepto', 'factura_id', 'numero', 'contrato_codigo', 'referencia', 'fecha_vencimiento', 'importe', 'saldo'],
  properties: {
    fecha: { type: 'string' },
    concepto: { type: 'string', enum: STATEMENT_MOVEMENTS },
    /** The document (for a payment, the document it pays). */
    factura_id: { type: 'integer' },
    numero: nullableText,
    contrato_codigo: { type: 'string' },
    /** A payment's reference (null on a document). */
    referencia: nullableText,
    /** A document's due date (null on a payment). */
    fecha_vencimiento: nullableText,
    /** Positive adds to what is owed (an invoice, a debit note), negative takes away (a credit note, a payment). */
    importe: amount,
    saldo: amount,
  },
} as const;

export type StatementMovementLine = FromSchema<typeof statementMovementSchema>;

/** A document with something still owed on the cut-off date, and its ageing bucket. */
const openDocumentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['factura_id', 'tipo_documento', 'numero', 'contrato_codigo', 'fecha_emision', 'fecha_vencimiento', 'dias_vencido', 'tramo', 'total', 'pagado', 'saldo'],
  properties: {
    factura_id: { type: 'integer' },
    tipo_documento: { type: 'string', enum: INVOICE_KINDS },
    numero: nullableText,
    contrato_codigo: { type: 'string' },
    fecha_emision: { type: 'string' },
    fecha_vencimiento: { type: 'string' },
    /** Days past the due date on the cut-off date (0 or less: not due yet). */
    dias_vencido: { type: 'integer' },
    tramo: { type: 'string', enum: AGEING_BUCKETS },
    total: amount,
    /** Paid up to the cut-off date. */
    pagado: amount,
    /** Still owed, signed as the document counts (a credit note negative). */
    saldo: amount,
  },
} as const;

export type OpenDocument = FromSchema<typeof openDocumentSchema>;

/** One company's account in one currency. */
const statementAccountSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['empresa_id', 'razon_social', 'moneda', 'saldo', 'antiguedad', 'movimientos', 'documentos'],
  properties: {
    empresa_id: { type: 'integer' },
    razon_social: { type: 'string' },
    moneda: currencyField,
    /** The balance on the cut-off date: the last movement's, and the ageing's total. */
    saldo: amount,
    antiguedad: ageingSchema,
    movimientos: { type: 'array', items: statementMovementSchema },
    documentos: { type: 'array', items: openDocumentSchema },
  },
} as const;

export type StatementAccount = FromSchema<typeof statementAccountSchema>;

/** The statement: the accounts, the ageing per currency over them, and the companies the company filter offers. */
export const statementSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tipo', 'fecha_corte', 'cuentas', 'totales', 'empresas'],
  properties: {
    tipo: { type: 'string', enum: INVOICE_DIRECTIONS },
    fecha_corte: { type: 'string' },
    cuentas: { type: 'array', items: statementAccountSchema },
    totales: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['moneda', 'antiguedad'],
        properties: { moneda: currencyField, antiguedad: ageingSchema },
      },
    },
    empresas: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'razon_social'],
        properties: { id: { type: 'integer' }, razon_social: { type: 'string' } },
      },
    },
  },
} as const;

export type Statement = FromSchema<typeof statementSchema>;

/**
 * The `date` the spec removed from the body of `flujo-caja-sucursales` and `flujo-caja-acumulado`:
 * still accepted, so an older caller is not refused, and ignored.
 */
const ignoredDateField = { type: ['string', 'null'], maxLength: 64, description: 'Ignored (spec section 7: removed from this body).' } as const;

/** `POST /flujo-caja/api/v1/flujo-caja-sucursales` and `/flujo-caja-acumulado`: everything still open. */
export const cashFlowOpenQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { date: ignoredDateField, moneda: currencyField },
} as const;

export type CashFlowOpenQuery = FromSchema<typeof cashFlowOpenQuerySchema>;

/** `POST /flujo-caja/api/v1/flujo-caja-fechas`: the weeks of a range of due dates. */
export const cashFlowRangeQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['desde', 'hasta'],
  properties: { desde: isoDate, hasta: isoDate, moneda: currencyField },
} as const;

export type CashFlowRangeQuery = FromSchema<typeof cashFlowRangeQuerySchema>;

/** `POST /flujo-caja/api/v1/excel`: the range's weeks, the branches and the items, in a language. */
export const cashFlowExcelBodySchema = {
  ...cashFlowRangeQuerySchema,
  properties: { ...cashFlowRangeQuerySchema.properties, idioma: languageField },
} as const;

export type CashFlowExcelBody = FromSchema<typeof cashFlowExcelBodySchema>;

const flowProperties = { ingresos: amount, egresos: amount, neto: amount } as const;

/** One ISO week of one currency: receipts and payments due in it, net, and the position after it. */
const cashFlowWeekSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['moneda', 'semana', 'inicio', 'ingresos', 'egresos', 'neto', 'acumulado'],
  properties: {
    moneda: currencyField,
    /** ISO year and week, `2026-W07`. */
    semana: { type: 'string' },
    /** The week's Monday. */
    inicio: { type: 'string' },
    ...flowProperties,
    acumulado: amount,
  },
} as const;

export type CashFlowWeek = FromSchema<typeof cashFlowWeekSchema>;

/** The weeks of every open item (`flujo-caja-acumulado`), the position accumulated from the first. */
export const cashFlowAccumulatedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['semanas'],
  properties: { semanas: { type: 'array', items: cashFlowWeekSchema } },
} as const;

export type CashFlowAccumulated = FromSchema<typeof cashFlowAccumulatedSchema>;

/** The weeks of a range (`flujo-caja-fechas`); the position starts from what fell due before it and is still open. */
export const cashFlowRangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['desde', 'hasta', 'iniciales', 'semanas'],
  properties: {
    desde: { type: 'string' },
    hasta: { type: 'string' },
    iniciales: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['moneda', 'ingresos', 'egresos', 'neto'],
        properties: { moneda: currencyField, ...flowProperties },
      },
    },
    semanas: { type: 'array', items: cashFlowWeekSchema },
  },
} as const;

export type CashFlowRange = FromSchema<typeof cashFlowRangeSchema>;

/** The open items of one branch (the contract's `sucursal`) and currency; `sucursal` null is the currency's total. */
export const cashFlowBranchSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sucursal', 'moneda', 'partidas', 'ingresos', 'egresos', 'neto'],
  properties: {
    sucursal: { type: ['string', 'null'], enum: [...EPWM_BRANCHES, null] },
    moneda: currencyField,
    partidas: { type: 'integer' },
    ...flowProperties,
  },
} as const;

export type CashFlowBranch = FromSchema<typeof cashFlowBranchSchema>;

/** One expected receipt or payment, as the Excel workbook lists them. */
export interface CashFlowItem {
  flujo: 'ingreso' | 'egreso';
  origen: CashFlowSource;
  /** The document's id, or the settlement's. */
  origen_id: number;
  numero: string | null;
  sucursal: string;
  moneda: string;
  razon_social: string;
  contrato_codigo: string;
  fecha: string;
  importe: string;
}
