import { Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useMemo } from 'react';
import type { MonitoringRole } from '../../../schemas/monitoring.schema';
import { useFormat, type Formatters } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';

// ApexCharts is heavy (about 280 KB gzip): loaded when a monitoring page first draws a chart.
const Chart = lazy(() => import('../../lib/charts/chart'));

/** One series: bars or a line, its values per category (null: no data, drawn as a gap). */
export interface MonitoringSeries {
  name: string;
  type: 'column' | 'line';
  data: ReadonlyArray<string | null>;
}

/** Numbers only to draw: the figures the page states are the server's decimal strings. */
const drawn = (value: string | null) => (value === null ? null : Math.round(Number(value) * 1000) / 1000);

/** The buyers' colour, then the sellers' (bars strong, lines a darker shade). */
const COLORS = ['#2b6cb0', '#2f855a', '#1a365d', '#22543d'];

/**
 * The pages' charts: days (or hours) along the bottom, MW or MWh up the side in the page's
 * notation; labels that would touch are tilted, then thinned; the tooltip shows every series
 * of the category, "no data" for a gap.
 */
export function MonitoringChart({ categories, series, unit, label }: { categories: readonly string[]; series: readonly MonitoringSeries[]; unit: string; label: string }) {
  const t = useT();
  const format = useFormat();
  const options = useMemo<ApexOptions>(
    () => ({
      xaxis: { categories: [...categories], labels: { rotate: -45, hideOverlappingLabels: true, trim: false }, tooltip: { enabled: false } },
      yaxis: { title: { text: unit }, labels: { formatter: (value) => format.decimal(value, { maxFractionDigits: 0 }) } },
      tooltip: {
        shared: true,
        intersect: false,
        y: { formatter: (value) => (value === null || value === undefined ? t('monitoring.noData') : `${format.decimal(value, { maxFractionDigits: 3 })} ${unit}`) },
      },
      stroke: { width: series.map((one) => (one.type === 'line' ? 2 : 0)), curve: 'straight' },
      colors: COLORS,
      legend: { position: 'top', horizontalAlign: 'left' },
      dataLabels: { enabled: false },
    }),
    [categories, series, unit, format, t],
  );
  const drawnSeries = useMemo(() => series.map((one) => ({ name: one.name, type: one.type, data: one.data.map(drawn) })), [series]);
  return (
    <Suspense fallback={<Text color="fg.muted">{t('common.loading')}</Text>}>
      <Chart type="line" series={drawnSeries} options={options} height={300} label={label} />
    </Suspense>
  );
}

/** A series drawn for each role: its kind, its name for a role's name, its value of a day. */
interface SeriesSpec<Day> {
  type: MonitoringSeries['type'];
  name: (role: string) => string;
  value: (day: Day) => string | null;
}

/**
 * The days of the roles' totals as chart categories (every day any role has, in order, in the
 * page's date notation) and one series per spec and role, a day a role lacks being a gap.
 */
export function dailySeries<Day extends { fecha: string }>(
  totals: ReadonlyArray<{ rol: MonitoringRole; dias: readonly Day[] }>,
  format: Formatters,
  specs: ReadonlyArray<SeriesSpec<Day>>,
  roleName: (rol: MonitoringRole) => string,
): { categories: string[]; series: MonitoringSeries[] } {
  const days = [...new Set(totals.flatMap((total) => total.dias.map((day) => day.fecha)))].sort();
  const series = specs.flatMap((spec) =>
    totals.map((total) => {
      const byDay = new Map(total.dias.map((day) => [day.fecha, spec.value(day)]));
      return { name: spec.name(roleName(total.rol)), type: spec.type, data: days.map((fecha) => byDay.get(fecha) ?? null) };
    }),
  );
  return { categories: days.map((fecha) => format.date(fecha)), series };
}
