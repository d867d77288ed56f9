import type { FromSchema } from 'json-schema-to-ts';
import { SETTLEMENT_VERSIONS } from './settlement.schema';

// The market data a settlement reads, as the API shows what is loaded: node prices per node
// and version, measured energy per annex and version, and the MXN/USD rate per day.

/** `GET /liquidacion/api/v3/datos-mercado/cobertura` query: the month to look at. */
export const marketDataCoverageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anio', 'mes'],
  properties: {
    anio: { type: 'integer', minimum: 2000, maximum: 2999 },
    mes: { type: 'integer', minimum: 1, maximum: 12 },
  },
} as const;

export type MarketDataCoverageQuery = FromSchema<typeof marketDataCoverageQuerySchema>;

const version = { type: 'string', enum: SETTLEMENT_VERSIONS } as const;
const count = { type: 'integer', minimum: 0 } as const;

/**
 * What is loaded for one month. `periodos` counts the (date, period) pairs present;
 * `periodos_esperados` is what a complete month has: every day x 24 for a node, the days the
 * annex is in force x 24 for an annex.
 */
export const marketDataCoverageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anio', 'mes', 'dias', 'periodos_esperados', 'precios', 'mediciones', 'tipos_cambio'],
  properties: {
    anio: { type: 'integer' },
    mes: { type: 'integer' },
    /** Days of the month. */
    dias: count,
    /** Days x 24. */
    periodos_esperados: count,
    precios: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['nodo', 'version', 'periodos'],
        properties: { nodo: { type: 'string' }, version, periodos: count },
      },
    },
    mediciones: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['anexo_id', 'contrato_id', 'version', 'periodos', 'periodos_esperados'],
        properties: { anexo_id: { type: 'integer' }, contrato_id: { type: 'integer' }, version, periodos: count, periodos_esperados: count },
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
