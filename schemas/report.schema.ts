import type { FromSchema } from 'json-schema-to-ts';
import { COUNTRY_CODES } from './role.schema';
import { isoDate } from './date.schema';
import { recordIdSchema } from './record.schema';
import { SETTLEMENT_VERSIONS } from './settlement.schema';
import { EPWM_BRANCHES } from './contract.schema';

// Wire shapes of the billing reports (spec section 7, "Reports": every one a POST with a JSON
// body under /reportes/api/v1; docs/reports.md, docs/api-reports.md). A report is a name, a body
// (a month or a range of days, and the filters it takes), its columns with their kinds, its rows
// and its totals. Decimals are exact strings as the database computes them, dates ISO.

/** The 22 report paths of the spec, spelt as the spec spells them (`contratros-gtm-mex` included). */
export const REPORT_NAMES = [
  'estimaciones-mex',
  'contratos-locales-mex',
  'energia-mex',
  'saldo-mex',
  'estimaciones-sv',
  'energia-sv',
  'saldo-sv',
  'facturacion-excel',
  'estimaciones-gtm',
  'respaldo-gtm',
  'financiero-local-gtm',
  'saldo-gtm',
  'contratros-gtm-mex',
  'contratos-eor-regional',
  'energia-gtm',
  'liquidacion-eor-preliminar',
  'liquidacion-cenace-preliminar',
  'liquidacion-eor-top-preliminar',
  'liquidacion-ercot-top-preliminar',
  'liquidacion-potencia-preliminar',
  'liquidacion-energia-generada-preliminar',
  'reporte-preliminar-excel',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** The contract dashboard's report (docs/dashboard.md): on the kit, but not one of the spec's 22 calls. */
export const DASHBOARD_REPORT = 'desempeno-contratos' as const;
/** Every report the kit reads: the 22, and the dashboard's. */
export type KitReportName = ReportName | typeof DASHBOARD_REPORT;

/**
 * What a column holds, which says how the page and the workbook show it: text, an ISO date, a
 * whole number, energy (MWh, three decimals), money (USD or MXN, two), a percentage (two) or a
 * price (USD/MWh, two).
 */
export const REPORT_COLUMN_KINDS = ['text', 'date', 'integer', 'mwh', 'usd', 'mxn', 'percent', 'price'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

/** The longest range of days a report answers (a leap year). */
export const REPORT_MAX_RANGE_DAYS = 366;

/** Rows of one page of the JSON answer: at most this many, and this many when none is asked. */
export const REPORT_PAGE_SIZE_MAX = 1000;
export const REPORT_PAGE_SIZE_DEFAULT = 100;

/** A report's settlement version: one asked, or the most final each annex has that day (`mejor`: CD > DF > PE). */
export const REPORT_VERSIONS = [...SETTLEMENT_VERSIONS, 'mejor'] as const;
export type ReportVersion = (typeof REPORT_VERSIONS)[number];

/** The period of a monthly report. */
const monthProperties = {
  anio: { type: 'integer', minimum: 2000, maximum: 2100 },
  mes: { type: 'integer', minimum: 1, maximum: 12 },
} as const;

/** The period of a report of a range of days (at most REPORT_MAX_RANGE_DAYS, checked by the server). */
const rangeProperties = { desde: isoDate, hasta: isoDate } as const;

/** The page of the JSON answer (the workbook has every row). */
const pagingProperties = {
  pagina: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  por_pagina: { type: 'integer', minimum: 1, maximum: REPORT_PAGE_SIZE_MAX, default: REPORT_PAGE_SIZE_DEFAULT },
} as const;

/** The filters a report may take, each where it applies. */
export const reportFilters = {
  /** The countries a report covers (an unknown one is a 400). */
  pais: <const Countries extends readonly (typeof COUNTRY_CODES)[number][]>(countries: Countries) => ({ type: 'string', enum: countries }) as const,
  empresa_id: recordIdSchema,
  contrato_id: recordIdSchema,
  /** None given: `mejor`. */
  version: { type: 'string', enum: REPORT_VERSIONS },
} as const;

/** The filters of a report of contracts: the countries it covers, a company, a contract, a version. */
export function contractFilters<const Countries extends readonly (typeof COUNTRY_CODES)[number][]>(countries: Countries) {
  return { pais: reportFilters.pais(countries), empresa_id: reportFilters.empresa_id, contrato_id: reportFilters.contrato_id, version: reportFilters.version } as const;
}

/** The body of a monthly report with its `filters`. */
export function monthReportBody<const Filters extends object>(filters: Filters) {
  return { type: 'object', additionalProperties: false, required: ['anio', 'mes'], properties: { ...monthProperties, ...filters } } as const;
}

/** The body of a report of a range of days with its `filters`. */
export function rangeReportBody<const Filters extends object>(filters: Filters) {
  return { type: 'object', additionalProperties: false, required: ['desde', 'hasta'], properties: { ...rangeProperties, ...filters } } as const;
}

/** A report's body schema as the kit takes it (`monthReportBody` or `rangeReportBody`). */
export interface ReportBodySchema {
  type: 'object';
  additionalProperties: false;
  required: readonly string[];
  properties: Readonly<Record<string, object>>;
}

/** The JSON call's body: the report's, and the page. */
export function pagedReportBody<const Body extends ReportBodySchema>(body: Body) {
  return { ...body, properties: { ...body.properties, ...pagingProperties } } as const;
}

/** The languages of a workbook. */
const languageField = { type: 'string', enum: ['es-ES', 'en-US'], default: 'es-ES' } as const;

/** The workbook call's body: the report's, and the language of the workbook's words. */
export function excelReportBody<const Body extends ReportBodySchema>(body: Body) {
  return { ...body, properties: { ...body.properties, idioma: languageField } } as const;
}

// The bodies of the reports built so far (each report's file in its area names its own).

/** `energia-gtm`: a range of days of GT energy, by company, contract and version. */
export const energyGtBodySchema = rangeReportBody(contractFilters(['GT']));
export type EnergyGtBody = FromSchema<typeof energyGtBodySchema>;

/** The balances at the end of a month of one country's branch, by company (`saldo-gtm`, `-sv`, `-mex`). */
const balanceBody = <const Country extends (typeof COUNTRY_CODES)[number]>(country: Country) =>
  monthReportBody({ pais: reportFilters.pais([country]), empresa_id: reportFilters.empresa_id });
/** `saldo-gtm`: the GT balances at the end of a month, by company. */
export const balanceGtBodySchema = balanceBody('GT');
/** `saldo-sv`: the same for SV. */
export const balanceSvBodySchema = balanceBody('SV');
/** `saldo-mex`: the same for MX, by company and currency (MXN and USD). */
export const balanceMxBodySchema = balanceBody('MX');
/** The body of any of the three. */
export type BalanceBody = FromSchema<typeof balanceGtBodySchema | typeof balanceSvBodySchema | typeof balanceMxBodySchema>;

/** `contratos-locales-mex`: the MX local contracts in force in a month, with their parameters and the month's MWh. */
export const localContractsMxBodySchema = monthReportBody(contractFilters(['MX']));
export type LocalContractsMxBody = FromSchema<typeof localContractsMxBodySchema>;

/** The branches whose regional contracts the EOR registers (the MER's: the US trades in ERCOT, Mexico through its link). */
export const MER_BRANCHES = ['GT', 'SV', 'PA'] as const;

/** `contratos-eor-regional`: the regional annexes in force in a month, with their planilla at the EOR. */
export const eorRegionalContractsBodySchema = monthReportBody({
  pais: reportFilters.pais(MER_BRANCHES),
  empresa_id: reportFilters.empresa_id,
  contrato_id: reportFilters.contrato_id,
});
export type EorRegionalContractsBody = FromSchema<typeof eorRegionalContractsBodySchema>;

/** `liquidacion-potencia-preliminar`: a month's power settlement by contract, against the settlements'. */
export const powerPreliminaryBodySchema = monthReportBody(contractFilters(EPWM_BRANCHES));
export type PowerPreliminaryBody = FromSchema<typeof powerPreliminaryBodySchema>;

/** `liquidacion-energia-generada-preliminar`: the pay-as-generated (EG) contracts' settled energy, by contract and day. */
export const generatedEnergyBodySchema = rangeReportBody(contractFilters(EPWM_BRANCHES));
export type GeneratedEnergyBody = FromSchema<typeof generatedEnergyBodySchema>;

/** `liquidacion-ercot-top-preliminar`: a month of ERCOT awards. */
export const ercotTopBodySchema = monthReportBody({});
export type ErcotTopBody = FromSchema<typeof ercotTopBodySchema>;

/** `liquidacion-eor-preliminar`: a month of the EOR's programmed contract transactions (TCP) of our regional annexes, at the ex-ante prices. */
export const eorPreliminaryBodySchema = monthReportBody({ empresa_id: reportFilters.empresa_id, contrato_id: reportFilters.contrato_id });
export type EorPreliminaryBody = FromSchema<typeof eorPreliminaryBodySchema>;

/** `liquidacion-cenace-preliminar`: a month of the Mexico link's sent offers at CENACE's day-ahead PML. */
export const cenacePreliminaryBodySchema = monthReportBody({});
export type CenacePreliminaryBody = FromSchema<typeof cenacePreliminaryBodySchema>;

/** The EOR's member countries (its predespacho's country files). */
export const EOR_COUNTRIES = ['GT', 'SV', 'HN', 'NI', 'CR', 'PA'] as const;

/** `liquidacion-eor-top-preliminar`: a month of the EOR's predispatched opportunity transactions (TOP), by country file. */
export const eorTopBodySchema = monthReportBody({ pais: reportFilters.pais(EOR_COUNTRIES) });
export type EorTopBody = FromSchema<typeof eorTopBodySchema>;

/** The countries whose branches invoice (a contract's branch, `facturas.pais`). */
export const INVOICE_REPORT_COUNTRIES = ['GT', 'SV', 'MX', 'PA', 'US'] as const;

/** `facturacion-excel`: the month's invoice lines, by branch country (the workbook a sheet per country). */
export const invoicesExcelBodySchema = monthReportBody({ pais: reportFilters.pais(INVOICE_REPORT_COUNTRIES), empresa_id: reportFilters.empresa_id });
export type InvoicesExcelBody = FromSchema<typeof invoicesExcelBodySchema>;

/** `reporte-preliminar-excel`: the month's preliminary reports, a summary and a sheet each. */
export const preliminaryExcelBodySchema = monthReportBody({});
export type PreliminaryExcelBody = FromSchema<typeof preliminaryExcelBodySchema>;

/** A month of settlement estimates of one country's contracts (`estimaciones-gtm`, `-sv`, `-mex`). */
const estimatesBody = <const Country extends (typeof COUNTRY_CODES)[number]>(country: Country) =>
  monthReportBody(contractFilters([country]));
/** `estimaciones-gtm`: a month of GT settlement rows, by contract and day. */
export const estimatesGtBodySchema = estimatesBody('GT');
/** `estimaciones-sv`: the same for SV. */
export const estimatesSvBodySchema = estimatesBody('SV');
/** `estimaciones-mex`: the same for MX, with MXN at the day's FIX. */
export const estimatesMxBodySchema = estimatesBody('MX');
/** The body of any of the three (they differ only in the country they take). */
export type EstimatesBody = FromSchema<typeof estimatesGtBodySchema | typeof estimatesSvBodySchema | typeof estimatesMxBodySchema>;

/** `energia-mex`, `energia-sv`: as `energia-gtm`, for MX and SV. */
export const energyMxBodySchema = rangeReportBody(contractFilters(['MX']));
export const energySvBodySchema = rangeReportBody(contractFilters(['SV']));
/** The body of any of the three energy reports. */
export type EnergyBody = FromSchema<typeof energyGtBodySchema | typeof energyMxBodySchema | typeof energySvBodySchema>;

/** `respaldo-gtm`: the hourly backup of the GT invoices and notes of a month. */
export const invoiceBackupGtBodySchema = monthReportBody({ pais: reportFilters.pais(['GT']), empresa_id: reportFilters.empresa_id, contrato_id: reportFilters.contrato_id });
export type InvoiceBackupGtBody = FromSchema<typeof invoiceBackupGtBodySchema>;

/** `financiero-local-gtm`: the P&L of the GT local contracts, month by month over the months a range touches. */
export const localFinanceGtBodySchema = rangeReportBody(contractFilters(['GT']));
export type LocalFinanceGtBody = FromSchema<typeof localFinanceGtBodySchema>;

/** `contratros-gtm-mex`: the GT-MX contracts, month by month over the months a range touches. */
export const gtMxContractsBodySchema = rangeReportBody({ empresa_id: reportFilters.empresa_id, contrato_id: reportFilters.contrato_id, version: reportFilters.version });
export type GtMxContractsBody = FromSchema<typeof gtMxContractsBodySchema>;

/**
 * Every report's body by its name: what the page asks (a month or a range, and which filters)
 * and what the server checks, from the one schema.
 */
export const REPORT_BODIES: Record<ReportName, ReportBodySchema> = {
  'energia-gtm': energyGtBodySchema,
  'saldo-gtm': balanceGtBodySchema,
  'liquidacion-ercot-top-preliminar': ercotTopBodySchema,
  'estimaciones-gtm': estimatesGtBodySchema,
  'estimaciones-sv': estimatesSvBodySchema,
  'estimaciones-mex': estimatesMxBodySchema,
  'energia-mex': energyMxBodySchema,
  'energia-sv': energySvBodySchema,
  'respaldo-gtm': invoiceBackupGtBodySchema,
  'financiero-local-gtm': localFinanceGtBodySchema,
  'contratros-gtm-mex': gtMxContractsBodySchema,
  'liquidacion-eor-preliminar': eorPreliminaryBodySchema,
  'liquidacion-cenace-preliminar': cenacePreliminaryBodySchema,
  'liquidacion-eor-top-preliminar': eorTopBodySchema,
  'facturacion-excel': invoicesExcelBodySchema,
  'reporte-preliminar-excel': preliminaryExcelBodySchema,
  'saldo-sv': balanceSvBodySchema,
  'saldo-mex': balanceMxBodySchema,
  'contratos-locales-mex': localContractsMxBodySchema,
  'contratos-eor-regional': eorRegionalContractsBodySchema,
  'liquidacion-potencia-preliminar': powerPreliminaryBodySchema,
  'liquidacion-energia-generada-preliminar': generatedEnergyBodySchema,
};

/** One column of an answer: its key in the rows and its kind. */
export const reportColumnSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['clave', 'tipo'],
  properties: { clave: { type: 'string' }, tipo: { type: 'string', enum: REPORT_COLUMN_KINDS } },
} as const;
export type ReportColumnWire = FromSchema<typeof reportColumnSchema>;

/** A cell: text, an ISO date or a decimal string, a whole number, or nothing. */
const cell = { type: ['string', 'integer', 'null'] } as const;

/** The JSON answer: the columns, one page of rows, the totals over every row, and the paging. */
export const reportAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['columnas', 'filas', 'totales', 'total_filas', 'pagina', 'por_pagina'],
  properties: {
    columnas: { type: 'array', items: reportColumnSchema },
    filas: { type: 'array', items: { type: 'object', additionalProperties: cell } },
    /** The totals of the report's totalled columns (a sum, or what the column says), over all the rows. */
    totales: { type: 'object', additionalProperties: cell },
    total_filas: { type: 'integer' },
    pagina: { type: 'integer' },
    por_pagina: { type: 'integer' },
  },
} as const;

/** A cell as the answer gives it. */
export type ReportCell = string | number | null;
export interface ReportAnswer {
  columnas: ReportColumnWire[];
  filas: Array<Record<string, ReportCell>>;
  totales: Record<string, ReportCell>;
  total_filas: number;
  pagina: number;
  por_pagina: number;
}
