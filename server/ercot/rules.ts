// The rules of ERCOT's files (docs/ercot.md): the clock of an operating day in Central Prevailing
// Time (23 hours when the clocks move forward, 25 when they move back, 24 otherwise), each row's
// interval placed on it by its hour ending and repeated-hour flag, and every row's cells read by
// the shared import reader (server/market-data/rules.ts); the catalogue's file, and a point's
// validity kept around the days its prices and awards are of. All as pure functions of the
// cells and, for the points, of the catalogue and the days used the store reads.
import { ERCOT_TIME_ZONE, SETTLEMENT_POINT_TYPES, type AwardKind, type ErcotImportKind, type SettlementPointType } from '../../schemas/ercot.schema';
import type { MarketDataProblem } from '../../schemas/market-data.schema';
import { AppErrors, withDetails, type ErrorDetail } from '../errors/catalogue';
import { problem, readTableRows, type TableRow, type TableSpec } from '../market-data/rules';

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;

/** One hour of an operating day: its hour ending, whether it is the repeated one, and its UTC start (ISO). */
export interface OperatingHour {
  hora_final: number;
  repetida: boolean;
  inicio_utc: string;
}

const wallClock = new Intl.DateTimeFormat('en-US', { timeZone: ERCOT_TIME_ZONE, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });

/** The local wall-clock hour (0..23) of an instant. */
function localHourOf(instant: number): number {
  const hour = wallClock.formatToParts(instant).find((part) => part.type === 'hour')!.value;
  return Number(hour);
}

/**
 * The UTC instant of a day's local midnight. Midnight is never inside a change of clock (the
 * changes are at 02:00), so the offset at 06:00 UTC (midnight CST, 01:00 CDT) is midnight's.
 */
function midnightUtc(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const base = Date.UTC(year, month - 1, date);
  // 06:00 UTC reads 00:00 in CST (UTC-6) and 01:00 in CDT (UTC-5).
  return base + (localHourOf(base + 6 * HOUR_MS) === 0 ? 6 : 5) * HOUR_MS;
}

const dayCache = new Map<string, OperatingHour[]>();

/**
 * The hours of an operating day in order, from its local midnight to the next: a spring-forward
 * day has no hour ending 03:00 (23 hours), a fall-back day has hour ending 02:00 twice, the
 * second one flagged repeated (25 hours).
 */
export function operatingDayHours(day: string): OperatingHour[] {
  const known = dayCache.get(day);
  if (known) return known;
  const start = midnightUtc(day);
  const next = midnightUtc(new Date(start + 36 * HOUR_MS).toISOString().slice(0, 10));
  const hours: OperatingHour[] = [];
  const seen = new Set<number>();
  for (let instant = start; instant < next; instant += HOUR_MS) {
    const horaFinal = localHourOf(instant) + 1;
    hours.push({ hora_final: horaFinal, repetida: seen.has(horaFinal), inicio_utc: new Date(instant).toISOString() });
    seen.add(horaFinal);
  }
  dayCache.set(day, hours);
  return hours;
}

/** Where a row's hour is on its day: its UTC start, or the problem that it is not an hour of that day. */
function placeHour(fila: number, dia: string, hora: number, repetida: boolean): { inicio: number } | { problem: MarketDataProblem } {
  const hours = operatingDayHours(dia);
  const found = hours.find((hour) => hour.hora_final === hora && hour.repetida === repetida);
  if (found) return { inicio: Date.parse(found.inicio_utc) };
  const params = { dia, hora: `${String(hora).padStart(2, '0')}:00` };
  if (!hours.some((hour) => hour.hora_final === hora)) return { problem: problem('hour_absent', fila, null, params) };
  return { problem: problem('flag_not_repeated', fila, 'dstflag', params) };
}

/** A price row as stored. */
export interface PriceRow {
  punto: string;
  dia_operacion: string;
  hora_final: number;
  intervalo: number | null;
  repetida: boolean;
  inicio_utc: string;
  precio: string;
}

/** An award row as stored. */
export interface AwardRow {
  punto: string;
  punto_sumidero: string | null;
  tipo: AwardKind;
  dia_operacion: string;
  hora_final: number;
  repetida: boolean;
  inicio_utc: string;
  mw_oferta: string;
  precio_oferta: string;
  mw_adjudicado: string;
}

/** What a file holds: its rows as stored (each with its spreadsheet row) and every problem. */
export interface ErcotTable<Row> {
  rows: Array<{ fila: number; row: Row }>;
  problems: MarketDataProblem[];
}

/** The files whose rows are intervals of an operating day: all but the catalogue. */
type IntervalKind = Exclude<ErcotImportKind, 'puntos'>;

const SPECS: Record<IntervalKind, TableSpec> = {
  // NP4-190-CD, DAM Settlement Point Prices.
  'precios-dam': {
    columns: ['deliverydate', 'hourending', 'settlementpoint', 'settlementpointprice', 'dstflag'],
    optional: new Set(['dstflag']),
    key: ['settlementpoint', 'deliverydate', 'hourending', 'dstflag'],
  },
  // NP6-905-CD, Settlement Point Prices at Resource Nodes, Hubs and Load Zones (15 minutes; its point column is SettlementPointName).
  'precios-rtm': {
    columns: ['deliverydate', 'deliveryhour', 'deliveryinterval', 'settlementpointname', 'settlementpointtype', 'settlementpointprice', 'dstflag'],
    optional: new Set(['dstflag', 'settlementpointtype']),
    key: ['settlementpointname', 'deliverydate', 'deliveryhour', 'deliveryinterval', 'dstflag'],
  },
  // The company's day-ahead awards (our layout, in ERCOT's words): a PTP names its source (settlementPoint) and sink.
  adjudicaciones: {
    columns: ['deliverydate', 'hourending', 'dstflag', 'settlementpoint', 'sinksettlementpoint', 'awardtype', 'bidmw', 'bidprice', 'clearedmw'],
    optional: new Set(['dstflag', 'sinksettlementpoint']),
    key: ['awardtype', 'settlementpoint', 'sinksettlementpoint', 'deliverydate', 'hourending', 'dstflag'],
  },
};

/** The hour column of a kind. */
const hourColumn = (kind: IntervalKind) => (kind === 'precios-rtm' ? 'deliveryhour' : 'hourending');
/** The point column of a kind (for a PTP award, its source). */
const pointColumn = (kind: IntervalKind) => (kind === 'precios-rtm' ? 'settlementpointname' : 'settlementpoint');

/**
 * A row's interval on its operating day (and, for an award, its sink against its kind and its
 * cleared MW against its bid): the row as stored, or its problems.
 */
function rowOf(kind: IntervalKind, { fila, values }: TableRow): { row: PriceRow | AwardRow } | { problems: MarketDataProblem[] } {
  const dia = values.deliverydate as string;
  const hora = values[hourColumn(kind)] as number;
  const repetida = values.dstflag === true;
  // An empty flag is N, for the key too.
  values.dstflag = repetida;
  const placed = placeHour(fila, dia, hora, repetida);
  const problems = 'problem' in placed ? [placed.problem] : [];
  const intervalo = kind === 'precios-rtm' ? (values.deliveryinterval as number) : null;
  const inicio = 'inicio' in placed ? new Date(placed.inicio + (intervalo === null ? 0 : (intervalo - 1) * QUARTER_MS)).toISOString() : '';
  const when = { dia_operacion: dia, hora_final: hora, repetida, inicio_utc: inicio };
  if (kind !== 'adjudicaciones') {
    return problems.length > 0 ? { problems } : { row: { punto: values[pointColumn(kind)] as string, ...when, intervalo, precio: values.settlementpointprice as string } };
  }
  const tipo = values.awardtype as AwardKind;
  const sumidero = (values.sinksettlementpoint as string | null) ?? null;
  if ((tipo === 'PTP') !== (sumidero !== null)) problems.push(problem('sink', fila, 'sinksettlementpoint'));
  if (Number(values.clearedmw) > Number(values.bidmw)) problems.push(problem('cleared_above_bid', fila, 'clearedmw'));
  if (problems.length > 0) return { problems };
  return {
    row: {
      punto: values.settlementpoint as string,
      punto_sumidero: sumidero,
      tipo,
      ...when,
      mw_oferta: values.bidmw as string,
      precio_oferta: values.bidprice as string,
      mw_adjudicado: values.clearedmw as string,
    },
  };
}

/**
 * The rows of an ERCOT file of one kind and every problem of its header, cells, clock and keys.
 * The same interval twice is a duplicate, except the hour ending that a fall-back day repeats
 * given twice without the flag Y: that row is told so (`flag_missing`).
 */
export function readErcotTable(kind: 'precios-dam' | 'precios-rtm', table: readonly (readonly string[])[]): ErcotTable<PriceRow>;
export function readErcotTable(kind: 'adjudicaciones', table: readonly (readonly string[])[]): ErcotTable<AwardRow>;
export function readErcotTable(kind: IntervalKind, table: readonly (readonly string[])[]): ErcotTable<PriceRow | AwardRow> {
  const stored = new Map<number, PriceRow | AwardRow>();
  const { rows, problems } = readTableRows(SPECS[kind], table, (read) => {
    const outcome = rowOf(kind, read);
    if ('problems' in outcome) return outcome.problems;
    stored.set(read.fila, outcome.row);
    return [];
  });
  const told = problems.map((found) => {
    const row = found.keyword === 'duplicate' ? stored.get(found.fila) : undefined;
    const repeatedHour = row && !row.repetida && operatingDayHours(row.dia_operacion).some((hour) => hour.repetida && hour.hora_final === row.hora_final);
    return repeatedHour ? problem('flag_missing', found.fila, 'dstflag', { dia: row.dia_operacion, hora: `${String(row.hora_final).padStart(2, '0')}:00` }) : found;
  });
  return { rows: rows.map(({ fila }) => ({ fila, row: stored.get(fila)! })), problems: told };
}

/** A settlement point of the catalogue and the days it is in force. */
export interface PointValidity {
  nombre: string;
  vigente_desde: string;
  vigente_hasta: string | null;
}

/** A problem for each row of a file of `kind` that names a point (or a sink) not in the catalogue or not in force on its day. */
export function unknownPointProblems(
  kind: IntervalKind,
  rows: ReadonlyArray<{ fila: number; row: PriceRow | AwardRow }>,
  points: readonly PointValidity[],
): MarketDataProblem[] {
  const byName = new Map(points.map((point) => [point.nombre, point]));
  const inForce = (name: string, day: string) => {
    const point = byName.get(name);
    return point !== undefined && point.vigente_desde <= day && (point.vigente_hasta === null || point.vigente_hasta >= day);
  };
  const found: MarketDataProblem[] = [];
  for (const { fila, row } of rows) {
    const named: Array<[string, string]> = [[pointColumn(kind), row.punto]];
    if ('punto_sumidero' in row && row.punto_sumidero !== null) named.push(['sinksettlementpoint', row.punto_sumidero]);
    for (const [column, name] of named) if (!inForce(name, row.dia_operacion)) found.push(problem('point_unknown', fila, column, { punto: name, dia: row.dia_operacion }));
  }
  return found;
}

/** The names of the points (and sinks) a file's rows name. */
export function pointsNamed(rows: ReadonlyArray<{ row: PriceRow | AwardRow }>): string[] {
  const names = new Set<string>();
  for (const { row } of rows) {
    names.add(row.punto);
    if ('punto_sumidero' in row && row.punto_sumidero !== null) names.add(row.punto_sumidero);
  }
  return [...names];
}

/** A settlement point as the catalogue keeps it. */
export interface PointRow extends PointValidity {
  tipo: SettlementPointType;
}

// ERCOT's Settlement Points List: a name once, its type, the first day it is in force and the last (empty: still).
const POINTS_SPEC: TableSpec = {
  columns: ['settlementpoint', 'settlementpointtype', 'validfrom', 'validto'],
  optional: new Set(['validto']),
  key: ['settlementpoint'],
};

/** The points of a catalogue file and every problem of its header, cells, types, validities and names given twice. */
export function readPointsTable(table: readonly (readonly string[])[]): ErcotTable<PointRow> {
  const { rows, problems } = readTableRows(POINTS_SPEC, table, ({ fila, values }) => {
    const found: MarketDataProblem[] = [];
    if (!(SETTLEMENT_POINT_TYPES as readonly unknown[]).includes(values.settlementpointtype)) found.push(problem('point_type_unknown', fila, 'settlementpointtype'));
    if (values.validto !== null && String(values.validto) < String(values.validfrom)) found.push(problem('period_order', fila, 'validto'));
    return found;
  });
  return {
    rows: rows.map(({ fila, values }) => ({
      fila,
      row: {
        nombre: values.settlementpoint as string,
        tipo: values.settlementpointtype as SettlementPointType,
        vigente_desde: values.validfrom as string,
        vigente_hasta: (values.validto as string | null) ?? null,
      },
    })),
    problems,
  };
}

/** The first and last operating day of a point's stored prices (either market) and awards (as source or sink). */
export interface PointUse {
  nombre: string;
  primer_dia: string;
  ultimo_dia: string;
}

/**
 * The ends of a validity that would leave stored prices or awards out: `desde` with the first
 * day used when it starts after it, `hasta` with the last day used when it ends before it.
 * The days used lie between the first and the last, so these two are the only ways out.
 */
function daysLeftOut(validity: PointValidity, use: PointUse | undefined): Array<{ end: 'desde' | 'hasta'; dia: string }> {
  if (!use) return [];
  const out: Array<{ end: 'desde' | 'hasta'; dia: string }> = [];
  if (use.primer_dia < validity.vigente_desde) out.push({ end: 'desde', dia: use.primer_dia });
  if (validity.vigente_hasta !== null && use.ultimo_dia > validity.vigente_hasta) out.push({ end: 'hasta', dia: use.ultimo_dia });
  return out;
}

/** A problem for each catalogue row whose validity leaves out days of its point's stored prices or awards (`point_in_use`). */
export function pointInUseProblems(rows: ReadonlyArray<{ fila: number; row: PointRow }>, uses: readonly PointUse[]): MarketDataProblem[] {
  const useOf = new Map(uses.map((use) => [use.nombre, use]));
  return rows.flatMap(({ fila, row }) =>
    daysLeftOut(row, useOf.get(row.nombre)).map(({ end, dia }) => problem('point_in_use', fila, end === 'desde' ? 'validfrom' : 'validto', { punto: row.nombre, dia })),
  );
}

/** 409 APP_ERR_ERCOT_POINT_IN_USE when an edit's validity leaves out days of the point's stored prices or awards, beside the end at fault. */
export function assertPointUseKept(point: PointValidity, use: PointUse | undefined): void {
  const out = daysLeftOut(point, use);
  if (out.length === 0) return;
  const details: ErrorDetail[] = out.map(({ end, dia }) => {
    const found = problem('point_in_use', 0, null, { punto: point.nombre, dia });
    return { instancePath: end === 'desde' ? '/vigente_desde' : '/vigente_hasta', keyword: found.keyword, message: found.message, params: found.params! };
  });
  throw withDetails(new AppErrors.ercotPointInUse(), details);
}

/** 400 APP_ERR_ERCOT_POINT_UNKNOWN naming each point asked (`/puntos/<i>`) that the catalogue does not hold. */
export function assertPointsKnown(asked: readonly string[], known: ReadonlySet<string>): void {
  const details: ErrorDetail[] = asked.flatMap((name, index) =>
    known.has(name.toUpperCase()) ? [] : [{ instancePath: `/puntos/${index}`, keyword: 'point_unknown', message: `There is no settlement point ${name}`, params: { punto: name } }],
  );
  if (details.length > 0) throw withDetails(new AppErrors.ercotPointUnknown(), details);
}
