// The monitoring pages as Excel workbooks in the house style (server/files/workbook.ts): a sheet
// per role with its counterparties' rows (the energy sheets end with the role's totals), then
// the roles' totals per day. In the language asked, dates as Excel dates; figures are the API's.
import type { Writable } from 'node:stream';
import { CATALOGUES } from '../../i18n/catalogues';
import { MONITORING_ROLES, type EnergyRow, type EnergyTotal, type MonitoringRole, type PowerRow, type PowerTotal } from '../../schemas/monitoring.schema';
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

/** Writes a workbook of `rows` per role and `days` of the role totals, ending it. */
async function writeWorkbook<Row extends { rol: MonitoringRole; fecha: string }, Day extends { fecha: string }>(
  out: Writable,
  options: {
    language: ExcelLanguage;
    title: string;
    range: MonitoringRange;
    figures: readonly string[];
    rows: readonly Row[];
    roleTotals: (rol: MonitoringRole) => object | undefined;
    days: (rol: MonitoringRole) => readonly Day[];
    dayFigures: readonly string[];
  },
): Promise<void> {
  const words = CATALOGUES[options.language].monitoring;
  const header = headerOf(words, options.title, options.range);
  const workbook = startWorkbook(out);
  const numbers = (source: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, numberOf(source[key] as string | null)]));
  for (const rol of MONITORING_ROLES) {
    const sheet = workbook.addSheet({
      name: words.roles[rol],
      header,
      columns: [dateColumn('fecha'), { key: 'razon_social', width: 36 }, { key: 'anexos', width: 9 }, ...options.figures.map(figure), { key: 'version', width: 9 }],
      titles: [words.columns.fecha, words.columns.razon_social, words.columns.anexos, ...options.figures.map((key) => words.columns[key as keyof Words['columns']]), words.columns.version],
      frozenColumns: 2,
    });
    for (const row of options.rows.filter((one) => one.rol === rol)) {
      const values = row as unknown as Record<string, unknown>;
      sheet.sheet.addRow({ ...values, fecha: dateOf(row.fecha), ...numbers(values, options.figures) }).commit();
    }
    const totals = options.roleTotals(rol);
    sheet.close(totals ? { razon_social: words.excel.total, ...numbers(totals as Record<string, unknown>, options.figures) } : undefined);
  }
  const days = workbook.addSheet({
    name: words.excel.totalsSheet,
    header,
    columns: [dateColumn('fecha'), { key: 'rol', width: 14 }, ...options.dayFigures.map(figure)],
    titles: [words.columns.fecha, words.columns.rol, ...options.dayFigures.map((key) => words.columns[key as keyof Words['columns']])],
    frozenColumns: 2,
  });
  for (const rol of MONITORING_ROLES) {
    for (const day of options.days(rol)) {
      const values = day as unknown as Record<string, unknown>;
      days.sheet.addRow({ fecha: dateOf(day.fecha), rol: words.roles[rol], ...numbers(values, options.dayFigures) }).commit();
    }
  }
  days.close();
  await workbook.commit();
}

/** The power page's workbook. */
export function writePowerWorkbook(out: Writable, data: { rows: PowerRow[]; totals: PowerTotal[] }, range: MonitoringRange, language: ExcelLanguage): Promise<void> {
  return writeWorkbook(out, {
    language,
    title: CATALOGUES[language].monitoring.power.title,
    range,
    figures: POWER_FIGURES,
    rows: data.rows,
    // MW are not added over days: a power sheet has no totals row.
    roleTotals: () => undefined,
    days: (rol) => data.totals.find((total) => total.rol === rol)?.dias ?? [],
    dayFigures: ['mw_contratada', 'mw_max'],
  });
}

/** The energy page's workbook. */
export function writeEnergyWorkbook(out: Writable, data: { rows: EnergyRow[]; totals: EnergyTotal[] }, range: MonitoringRange, language: ExcelLanguage): Promise<void> {
  return writeWorkbook(out, {
    language,
    title: CATALOGUES[language].monitoring.energy.title,
    range,
    figures: ENERGY_FIGURES,
    rows: data.rows,
    roleTotals: (rol) => data.totals.find((total) => total.rol === rol),
    days: (rol) => data.totals.find((total) => total.rol === rol)?.dias ?? [],
    dayFigures: ENERGY_FIGURES,
  });
}
