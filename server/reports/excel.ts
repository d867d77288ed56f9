// A report as an Excel workbook in the house style (server/files/workbook.ts): one sheet (or one
// per sheet a report declares, `sheets`), its
// header block the report's title and the filters it was read with, the column titles in the
// language asked (i18n `reports.columns`), numbers as numbers with a format by kind, dates as
// Excel dates (dd/mm/yyyy), and the bold totals row. Rows are written as the kit's cursor reads
// them, batch by batch, so a workbook of any size holds one batch in memory.
import type { Writable } from 'node:stream';
import { CATALOGUES } from '../../i18n/catalogues';
import type { ReportCell, ReportColumnKind } from '../../schemas/report.schema';
import type { Db } from '../db/client';
import { dateColumn, dateOf, MONEY_FORMAT, numberOf, startWorkbook, type ExcelLanguage } from '../files/workbook';
import { isDecimalKind, readReportRows, sheetsOf, type Report } from './kit';

type Words = (typeof CATALOGUES)['es-ES']['reports'];

/** The number format of each kind that is a number. */
const NUMBER_FORMATS: Partial<Record<ReportColumnKind, string>> = {
  integer: '#,##0',
  mwh: '#,##0.000',
  usd: MONEY_FORMAT,
  mxn: MONEY_FORMAT,
  price: MONEY_FORMAT,
  percent: '0.00',
};

/** A sheet's name: the report's title within Excel's 31 characters, without the characters Excel refuses. */
const sheetName = (title: string) => title.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31);

/** A cell as Excel keeps it: a Date for a date, a number for a number, the text otherwise. */
function excelValue(kind: ReportColumnKind, value: ReportCell | undefined): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (kind === 'date') return dateOf(String(value));
  if (kind === 'integer') return Number(value);
  if (isDecimalKind(kind)) return numberOf(String(value));
  return String(value);
}

/** A filter's value as the header shows it: the version's words, a date as a date, "all" when not given. */
function filterValue(words: Words, key: string, value: unknown): string | number | Date {
  if (value === undefined || value === null) return words.excel.all;
  if (key === 'desde' || key === 'hasta') return dateOf(String(value)) ?? '';
  if (key === 'version') return (words.versions as Record<string, string>)[String(value)] ?? String(value);
  return typeof value === 'number' ? value : String(value);
}

/** The header block: the report's title, then each filter of its body (the ones not given as "all"). */
function headerOf(report: Report, body: Record<string, unknown>, words: Words): Array<[string, string | number | Date]> {
  const labels = words.filters as Record<string, string>;
  return [
    [(words.names as Record<string, string>)[report.nombre] ?? report.nombre, ''],
    ...Object.keys(report.body.properties).map((key): [string, string | number | Date] => [labels[key] ?? key, filterValue(words, key, body[key])]),
  ];
}

/** The bounds of a sheet's name: unique in its workbook (Excel refuses a name twice, whatever its case). */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${name.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Writes the whole report (`body`, every row) as a workbook to `out`, ending it: one sheet, or
 * one per sheet the report declares (`sheets`), each its report's header, titles, rows and
 * totals, read one after the other in the same snapshot. Reads on `tx`, which must be a
 * transaction (the kit's cursor lives in one): `inSnapshot` for a download, the job's own for a
 * job. Answers how many rows it wrote (on every sheet).
 */
export async function writeReportWorkbook(tx: Db, out: Writable, report: Report, body: Record<string, unknown>, language: ExcelLanguage): Promise<number> {
  const catalogue = CATALOGUES[language];
  const words = catalogue.reports;
  const titles = words.columns as Record<string, string>;
  const workbook = startWorkbook(out);
  const taken = new Set<string>();
  let written = 0;
  for (const { report: sheetReport, body: sheetBody, nombre } of sheetsOf(report, body)) {
    const title = (words.names as Record<string, string>)[sheetReport.nombre] ?? sheetReport.nombre;
    const sheet = workbook.addSheet({
      name: uniqueName(sheetName(nombre ? nombre(catalogue) : title), taken),
      header: headerOf(sheetReport, sheetBody as Record<string, unknown>, words),
      columns: sheetReport.columns.map(({ clave, tipo }) =>
        tipo === 'date' ? dateColumn(clave) : { key: clave, width: tipo === 'text' ? 28 : 16, ...(NUMBER_FORMATS[tipo] ? { style: { numFmt: NUMBER_FORMATS[tipo] } } : {}) },
      ),
      titles: sheetReport.columns.map(({ clave }) => titles[clave] ?? clave),
    });
    const totals = await readReportRows(tx, sheetReport, sheetBody, (rows) => {
      written += rows.length;
      for (const row of rows) sheet.sheet.addRow(sheetReport.columns.map(({ clave, tipo }) => excelValue(tipo, row[clave]))).commit();
    });
    const first = sheetReport.columns[0]!.clave;
    sheet.close({
      [first]: words.excel.total,
      ...Object.fromEntries(sheetReport.columns.filter(({ clave }) => clave in totals).map(({ clave, tipo }) => [clave, excelValue(tipo, totals[clave])])),
    });
  }
  await workbook.commit();
  return written;
}
