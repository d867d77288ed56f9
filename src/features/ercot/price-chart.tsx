import { Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useMemo } from 'react';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { hourEndingLabel, type PriceHour } from './hourly-prices';

// ApexCharts is heavy (about 280 KB gzip): loaded when the chart is first drawn.
const Chart = lazy(() => import('../../lib/charts/chart'));

/** Day-ahead in blue, real-time in orange. */
const COLORS = ['#2b6cb0', '#dd6b20'];

/**
 * A point's day-ahead price against its real-time price, hour by hour in Central Prevailing
 * Time: one category per operating hour (23 on a spring-forward day, 25 on a fall-back day,
 * the repeated hour `02*`), labelled with the hour ending (and the day when several are shown).
 * An hour a market has not priced is a gap, never 0.
 */
export function PriceChart({ hours, label }: { hours: readonly PriceHour[]; label: string }) {
  const t = useT();
  const format = useFormat();
  const manyDays = hours.length > 0 && hours[0]!.dia_operacion !== hours[hours.length - 1]!.dia_operacion;
  const categories = useMemo(
    () => hours.map((hour) => (manyDays ? `${format.date(hour.dia_operacion).slice(0, 5)} ${hourEndingLabel(hour.hora_final, hour.repetida)}` : hourEndingLabel(hour.hora_final, hour.repetida))),
    [hours, manyDays, format],
  );
  const series = useMemo(
    () => [
      { name: t('ercot.chart.dam'), data: hours.map((hour) => hour.dam) },
      { name: t('ercot.chart.rtm'), data: hours.map((hour) => hour.rtm) },
    ],
    [hours, t],
  );
  const options = useMemo<ApexOptions>(
    () => ({
      // Over several days only each day's first hour is named (with its day): 24 labels a day
      // would overlap; the tooltip names every hour in full.
      xaxis: {
        categories,
        title: { text: t('ercot.chart.hours') },
        labels: manyDays ? { rotate: 0, hideOverlappingLabels: true, formatter: (value: string) => (value?.endsWith(' 01') ? value.slice(0, 5) : '') } : { rotate: 0 },
        tooltip: { enabled: false },
      },
      yaxis: { title: { text: t('ercot.chart.unit') }, labels: { formatter: (value) => format.decimal(value, { maxFractionDigits: 0 }) } },
      tooltip: {
        shared: true,
        intersect: false,
        x: { formatter: (value, options) => categories[options?.dataPointIndex ?? -1] ?? String(value) },
        y: { formatter: (value) => (value === null || value === undefined ? t('ercot.noPrice') : `${format.decimal(value, { minFractionDigits: 2, maxFractionDigits: 4 })} USD/MWh`) },
      },
      stroke: { width: 2, curve: 'straight' },
      colors: COLORS,
      legend: { position: 'top', horizontalAlign: 'left' },
      dataLabels: { enabled: false },
    }),
    [categories, manyDays, format, t],
  );
  return (
    <Suspense fallback={<Text color="fg.muted">{t('common.loading')}</Text>}>
      <Chart type="line" series={series} options={options} height={320} label={label} />
    </Suspense>
  );
}
