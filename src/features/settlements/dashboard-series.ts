import type { SummaryFigures } from '../../../schemas/settlement-summary.schema';

/** The figures the dashboard's monthly charts can show, as the reader picks one. */
export const DASHBOARD_MEASURES = ['energia_total_mwh', 'liquidacion_energia', 'margen'] as const;
export type DashboardMeasure = (typeof DASHBOARD_MEASURES)[number];

interface ChartSeries {
  name: string;
  data: number[];
}

/**
 * One stacked series per group (country, contract type) over `months`: the group's `measure` in
 * each month, 0 where it settled nothing. The server's decimal strings become numbers only here,
 * to be drawn; every figure a reader reads as text is formatted from the strings.
 */
export function stackedByMonth<Row extends SummaryFigures & { mes: number }>(
  rows: readonly Row[],
  groupOf: (row: Row) => string,
  label: (group: string) => string,
  measure: DashboardMeasure,
  months: readonly number[],
): ChartSeries[] {
  const groups = [...new Set(rows.map(groupOf))];
  return groups.map((group) => ({
    name: label(group),
    data: months.map((month) => {
      const row = rows.find((candidate) => candidate.mes === month && groupOf(candidate) === group);
      return row ? Number(row[measure]) : 0;
    }),
  }));
}
