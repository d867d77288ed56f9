// The month's settlements report as an Excel workbook, in the house style of the settlement's
// own (server/files/workbook.ts), in the language asked: a header block (the month as the pages
// name it, and the filters), one row per contract with its PE, DF and CD totals and the
// difference DF - PE, a totals row equal to the API's. The contract and company columns stay in
// view beside the amounts.
import type { Writable } from 'node:stream';
import { CATALOGUES } from '../../i18n/catalogues';
import {
  REPORT_AMOUNTS,
  REPORT_DIFFERENCES,
  REPORT_VERSIONS,
  type SettlementReport,
  type SettlementReportQuery,
} from '../../schemas/settlement-report.schema';
import { formatMonth } from '../../i18n/notation';
import { amountFormat, numberOf, startSheet, type ExcelLanguage } from '../files/workbook';

const PERCENT_FORMAT = '0.00"%"';

/** A column of the sheet: its key, title, format and how a line and the totals fill it. */
interface ReportColumn {
  key: string;
  title: string;
  width: number;
  numFmt?: string;
  line: (line: SettlementReport['contratos'][number]) => string | number | null;
  total: (totals: SettlementReport['totales']) => string | number | null;
}

function columnsOf(words: (typeof CATALOGUES)[ExcelLanguage]['settlementReport']): ReportColumn[] {
  const { columns } = words;
  const none = () => null;
  return [
    { key: 'contrato', title: columns.contrato, width: 22, line: (line) => `${line.contrato_id} ${line.contrato_codigo}`, total: () => words.excel.total },
    { key: 'empresa', title: columns.empresa, width: 30, line: (line) => line.empresa_razon_social, total: none },
    { key: 'pais', title: columns.pais, width: 8, line: (line) => line.sucursal, total: none },
    { key: 'tipo_contrato', title: columns.tipo_contrato, width: 10, line: (line) => line.tipo_contrato, total: none },
    ...REPORT_VERSIONS.flatMap((version): ReportColumn[] => [
      { key: `${version}_id`, title: `${version.toUpperCase()} · ${columns.id}`, width: 12, line: (line) => line[version]?.id ?? null, total: none },
      {
        key: `${version}_estado`,
        title: `${version.toUpperCase()} · ${columns.estado}`,
        width: 13,
        line: (line) => (line[version] ? words.states[line[version].estado] : null),
        total: none,
      },
      ...REPORT_AMOUNTS.map(
        (name): ReportColumn => ({
          key: `${version}_${name}`,
          title: `${version.toUpperCase()} · ${columns[name]}`,
          width: 16,
          numFmt: amountFormat(name),
          line: (line) => numberOf(line[version]?.[name]),
          total: (totals) => numberOf(totals[version]?.[name]),
        }),
      ),
    ]),
    ...REPORT_DIFFERENCES.flatMap((name): ReportColumn[] => [
      {
        key: `dif_${name}`,
        title: words.differences[name],
        width: 16,
        numFmt: amountFormat(name),
        line: (line) => numberOf(line.diferencia?.[name]),
        total: (totals) => numberOf(totals.diferencia?.[name]),
      },
      {
        key: `dif_${name}_pct`,
        title: words.differencesPct[name],
        width: 14,
        numFmt: PERCENT_FORMAT,
        line: (line) => numberOf(line.diferencia?.[`${name}_pct`]),
        total: (totals) => numberOf(totals.diferencia?.[`${name}_pct`]),
      },
    ]),
  ];
}

/** Writes the workbook of `report` (read whole before the first byte) to `out`, ending it. */
export async function writeReportWorkbook(out: Writable, report: SettlementReport, query: SettlementReportQuery, language: ExcelLanguage): Promise<void> {
  const locale = CATALOGUES[language];
  const words = locale.settlementReport;
  const company = query.empresa_id === undefined ? words.allCompanies : (report.empresas.find((one) => one.id === query.empresa_id)?.razon_social ?? String(query.empresa_id));
  const columns = columnsOf(words);
  const { sheet, finish } = startSheet(out, {
    name: words.excel.sheet,
    header: [
      [words.excel.title, words.excel.amountsNote],
      [words.excel.month, formatMonth(query.anio, query.mes, language)],
      [words.excel.country, query.pais ? locale.countries[query.pais] : words.excel.all],
      [words.excel.company, company],
      [words.excel.contractType, query.tipo_contrato ?? words.excel.all],
    ],
    columns: columns.map(({ key, width, numFmt }) => ({ key, width, style: numFmt ? { numFmt } : {} })),
    titles: columns.map((column) => column.title),
    frozenColumns: 2,
  });
  for (const line of report.contratos) {
    sheet.addRow(Object.fromEntries(columns.map((column) => [column.key, column.line(line)]))).commit();
  }
  await finish(Object.fromEntries(columns.map((column) => [column.key, column.total(report.totales)])));
}
