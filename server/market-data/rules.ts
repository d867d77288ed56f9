// The rules of a market-data import, as pure functions of the file's cells: the header names
// exactly the kind's columns, every cell is a value of its column, no key twice, charge periods
// that do not overlap (charge-periods.ts) and (with the facts the store reads) every annex exists. Every broken rule is one problem of a single 400,
// located by the row as a spreadsheet numbers it (the header is row 1) and the column's header.
import { calendarDateOf } from '../../schemas/date.schema';
import { EPWM_BRANCHES } from '../../schemas/contract.schema';
import { DECIMAL_BOUNDS, isWithinBounds, type DecimalBounds } from '../../schemas/decimal.schema';
import { AWARD_KINDS, SETTLEMENT_POINT_TYPES } from '../../schemas/ercot.schema';
import { GUARANTEE_OPERATORS } from '../../schemas/guarantee.schema';
import { COUNTRY_CODES, type CountryCode } from '../../schemas/role.schema';
import {
  MARKET_DATA_BOUNDS,
  MARKET_DATA_COLUMNS,
  MARKET_DATA_OPTIONAL_COLUMNS,
  type MarketDataKind,
  type MarketDataProblem,
  type MarketDataProblemCode,
} from '../../schemas/market-data.schema';
import { isNodeCode } from '../../schemas/node-code.schema';
import { RECORD_ID_MAX } from '../../schemas/record.schema';
import { CHARGE_KINDS, PERIODS_PER_DAY, SETTLEMENT_VERSIONS, type ChargeKind, type SettlementVersion } from '../../schemas/settlement.schema';
import { overlapsWithinFile, overlapsWithStored, type ChargePeriod } from './charge-periods';

interface PriceRow {
  nodo: string;
  fecha: string;
  periodo: number;
  version: SettlementVersion;
  precio: string;
}

interface EnergyRow {
  anexo_id: number;
  fecha: string;
  periodo: number;
  version: SettlementVersion;
  energia_fisica_mwh: string;
  energia_flex_mwh: string;
}

interface RateRow {
  fecha: string;
  tipo_cambio: string;
}

interface LossFactorRow {
  nodo: string;
  fecha: string;
  periodo: number;
  version: SettlementVersion;
  fpn: string;
}

/** A national charge rate in force from `vigente_desde` to `vigente_hasta` (both included; null: open-ended). */
interface ChargeRow {
  pais: CountryCode;
  concepto: ChargeKind;
  vigente_desde: string;
  vigente_hasta: string | null;
  tasa: string;
}

/** The rows of a file, each with the spreadsheet row it came from. */
export type MarketRows =
  | { tipo: 'precios'; rows: Array<{ fila: number; values: PriceRow }> }
  | { tipo: 'mediciones'; rows: Array<{ fila: number; values: EnergyRow }> }
  | { tipo: 'tipos-cambio'; rows: Array<{ fila: number; values: RateRow }> }
  | { tipo: 'factores-perdida'; rows: Array<{ fila: number; values: LossFactorRow }> }
  | { tipo: 'cargos'; rows: Array<{ fila: number; values: ChargeRow }> };

/** What a file holds: its good rows and the problems of the others. */
interface MarketTable {
  data: MarketRows;
  problems: MarketDataProblem[];
}

/** The most problems one answer lists; a file broken throughout says so in one last problem. */
export const MAX_PROBLEMS = 500;

type Params = Record<string, string | number>;

/** A charge period in words: `hasta` empty is open-ended. */
const periodText = (params: Params) => (params.hasta ? `from ${params.desde} to ${params.hasta}` : `from ${params.desde} with no end`);

const REASONS: Record<MarketDataProblemCode, string | ((params: Params) => string)> = {
  empty: 'The file has no data rows under its header',
  header_unknown: 'This column is not one of the file kind',
  header_missing: 'The header lacks this column',
  header_repeated: 'The header names this column more than once',
  row_length: 'The row has more cells than the header has columns',
  required: 'The value is missing',
  node: 'Not a node code (letters, digits, "_", "." or "-", up to 40 characters)',
  date: 'Not a calendar day as dd/mm/yyyy or yyyy-mm-dd',
  period: 'The period is a whole number from 1 to 24',
  version: 'The version is PE, DF or CD',
  price: 'Not a price: a decimal with a dot, from -99999.999999 to 99999.999999',
  energy: 'Not an energy: a decimal with a dot, from 0 to 999999.999999',
  rate: 'Not an exchange rate: a decimal with a dot, greater than 0 and up to 9999.999999',
  annex: 'Not an annex id (a whole number)',
  annex_unknown: 'There is no such annex',
  loss_factor: 'Not a loss factor: a decimal with a dot, greater than 0 and up to 9.999999',
  country: `Not a country code (${COUNTRY_CODES.join(', ')})`,
  charge_kind: `The charge kind is ${CHARGE_KINDS.join(', ')}`,
  charge_rate: 'Not a charge rate: a decimal with a dot, from 0 to 99999.999999',
  period_order: 'The period ends before it starts',
  duplicate: 'This key is already in an earlier row of the file',
  overlap_file: (params) => `The period overlaps the one of row ${params.otra_fila} (${periodText(params)}) of the same country and kind`,
  overlap_stored: (params) => `The period overlaps the stored one ${periodText(params)} of the same country and kind, which the file does not replace`,
  operator: `Not a market operator (${GUARANTEE_OPERATORS.join(', ')})`,
  branch: `Not a branch (${EPWM_BRANCHES.join(', ')})`,
  amount: 'Not an amount: a decimal with a dot and at most 2 decimals, from 0 to 999999999999.99',
  statement_operator: 'Statements are imported for CENACE (REA) and ERCOT (ACL and EAL) only',
  branch_operator: (params) => `The company is not an agent of ${params.operador} through this branch (${params.sucursales})`,
  statement_figures: "A CENACE row gives the REA only, an ERCOT row the ACL and the EAL only",
  too_many: 'More rows have problems than one answer lists',
  unreadable: 'The file is neither a CSV text nor an Excel workbook (.xlsx) that can be read',
  us_date: 'Not a calendar day as mm/dd/yyyy (as ERCOT writes it) or yyyy-mm-dd',
  hour_ending: 'The hour ending is 01:00 to 24:00 (or 1 to 24)',
  interval: 'The interval is a whole number from 1 to 4',
  point_type: 'Not a settlement point type (letters and "_", up to 10)',
  dst_flag: 'The repeated-hour flag is Y or N',
  award_kind: `The award kind is ${AWARD_KINDS.join(', ')}`,
  mw: 'Not a MW quantity: a decimal with a dot, from 0 to 99999.999',
  hour_absent: (params) => `Hour ending ${params.hora} does not exist on ${params.dia}: the clocks move forward that night`,
  flag_not_repeated: (params) => `Hour ending ${params.hora} of ${params.dia} is not repeated: the flag Y is only for the second hour ending 02:00 of a fall-back day`,
  flag_missing: (params) => `Hour ending ${params.hora} of ${params.dia} is given twice without the flag Y on its repeated hour`,
  point_unknown: (params) => `There is no settlement point ${params.punto} in force on ${params.dia}`,
  sink: 'A point-to-point obligation names its sink; a bid or an offer names none',
  cleared_above_bid: 'The cleared MW are more than the MW bid',
  point_type_unknown: `The settlement point type is ${SETTLEMENT_POINT_TYPES.join(', ')}`,
  point_in_use: (params) => `Prices or awards of ${params.punto} are stored for ${params.dia}, outside this validity`,
};

/** One problem of the file. */
export function problem(code: MarketDataProblemCode, fila: number, columna: string | null, params?: Params): MarketDataProblem {
  const said = REASONS[code];
  const reason = typeof said === 'string' ? said : said(params ?? {});
  return {
    instancePath: columna === null ? `/filas/${fila}` : `/filas/${fila}/${columna}`,
    keyword: code,
    message: reason,
    fila,
    columna,
    motivo: reason,
    key: `marketData.problems.${code}`,
    ...(params ? { params } : {}),
  };
}

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The ISO date of `dd/mm/yyyy` or `yyyy-mm-dd` when it names a real calendar day; null otherwise. */
function isoDateOf(text: string): string | null {
  const dmy = DMY.exec(text);
  const [year, month, day] = dmy ? [dmy[3], dmy[2], dmy[1]] : (YMD.exec(text)?.slice(1) ?? []);
  if (year === undefined || month === undefined || day === undefined) return null;
  return calendarDateOf(Number(year), Number(month), Number(day));
}

/** The hour of the day, 1 to 24; null otherwise. */
function periodOf(text: string): number | null {
  if (!/^\d{1,2}$/.test(text)) return null;
  const period = Number(text);
  return period >= 1 && period <= PERIODS_PER_DAY ? period : null;
}

function versionOf(text: string): SettlementVersion | null {
  const upper = text.toUpperCase();
  return (SETTLEMENT_VERSIONS as readonly string[]).includes(upper) ? (upper as SettlementVersion) : null;
}

function decimalOf(text: string, bounds: DecimalBounds, signed: boolean): string | null {
  const magnitude = signed && text.startsWith('-') ? text.slice(1) : text;
  return isWithinBounds(magnitude, bounds) ? text : null;
}

/** One of the listed codes, read in any case as the list spells it; null otherwise. */
function codeOf<Code extends string>(codes: readonly Code[]): (text: string) => Code | null {
  return (text) => codes.find((code) => code.toLowerCase() === text.toLowerCase()) ?? null;
}

const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** ERCOT's delivery date, `mm/dd/yyyy` as its files write it or `yyyy-mm-dd`, when it names a real calendar day; null otherwise. */
function usDateOf(text: string): string | null {
  const mdy = MDY.exec(text);
  const [year, month, day] = mdy ? [mdy[3], mdy[1], mdy[2]] : (YMD.exec(text)?.slice(1) ?? []);
  if (year === undefined || month === undefined || day === undefined) return null;
  return calendarDateOf(Number(year), Number(month), Number(day));
}

/** A whole number from 1 to `max`, written as such or (an hour ending) as `hh:00`; null otherwise. */
function wholeUpTo(max: number, clock: boolean): (text: string) => number | null {
  return (text) => {
    const match = (clock ? /^(\d{1,2})(?::00)?$/ : /^(\d{1,2})$/).exec(text);
    const value = match ? Number(match[1]) : 0;
    return value >= 1 && value <= max ? value : null;
  };
}

/** A settlement point's name, upper case (ERCOT's names are; a file may write them otherwise). */
const pointNameOf = (text: string) => (/^[A-Za-z0-9_-]{1,40}$/.test(text) ? text.toUpperCase() : null);

/** ERCOT's repeated-hour flag, Y or N, read as a boolean. */
const dstFlagOf = (text: string) => (/^[yn]$/i.test(text) ? text.toUpperCase() === 'Y' : null);

function annexIdOf(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= RECORD_ID_MAX ? id : null;
}

/** Reads one cell; a problem (and null) when it is empty or not a value of its column. */
type CellReader<T> = (text: string) => T | null;

const CELLS = {
  nodo: [(text: string) => (isNodeCode(text) ? text : null), 'node'],
  anexo_id: [annexIdOf, 'annex'],
  fecha: [isoDateOf, 'date'],
  periodo: [periodOf, 'period'],
  version: [versionOf, 'version'],
  precio: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.price, true), 'price'],
  energia_fisica_mwh: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.energy, false), 'energy'],
  energia_flex_mwh: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.energy, false), 'energy'],
  tipo_cambio: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.rate, false), 'rate'],
  fpn: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.lossFactor, false), 'loss_factor'],
  pais: [codeOf(COUNTRY_CODES), 'country'],
  concepto: [codeOf(CHARGE_KINDS), 'charge_kind'],
  vigente_desde: [isoDateOf, 'date'],
  vigente_hasta: [isoDateOf, 'date'],
  tasa: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.chargeRate, false), 'charge_rate'],
  // An operator's statement of its guarantees (server/guarantees/statements.ts).
  operador: [codeOf(GUARANTEE_OPERATORS), 'operator'],
  sucursal: [codeOf(EPWM_BRANCHES), 'branch'],
  rea: [(text: string) => decimalOf(text, DECIMAL_BOUNDS.money, false), 'amount'],
  acl: [(text: string) => decimalOf(text, DECIMAL_BOUNDS.money, false), 'amount'],
  eal: [(text: string) => decimalOf(text, DECIMAL_BOUNDS.money, false), 'amount'],
  // ERCOT's price files (NP4-190-CD, NP6-905-CD) and the day-ahead awards (server/ercot/rules.ts),
  // named as their headers are, lower case.
  deliverydate: [usDateOf, 'us_date'],
  hourending: [wholeUpTo(24, true), 'hour_ending'],
  deliveryhour: [wholeUpTo(24, false), 'hour_ending'],
  deliveryinterval: [wholeUpTo(4, false), 'interval'],
  settlementpoint: [pointNameOf, 'node'],
  settlementpointname: [pointNameOf, 'node'],
  sinksettlementpoint: [pointNameOf, 'node'],
  settlementpointtype: [(text: string) => (/^[A-Za-z_]{1,10}$/.test(text) ? text.toUpperCase() : null), 'point_type'],
  settlementpointprice: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.price, true), 'price'],
  dstflag: [dstFlagOf, 'dst_flag'],
  awardtype: [codeOf(AWARD_KINDS), 'award_kind'],
  bidmw: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.mw, false), 'mw'],
  bidprice: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.price, true), 'price'],
  clearedmw: [(text: string) => decimalOf(text, MARKET_DATA_BOUNDS.mw, false), 'mw'],
  // ERCOT's Settlement Points List: the days a point is in force.
  validfrom: [usDateOf, 'us_date'],
  validto: [usDateOf, 'us_date'],
} as const satisfies Record<string, readonly [CellReader<unknown>, MarketDataProblemCode]>;

/** The key of a row within its kind: two rows of a file may not share it. */
const KEY_COLUMNS: Record<MarketDataKind, readonly CellColumn[]> = {
  precios: ['nodo', 'fecha', 'periodo', 'version'],
  mediciones: ['anexo_id', 'fecha', 'periodo', 'version'],
  'tipos-cambio': ['fecha'],
  'factores-perdida': ['nodo', 'fecha', 'periodo', 'version'],
  // A charge row replaces the stored one of its country and code (one per kind: MMI, MMR,
  // PEAJE_PRINCIPAL) that starts the same day: the unique key (pais, codigo, vigente_desde) of
  // cargos_pais (migration 0019) that upsertImportedCharges (server/countries/store.ts) targets.
  cargos: ['pais', 'concepto', 'vigente_desde'],
};

const headerText = (cell: string | undefined, index: number) => (index === 0 ? (cell ?? '').replace(/^\uFEFF/, '') : (cell ?? '')).trim().toLowerCase();
const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/** What an import file of one kind holds: its columns (any order), those it may leave empty, and the columns no two rows may share. */
export interface TableSpec {
  columns: readonly CellColumn[];
  optional?: ReadonlySet<string>;
  key: readonly CellColumn[];
}

export type CellColumn = keyof typeof CELLS;

/** A row read whole: every column of its spec read by its column's reader. */
export interface TableRow {
  fila: number;
  values: Record<string, unknown>;
}

/** Where each of the spec's columns is in the header, or the header's problems. */
function readHeader(expected: readonly string[], header: readonly string[]): { positions: Map<string, number>; problems: MarketDataProblem[] } {
  const positions = new Map<string, number>();
  const problems: MarketDataProblem[] = [];
  header.forEach((cell, index) => {
    const name = headerText(cell, index);
    if (name === '') return;
    if (!expected.includes(name)) problems.push(problem('header_unknown', 1, name));
    else if (positions.has(name)) problems.push(problem('header_repeated', 1, name));
    else positions.set(name, index);
  });
  for (const name of expected) if (!positions.has(name)) problems.push(problem('header_missing', 1, name));
  return { positions, problems };
}

/**
 * The rows of an import file (`table`: its rows of cells as text, the header first) as its spec
 * reads them, and every problem of its header and cells; `rowProblems` judges a row read whole
 * (a rule between its columns). Blank rows are skipped (and keep their numbers).
 */
export function readTableRows(
  spec: TableSpec,
  table: readonly (readonly string[])[],
  rowProblems: (row: TableRow) => MarketDataProblem[] = () => [],
): { rows: TableRow[]; problems: MarketDataProblem[] } {
  const [header, ...body] = table;
  const rows: TableRow[] = [];
  if (!header || isBlank(header)) return { rows, problems: [problem('empty', 1, null)] };
  const { positions, problems } = readHeader(spec.columns, header);
  if (problems.length > 0) return { rows, problems };

  const firstRowOf = new Map<string, number>();
  body.forEach((cells, index) => {
    const fila = index + 2;
    if (isBlank(cells)) return;
    const before = problems.length;
    if (cells.slice(header.length).some((cell) => cell.trim() !== '')) problems.push(problem('row_length', fila, null));
    const values: Record<string, unknown> = {};
    for (const column of spec.columns) {
      const text = (cells[positions.get(column)!] ?? '').trim();
      const [read, code] = CELLS[column];
      const value = text === '' ? null : (read as CellReader<unknown>)(text);
      if (value === null && !(text === '' && spec.optional?.has(column))) problems.push(problem(text === '' ? 'required' : code, fila, column));
      values[column] = value;
    }
    if (problems.length > before) return;
    const broken = rowProblems({ fila, values });
    if (broken.length > 0) {
      problems.push(...broken);
      return;
    }
    const key = spec.key.map((column) => String(values[column])).join('\u0000');
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      problems.push(problem('duplicate', fila, null, { primera_fila: first }));
      return;
    }
    firstRowOf.set(key, fila);
    rows.push({ fila, values });
  });
  if (rows.length === 0 && problems.length === 0) problems.push(problem('empty', 1, null));
  return { rows, problems };
}

/** A charge row's period ends on or after it starts. */
function chargeRowProblems({ fila, values }: TableRow): MarketDataProblem[] {
  return values.vigente_hasta !== null && String(values.vigente_hasta) < String(values.vigente_desde) ? [problem('period_order', fila, 'vigente_hasta')] : [];
}

/**
 * The rows of a file of kind `tipo` (`table`: its rows of cells as text, the header first), and
 * every problem of its header and cells.
 */
export function readMarketTable(tipo: MarketDataKind, table: readonly (readonly string[])[]): MarketTable {
  const spec: TableSpec = { columns: MARKET_DATA_COLUMNS[tipo], optional: MARKET_DATA_OPTIONAL_COLUMNS, key: KEY_COLUMNS[tipo] };
  const { rows, problems } = readTableRows(spec, table, tipo === 'cargos' ? chargeRowProblems : undefined);
  // A row is in `rows` only once every column of the kind was read by its column's reader.
  const data = { tipo, rows } as unknown as MarketRows;
  if (data.tipo === 'cargos') {
    for (const { row, other } of overlapsWithinFile(data.rows)) problems.push(problem('overlap_file', row.fila, null, { otra_fila: other.fila, ...periodParams(other.values) }));
  }
  return { data, problems };
}

/** The annex ids a file of measurements names. */
export function annexIdsOf(data: MarketRows): number[] {
  return data.tipo === 'mediciones' ? [...new Set(data.rows.map((row) => row.values.anexo_id))] : [];
}

/** A problem for each row of measurements whose annex does not exist. */
export function unknownAnnexProblems(data: MarketRows, existing: ReadonlySet<number>): MarketDataProblem[] {
  if (data.tipo !== 'mediciones') return [];
  return data.rows.filter((row) => !existing.has(row.values.anexo_id)).map((row) => problem('annex_unknown', row.fila, 'anexo_id'));
}

/** The other period a problem names: `hasta` empty when it is open-ended. */
function periodParams(period: ChargePeriod): { desde: string; hasta: string } {
  return { desde: period.vigente_desde, hasta: period.vigente_hasta ?? '' };
}

/** A problem for each row of charges whose period overlaps a stored one that the file does not replace. */
export function storedOverlapProblems(data: MarketRows, stored: readonly ChargePeriod[]): MarketDataProblem[] {
  if (data.tipo !== 'cargos') return [];
  return overlapsWithStored(data.rows, stored).map(({ row, other }) => problem('overlap_stored', row.fila, null, periodParams(other)));
}

/** The countries and kinds a file of charges names (its stored periods are the ones to compare). */
export function chargeKeysOf(data: MarketRows): Array<Pick<ChargeRow, 'pais' | 'concepto'>> {
  if (data.tipo !== 'cargos') return [];
  const keys = new Map(data.rows.map((row) => [`${row.values.pais}:${row.values.concepto}`, { pais: row.values.pais, concepto: row.values.concepto }]));
  return [...keys.values()];
}

/** The problems as one answer lists them: by row, at most MAX_PROBLEMS, then one that says there are more. */
export function listedProblems(problems: readonly MarketDataProblem[]): MarketDataProblem[] {
  const ordered = [...problems].sort((a, b) => a.fila - b.fila);
  if (ordered.length <= MAX_PROBLEMS) return ordered;
  const listed = ordered.slice(0, MAX_PROBLEMS);
  return [...listed, problem('too_many', listed[listed.length - 1]!.fila, null, { total: ordered.length })];
}
