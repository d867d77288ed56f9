// The house style of the Excel downloads (a settlement, the month's report, the account
// statements, the cash flow): sheets streamed as they are written (ExcelJS's WorkbookWriter),
// each with a header block saying what it is, the column titles frozen below it, numbers as
// numbers with number formats, dates as Excel dates shown dd/mm/yyyy, and a bold totals row.
// The words, values and file names are in the language asked (i18n/catalogues.ts,
// i18n/download-names.ts).
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DownloadAnswer } from '../openapi/answers';
import { sendGeneratedFile } from './download';

/** An Excel workbook's content type. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a route answering with sendWorkbook declares for the API reference (`config.answers`). */
export const WORKBOOK_ANSWER: DownloadAnswer = { download: [XLSX] };

/** Answers a workbook download: `write` streams the sheet into the response as ExcelJS writes it (see sendGeneratedFile). */
export function sendWorkbook(request: FastifyRequest, reply: FastifyReply, fileName: string, write: (out: Writable) => Promise<void>) {
  return sendGeneratedFile(request, reply, { name: fileName, type: XLSX }, write);
}

/** The languages a workbook is written in (the product's two). */
export const EXCEL_LANGUAGES = ['es-ES', 'en-US'] as const;
export type ExcelLanguage = (typeof EXCEL_LANGUAGES)[number];

/** Energy in MWh to three decimals. */
const ENERGY_FORMAT = '#,##0.000';
/** Money to two decimals. */
export const MONEY_FORMAT = '#,##0.00';

/** The number format of an amount by its wire name: MWh to three decimals, every other to two. */
export const amountFormat = (name: string): string => (name.endsWith('_mwh') ? ENERGY_FORMAT : MONEY_FORMAT);

/** The decimal string as Excel keeps numbers (a double); blank for none. */
export const numberOf = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

/** An ISO date as Excel keeps dates (UTC midnight, the day itself), so it sorts and filters as one; blank for none. */
export const dateOf = (iso: string | null | undefined): Date | null => (iso === null || iso === undefined ? null : new Date(`${iso}T00:00:00Z`));

/** The number format of a date (spec section 9: dd/mm/yyyy, in both languages, as the pages write it). */
const DATE_FORMAT = 'dd/mm/yyyy';

/** A date column of `width` characters: Excel dates (`dateOf`) shown as DATE_FORMAT. */
export const dateColumn = (key: string, width = 12) => ({ key, width, style: { numFmt: DATE_FORMAT } });

/** A sheet being written: add rows with `addRow(...).commit()`, then `finish()`. */
interface StreamedSheet {
  sheet: ExcelJS.Worksheet;
  /** The row number of the column titles (the header block is above it). */
  titleRow: number;
  /** Adds the bold totals row and ends the workbook. */
  finish: (totals: Record<string, unknown>) => Promise<void>;
}

/** The layout of one sheet: its header block (label, value), its columns and their titles. */
interface SheetOptions {
  name: string;
  /** Label and value; a Date value is an Excel date shown as DATE_FORMAT. */
  header: ReadonlyArray<readonly [string, string | number | Date | null | undefined]>;
  columns: Array<Partial<ExcelJS.Column> & { key: string }>;
  titles: readonly string[];
  frozenColumns?: number;
}

/** A sheet of a several-sheet workbook: add rows, then `close()` it (with a bold totals row when given) before the next sheet. */
interface WorkbookSheet {
  sheet: ExcelJS.Worksheet;
  titleRow: number;
  close: (totals?: Record<string, unknown>) => void;
}

/**
 * Starts a workbook on `out` whose sheets are written one after the other (a streamed sheet is
 * closed before the next begins): each with the `header` block (label, value), a blank row,
 * then the `columns`' titles, frozen so they stay in view (and the first `frozenColumns` too).
 */
export function startWorkbook(out: Writable): { addSheet: (options: SheetOptions) => WorkbookSheet; commit: () => Promise<void> } {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const addSheet = (options: SheetOptions): WorkbookSheet => {
    const titleRow = options.header.length + 2;
    const sheet = workbook.addWorksheet(options.name, {
      views: [{ state: 'frozen', ySplit: titleRow, ...(options.frozenColumns ? { xSplit: options.frozenColumns } : {}) }],
    });
    sheet.columns = options.columns;
    for (const [label, value] of options.header) {
      const row = sheet.addRow([label, value ?? '']);
      row.getCell(1).font = { bold: true };
      if (value instanceof Date) row.getCell(2).numFmt = DATE_FORMAT;
      row.commit();
    }
    sheet.addRow([]).commit();
    const titles = sheet.addRow([...options.titles]);
    titles.font = { bold: true };
    titles.commit();
    return {
      sheet,
      titleRow,
      close: (totals) => {
        if (totals) {
          const total = sheet.addRow(totals);
          total.font = { bold: true };
          total.commit();
        }
        sheet.commit();
      },
    };
  };
  return { addSheet, commit: () => workbook.commit() };
}

/** Starts a one-sheet workbook on `out` (see startWorkbook). */
export function startSheet(out: Writable, options: SheetOptions): StreamedSheet {
  const workbook = startWorkbook(out);
  const { sheet, titleRow, close } = workbook.addSheet(options);
  return {
    sheet,
    titleRow,
    finish: async (totals) => {
      close(totals);
      await workbook.commit();
    },
  };
}
