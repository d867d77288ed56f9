import type { FromSchema } from 'json-schema-to-ts';
import { CONTRACT_TYPES, EPWM_BRANCHES, type ContractType } from './contract.schema';
import { SETTLEMENT_VERSIONS, type SettlementVersion } from './settlement.schema';
import { monthField, yearField } from './month.schema';
import { amount } from './decimal.schema';

// The summary calls of spec section 7 (`/liquidacion/api/v3/resumen`, `/liquidations`,
// `/contracts`; docs/api-settlements.md, "Summary"): what the settlements dashboard draws.
// Every figure counts, for each contract and month, ONE settlement: the most final one computed
// (CD over DF over PE, the latest reconciliation of CDs), or the one of `version` when the body
// names it. Amounts are decimal strings summed by the database.

/** The body of the three calls: a year (the period), optionally one month of it, and filters. */
export const settlementSummaryQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anio'],
  properties: {
    anio: yearField,
    mes: monthField,
    /** The contract's branch (`sucursal`), the settlement's country. */
    pais: { type: 'string', enum: EPWM_BRANCHES },
    tipo_contrato: { type: 'string', enum: CONTRACT_TYPES },
    /** Only settlements of this version count (no precedence then). */
    version: { type: 'string', enum: SETTLEMENT_VERSIONS },
  },
} as const;

export type SettlementSummaryQuery = FromSchema<typeof settlementSummaryQuerySchema>;

const count = { type: 'integer', minimum: 0 } as const;

/** How many of the settlements counted are of each version: says which versions a figure sums. */
const versionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...SETTLEMENT_VERSIONS],
  properties: Object.fromEntries(SETTLEMENT_VERSIONS.map((version) => [version, count])) as Record<SettlementVersion, typeof count>,
} as const;

/** The figures of a group of settlements: sums of their totals, how many, of which versions. */
const figureProperties = {
  energia_total_mwh: amount,
  liquidacion_energia: amount,
  margen: amount,
  factura: amount,
  liquidaciones: count,
  validadas: count,
  versiones: versionsSchema,
} as const;
const FIGURE_FIELDS = Object.keys(figureProperties) as Array<keyof typeof figureProperties>;

export interface SummaryFigures {
  energia_total_mwh: string;
  liquidacion_energia: string;
  margen: string;
  factura: string;
  /** Settlements counted (one per contract and month). */
  liquidaciones: number;
  /** Of those, how many are validated (final). */
  validadas: number;
  versiones: Record<SettlementVersion, number>;
}

const figures = <const Extra extends Record<string, object>>(extra: Extra) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: [...Object.keys(extra), ...FIGURE_FIELDS],
    properties: { ...extra, ...figureProperties },
  }) as const;

const mes = { type: 'integer', minimum: 1, maximum: 12 } as const;
const pais = { type: 'string' } as const;
const tipoContrato = { type: 'string', enum: CONTRACT_TYPES } as const;

/** `POST /liquidacion/api/v3/resumen`: the period's figures per month, country and contract type. */
export const settlementSummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anio', 'total', 'meses', 'por_pais', 'por_tipo_contrato', 'por_pais_mes', 'por_tipo_contrato_mes'],
  properties: {
    anio: { type: 'integer' },
    total: figures({}),
    meses: { type: 'array', items: figures({ mes }) },
    por_pais: { type: 'array', items: figures({ pais }) },
    por_tipo_contrato: { type: 'array', items: figures({ tipo_contrato: tipoContrato }) },
    por_pais_mes: { type: 'array', items: figures({ mes, pais }) },
    por_tipo_contrato_mes: { type: 'array', items: figures({ mes, tipo_contrato: tipoContrato }) },
  },
} as const;

export interface SettlementSummary {
  anio: number;
  total: SummaryFigures;
  meses: Array<SummaryFigures & { mes: number }>;
  por_pais: Array<SummaryFigures & { pais: string }>;
  por_tipo_contrato: Array<SummaryFigures & { tipo_contrato: ContractType }>;
  por_pais_mes: Array<SummaryFigures & { mes: number; pais: string }>;
  por_tipo_contrato_mes: Array<SummaryFigures & { mes: number; tipo_contrato: ContractType }>;
}

/** `POST /liquidacion/api/v3/liquidations`: the margin of each month with settlements and the margin accumulated up to it. */
export const accumulatedMarginSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anio', 'meses'],
  properties: {
    anio: { type: 'integer' },
    meses: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['mes', 'margen', 'margen_acumulado', 'liquidaciones', 'versiones'],
        properties: { mes, margen: amount, margen_acumulado: amount, liquidaciones: count, versiones: versionsSchema },
      },
    },
  },
} as const;

export interface AccumulatedMargin {
  anio: number;
  meses: Array<{ mes: number; margen: string; margen_acumulado: string; liquidaciones: number; versiones: Record<SettlementVersion, number> }>;
}

/** `POST /liquidacion/api/v3/contracts`: each contract settled in the period with its totals. */
export const contractSummarySchema = figures({
  contrato_id: { type: 'integer' },
  contrato_codigo: { type: 'string' },
  empresa_id: { type: 'integer' },
  empresa_razon_social: { type: 'string' },
  pais,
  tipo_contrato: tipoContrato,
  /** The months of the period it has a settlement in. */
  meses: { type: 'array', items: mes },
});

export interface ContractSummary extends SummaryFigures {
  contrato_id: number;
  contrato_codigo: string;
  empresa_id: number;
  empresa_razon_social: string;
  pais: string;
  tipo_contrato: ContractType;
  meses: number[];
}
