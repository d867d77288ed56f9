import type { FromSchema } from 'json-schema-to-ts';
import { CURRENCIES } from './contract.schema';
import { guaranteeAlertSchema } from './guarantee.schema';
import { INVOICE_DIRECTIONS, INVOICE_KINDS } from './invoice.schema';
import { RUN_STATES } from './process.schema';
import { COUNTRY_CODES } from './role.schema';
import { SETTLEMENT_VERSIONS } from './settlement.schema';

// What needs the signed-in user now, as Home shows it (`GET /api/v1/pendientes`, docs/home.md):
// one part per card, each there only when the caller's view keys and role allow what its page
// shows. Each part counts everything and lists the first few.

/** How many items of each card Home lists; its `total` counts them all. */
export const PENDING_ITEMS = 5;

/** The bid robots Home follows: the two that send bids (Supresion's runs count as failed work). */
export const PENDING_RUN_KINDS = ['registra', 'sube'] as const;

const count = { type: 'integer', minimum: 0 } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const country = { type: 'string', enum: COUNTRY_CODES } as const;

/** What every card's part has: how many in all, and the first PENDING_ITEMS of them. */
function pendingProperties<const Item extends object>(item: Item) {
  return { total: count, items: { type: 'array', maxItems: PENDING_ITEMS, items: item } } as const;
}

/** A card's part that needs nothing but its count and items. */
function pendingPart<const Item extends object>(item: Item) {
  return { type: 'object', additionalProperties: false, required: ['total', 'items'], properties: pendingProperties(item) } as const;
}

/** A computed preliminary settlement someone else prepared, in a version that may be validated. */
const settlementToValidate = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'contrato_id', 'contrato_codigo', 'empresa_razon_social', 'anio', 'mes', 'version_liquidacion', 'reconciliacion', 'calculada_por', 'calculada_en'],
  properties: {
    id: { type: 'integer' },
    contrato_id: { type: 'integer' },
    contrato_codigo: text,
    empresa_razon_social: text,
    anio: { type: 'integer' },
    mes: { type: 'integer' },
    version_liquidacion: { type: 'string', enum: SETTLEMENT_VERSIONS },
    reconciliacion: { type: 'integer' },
    calculada_por: nullableText,
    /** ISO 8601 in UTC, like every instant below. */
    calculada_en: text,
  },
} as const;

/** A requested invoice or note someone else requested. */
const invoiceToIssue = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'tipo_documento', 'sentido', 'contrato_codigo', 'razon_social', 'anio', 'mes', 'total', 'moneda', 'solicitado_por', 'solicitado_en'],
  properties: {
    id: { type: 'integer' },
    tipo_documento: { type: 'string', enum: INVOICE_KINDS },
    sentido: { type: 'string', enum: INVOICE_DIRECTIONS },
    contrato_codigo: text,
    razon_social: text,
    anio: { type: 'integer' },
    mes: { type: 'integer' },
    /** A decimal string, in `moneda`. */
    total: text,
    moneda: { type: 'string', enum: CURRENCIES },
    solicitado_por: nullableText,
    solicitado_en: text,
  },
} as const;

/** A bid run running now, or failed lately. */
const pendingRun = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'tipo', 'estado', 'creado_en', 'terminado_en', 'error'],
  properties: {
    id: { type: 'integer' },
    tipo: { type: 'string', enum: PENDING_RUN_KINDS },
    estado: { type: 'string', enum: RUN_STATES },
    creado_en: text,
    terminado_en: nullableText,
    /** Why it failed: an i18n key. */
    error: nullableText,
  },
} as const;

/** A day of the month so far lacking something a settlement reads. */
const marketDataDay = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', 'sin_tipo_cambio', 'nodos_sin_precio'],
  properties: {
    fecha: text,
    /** No MXN/USD rate stored for the day. */
    sin_tipo_cambio: { type: 'boolean' },
    /** Nodes an annex in force names that day without their 24 PE prices. */
    nodos_sin_precio: count,
  },
} as const;

/** A job that failed lately. */
const failedJob = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'tipo', 'terminado_en'],
  properties: { id: { type: 'integer' }, tipo: text, terminado_en: text },
} as const;

/** `GET /api/v1/pendientes`: the caller's cards. */
export const pendingSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** Settlements the caller may validate (in `pais`, their role's country) and did not compute. */
    por_validar: {
      type: 'object',
      additionalProperties: false,
      required: ['pais', 'total', 'items'],
      properties: { pais: country, ...pendingProperties(settlementToValidate) },
    },
    /** Invoices the caller may issue (in `pais`) and did not request. */
    por_emitir: {
      type: 'object',
      additionalProperties: false,
      required: ['pais', 'total', 'items'],
      properties: { pais: country, ...pendingProperties(invoiceToIssue) },
    },
    /** Registra and Sube runs running, or failed in the last 7 days. */
    ejecuciones: pendingPart(pendingRun),
    /** The guarantee alerts raised in the last 7 days of the company's calendar. */
    alertas_garantias: pendingPart(guaranteeAlertSchema),
    /** The days from `desde` (the month's first) to `hasta` (today) lacking market data. */
    datos_mercado: {
      type: 'object',
      additionalProperties: false,
      required: ['anio', 'mes', 'desde', 'hasta', 'total', 'items'],
      properties: { anio: { type: 'integer' }, mes: { type: 'integer' }, desde: text, hasta: text, ...pendingProperties(marketDataDay) },
    },
    /** The failed jobs of the last 7 days the caller may follow (bid runs are `ejecuciones`). */
    trabajos_fallidos: pendingPart(failedJob),
  },
} as const;

export type Pending = FromSchema<typeof pendingSchema>;
export type PendingSettlement = FromSchema<typeof settlementToValidate>;
export type PendingInvoice = FromSchema<typeof invoiceToIssue>;
export type PendingRun = FromSchema<typeof pendingRun>;
export type PendingMarketDay = FromSchema<typeof marketDataDay>;
export type PendingJob = FromSchema<typeof failedJob>;
