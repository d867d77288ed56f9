import type { FromSchema } from 'json-schema-to-ts';
import { CONTRACT_CLASSES, CONTRACT_TYPES, EPWM_BRANCHES, TRANSACTION_TYPES } from './contract.schema';
import { contractFilters, rangeReportBody, reportAnswerSchema, type ReportCell } from './report.schema';

export { DASHBOARD_REPORT } from './report.schema';

// Wire shapes of the contract performance dashboard (`/dashboard`, docs/dashboard.md): one
// report of the report kit, a row per contract and month, read as the tiles (its totals), the
// grid (its totals per contract), the trend (per month) and the mix (per contract type), and
// downloaded as a workbook of its rows.

/**
 * The dashboard's body: the months the range touches (`desde`, `hasta`: ISO dates, the page sends
 * a month's first and last days), the contract's branch, company, contract, type, class and
 * transaction type, and the settlement version (none: the most final of each month).
 */
export const dashboardBodySchema = rangeReportBody({
  ...contractFilters(EPWM_BRANCHES),
  tipo_contrato: { type: 'string', enum: CONTRACT_TYPES },
  clase_contrato: { type: 'string', enum: CONTRACT_CLASSES },
  tipo_transaccion: { type: 'string', enum: TRANSACTION_TYPES },
});
export type DashboardBody = FromSchema<typeof dashboardBodySchema>;

/** A group's row: its keys and the report's totals over the group's rows, as the answer gives them. */
export type DashboardGroup = Record<string, ReportCell>;

const groups = { type: 'array', items: { type: 'object', additionalProperties: { type: ['string', 'integer', 'null'] } } } as const;

/**
 * `POST /dashboard/api/v1/desempeno`: the report's columns, its totals over every row (the
 * tiles), and the same totals per contract (`contratos`: the grid and the ranking), per month
 * (`meses`: the trend) and per contract type (`tipos`), with the day the expiry is counted from
 * (`hoy`) and the day of the stored guarantee position the coverage is read from (`posicion_al`,
 * null when none of the last week is stored).
 */
export const dashboardAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['columnas', 'totales', 'total_filas', 'contratos', 'meses', 'tipos', 'hoy', 'posicion_al'],
  properties: {
    columnas: reportAnswerSchema.properties.columnas,
    totales: reportAnswerSchema.properties.totales,
    total_filas: { type: 'integer' },
    contratos: groups,
    meses: groups,
    tipos: groups,
    hoy: { type: 'string' },
    posicion_al: { type: ['string', 'null'] },
  },
} as const;
export interface DashboardAnswer {
  columnas: Array<{ clave: string; tipo: string }>;
  totales: Record<string, ReportCell>;
  total_filas: number;
  contratos: DashboardGroup[];
  meses: DashboardGroup[];
  tipos: DashboardGroup[];
  hoy: string;
  posicion_al: string | null;
}
