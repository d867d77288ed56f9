// The monitoring pages as Excel workbooks in the house style (server/files/workbook.ts): a sheet
// per role with its counterparties' rows (the energy sheets end with the role's totals), then
// the roles' totals per day. In the language asked, dates as Excel dates; figures are the API's.
import type { Writable } from 'node:stream';
import { CATALOGUES } from '../../i18n/catalogues';
import { MONITORING_ROLES, type EnergyRow, type EnergyTotal, type PowerRow, type PowerTotal } from '../../schemas/monitoring.schema';
import { amountFormat, dateColumn, dateOf, numberOf, startWorkbook, type ExcelLanguage } from '../files/workbook';
import type { MonitoringRange } from './store';

/** A figure column: MWh (and MW, to the thousandth) by its wire name, percentages to the hundredth. */
const figure = (key: string) => ({ key, width: 16, style: { numFmt: key.endsWith('_pct') ? '0.00' : amountFormat('_mwh') } });

const POWER_FIGURES = ['mw_contratada', 'mw_max', 'factor_uso_pct'] as const;
const ENERGY_FIGURES = ['mwh_contratada', 'mwh_fisica', 'mwh_flex', 'mwh_total', 'cumplimiento_pct'] as const;

type Words = (typeof CATALOGUES)['es-ES']['monitoring'];

/** The header block every sheet starts with: what it is and the filters it was read with. */
function headerOf(words: Words, title: string, range: MonitoringRange): Array<[string, string | Date | null]> {
  const excel = words.excel;
  return [
    [title, ''],
    [excel.from, dateOf(range.desde)],
    [excel.to, dateOf(range.hasta)],
    [excel.branch, range.sucursal ?? excel.all],
    [excel.company, range.empresa_id === undefined ? excel.all : String(range.empresa_id)],
    [excel.version, range.version ?? excel.bestVersion],
  ];
}

/** What differs between the two pages' workbooks. */
const PAGES = {
  potencia: { title: (words: Words) => words.power.title, figures: POWER_FIGURES, dayFigures: ['mw_contratada', 'mw_max'], roleTotalsRow: false },
  energia: { title: (words: Words) => words.energy.title, figures: ENERGY_FIGURES, dayFigures: ENERGY_FIGURES, roleTotalsRow: true },
} as const;

/** What a page's workbook shows: its calls' rows and role totals. */
export type MonitoringWorkbookData = { rows: PowerRow[]; totals: PowerTotal[] } | { rows: EnergyRow[]; totals: EnergyTotal[] };

/**
 * Writes a page's workbook (everything read before the first byte) to `out`, ending it: a sheet
 * per role with its rows (energy's end with the role's totals: MW are not added over days, so
 * power's have none), then each role's totals per day.
 */
export async function writeMonitoringWorkbook(out: Writable, page: keyof typeof PAGES, data: MonitoringWorkbookData, range: MonitoringRange, language: ExcelLanguage): Promise<void> {
  const { title, figures, dayFigures, roleTotalsRow } = PAGES[page];
  const words = CATALOGUES[language].monitoring;
  const header = headerOf(words, title(words), range);
  const titleOf: Record<string, string> = { ...words.power.columns, ...words.energy.columns };
  const workbook = startWorkbook(out);
  const numbers = (source: object, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, numberOf((source as Record<string, string | null>)[key])]));
  const rows: ReadonlyArray<PowerRow | EnergyRow> = data.rows;
  const totals: ReadonlyArray<PowerTotal | EnergyTotal> = data.totals;
  for (const rol of MONITORING_ROLES) {
    const sheet = workbook.addSheet({
      name: words.roles[rol],
      header,
      columns: [dateColumn('fecha'), { key: 'razon_social', width: 36 }, { key: 'anexos', width: 9 }, ...figures.map(figure), { key: 'version', width: 9 }],
      titles: [words.columns.fecha, words.columns.razon_social, words.columns.anexos, ...figures.map((key) => titleOf[key]!), words.columns.version],
      frozenColumns: 2,
    });
    for (const row of rows.filter((one) => one.rol === rol)) sheet.sheet.addRow({ ...row, fecha: dateOf(row.fecha), ...numbers(row, figures) }).commit();
    const total = roleTotalsRow ? totals.find((one) => one.rol === rol) : undefined;
    sheet.close(total ? { razon_social: words.excel.total, ...numbers(total, figures) } : undefined);
  }
  const days = workbook.addSheet({
    name: words.excel.totalsSheet,
    header,
    columns: [dateColumn('fecha'), { key: 'rol', width: 14 }, ...dayFigures.map(figure)],
    titles: [words.columns.fecha, words.columns.rol, ...dayFigures.map((key) => titleOf[key]!)],
    frozenColumns: 2,
  });
  for (const total of totals) {
    for (const day of total.dias) days.sheet.addRow({ fecha: dateOf(day.fecha), rol: words.roles[total.rol], ...numbers(day, dayFigures) }).commit();
  }
  days.close();
  await workbook.commit();
}
