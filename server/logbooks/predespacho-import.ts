// Importing the EOR's predespacho workbook of a day and country (AREAS.md (a) "Importing an EOR
// file"), all or nothing, the way the market-data import is: the workbook's shape is checked
// first (its name's country, the three sheets, each header on row 8 and the day in A3) and a
// workbook of another shape is refused before any row is read; then every row is read and every
// bad cell or row is one problem of a single 400 APP_ERR_PREDESPACHO_INVALID, located by sheet,
// Excel row and column. Only a workbook without a problem is stored: the day's rows of that
// country are replaced, sheet by sheet, in one transaction.
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { calendarDateOf } from '../../schemas/date.schema';
import { isWithinBounds } from '../../schemas/decimal.schema';
import { OFFER_DIRECTIONS, type OfferDirection } from '../../schemas/logbook.schema';
import { MARKET_DATA_BOUNDS, type MarketDataProblem } from '../../schemas/market-data.schema';
import { isNodeCode } from '../../schemas/node-code.schema';
import { queryRows, type Db } from '../db/client';
import { resultadosPredespacho } from '../db/schema/logbooks';
import { AppErrors, withDetails } from '../errors/catalogue';
import { readMultipart } from '../files/upload';
import { useCase } from '../kit/use-case';
import { cellText } from '../market-data/file-table';
import { MAX_PROBLEMS } from '../market-data/rules';
import { chunksOf } from '../market-data/store';
import {
  dayOfFileName,
  headerKey,
  paisOsoOfFileName,
  PREDESPACHO_COLUMNS,
  PREDESPACHO_DATE_CELL,
  PREDESPACHO_DATE_LABEL,
  PREDESPACHO_HEADER_ROW,
  PREDESPACHO_KEYS,
  PREDESPACHO_SHEETS,
  type PaisOso,
  type PredespachoField,
  type PredespachoSheet,
} from './predespacho-workbook';

/** The periods of an EOR day: the sheets number them 0..23, ours are 1..24 (AREAS.md 0.2). */
const EOR_PERIODS = 24;

/**
 * Why a workbook, a sheet, a cell or a row is refused: each is the i18n key
 * `logbooks.import.problems.<code>` (with `params` to fill in).
 */
export const PREDESPACHO_PROBLEMS = [
  'unreadable',
  'file_name',
  'sheet_missing',
  'header_mismatch',
  'header_extra',
  'date',
  'date_mismatch',
  'empty',
  'row_length',
  'required',
  'period',
  'code',
  'direction',
  'reduction',
  'mw',
  'price',
  'duplicate',
  'periods_missing',
  'too_many',
] as const;
export type PredespachoProblemCode = (typeof PREDESPACHO_PROBLEMS)[number];

/**
 * One refused part of a workbook: the market-data import's problem (an `ErrorDetail` of the 400)
 * with the sheet it is on (`hoja`; null for the file as a whole) and `fila` the Excel row (null
 * for a whole sheet or file). `instancePath` is `/hojas/<hoja>/filas/<fila>/<columna>`.
 */
export type PredespachoProblem = Omit<MarketDataProblem, 'keyword' | 'fila'> & {
  keyword: PredespachoProblemCode;
  hoja: PredespachoSheet | null;
  fila: number | null;
};

type Params = Record<string, string | number>;

const REASONS: Record<PredespachoProblemCode, string> = {
  unreadable: 'The file is not an Excel workbook (.xlsx) that can be read',
  file_name: "The file's name does not say its country file (…-OSO001 to …-OSO006)",
  sheet_missing: 'The workbook lacks this sheet',
  header_mismatch: `The header (row ${PREDESPACHO_HEADER_ROW}) does not have this column in its place`,
  header_extra: `The header (row ${PREDESPACHO_HEADER_ROW}) has a column the sheet does not have`,
  date: `The day is not in ${PREDESPACHO_DATE_CELL} as "${PREDESPACHO_DATE_LABEL} dd/mm/yyyy"`,
  date_mismatch: 'The day is not the one the import is for',
  empty: 'The sheet has no rows under its header',
  row_length: 'The row has more cells than the header has columns',
  required: 'The value is missing',
  period: 'The period is a whole number from 0 to 23',
  code: 'Not a code (letters, digits, "_", "." or "-", up to 40 characters)',
  direction: 'The transaction type is I (injection) or R (withdrawal)',
  reduction: 'The reduction is S, N or NA',
  mw: 'Not an MW quantity: a decimal with a dot, from 0 to 999999.999999',
  price: 'Not a price: a decimal with a dot, from -99999.999999 to 99999.999999',
  duplicate: 'This key and period are already in an earlier row of the sheet',
  periods_missing: 'The key lacks periods of the day (each has the 24 periods 0 to 23)',
  too_many: 'More rows have problems than one answer lists',
};

/** One problem of the workbook. */
function problem(code: PredespachoProblemCode, hoja: PredespachoSheet | null, fila: number | null, columna: string | null, params?: Params): PredespachoProblem {
  const where = [hoja === null ? '/archivo' : `/hojas/${hoja}`, fila === null ? '' : `/filas/${fila}`, columna === null ? '' : `/${columna}`].join('');
  return {
    instancePath: where,
    keyword: code,
    message: REASONS[code],
    hoja,
    fila,
    columna,
    motivo: REASONS[code],
    key: `logbooks.import.problems.${code}`,
    ...(params ? { params } : {}),
  };
}

/** A row as stored: a sheet's columns of `resultados_predespacho`, the period already ours (1..24). */
export interface PredespachoRow {
  periodo: number;
  nodo: string;
  agente: string | null;
  pm: string | null;
  codigo_contrato: string | null;
  sentido: OfferDirection | null;
  mw_requerida: string | null;
  mw_declarada: string | null;
  mw_predespachada: string | null;
  precio_exante: string | null;
  reduccion: 'S' | 'N' | 'NA' | null;
}

/** A workbook without a problem: its day, its country file and each sheet's rows. */
export interface PredespachoWorkbook {
  fecha: string;
  pais_oso: PaisOso;
  hojas: Record<PredespachoSheet, PredespachoRow[]>;
}

/** What a workbook reads as: the workbook when it has no problem (null otherwise), and its problems. */
export interface PredespachoReading {
  workbook: PredespachoWorkbook | null;
  problems: PredespachoProblem[];
}

const REDUCTIONS = ['S', 'N', 'NA'] as const;

/** Reads one cell's text; null (and the problem's code) when it is not a value of its column. */
type CellReader = (text: string) => string | number | null;

const oneOf = (values: readonly string[]) => (text: string) => values.find((value) => value === text.toUpperCase()) ?? null;
const decimal = (bounds: (typeof MARKET_DATA_BOUNDS)[keyof typeof MARKET_DATA_BOUNDS], signed: boolean) => (text: string) =>
  isWithinBounds(signed && text.startsWith('-') ? text.slice(1) : text, bounds) ? text : null;

/** The sheet's period (0..23) as ours (1..24). */
function periodOf(text: string): number | null {
  if (!/^\d{1,2}$/.test(text)) return null;
  const period = Number(text);
  return period < EOR_PERIODS ? period + 1 : null;
}

const code = (text: string) => (isNodeCode(text) ? text : null);
const mw = decimal(MARKET_DATA_BOUNDS.energy, false);
const price = decimal(MARKET_DATA_BOUNDS.price, true);

const CELLS: Record<PredespachoField, readonly [CellReader, PredespachoProblemCode]> = {
  periodo: [periodOf, 'period'],
  nodo: [code, 'code'],
  agente: [code, 'code'],
  pm: [code, 'code'],
  codigo_contrato: [code, 'code'],
  sentido: [oneOf(OFFER_DIRECTIONS), 'direction'],
  reduccion: [oneOf(REDUCTIONS), 'reduction'],
  mw_requerida: [mw, 'mw'],
  mw_declarada: [mw, 'mw'],
  mw_predespachada: [mw, 'mw'],
  precio_exante: [price, 'price'],
  bloque_precio: [price, 'price'],
  bloque_mw: [mw, 'mw'],
};

/** The block columns: read to check them, never stored, and an offer may leave a block empty. */
const OPTIONAL: ReadonlySet<PredespachoField> = new Set(['bloque_precio', 'bloque_mw']);

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** The day of a sheet's date cell ("Fecha: dd/mm/yyyy", or a date typed in the cell), or null. */
function sheetDay(sheet: ExcelJS.Worksheet): string | null {
  const text = cellText(sheet.getCell(PREDESPACHO_DATE_CELL).value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return calendarDateOf(...(text.split('-').map(Number) as [number, number, number]));
  const label = headerKey(PREDESPACHO_DATE_LABEL);
  if (!headerKey(text).startsWith(label)) return null;
  const match = DMY.exec(text.slice(PREDESPACHO_DATE_LABEL.length).trim());
  return match ? calendarDateOf(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** The cells of an Excel row as text, the first column first. */
function rowTexts(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column).value));
  return cells;
}

/** The problems of a sheet's header: each expected column out of its place, and each one more. */
function headerProblems(hoja: PredespachoSheet, sheet: ExcelJS.Worksheet): PredespachoProblem[] {
  const expected = PREDESPACHO_COLUMNS[hoja];
  const found = rowTexts(sheet.getRow(PREDESPACHO_HEADER_ROW));
  const problems = expected.flatMap(({ header }, index) => {
    const text = found[index] ?? '';
    return headerKey(text) === headerKey(header) ? [] : [problem('header_mismatch', hoja, PREDESPACHO_HEADER_ROW, header, { expected: header, found: text })];
  });
  for (const text of found.slice(expected.length)) {
    if (text !== '') problems.push(problem('header_extra', hoja, PREDESPACHO_HEADER_ROW, text, { found: text }));
  }
  return problems;
}

/** The workbook's sheet of this name (the name read without case or surrounding spaces). */
function sheetNamed(workbook: ExcelJS.Workbook, hoja: PredespachoSheet): ExcelJS.Worksheet | undefined {
  return workbook.worksheets.find((sheet) => sheet.name.trim().toUpperCase() === hoja);
}

/** What the shape check finds: the read sheets and the day, or the problems that stop the import before any row. */
interface Shape {
  sheets: Record<PredespachoSheet, ExcelJS.Worksheet>;
  fecha: string;
  problems: PredespachoProblem[];
}

/**
 * The three sheets with their headers and the day their date cells say, which must be one day,
 * the one the file's name carries (if any) and the caller's (if any).
 */
function shapeOf(workbook: ExcelJS.Workbook, fileName: string, asked: string | undefined): Shape {
  const problems: PredespachoProblem[] = [];
  const sheets = {} as Record<PredespachoSheet, ExcelJS.Worksheet>;
  const days = new Map<PredespachoSheet, string>();
  for (const hoja of PREDESPACHO_SHEETS) {
    const sheet = sheetNamed(workbook, hoja);
    if (!sheet) {
      problems.push(problem('sheet_missing', hoja, null, null, { hoja }));
      continue;
    }
    sheets[hoja] = sheet;
    problems.push(...headerProblems(hoja, sheet));
    const day = sheetDay(sheet);
    if (day === null) problems.push(problem('date', hoja, 3, PREDESPACHO_DATE_CELL, { found: cellText(sheet.getCell(PREDESPACHO_DATE_CELL).value) }));
    else days.set(hoja, day);
  }
  const named = dayOfFileName(fileName);
  if (asked !== undefined && named !== null && named !== asked) problems.push(problem('date_mismatch', null, null, null, { day: named, expected: asked }));
  const fecha = asked ?? named ?? [...days.values()][0] ?? '';
  for (const [hoja, day] of days) {
    if (day !== fecha) problems.push(problem('date_mismatch', hoja, 3, PREDESPACHO_DATE_CELL, { day, expected: fecha }));
  }
  return { sheets, fecha, problems };
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell === '');

/** The good rows of a sheet and the problems of the others (rows below the header; blank ones skipped). */
function readSheet(hoja: PredespachoSheet, sheet: ExcelJS.Worksheet): { rows: PredespachoRow[]; problems: PredespachoProblem[] } {
  const columns = PREDESPACHO_COLUMNS[hoja];
  const keyFields = ['periodo', ...PREDESPACHO_KEYS[hoja]] as const;
  const rows: PredespachoRow[] = [];
  const problems: PredespachoProblem[] = [];
  const firstRowOf = new Map<string, number>();
  // The periods of each key (without its period) and the row it is first on, for the day's 24.
  const periodsOf = new Map<string, { fila: number; periods: Set<number> }>();
  sheet.eachRow((row, fila) => {
    if (fila <= PREDESPACHO_HEADER_ROW) return;
    const cells = rowTexts(row);
    if (isBlank(cells)) return;
    const before = problems.length;
    if (cells.slice(columns.length).some((cell) => cell !== '')) problems.push(problem('row_length', hoja, fila, null));
    const values: Partial<Record<PredespachoField, string | number | null>> = {};
    columns.forEach(({ header, field }, index) => {
      const text = cells[index] ?? '';
      if (text === '') {
        if (!OPTIONAL.has(field)) problems.push(problem('required', hoja, fila, header));
        return;
      }
      const [read, code] = CELLS[field];
      const value = read(text);
      if (value === null) problems.push(problem(code, hoja, fila, header, { valor: text }));
      else values[field] = value;
    });
    if (problems.length > before) return;
    const key = keyFields.map((field) => String(values[field] ?? '')).join('\u0000');
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      problems.push(problem('duplicate', hoja, fila, null, { primera_fila: first }));
      return;
    }
    firstRowOf.set(key, fila);
    const without = PREDESPACHO_KEYS[hoja].map((field) => String(values[field] ?? '')).join('\u0000');
    const periods = periodsOf.get(without) ?? { fila, periods: new Set<number>() };
    periods.periods.add(values.periodo as number);
    periodsOf.set(without, periods);
    rows.push(storedRow(values));
  });
  if (rows.length === 0 && problems.length === 0 && hoja === 'PEXANTE') problems.push(problem('empty', hoja, PREDESPACHO_HEADER_ROW + 1, null));
  // A key short of periods is told once its rows are right, so a mistyped period is not told twice.
  if (problems.length === 0) {
    for (const { fila, periods } of periodsOf.values()) {
      if (periods.size === EOR_PERIODS) continue;
      const missing = Array.from({ length: EOR_PERIODS }, (_, period) => period).filter((period) => !periods.has(period + 1));
      problems.push(problem('periods_missing', hoja, fila, null, { faltantes: missing.join(', ') }));
    }
  }
  return { rows, problems };
}

function storedRow(values: Partial<Record<PredespachoField, string | number | null>>): PredespachoRow {
  const text = (field: PredespachoField) => (values[field] === undefined ? null : String(values[field]));
  return {
    periodo: values.periodo as number,
    nodo: String(values.nodo),
    agente: text('agente'),
    pm: text('pm'),
    codigo_contrato: text('codigo_contrato'),
    sentido: text('sentido') as OfferDirection | null,
    mw_requerida: text('mw_requerida'),
    mw_declarada: text('mw_declarada'),
    mw_predespachada: text('mw_predespachada'),
    precio_exante: text('precio_exante'),
    reduccion: text('reduccion') as PredespachoRow['reduccion'],
  };
}

const SHEET_ORDER = new Map(PREDESPACHO_SHEETS.map((hoja, index) => [hoja, index]));

/** The problems as one answer lists them: the file's, then by sheet and row, at most MAX_PROBLEMS, then one that says there are more. */
export function listedPredespachoProblems(problems: readonly PredespachoProblem[]): PredespachoProblem[] {
  const order = (item: PredespachoProblem) => (item.hoja === null ? -1 : SHEET_ORDER.get(item.hoja)!);
  const ordered = [...problems].sort((a, b) => order(a) - order(b) || (a.fila ?? 0) - (b.fila ?? 0));
  if (ordered.length <= MAX_PROBLEMS) return ordered;
  const last = ordered[MAX_PROBLEMS - 1]!;
  return [...ordered.slice(0, MAX_PROBLEMS), problem('too_many', last.hoja, last.fila, null, { total: ordered.length })];
}

/**
 * Reads a predespacho workbook named `fileName` (its country file is in the name): its shape
 * first, then every row of TCP, TOP and PEXANTE. `fecha` (ISO) is the day the caller imports it
 * for, when they say one. Answers the workbook when it has no problem, and every problem.
 */
export async function parsePredespacho(buffer: Buffer, fileName: string, { fecha }: { fecha?: string } = {}): Promise<PredespachoReading> {
  const pais_oso = paisOsoOfFileName(fileName);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    return { workbook: null, problems: [problem('unreadable', null, null, null)] };
  }
  const shape = shapeOf(workbook, fileName, fecha);
  if (pais_oso === null) shape.problems.unshift(problem('file_name', null, null, null, { archivo: fileName }));
  if (shape.problems.length > 0) return { workbook: null, problems: listedPredespachoProblems(shape.problems) };

  const hojas = {} as Record<PredespachoSheet, PredespachoRow[]>;
  const problems: PredespachoProblem[] = [];
  for (const hoja of PREDESPACHO_SHEETS) {
    const read = readSheet(hoja, shape.sheets[hoja]);
    hojas[hoja] = read.rows;
    problems.push(...read.problems);
  }
  if (problems.length > 0) return { workbook: null, problems: listedPredespachoProblems(problems) };
  return { workbook: { fecha: shape.fecha, pais_oso: pais_oso!, hojas }, problems: [] };
}

/** Rows of each sheet a stored workbook holds. */
export type PredespachoCounts = Record<PredespachoSheet, number>;

/**
 * Stores a workbook read without problems, in `tx`: the stored rows of its day and country are
 * deleted, sheet by sheet, and its rows inserted, one multi-row INSERT per chunk. Imports of the
 * same day and country wait for each other, so the later one replaces the earlier whole.
 */
export async function storePredespacho(tx: Db, workbook: PredespachoWorkbook, { fileName, cargadoPor }: { fileName: string; cargadoPor: string | null }): Promise<PredespachoCounts> {
  const { fecha, pais_oso } = workbook;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`resultados_predespacho:${fecha}:${pais_oso}`}))`);
  await tx.execute(
    sql`delete from ${resultadosPredespacho}
        where ${resultadosPredespacho.fecha} = ${fecha} and ${resultadosPredespacho.pais_oso} = ${pais_oso}
          and ${resultadosPredespacho.hoja} in (${sql.join(
            PREDESPACHO_SHEETS.map((hoja) => sql`${hoja}`),
            sql`, `,
          )})`,
  );
  const stamp = { fecha, pais_oso, archivo_nombre: fileName, cargado_por: cargadoPor };
  const rows = PREDESPACHO_SHEETS.flatMap((hoja) => workbook.hojas[hoja].map((row) => ({ ...row, hoja, ...stamp })));
  for (const chunk of chunksOf(rows)) await tx.insert(resultadosPredespacho).values(chunk);
  return { TCP: workbook.hojas.TCP.length, TOP: workbook.hojas.TOP.length, PEXANTE: workbook.hojas.PEXANTE.length };
}

/** What an import carries to its use case: the workbook's reading and its file name. */
export interface PredespachoUpload {
  reading: PredespachoReading;
  fileName: string;
}

/** The upload of a predespacho import, read: 415 for a body that is not multipart, 400 without the file. */
export async function readPredespachoUpload(request: FastifyRequest<{ Querystring: { fecha?: string } }>): Promise<PredespachoUpload> {
  // The size cap has the request's code here, not the files service's own.
  const { content, originalName } = await readMultipart(request, () => new AppErrors.requestTooLarge());
  if (!content) throw new AppErrors.fileMissing();
  return { reading: await parsePredespacho(content, originalName, { fecha: request.query.fecha }), fileName: originalName };
}

/** What a stored import answers. */
export interface PredespachoImported {
  fecha: string;
  pais_oso: PaisOso;
  filas: PredespachoCounts;
}

/** POST /bitacoras/api/v1/predespacho/importar: stores the workbook, or refuses it with every problem. */
export const importPredespacho = useCase<PredespachoUpload, PredespachoImported>({
  // The predespacho results are market data from the operator: audited as a market-data import.
  audit: { action: 'marketdata.import', entity: 'marketdata' },
  status: 201,
  async run(tx, caller, { reading, fileName }) {
    if (!reading.workbook) throw withDetails(new AppErrors.predespachoInvalid(), reading.problems);
    const { fecha, pais_oso } = reading.workbook;
    const filas = await storePredespacho(tx, reading.workbook, { fileName, cargadoPor: caller.user.email });
    const imported = { fecha, pais_oso, filas };
    return { id: `${pais_oso}:${fecha}`, before: null, after: imported, audited: { before: null, after: { ...imported, archivo: fileName } } };
  },
});

/** What is stored of a day and country file: the rows of each sheet and the ex-ante prices (PEXANTE), by node and period. */
export interface PredespachoOfDay extends PredespachoImported {
  precios: Array<{ nodo: string; periodo: number; precio_exante: string }>;
}

/** The stored predespacho of day `fecha` for the country file `pais_oso` (counts of 0 and no prices when none was imported). */
export async function predespachoOfDay(db: Db, fecha: string, pais_oso: PaisOso): Promise<PredespachoOfDay> {
  const [counts] = await queryRows<PredespachoCounts>(
    db,
    sql`select count(*) filter (where hoja = 'TCP')::int as "TCP", count(*) filter (where hoja = 'TOP')::int as "TOP",
               count(*) filter (where hoja = 'PEXANTE')::int as "PEXANTE"
        from ${resultadosPredespacho} where fecha = ${fecha} and pais_oso = ${pais_oso}`,
  );
  const precios = await queryRows<PredespachoOfDay['precios'][number]>(
    db,
    sql`select nodo, periodo, precio_exante::text as precio_exante
        from ${resultadosPredespacho} where fecha = ${fecha} and pais_oso = ${pais_oso} and hoja = 'PEXANTE'
        order by nodo, periodo`,
  );
  return { fecha, pais_oso, filas: counts ?? { TCP: 0, TOP: 0, PEXANTE: 0 }, precios };
}
