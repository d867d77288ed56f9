// The report kit (docs/reports.md): a report is data, `defineReport({ nombre, body, columns,
// order, rows })`, whose rows are one SQL select written in the store of the area that owns the
// data. The kit does the rest once for every report: the period's rules, one page of rows with
// the totals over all of them (one statement, so both read the same rows), and every row read
// with a cursor in batches for a workbook (bounded memory whatever the count), its totals in the
// same snapshot. Totals are computed by the database over the rows, never added in JavaScript;
// decimals reach the wire as exact strings.
import { sql, type SQL } from 'drizzle-orm';
import { addDays, firstOfMonth } from '../../schemas/date.schema';
import {
  REPORT_MAX_RANGE_DAYS,
  REPORT_PAGE_SIZE_DEFAULT,
  type ReportAnswer,
  type ReportBodySchema,
  type ReportCell,
  type ReportColumnKind,
  type KitReportName,
} from '../../schemas/report.schema';
import type { CATALOGUES } from '../../i18n/catalogues';
import { queryRows, type Db } from '../db/client';
import { invalidRequest } from '../errors/catalogue';
import { assertDateRange } from '../kit/date-range';

/** What a report's totals row shows in a column: the sum of its rows, an aggregate of the rows `q` (SQL), or nothing. */
type ColumnTotal = 'sum' | SQL | null;

/** One column of a report: its key in the rows, its kind, and its total. */
export interface ReportColumn {
  clave: string;
  tipo: ReportColumnKind;
  /** Default: the sum for energy and money (mwh, usd, mxn), nothing for the other kinds. */
  total?: ColumnTotal;
}

/** A report: what defineReport returns, and what the routes, the workbook and the job read. */
export interface Report<Body extends object = object> {
  nombre: KitReportName;
  /** The body of the report (its period and filters); the calls add paging or the language. */
  body: ReportBodySchema;
  columns: readonly ReportColumn[];
  /** The column keys the rows are ordered by, together unique (so pages never overlap). */
  order: readonly string[];
  /** The rows: one select with a column named by each column's key, in the database's own types (numeric, date, integer, text), in any order. */
  rows: (body: Body) => SQL;
  /**
   * A workbook of several sheets (optional; without it the workbook is the one sheet of `rows`):
   * the sheets of the workbook for `body`, in order, each a report's rows for a body (its own
   * query, columns, order and totals). The JSON call still answers `rows`.
   */
  sheets?: (body: Body) => ReportSheet[];
}

/** The words of a workbook (one language's catalogue). */
export type ReportWords = (typeof CATALOGUES)['es-ES'];

/** One sheet of a workbook of several: `report`'s rows (this report's own when not given) for `body`, its tab named by `nombre` (default: the report's title). */
export interface ReportSheet {
  report?: Report;
  body: object;
  nombre?: (words: ReportWords) => string;
}

/**
 * Declares a report (docs/reports.md, "Adding a report"). `Body` is the type of its body
 * schema (schemas/report.schema.ts); the other reports' bodies are not its concern.
 */
export function defineReport<Body extends object>(report: Report<Body>): Report {
  for (const key of report.order) {
    if (!report.columns.some((column) => column.clave === key)) throw new Error(`report ${report.nombre} orders by ${key}, which is not one of its columns`);
  }
  return report as unknown as Report;
}

/** The first and last day of a report's month. */
export function monthRange({ anio, mes }: { anio: number; mes: number }): { desde: string; hasta: string } {
  const desde = firstOfMonth(anio, mes);
  const next = mes === 12 ? firstOfMonth(anio + 1, 1) : firstOfMonth(anio, mes + 1);
  return { desde, hasta: addDays(next, -1) };
}

/** The decimal kinds: exact numbers the database keeps as numeric and the wire as strings. */
const DECIMAL_KINDS: ReadonlySet<ReportColumnKind> = new Set(['mwh', 'usd', 'mxn', 'percent', 'price']);
/** The kinds whose total is their sum unless the column says otherwise. */
const SUMMED_KINDS: ReadonlySet<ReportColumnKind> = new Set(['mwh', 'usd', 'mxn']);

/** Whether a kind is a decimal. */
export const isDecimalKind = (kind: ReportColumnKind) => DECIMAL_KINDS.has(kind);

/** A value of `kind` as the wire shows it: text, an ISO date, a whole number or an exact decimal string. */
function wireOf(kind: ReportColumnKind, value: SQL): SQL {
  if (kind === 'date') return sql`to_char(${value}, 'YYYY-MM-DD')`;
  if (kind === 'integer') return sql`(${value})::int`;
  if (kind === 'text') return sql`(${value})::text`;
  return sql`trim_scale(${value})::text`;
}

const columnOf = (clave: string) => sql`q.${sql.identifier(clave)}`;

/** The select list of the rows on the wire. */
const wireList = (report: Report) => sql.join(report.columns.map((column) => sql`${wireOf(column.tipo, columnOf(column.clave))} as ${sql.identifier(column.clave)}`), sql`, `);

/** ORDER BY of the rows, on their own values (a date as a date, a number as a number). */
const orderList = (report: Report) => sql.join(report.order.map((key) => sql`${columnOf(key)} nulls last`), sql`, `);

/** The totalled columns with their aggregate over `q`. */
function totalsOf(report: Report): Array<{ column: ReportColumn; aggregate: SQL }> {
  return report.columns.flatMap((column) => {
    const total = column.total === undefined ? (SUMMED_KINDS.has(column.tipo) ? 'sum' : null) : column.total;
    if (total === null) return [];
    return [{ column, aggregate: total === 'sum' ? sql`coalesce(sum(${columnOf(column.clave)}), 0)` : total }];
  });
}

/** The totals over the rows `q` as one JSON object (empty when no column is totalled). */
function totalsObject(report: Report): SQL {
  const totals = totalsOf(report);
  if (totals.length === 0) return sql`'{}'::json`;
  return sql`json_build_object(${sql.join(
    totals.map(({ column, aggregate }) => sql`${column.clave}::text, ${wireOf(column.tipo, aggregate)}`),
    sql`, `,
  )})`;
}

/** The report's rows for `body`, refused (400) when its range is reversed or too long. */
function rowsOf(report: Report, body: object): SQL {
  if ('desde' in body && 'hasta' in body) assertDateRange(body as { desde: string; hasta: string }, REPORT_MAX_RANGE_DAYS);
  return report.rows(body);
}

/**
 * Refuses (400, the detail on its field) a company or contract the body names that does not
 * exist: an empty report would hide a mistyped id.
 */
export async function assertReferences(db: Db, body: object): Promise<void> {
  const { empresa_id, contrato_id } = body as { empresa_id?: number; contrato_id?: number };
  if (empresa_id === undefined && contrato_id === undefined) return;
  const [found] = await queryRows<{ empresa: boolean; contrato: boolean }>(
    db,
    sql`select ${empresa_id === undefined ? sql`true` : sql`exists (select 1 from "empresas" where "id" = ${empresa_id})`} as empresa,
      ${contrato_id === undefined ? sql`true` : sql`exists (select 1 from "contratos" where "id" = ${contrato_id})`} as contrato`,
  );
  const details = [
    ...(found?.empresa ? [] : [{ instancePath: '/empresa_id', keyword: 'exists', message: 'there is no such company' }]),
    ...(found?.contrato ? [] : [{ instancePath: '/contrato_id', keyword: 'exists', message: 'there is no such contract' }]),
  ];
  if (details.length > 0) throw invalidRequest(details);
}

/** The body without the JSON call's paging. */
type Paged<Body> = Body & { pagina?: number; por_pagina?: number };

/** One page of a report (the JSON call): its columns, the page's rows in order, and the count and totals of all the rows, read in one statement. */
export async function reportPage(db: Db, report: Report, paged: Paged<object>): Promise<ReportAnswer> {
  const { pagina = 1, por_pagina = REPORT_PAGE_SIZE_DEFAULT, ...body } = paged;
  const [answer] = await queryRows<{ filas: ReportAnswer['filas'] | null; total_filas: number; totales: ReportAnswer['totales'] }>(
    db,
    sql`with q as materialized (${rowsOf(report, body)}),
      p as (
        select ${wireList(report)}, row_number() over (order by ${orderList(report)}) as "_n"
        from q order by ${orderList(report)} limit ${por_pagina} offset ${(pagina - 1) * por_pagina}
      )
    select (select json_agg(to_jsonb(p) - '_n' order by p."_n") from p) as filas,
      (select count(*)::int from q) as total_filas,
      (select ${totalsObject(report)} from q) as totales`,
  );
  return {
    columnas: report.columns.map(({ clave, tipo }) => ({ clave, tipo })),
    filas: answer?.filas ?? [],
    totales: answer?.totales ?? {},
    total_filas: answer?.total_filas ?? 0,
    pagina,
    por_pagina,
  };
}

/** The totals of a report over its rows, and the same totals per group of rows, read in one statement. */
export interface ReportGroups<Name extends string> {
  totales: ReportAnswer['totales'];
  total_filas: number;
  grupos: Record<Name, Array<Record<string, ReportCell>>>;
}

/**
 * A report's totals over all its rows and, for each grouping (`{ contratos: ['contrato_id',
 * 'contrato'] }`), a row per group: its key columns and the report's totals over the group's
 * rows, ordered by the keys. The same aggregates as the totals row, in one statement over one
 * reading of the rows, so every group adds up to the totals (what a dashboard reads).
 */
export async function reportGroups<Name extends string>(db: Db, report: Report, body: object, groupings: Record<Name, readonly string[]>): Promise<ReportGroups<Name>> {
  const names = Object.keys(groupings) as Name[];
  const groupOf = (keys: readonly string[]) => {
    const columns = keys.map((key) => {
      const column = report.columns.find((candidate) => candidate.clave === key);
      if (!column) throw new Error(`report ${report.nombre} has no column ${key} to group by`);
      return column;
    });
    const keyObject = sql`jsonb_build_object(${sql.join(
      columns.map((column) => sql`${column.clave}::text, ${wireOf(column.tipo, columnOf(column.clave))}`),
      sql`, `,
    )})`;
    const keyList = sql.join(
      columns.map((column) => columnOf(column.clave)),
      sql`, `,
    );
    return sql`(select coalesce(json_agg(g.fila order by g."_n"), '[]'::json) from (
        select ${keyObject} || (${totalsObject(report)})::jsonb as fila, row_number() over (order by ${keyList}) as "_n"
        from q group by ${keyList}) g)`;
  };
  const [answer] = await queryRows<Record<string, unknown>>(
    db,
    sql`with q as materialized (${rowsOf(report, body)})
    select (select ${totalsObject(report)} from q) as totales, (select count(*)::int from q) as total_filas,
      ${sql.join(
        names.map((name) => sql`${groupOf(groupings[name])} as ${sql.identifier(name)}`),
        sql`, `,
      )}`,
  );
  const grupos = Object.fromEntries(names.map((name) => [name, answer?.[name] ?? []]));
  return {
    totales: (answer?.totales ?? {}) as ReportAnswer['totales'],
    total_filas: (answer?.total_filas ?? 0) as number,
    grupos: grupos as ReportGroups<Name>['grupos'],
  };
}

/** The sheets of `report`'s workbook for `body`: its own rows, or the sheets it declares (each with its report). */
export function sheetsOf(report: Report, body: object): Array<Required<Pick<ReportSheet, 'report' | 'body'>> & Pick<ReportSheet, 'nombre'>> {
  if (!report.sheets) return [{ report, body }];
  if ('desde' in body && 'hasta' in body) assertDateRange(body as { desde: string; hasta: string }, REPORT_MAX_RANGE_DAYS);
  return report.sheets(body).map((sheet) => ({ ...sheet, report: sheet.report ?? report }));
}

/** How many rows a report has for `body` (whether its workbook is written now or by a job): a workbook of several sheets, all of theirs. */
export async function countReportRows(db: Db, report: Report, body: object): Promise<number> {
  let total = 0;
  for (const sheet of sheetsOf(report, body)) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${rowsOf(sheet.report, sheet.body)}) q`);
    total += row?.n ?? 0;
  }
  return total;
}

/** Rows read at a time by a workbook. */
const BATCH_ROWS = 5000;

/**
 * Reads every row of a report in order, BATCH_ROWS at a time through a cursor, handing each
 * batch to `onBatch` (memory holds the batch being written and the next one being fetched,
 * whatever the count: the database reads the next batch while the caller writes this one), and
 * answers the totals over the same rows. Runs on `tx`, a transaction (a cursor lives in one); a
 * repeatable-read one makes the totals and the rows one snapshot.
 */
export async function readReportRows(
  tx: Db,
  report: Report,
  body: object,
  onBatch: (rows: Array<Record<string, ReportCell>>) => void | Promise<void>,
): Promise<Record<string, ReportCell>> {
  const rows = rowsOf(report, body);
  const [totals] = await queryRows<{ totales: Record<string, ReportCell> }>(tx, sql`select ${totalsObject(report)} as totales from (${rows}) q`);
  await tx.execute(sql`declare report_rows no scroll cursor for select ${wireList(report)} from (${rows}) q order by ${orderList(report)}`);
  const fetchBatch = () => queryRows<Record<string, ReportCell>>(tx, sql.raw(`fetch forward ${BATCH_ROWS} from report_rows`));
  let next = fetchBatch();
  try {
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      next = batch.length < BATCH_ROWS ? Promise.resolve([]) : fetchBatch();
      await onBatch(batch);
    }
  } finally {
    // A batch still on its way when writing failed: its failure is not this one's.
    await next.catch(() => []);
  }
  await tx.execute(sql`close report_rows`);
  return totals?.totales ?? {};
}

/** Runs `work` in a read-only repeatable-read transaction: one snapshot for everything it reads. */
export function inSnapshot<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
