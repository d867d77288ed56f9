// A market-data file as a table of text cells, the header first, whatever it came as: a CSV
// text (comma or, as a Spanish-locale Excel saves it, semicolon separated; UTF-8 with or
// without its byte-order mark) or an Excel workbook (its first sheet). The rules then read
// every cell as text, so a number or a date typed in Excel reads the same as in a CSV.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { AppErrors, withDetails } from '../errors/catalogue';
import { readMultipart } from '../files/upload';
import { XLSX } from '../files/workbook';
import type { UploadDeclaration } from '../openapi/uploads';
import { problem } from './rules';

/** The file cannot be read as a table at all (the import answers it as one problem). */
export class UnreadableFileError extends Error {}

// An .xlsx is a ZIP archive: its first bytes say so, whatever the file is called.
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A decimal as a person writes it: never in exponent notation, at most 15 significant digits. */
function plainNumber(value: number): string {
  if (Number.isInteger(value)) return value.toString();
  const fixed = value.toFixed(12).replace(/0+$/, '').replace(/\.$/, '');
  return Number(fixed) === value ? fixed : String(Number(value.toPrecision(15)));
}

/** An Excel date: the day it shows (ExcelJS reads it as midnight UTC). */
function isoDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** A cell's value as the text a person reads in it: numbers in plain decimals, dates as yyyy-mm-dd, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return plainNumber(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return isoDay(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('').trim();
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text).trim();
  if ('error' in value) return String(value.error);
  return '';
}

/** Cells past the last filled one are no cells: an edited sheet often keeps empty ones. */
function withoutTrailingEmpty(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end -= 1;
  return cells.slice(0, end);
}

async function workbookTable(content: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFileError('not a readable .xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column).value));
    rows[number - 1] = withoutTrailingEmpty(cells);
  });
  // Row numbers stay those of the sheet, so a problem names the row the user sees.
  return Array.from(rows, (row) => row ?? []);
}

function csvTable(content: Buffer): string[][] {
  const text = content.toString('utf8');
  // A binary file that is not a workbook (a PDF, an old .xls). Other encodings are read: the
  // columns are codes, dates and numbers, and a cell that is not one is a problem of its own.
  if (text.includes('\u0000')) throw new UnreadableFileError('binary, not text');
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = header.includes(';') && !header.includes(',') ? ';' : ',';
  try {
    const rows = parse(text, { bom: true, delimiter, relax_column_count: true, trim: true, skip_empty_lines: false }) as string[][];
    return rows.map(withoutTrailingEmpty);
  } catch {
    throw new UnreadableFileError('not a readable CSV text');
  }
}

/** The file's rows of text cells, the header first, blank rows kept (as empty rows) so row numbers match the file. */
export async function tableOfFile(content: Buffer): Promise<string[][]> {
  const rows = content.subarray(0, 4).equals(ZIP_SIGNATURE) ? await workbookTable(content) : csvTable(content);
  // Blank lines at the end are not rows of data.
  while (rows.length > 0 && rows[rows.length - 1]!.length === 0) rows.pop();
  return rows;
}

/** What tableOfFile reads: a CSV text or an Excel workbook (told from the bytes, whatever the part says). */
export const TABLE_FILE_TYPES = ['text/csv', XLSX] as const;

/**
 * The `config.upload` of an import whose file is a table (server/openapi/uploads.ts): the part
 * `file`, a CSV or a workbook of at most `maxBytes`, and the import's text parts.
 */
export function tableUpload(maxBytes: number, what: string, fields?: UploadDeclaration['fields']): UploadDeclaration {
  return {
    file: {
      name: 'file',
      contentTypes: TABLE_FILE_TYPES,
      maxBytes,
      description: `${what}: a CSV text (comma or semicolon separated, UTF-8) or an Excel workbook (its first sheet), its header row first; told from its bytes, not from its name.`,
    },
    ...(fields === undefined ? {} : { fields }),
  };
}

/** An import file uploaded: its name and its rows of text cells. */
export interface TableUpload {
  archivo: string;
  table: readonly (readonly string[])[];
}

/** The one file of a multipart body as a table: 400 without a file, or (one `unreadable` problem) for a file that is no table. */
export async function readTableUpload(request: FastifyRequest): Promise<TableUpload> {
  const { content, originalName } = await readMultipart(request, () => new AppErrors.requestTooLarge());
  if (!content) throw new AppErrors.fileMissing();
  try {
    return { archivo: originalName.slice(0, 200), table: await tableOfFile(content) };
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    throw withDetails(new AppErrors.marketDataInvalid(), [problem('unreadable', 1, null)]);
  }
}
