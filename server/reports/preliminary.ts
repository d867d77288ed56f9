// `reporte-preliminar-excel` [P] (docs/reports.md): the month's preliminary reports (16-21 of the
// spec's list) in one workbook. Its rows are the summary, one per preliminary report the
// registry holds (a report not built yet is left out, not an error): its row count and its main
// total (its last USD column) for the month, computed over that report's own rows. Its workbook
// is the summary sheet and then one sheet per report, each that report's own rows and totals.
import { sql, type SQL } from 'drizzle-orm';
import { preliminaryExcelBodySchema, type PreliminaryExcelBody, type ReportName } from '../../schemas/report.schema';
import { defineReport, monthRange, type Report, type ReportSheet } from './kit';

/** The preliminary reports, in the spec's order. */
export const PRELIMINARY_REPORTS = [
  'liquidacion-eor-preliminar',
  'liquidacion-cenace-preliminar',
  'liquidacion-eor-top-preliminar',
  'liquidacion-ercot-top-preliminar',
  'liquidacion-potencia-preliminar',
  'liquidacion-energia-generada-preliminar',
] as const satisfies readonly ReportName[];

/** A report's body for the month: the month itself, or its first and last day for a report of a range. */
function bodyOf(report: Report, { anio, mes }: PreliminaryExcelBody): object {
  return 'anio' in report.body.properties ? { anio, mes } : monthRange({ anio, mes });
}

/** The column a report's summary totals: its last USD column with a total (else its last summed column), or none. */
function mainColumn(report: Report): string | null {
  const summed = report.columns.filter((column) => (column.total === undefined ? ['mwh', 'usd', 'mxn'].includes(column.tipo) : column.total === 'sum'));
  return (summed.filter((column) => column.tipo === 'usd').at(-1) ?? summed.at(-1))?.clave ?? null;
}

/** How the report finds the others by name: the registry's `reportNamed` (given by the registry, which lists this report too). */
type ReportLookup = (nombre: string) => Report | undefined;

/** The preliminary reports the registry holds, each with its body for the month. */
function preliminaries(reportNamed: ReportLookup, body: PreliminaryExcelBody): Array<{ orden: number; report: Report; body: object }> {
  return PRELIMINARY_REPORTS.flatMap((nombre, index) => {
    const report = reportNamed(nombre);
    return report ? [{ orden: index + 1, report, body: bodyOf(report, body) }] : [];
  });
}

/** The report, reading the others from the registry's `reportNamed` when it is asked (not when the registry is being built). */
export const preliminaryExcelReport = (reportNamed: ReportLookup) =>
  defineReport<PreliminaryExcelBody>({
  nombre: 'reporte-preliminar-excel',
  body: preliminaryExcelBodySchema,
  columns: [
    { clave: 'orden', tipo: 'integer' },
    { clave: 'reporte', tipo: 'text' },
    { clave: 'filas', tipo: 'integer', total: 'sum' },
    { clave: 'columna', tipo: 'text' },
    // Each report's own total: adding them up would mix settlements that are not one figure.
    { clave: 'total', tipo: 'usd', total: null },
  ],
  order: ['orden'],
  rows: (body) => {
    const parts: SQL[] = preliminaries(reportNamed, body).map(({ orden, report, body: own }) => {
      const column = mainColumn(report);
      const total = column === null ? sql`null::numeric` : sql`coalesce(sum(q.${sql.identifier(column)}), 0)`;
      return sql`select ${orden}::int as orden, ${report.nombre}::text as reporte, count(*) as filas, ${column}::text as columna, ${total} as total
        from (${report.rows(own)}) q`;
    });
    if (parts.length === 0) return sql`select null::int as orden, null::text as reporte, null::bigint as filas, null::text as columna, null::numeric as total where false`;
    return sql.join(parts, sql` union all `);
  },
  sheets: (body): ReportSheet[] => [{ body }, ...preliminaries(reportNamed, body).map(({ report, body: own }) => ({ report, body: own }))],
});
