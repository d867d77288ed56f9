// The house style of the settlements' Excel downloads (a settlement, the month's report): one
// sheet streamed as it is written (ExcelJS's WorkbookWriter), a header block saying what the
// file is, the column titles frozen below it, numbers as numbers with number formats, and a
// bold totals row.
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../files/names';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers a workbook download: `write` streams the sheet into the response as ExcelJS writes
 * it. The caller reads everything first, so a failure before the first byte is still an error
 * answer; one while writing cuts the download, which the browser reports as failed.
 */
export function sendWorkbook(request: FastifyRequest, reply: FastifyReply, fileName: string, write: (out: Writable) => Promise<void>) {
  const out = new PassThrough();
  reply.headers({
    'Content-Type': XLSX,
    'Content-Disposition': contentDisposition('attachment', fileName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  write(out).catch((error: unknown) => {
    request.log.error({ err: error, file: fileName }, 'workbook failed');
    out.destroy(error as Error);
  });
  return reply.send(out);
}

/** The languages a workbook is written in (the product's two). */
export const EXCEL_LANGUAGES = ['es-ES', 'en-US'] as const;
export type ExcelLanguage = (typeof EXCEL_LANGUAGES)[number];

/** Energy in MWh to three decimals. */
export const ENERGY_FORMAT = '#,##0.000';
/** Money to two decimals. */
export const MONEY_FORMAT = '#,##0.00';

/** The number format of an amount by its wire name: MWh to three decimals, every other to two. */
export const amountFormat = (name: string): string => (name.endsWith('_mwh') ? ENERGY_FORMAT : MONEY_FORMAT);

/** The decimal string as Excel keeps numbers (a double); blank for none. */
export const numberOf = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

/** A sheet being written: add rows with `addRow(...).commit()`, then `finish()`. */
export interface StreamedSheet {
  sheet: ExcelJS.Worksheet;
  /** The row number of the column titles (the header block is above it). */
  titleRow: number;
  /** Adds the bold totals row and ends the workbook. */
  finish: (totals: Record<string, unknown>) => Promise<void>;
}

/**
 * Starts a one-sheet workbook on `out`: the `header` block (label, value), a blank row, then
 * the `columns`' titles, frozen so they stay in view (and the first `frozenColumns` too).
 */
export function startSheet(
  out: Writable,
  options: {
    name: string;
    header: ReadonlyArray<readonly [string, string | number | null | undefined]>;
    columns: Array<Partial<ExcelJS.Column> & { key: string }>;
    titles: readonly string[];
    frozenColumns?: number;
  },
): StreamedSheet {
  const titleRow = options.header.length + 2;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(options.name, {
    views: [{ state: 'frozen', ySplit: titleRow, ...(options.frozenColumns ? { xSplit: options.frozenColumns } : {}) }],
  });
  sheet.columns = options.columns;
  for (const [label, value] of options.header) {
    const row = sheet.addRow([label, value ?? '']);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.addRow([]).commit();
  const titles = sheet.addRow([...options.titles]);
  titles.font = { bold: true };
  titles.commit();
  return {
    sheet,
    titleRow,
    finish: async (totals) => {
      const total = sheet.addRow(totals);
      total.font = { bold: true };
      total.commit();
      sheet.commit();
      await workbook.commit();
    },
  };
}
