import type { FromSchema } from 'json-schema-to-ts';
import type { DecimalBounds } from './decimal.schema';
import { CHARGE_KINDS, SETTLEMENT_VERSIONS } from './settlement.schema';
import { isoDate } from './date.schema';
import { monthQuerySchema } from './month.schema';

// The market data a settlement reads, as the API shows what is loaded: node prices and loss
// factors per node and version, measured energy per annex and version, the national charge
// rates per country and kind, and the MXN/USD rate per day.

/** `GET /liquidacion/api/v3/datos-mercado/cobertura` query: the month to look at. */
export const marketDataCoverageQuerySchema = monthQuerySchema;

export type MarketDataCoverageQuery = FromSchema<typeof marketDataCoverageQuerySchema>;

const version = { type: 'string', enum: SETTLEMENT_VERSIONS } as const;
const count = { type: 'integer', minimum: 0 } as const;

/** Periods of one node and version: how many (date, period) pairs of the month have a value. */
const nodeCounts = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['nodo', 'version', 'periodos'],
    properties: { nodo: { type: 'string' }, version, periodos: count },
  },
} as const;

/**
 * What is loaded for one month. `periodos` counts the (date, period) pairs present;
 * `periodos_esperados` is what a complete month has: every day x 24 for a node, the days the
 * annex is in force x 24 for an annex. A charge rate holds for whole days: `dias` counts the
 * days of the month some rate of the country and kind is in force, and `vigencias` lists those
 * rates with their periods (`vigente_hasta` null: open-ended).
 */
export const marketDataCoverageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anio', 'mes', 'dias', 'periodos_esperados', 'precios', 'factores_perdida', 'mediciones', 'cargos', 'tipos_cambio'],
  properties: {
    anio: { type: 'integer' },
    mes: { type: 'integer' },
    /** Days of the month. */
    dias: count,
    /** Days x 24. */
    periodos_esperados: count,
    precios: nodeCounts,
    factores_perdida: nodeCounts,
    mediciones: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['anexo_id', 'contrato_id', 'version', 'periodos', 'periodos_esperados'],
        properties: { anexo_id: { type: 'integer' }, contrato_id: { type: 'integer' }, version, periodos: count, periodos_esperados: count },
      },
    },
    cargos: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['pais', 'concepto', 'dias', 'vigencias'],
        properties: {
          pais: { type: 'string' },
          concepto: { type: 'string', enum: CHARGE_KINDS },
          dias: count,
          vigencias: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['vigente_desde', 'vigente_hasta', 'tasa'],
              properties: { vigente_desde: isoDate, vigente_hasta: { ...isoDate, type: ['string', 'null'] }, tasa: { type: 'string' } },
            },
          },
        },
      },
    },
    tipos_cambio: {
      type: 'object',
      additionalProperties: false,
      required: ['dias'],
      properties: { dias: count },
    },
  },
} as const;

export type MarketDataCoverage = FromSchema<typeof marketDataCoverageSchema>;

/** What an import loads: node prices, measured energy per annex, MXN/USD rates, loss factors per node, or national charge rates. */
export const MARKET_DATA_KINDS = ['precios', 'mediciones', 'tipos-cambio', 'factores-perdida', 'cargos'] as const;
export type MarketDataKind = (typeof MARKET_DATA_KINDS)[number];

/** The kind of an import: the upload's `tipo` part, and what a stored import answers. */
export const marketDataKindSchema = { type: 'string', enum: MARKET_DATA_KINDS } as const;

/** What a stored import answers: its kind and how many rows it stored (or replaced). */
export const marketDataImportedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tipo', 'filas'],
  properties: {
    tipo: marketDataKindSchema,
    filas: { type: 'integer', minimum: 1 },
  },
} as const;

export type MarketDataImported = FromSchema<typeof marketDataImportedSchema>;

/** The columns of each kind of file, in the order its header row names them (any order is read). */
export const MARKET_DATA_COLUMNS = {
  precios: ['nodo', 'fecha', 'periodo', 'version', 'precio'],
  mediciones: ['anexo_id', 'fecha', 'periodo', 'version', 'energia_fisica_mwh', 'energia_flex_mwh'],
  'tipos-cambio': ['fecha', 'tipo_cambio'],
  'factores-perdida': ['nodo', 'fecha', 'periodo', 'version', 'fpn'],
  cargos: ['pais', 'concepto', 'vigente_desde', 'vigente_hasta', 'tasa'],
} as const satisfies Record<MarketDataKind, readonly string[]>;

/** The largest file an import takes (a month of hourly prices for 200 nodes and 3 versions is about 20 MB of CSV). */
export const MARKET_DATA_MAX_BYTES = 32 * 1024 * 1024;

/** The columns a file may leave empty: a charge rate without an end is in force until a later one replaces it. */
export const MARKET_DATA_OPTIONAL_COLUMNS: ReadonlySet<string> = new Set(['vigente_hasta']);

/**
 * The decimals of market data. A node price may be negative (hours of surplus in the
 * market), so its bound is on its magnitude; measured energy may be 0 (an hour without
 * delivery); an exchange rate and a loss factor are greater than 0; a charge rate may be 0
 * (a charge suspended for a period). Operators publish up to 6 decimals.
 */
export const MARKET_DATA_BOUNDS = {
  /** $/MWh, either sign: the markets settled here cap prices at a few thousand $/MWh. */
  price: { min: '0', positive: false, max: '99999.999999', scale: 6 },
  /** MWh in one hour of one annex. */
  energy: { min: '0', positive: false, max: '999999.999999', scale: 6 },
  /** MXN per USD. */
  rate: { min: '0', positive: true, max: '9999.999999', scale: 6 },
  /** FPN, dimensionless, around 1 (the table refuses 0 and less). */
  lossFactor: { min: '0', positive: true, max: '9.999999', scale: 6 },
  /** A national charge rate in USD per MWh. */
  chargeRate: { min: '0', positive: false, max: '99999.999999', scale: 6 },
  /** ERCOT MW bid or cleared in one hour (never negative). */
  mw: { min: '0', positive: false, max: '99999.999', scale: 3 },
} as const satisfies Record<string, DecimalBounds>;

/**
 * Why a cell or a row of an import file is refused: each is the i18n key
 * `marketData.problems.<code>` (with `params` to fill in).
 */
export const MARKET_DATA_PROBLEMS = [
  'empty',
  'header_unknown',
  'header_missing',
  'header_repeated',
  'row_length',
  'required',
  'node',
  'date',
  'period',
  'version',
  'price',
  'energy',
  'rate',
  'annex',
  'annex_unknown',
  'loss_factor',
  'country',
  'charge_kind',
  'charge_rate',
  'period_order',
  'duplicate',
  'overlap_file',
  'overlap_stored',
  'operator',
  'branch',
  'amount',
  'statement_operator',
  'branch_operator',
  'statement_figures',
  'too_many',
  'unreadable',
  // ERCOT's files (server/ercot/rules.ts): their cells, their clock, their points.
  'us_date',
  'hour_ending',
  'interval',
  'point_type',
  'dst_flag',
  'award_kind',
  'mw',
  'hour_absent',
  'flag_not_repeated',
  'flag_missing',
  'point_unknown',
  'sink',
  'cleared_above_bid',
  'point_type_unknown',
  'point_in_use',
] as const;
export type MarketDataProblemCode = (typeof MARKET_DATA_PROBLEMS)[number];

/**
 * One refused cell or row of an import, an `ErrorDetail` of the 400 with more to say: `fila`
 * is the row as a spreadsheet numbers it (the header is row 1), `columna` the column's header
 * (null for a whole row), `motivo` the English reason and `key` / `params` its translation.
 * `instancePath` is `/filas/<fila>/<columna>` and `keyword` the problem's code.
 */
export interface MarketDataProblem {
  instancePath: string;
  keyword: MarketDataProblemCode;
  message: string;
  fila: number;
  columna: string | null;
  motivo: string;
  key: string;
  params?: Record<string, string | number>;
}
