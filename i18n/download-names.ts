// What each file the product writes is called, in the language it is written in (the words of
// `*.excel.*FileName` in the catalogues): the server names the download with these, and the
// browser falls back to the same name should the answer not say one. Dates and months stay
// ISO (`2026-10`, `2026-10-31`) in a name: they sort, and a slash cannot be in a file name.
import { CATALOGUES } from './catalogues';

type DownloadLanguage = keyof typeof CATALOGUES;

/** `{{name}}` of `template` filled from `params`. */
function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

const monthPart = (anio: number, mes: number) => `${anio}-${String(mes).padStart(2, '0')}`;

/** A settlement's workbook: `liquidacion-<contract>-<year>-<month>-<version>.xlsx` / `settlement-...` (CD1, CD2, ... for a reconciliation). */
export function settlementFileName(
  settlement: { contrato_id: number; anio: number; mes: number; version_liquidacion: string; reconciliacion?: number | null },
  language: DownloadLanguage,
): string {
  const version = settlement.version_liquidacion === 'CD' ? `CD${settlement.reconciliacion ?? ''}` : settlement.version_liquidacion;
  const template = CATALOGUES[language].settlements.excel.fileName;
  return `${fill(template, { contract: settlement.contrato_id, month: monthPart(settlement.anio, settlement.mes), version })}.xlsx`;
}

/** The month's settlements report: `reporte-liquidaciones-<year>-<month>.xlsx` / `settlement-report-...`. */
export function settlementReportFileName(month: { anio: number; mes: number }, language: DownloadLanguage): string {
  return `${fill(CATALOGUES[language].settlementReport.excel.fileName, { month: monthPart(month.anio, month.mes) })}.xlsx`;
}

/** An account statement: `estado-cuenta-cobrar-<cut-off>.xlsx` / `account-statement-receivable-...`. */
export function statementFileName(statement: { tipo: 'cobrar' | 'pagar'; fecha_corte: string }, language: DownloadLanguage): string {
  const words = CATALOGUES[language].accounting.excel;
  return `${fill(words.statementFileName, { kind: words.fileTipos[statement.tipo], date: statement.fecha_corte })}.xlsx`;
}

/** The cash flow of a range: `flujo-caja-<from>-<to>.xlsx` / `cash-flow-...`. */
export function cashFlowFileName(range: { desde: string; hasta: string }, language: DownloadLanguage): string {
  return `${fill(CATALOGUES[language].accounting.excel.cashFlowFileName, { from: range.desde, to: range.hasta })}.xlsx`;
}

/** A monitoring page's workbook: `monitoreo-potencia-<from>-<to>.xlsx` / `monitoring-power-...`. */
export function monitoringFileName(page: 'potencia' | 'energia', range: { desde: string; hasta: string }, language: DownloadLanguage): string {
  const words = CATALOGUES[language].monitoring.excel;
  return `${fill(words.fileName, { page: words.filePages[page], from: range.desde, to: range.hasta })}.xlsx`;
}

/** An ERCOT page's workbook: `ercot-adjudicaciones-<from>-<to>.xlsx` / `ercot-settled-bids-...` (the prices' names say their market). */
export function ercotFileName(
  page: 'adjudicaciones' | 'precios-dam' | 'precios-rtm' | 'acumulados',
  range: { desde: string; hasta: string },
  language: DownloadLanguage,
): string {
  const words = CATALOGUES[language].ercot.excel;
  return `${fill(words.fileName, { page: words.filePages[page], from: range.desde, to: range.hasta })}.xlsx`;
}

/** A billing report's workbook: `reporte-<report>-<year>-<month>.xlsx` (or `-<from>-<to>` for a range) / `report-...`. */
export function reportFileName(nombre: string, period: { anio?: number; mes?: number; desde?: string; hasta?: string }, language: DownloadLanguage): string {
  const when = period.anio !== undefined && period.mes !== undefined ? monthPart(period.anio, period.mes) : `${period.desde ?? ''}-${period.hasta ?? ''}`;
  return `${fill(CATALOGUES[language].reports.excel.fileName, { report: nombre, period: when })}.xlsx`;
}
