import type { FromSchema } from 'json-schema-to-ts';
import { monthField, yearField } from './month.schema';
import { amount, nullableAmount } from './decimal.schema';
import { editColumnsProperties } from './record.schema';

// Field rules of the settlement area (DOMAIN.md, Settlements): the versions of market data and
// of settlements, a settlement's states, and the national charge kinds the engine reads.

/**
 * PE preliminary (ex-ante prices, estimated measurements), DF final (the operator's official
 * statement), CD reconciled (after claims). Market data comes in the same three versions, so
 * a settlement of one version reads the data of that version.
 */
export const SETTLEMENT_VERSIONS = ['PE', 'DF', 'CD'] as const;
export type SettlementVersion = (typeof SETTLEMENT_VERSIONS)[number];

/** A settlement is prepared (and may be recomputed) while preliminar; validada is final. */
export const SETTLEMENT_STATES = ['preliminar', 'validada'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/**
 * The national charge rates the hourly row uses ($/MWh): the injection-side rate (MMi), the
 * withdrawal-side rate (MMr) and the main transmission toll.
 */
export const CHARGE_KINDS = ['MMi', 'MMr', 'peaje_principal'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** Hourly periods of a day in Central America and Mexico (no daylight saving time). */
export const PERIODS_PER_DAY = 24;

// ---- The settlement API's shapes (docs/api-settlements.md). Wire names are the columns';
// amounts are decimal strings as PostgreSQL prints them (never binary floats).

const versionField = { type: 'string', enum: SETTLEMENT_VERSIONS } as const;
const stateField = { type: 'string', enum: SETTLEMENT_STATES } as const;
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** The largest page a settlement list answers: a month of every contract fits a few pages. */
const SETTLEMENT_PAGE_MAX = 200;

/** `GET /liquidacion/api/v3/liquidaciones` query: filters (all optional) and the page. */
export const settlementListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    anio: yearField,
    mes: monthField,
    version: versionField,
    estado: stateField,
    contrato_id: id,
    empresa_id: id,
    /** The contract's branch country (`sucursal`). */
    pais: { type: 'string', minLength: 2, maxLength: 2, pattern: '^[A-Z]{2}$' },
    /** 1-based. */
    pagina: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    por_pagina: { type: 'integer', minimum: 1, maximum: SETTLEMENT_PAGE_MAX, default: 50 },
  },
} as const;

export type SettlementListQuery = FromSchema<typeof settlementListQuerySchema>;

/** How the rows of one settlement are read: as stored (hour), summed per annex and day, or per annex. */
export const SETTLEMENT_AGGREGATIONS = ['hora', 'dia', 'mes'] as const;
export type SettlementAggregation = (typeof SETTLEMENT_AGGREGATIONS)[number];

/** `?agregacion=` of the detail and the Excel. */
export const settlementDetailQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { agregacion: { type: 'string', enum: SETTLEMENT_AGGREGATIONS, default: 'hora' } },
} as const;

export type SettlementDetailQuery = FromSchema<typeof settlementDetailQuerySchema>;

/** `{ version }`: validating and reconciling name the row version the user looked at. */
export const settlementCommandSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version'],
  properties: { version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

export type SettlementCommandBody = FromSchema<typeof settlementCommandSchema>;

/** The settlement a computation is for: a contract's month in one version (PE, DF or CD). */
const settlementKey = {
  contrato_id: id,
  anio: yearField,
  mes: monthField,
  version: versionField,
} as const;

/** `POST /liquidacion/api/v3/liquidaciones`: compute (or recompute) a contract's month. */
export const settlementComputeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['contrato_id', 'anio', 'mes', 'version'],
  properties: settlementKey,
} as const;

export type SettlementComputeBody = FromSchema<typeof settlementComputeSchema>;

/**
 * `POST /liquidacion/api/v3/pre-liquidacion` (spec section 5: contract, counterpart, codes,
 * month, year and timeframe required): whether the data of that settlement is all there.
 */
export const preSettlementSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['contrato_id', 'codigo_contraparte', 'codigo_agente', 'anio', 'mes', 'version', 'agregacion'],
  properties: {
    ...settlementKey,
    codigo_contraparte: { type: 'string', minLength: 1, maxLength: 40 },
    codigo_agente: { type: 'string', minLength: 1, maxLength: 40 },
    agregacion: { type: 'string', enum: SETTLEMENT_AGGREGATIONS },
  },
} as const;

export type PreSettlementBody = FromSchema<typeof preSettlementSchema>;

/** One line of what a settlement lacks: a kind of data, its key, a day and (hourly data) the periods. */
const missingItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tipo', 'clave', 'fecha', 'periodos'],
  properties: {
    tipo: { type: 'string', enum: ['energia', 'precio', 'fpn', 'cargo', 'tipo_cambio', 'nodos'] },
    clave: { type: 'string' },
    fecha: { type: 'string' },
    periodos: { type: ['array', 'null'], items: { type: 'integer' } },
  },
} as const;

/** The pre-settlement's answer: available or not, the first 100 lines of what is missing and their count. */
export const preSettlementResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['disponible', 'faltantes', 'total_faltantes'],
  properties: {
    disponible: { type: 'boolean' },
    faltantes: { type: 'array', items: missingItemSchema },
    total_faltantes: { type: 'integer', minimum: 0 },
  },
} as const;

export type PreSettlementResult = FromSchema<typeof preSettlementResultSchema>;

/** One settlement as the API shows it: its columns, its contract's and company's names, its totals. */
export const settlementSchema = {
  type: 'object',
  required: ['id', 'contrato_id', 'anio', 'mes', 'version_liquidacion', 'reconciliacion', 'estado', 'version'],
  properties: {
    id: { type: 'integer' },
    contrato_id: { type: 'integer' },
    contrato_codigo: { type: 'string' },
    empresa_id: { type: 'integer' },
    empresa_razon_social: { type: 'string' },
    sucursal: { type: 'string' },
    moneda: { type: 'string' },
    anio: { type: 'integer' },
    mes: { type: 'integer' },
    version_liquidacion: versionField,
    reconciliacion: { type: 'integer' },
    estado: stateField,
    /** A DF a CD was made from (a DF is reconciled once). */
    conciliada: { type: 'boolean' },
    energia_total_mwh: amount,
    cargos_mmi: amount,
    cargos_mmr: amount,
    cmorc: amount,
    liquidacion_energia: amount,
    liquidacion_potencia: amount,
    fee: amount,
    margen: amount,
    factura: amount,
    factura_mxn: nullableAmount,
    calculada_por: { type: ['string', 'null'] },
    calculada_en: { type: ['string', 'null'] },
    validada_por: { type: ['string', 'null'] },
    validada_en: { type: ['string', 'null'] },
    ...editColumnsProperties,
  },
} as const;

export type Settlement = FromSchema<typeof settlementSchema>;

/** The amounts of a row (or of rows summed): every one a decimal string. */
export const SETTLEMENT_ROW_AMOUNTS = [
  'energia_fisica_mwh',
  'energia_flex_mwh',
  'energia_total_mwh',
  'cargos_mmi',
  'cargos_mmr',
  'cmorc',
  'liquidacion_fisica',
  'liquidacion_flex',
  'liquidacion_fpn',
  'liquidacion_energia',
  'liquidacion_potencia',
  'fee',
  'margen',
  'factura',
  'factura_mxn',
] as const;
type SettlementRowAmount = (typeof SETTLEMENT_ROW_AMOUNTS)[number];

/**
 * One row of a settlement: as stored (annex, date, period, with its inputs), or summed per
 * annex and day (`periodo` null) or per annex (`fecha` and `periodo` null; inputs null).
 */
const settlementRowSchema = {
  type: 'object',
  required: ['anexo_id', 'fecha', 'periodo', ...SETTLEMENT_ROW_AMOUNTS],
  properties: {
    anexo_id: { type: 'integer' },
    fecha: { type: ['string', 'null'] },
    periodo: { type: ['integer', 'null'] },
    precio_inyeccion: nullableAmount,
    precio_retiro: nullableAmount,
    fpn: nullableAmount,
    tipo_cambio: nullableAmount,
    ...Object.fromEntries(SETTLEMENT_ROW_AMOUNTS.map((name) => [name, name === 'factura_mxn' ? nullableAmount : amount])),
  } as Record<SettlementRowAmount | 'anexo_id' | 'fecha' | 'periodo' | 'precio_inyeccion' | 'precio_retiro' | 'fpn' | 'tipo_cambio', object>,
} as const;

export interface SettlementRow {
  anexo_id: number;
  fecha: string | null;
  periodo: number | null;
  precio_inyeccion?: string | null;
  precio_retiro?: string | null;
  fpn?: string | null;
  tipo_cambio?: string | null;
  energia_fisica_mwh: string;
  energia_flex_mwh: string;
  energia_total_mwh: string;
  cargos_mmi: string;
  cargos_mmr: string;
  cmorc: string;
  liquidacion_fisica: string;
  liquidacion_flex: string;
  liquidacion_fpn: string;
  liquidacion_energia: string;
  liquidacion_potencia: string;
  fee: string;
  margen: string;
  factura: string;
  factura_mxn: string | null;
}

/**
 * The detail: the settlement, its rows at the asked aggregation, and the sums of every row
 * (`totales`: the physical and flex energy the settlement's own totals lack; null before its
 * first computation, when it has no rows).
 */
export const settlementDetailSchema = {
  type: 'object',
  required: [...settlementSchema.required, 'agregacion', 'filas', 'totales'],
  properties: {
    ...settlementSchema.properties,
    agregacion: { type: 'string', enum: SETTLEMENT_AGGREGATIONS },
    filas: { type: 'array', items: settlementRowSchema },
    totales: { anyOf: [settlementRowSchema, { type: 'null' }] },
  },
} as const;

export type SettlementDetail = Settlement & { agregacion: SettlementAggregation; filas: SettlementRow[]; totales: SettlementRow | null };

/** A page of settlements and how many the filters select in all. */
export const settlementPageSchema = {
  type: 'object',
  required: ['data', 'total'],
  properties: { data: { type: 'array', items: settlementSchema }, total: { type: 'integer' } },
} as const;

/** `?agregacion=&idioma=` of the Excel download: its rows' aggregation and the language of its words. */
export const settlementExcelQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...settlementDetailQuerySchema.properties,
    idioma: { type: 'string', enum: ['es-ES', 'en-US'], default: 'es-ES' },
  },
} as const;

export type SettlementExcelQuery = FromSchema<typeof settlementExcelQuerySchema>;
