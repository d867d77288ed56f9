import type { FromSchema } from 'json-schema-to-ts';
import { isoDate } from './date.schema';
import { amount, nullableAmount } from './decimal.schema';

// Wire shapes of the ERCOT section (docs/ercot.md, docs/api-ercot.md, base /ercot/api/v1): the
// settlement points, their day-ahead (DAM) and real-time (RTM) settlement point prices, and the
// company's day-ahead awards settled at the DAM price. Prices, MW and USD are decimal strings as
// the database holds and computes them; an award without its price has a null amount, never 0.

/** Settlement point types: resource node, load zone, energy-weighted load zone, hub, hub bus average, hub average, DC tie. */
export const SETTLEMENT_POINT_TYPES = ['RN', 'LZ', 'LZEW', 'HU', 'SH', 'AH', 'DC'] as const;
export type SettlementPointType = (typeof SETTLEMENT_POINT_TYPES)[number];

/** The two markets whose prices are kept: day-ahead hourly, real-time 15-minute. */
export const ERCOT_MARKETS = ['DAM', 'RTM'] as const;
export type ErcotMarket = (typeof ERCOT_MARKETS)[number];

/** An award's kind: an energy bid (buys, pays), an energy-only offer (sells, earns), a point-to-point obligation. */
export const AWARD_KINDS = ['BID', 'OFFER', 'PTP'] as const;
export type AwardKind = (typeof AWARD_KINDS)[number];

/** How the accumulated figures are grouped. */
export const ACCUMULATION_GROUPINGS = ['dia', 'mes', 'punto'] as const;
export type AccumulationGrouping = (typeof ACCUMULATION_GROUPINGS)[number];

/** The longest range (days, both ends counted) a read answers: a leap year. */
export const ERCOT_MAX_RANGE_DAYS = 366;

/** The operating days' clock: Central Prevailing Time (CST / CDT). */
export const ERCOT_TIME_ZONE = 'America/Chicago';

/** The largest import file (a month of 15-minute prices for 900 points is about 120 MB; split such a month). */
export const ERCOT_IMPORT_MAX_BYTES = 32 * 1024 * 1024;

/** The import files: ERCOT's two price files, the awards and the settlement-point catalogue. */
export const ERCOT_IMPORT_KINDS = ['precios-dam', 'precios-rtm', 'adjudicaciones', 'puntos'] as const;
export type ErcotImportKind = (typeof ERCOT_IMPORT_KINDS)[number];

/** Settlement point names as ERCOT spells them (letters, digits, "_", "-"), kept upper case. */
export const SETTLEMENT_POINT_MAX = 40;
const pointName = { type: 'string', minLength: 1, maxLength: SETTLEMENT_POINT_MAX, pattern: '^[A-Za-z0-9_-]+$' } as const;

const range = { desde: isoDate, hasta: isoDate } as const;

/** `POST settled-bids`: the awards of a range of operating days, optionally of one point (source or sink) and one kind. */
export const settledBidsBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['desde', 'hasta'],
  properties: { ...range, punto: pointName, tipo: { type: 'string', enum: AWARD_KINDS } },
} as const;
export type SettledBidsBody = FromSchema<typeof settledBidsBodySchema>;

/** One award with its DAM price (PTP: source and sink) and its settlement in USD (+ earns, − pays). */
export const settledBidSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'dia_operacion',
    'hora_final',
    'repetida',
    'inicio_utc',
    'tipo',
    'punto',
    'punto_sumidero',
    'mw_oferta',
    'precio_oferta',
    'mw_adjudicado',
    'precio',
    'precio_sumidero',
    'monto',
  ],
  properties: {
    id: { type: 'integer' },
    dia_operacion: isoDate,
    hora_final: { type: 'integer' },
    repetida: { type: 'boolean' },
    inicio_utc: { type: 'string' },
    tipo: { type: 'string', enum: AWARD_KINDS },
    punto: { type: 'string' },
    punto_sumidero: { type: ['string', 'null'] },
    mw_oferta: amount,
    precio_oferta: amount,
    mw_adjudicado: amount,
    /** DAM SPP at the point (PTP: the source). */
    precio: nullableAmount,
    /** PTP: DAM SPP at the sink. */
    precio_sumidero: nullableAmount,
    monto: nullableAmount,
  },
} as const;
export type SettledBid = FromSchema<typeof settledBidSchema>;

/** The sums of a set of awards: how many, how many lack a price, MWh cleared per kind (bids buy, offers sell), USD of those with a price. */
const sumProperties = {
  adjudicaciones: { type: 'integer' },
  sin_precio: { type: 'integer' },
  mwh: amount,
  mwh_compra: amount,
  mwh_venta: amount,
  mwh_ptp: amount,
  monto: amount,
} as const;
const sumNames = ['adjudicaciones', 'sin_precio', 'mwh', 'mwh_compra', 'mwh_venta', 'mwh_ptp', 'monto'] as const;

/** The totals of the awards answered. */
export const settledTotalsSchema = { type: 'object', additionalProperties: false, required: sumNames, properties: sumProperties } as const;
export type SettledTotals = FromSchema<typeof settledTotalsSchema>;

export const settledBidsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['adjudicaciones', 'totales'],
  properties: { adjudicaciones: { type: 'array', items: settledBidSchema }, totales: settledTotalsSchema },
} as const;
export type SettledBids = FromSchema<typeof settledBidsSchema>;

/** `POST settlement_points`: the catalogue, of one type, whose name contains `buscar`, optionally with a market's prices of a range. */
export const settlementPointsBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tipo: { type: 'string', enum: SETTLEMENT_POINT_TYPES },
    buscar: { type: 'string', maxLength: SETTLEMENT_POINT_MAX },
    con_precios: {
      type: 'object',
      additionalProperties: false,
      required: ['desde', 'hasta', 'mercado'],
      properties: { ...range, mercado: { type: 'string', enum: ERCOT_MARKETS } },
    },
  },
} as const;
export type SettlementPointsBody = FromSchema<typeof settlementPointsBodySchema>;

/** One price: the interval's UTC start, its operating day, hour ending, 15-minute interval (RTM; null in the DAM) and repeated flag. */
export const pointPriceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['inicio_utc', 'dia_operacion', 'hora_final', 'intervalo', 'repetida', 'precio'],
  properties: {
    inicio_utc: { type: 'string' },
    dia_operacion: isoDate,
    hora_final: { type: 'integer' },
    intervalo: { type: ['integer', 'null'] },
    repetida: { type: 'boolean' },
    precio: amount,
  },
} as const;

export const settlementPointSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['nombre', 'tipo', 'vigente_desde', 'vigente_hasta'],
  properties: {
    nombre: { type: 'string' },
    tipo: { type: 'string', enum: SETTLEMENT_POINT_TYPES },
    vigente_desde: isoDate,
    vigente_hasta: { ...isoDate, type: ['string', 'null'] },
    /** Only when `con_precios` was asked: the market's prices of the range, by UTC start. */
    precios: { type: 'array', items: pointPriceSchema },
  },
} as const;
export type SettlementPoint = FromSchema<typeof settlementPointSchema>;

/** `POST acumulados`: MWh and USD of a range's awards per day, month or point, with the running total. */
export const accumulatedBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['desde', 'hasta', 'agrupacion'],
  properties: { ...range, agrupacion: { type: 'string', enum: ACCUMULATION_GROUPINGS } },
} as const;
export type AccumulatedBody = FromSchema<typeof accumulatedBodySchema>;

/**
 * One group: its key (`yyyy-mm-dd`, `yyyy-mm` or the point's name), the awards' MWh cleared per
 * kind, the USD of those with a price, and the running USD total in key order.
 */
export const accumulatedRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['clave', ...sumNames, 'monto_acumulado'],
  properties: { clave: { type: 'string' }, ...sumProperties, monto_acumulado: amount },
} as const;
export type AccumulatedRow = FromSchema<typeof accumulatedRowSchema>;

/**
 * What an import stored: its kind, how many rows (stored or replaced) and the operating days they
 * cover; for the catalogue (`puntos`), the first and last `ValidFrom` and how many points were
 * new and how many changed (the rest were given as stored).
 */
export const ercotImportedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tipo', 'filas', 'desde', 'hasta'],
  properties: {
    tipo: { type: 'string', enum: ERCOT_IMPORT_KINDS },
    filas: { type: 'integer' },
    desde: isoDate,
    hasta: isoDate,
    nuevos: { type: 'integer' },
    actualizados: { type: 'integer' },
  },
} as const;
export type ErcotImported = FromSchema<typeof ercotImportedSchema>;

/** `PATCH settlement_points`: one point's type and validity (`vigente_hasta` null: still in force), by its name in any case. */
export const settlementPointUpdateBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['nombre', 'tipo', 'vigente_desde', 'vigente_hasta'],
  properties: {
    nombre: pointName,
    tipo: { type: 'string', enum: SETTLEMENT_POINT_TYPES },
    vigente_desde: isoDate,
    vigente_hasta: { ...isoDate, type: ['string', 'null'] },
  },
} as const;
export type SettlementPointUpdate = FromSchema<typeof settlementPointUpdateBodySchema>;

// The workbooks (docs/api-ercot.md): each the body of its page's call and the language of its words.

/** The languages of an Excel download. */
const languageField = { type: 'string', enum: ['es-ES', 'en-US'], default: 'es-ES' } as const;

/** `POST settled-bids-excel`: the awards of `settled-bids` with their totals. */
export const settledBidsExcelBodySchema = {
  ...settledBidsBodySchema,
  properties: { ...settledBidsBodySchema.properties, idioma: languageField },
} as const;
export type SettledBidsExcelBody = FromSchema<typeof settledBidsExcelBodySchema>;

/** The most points one price workbook compares, a column each. */
export const ERCOT_PRICE_POINTS_MAX = 20;

/** `POST precios-excel`: a market's prices of a range at up to 20 points, one column each in the order given. */
export const pricesExcelBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['desde', 'hasta', 'mercado', 'puntos'],
  properties: {
    ...range,
    mercado: { type: 'string', enum: ERCOT_MARKETS },
    puntos: { type: 'array', minItems: 1, maxItems: ERCOT_PRICE_POINTS_MAX, uniqueItems: true, items: pointName },
    idioma: languageField,
  },
} as const;
export type PricesExcelBody = FromSchema<typeof pricesExcelBodySchema>;

/** `POST acumulados-excel`: the groups of `acumulados` with their running total and the totals. */
export const accumulatedExcelBodySchema = {
  ...accumulatedBodySchema,
  properties: { ...accumulatedBodySchema.properties, idioma: languageField },
} as const;
export type AccumulatedExcelBody = FromSchema<typeof accumulatedExcelBodySchema>;
