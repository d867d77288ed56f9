import type { FromSchema } from 'json-schema-to-ts';
import { CONTRACT_TYPES, EPWM_BRANCHES } from './contract.schema';
import { SETTLEMENT_STATES } from './settlement.schema';
import { monthQuerySchema } from './month.schema';
import { amount, nullableAmount } from './decimal.schema';

// The settlements report (`/liquidacion`, docs/api-settlements.md): for one month, every
// contract's PE, DF and CD side by side and the difference DF - PE, the shadow settlement
// against the operator's statement. Amounts are decimal strings, exact as the database sums them.

/** The totals of a settlement the report shows for each version. */
export const REPORT_AMOUNTS = ['energia_total_mwh', 'liquidacion_energia', 'liquidacion_potencia', 'fee', 'margen', 'factura'] as const;
type ReportAmount = (typeof REPORT_AMOUNTS)[number];

/** The amounts whose DF - PE difference the report shows (each also as a percentage of PE). */
export const REPORT_DIFFERENCES = ['energia_total_mwh', 'factura', 'margen'] as const;
export type ReportDifference = (typeof REPORT_DIFFERENCES)[number];

/** The versions a report line sets side by side, as its wire names (`pe`, `df`, `cd`). */
export const REPORT_VERSIONS = ['pe', 'df', 'cd'] as const;
export type ReportVersion = (typeof REPORT_VERSIONS)[number];

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** `GET /liquidacion/api/v3/reporte`: a month (required) and optional filters on the contract. */
export const settlementReportQuerySchema = {
  ...monthQuerySchema,
  properties: {
    ...monthQuerySchema.properties,
    /** The contract's branch country (`sucursal`). */
    pais: { type: 'string', enum: EPWM_BRANCHES },
    empresa_id: id,
    tipo_contrato: { type: 'string', enum: CONTRACT_TYPES },
  },
} as const;

export type SettlementReportQuery = FromSchema<typeof settlementReportQuerySchema>;

/** `GET /liquidacion/api/v3/reporte/excel`: the same, and the language of the workbook's words. */
export const settlementReportExcelQuerySchema = {
  ...settlementReportQuerySchema,
  properties: { ...settlementReportQuerySchema.properties, idioma: { type: 'string', enum: ['es-ES', 'en-US'], default: 'es-ES' } },
} as const;

export type SettlementReportExcelQuery = FromSchema<typeof settlementReportExcelQuerySchema>;

const amounts = Object.fromEntries(REPORT_AMOUNTS.map((name) => [name, amount])) as Record<ReportAmount, typeof amount>;

/** One version of a contract's month: the settlement (for CD the latest reconciliation) and its totals. */
const reportSettlementSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['id', 'estado', 'reconciliacion', ...REPORT_AMOUNTS],
  properties: { id: { type: 'integer' }, estado: { type: 'string', enum: SETTLEMENT_STATES }, reconciliacion: { type: 'integer' }, ...amounts },
} as const;

/** The sums of one version over the report's contracts; null when no contract has that version. */
const reportTotalsSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: REPORT_AMOUNTS,
  properties: amounts,
} as const;

/**
 * DF - PE of the amounts that tell a contract's month apart, and each as a percentage of
 * |PE| (positive: the statement is above the shadow settlement); a percentage is null where PE
 * is 0. The whole difference is null unless the contract has both a PE and a DF.
 */
const reportDifferenceSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: [...REPORT_DIFFERENCES, 'energia_total_mwh_pct', 'factura_pct', 'margen_pct'],
  properties: {
    energia_total_mwh: amount,
    factura: amount,
    margen: amount,
    energia_total_mwh_pct: nullableAmount,
    factura_pct: nullableAmount,
    margen_pct: nullableAmount,
  },
} as const;

/** One contract of the month: what it is, and its PE, DF and CD side by side. */
const settlementReportLineSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['contrato_id', 'contrato_codigo', 'empresa_id', 'empresa_razon_social', 'sucursal', 'tipo_contrato', 'moneda', 'pe', 'df', 'cd', 'diferencia'],
  properties: {
    contrato_id: { type: 'integer' },
    contrato_codigo: { type: 'string' },
    empresa_id: { type: 'integer' },
    empresa_razon_social: { type: 'string' },
    sucursal: { type: 'string' },
    tipo_contrato: { type: 'string', enum: CONTRACT_TYPES },
    moneda: { type: 'string' },
    pe: reportSettlementSchema,
    df: reportSettlementSchema,
    cd: reportSettlementSchema,
    diferencia: reportDifferenceSchema,
  },
} as const;

export type SettlementReportLine = FromSchema<typeof settlementReportLineSchema>;

/**
 * The report: the month, a line per contract with a settlement in it, the grand totals, and
 * the companies with a settlement in the month whatever the filters (what the company filter offers).
 */
export const settlementReportSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anio', 'mes', 'contratos', 'totales', 'empresas'],
  properties: {
    anio: { type: 'integer' },
    mes: { type: 'integer' },
    empresas: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'razon_social'],
        properties: { id: { type: 'integer' }, razon_social: { type: 'string' } },
      },
    },
    contratos: { type: 'array', items: settlementReportLineSchema },
    totales: {
      type: 'object',
      additionalProperties: false,
      required: ['contratos', 'pe', 'df', 'cd', 'diferencia'],
      properties: {
        contratos: { type: 'integer' },
        pe: reportTotalsSchema,
        df: reportTotalsSchema,
        cd: reportTotalsSchema,
        /** The sum of the contracts' differences (contracts with both PE and DF), as a percentage of their PE. */
        diferencia: reportDifferenceSchema,
      },
    },
  },
} as const;

export type SettlementReport = FromSchema<typeof settlementReportSchema>;

/**
 * One month of `GET /liquidacion/api/v3/reporte/meses`: the months that have settlements, newest
 * first, and how many each has. The report page opens on the first (an empty month only says so).
 */
export const settlementReportMonthSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['anio', 'mes', 'liquidaciones'],
  properties: { anio: { type: 'integer' }, mes: { type: 'integer' }, liquidaciones: { type: 'integer' } },
} as const;

export type SettlementReportMonth = FromSchema<typeof settlementReportMonthSchema>;
