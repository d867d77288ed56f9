import { Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useMemo } from 'react';
import type { CashFlowWeek } from '../../../schemas/accounting.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';

// ApexCharts is heavy (about 280 KB gzip): loaded when the cash-flow page first draws a chart.
const Chart = lazy(() => import('../../lib/charts/chart'));

/** Numbers only to draw: the amounts the page states are the server's decimal strings. */
const drawn = (value: string) => Math.round(Number(value) * 100) / 100;

function useAxisOptions(weeks: readonly CashFlowWeek[]): ApexOptions {
  const format = useFormat();
  return useMemo<ApexOptions>(
    () => ({
      xaxis: { categories: weeks.map((week) => week.semana), tickAmount: Math.min(weeks.length, 14) },
      yaxis: { labels: { formatter: (value) => format.decimal(value, { maxFractionDigits: 0 }) } },
      tooltip: { shared: true, y: { formatter: (value) => format.decimal(value, { minFractionDigits: 2, maxFractionDigits: 2 }) } },
      legend: { position: 'top', horizontalAlign: 'left' },
      dataLabels: { enabled: false },
    }),
    [weeks, format],
  );
}

/** Each ISO week's expected receipts and payments (columns) and the net (a line), in one currency. */
export function WeeklyCashFlowChart({ weeks, currency }: { weeks: readonly CashFlowWeek[]; currency: string }) {
  const t = useT();
  const axis = useAxisOptions(weeks);
  const options = useMemo<ApexOptions>(() => ({ ...axis, stroke: { width: [0, 0, 2], curve: 'straight' }, colors: ['#2f855a', '#c53030', '#2b6cb0'] }), [axis]);
  const series = useMemo(
    () => [
      { name: t('accounting.series.ingresos'), type: 'column', data: weeks.map((week) => drawn(week.ingresos)) },
      { name: t('accounting.series.egresos'), type: 'column', data: weeks.map((week) => drawn(week.egresos)) },
      { name: t('accounting.series.neto'), type: 'line', data: weeks.map((week) => drawn(week.neto)) },
    ],
    [weeks, t],
  );
  return (
    <Suspense fallback={<Text color="fg.muted">{t('common.loading')}</Text>}>
      <Chart type="line" series={series} options={options} height={300} label={t('accounting.cashFlow.weeklyChart', { currency })} />
    </Suspense>
  );
}

/** The position accumulated week after week, in one currency. */
export function AccumulatedCashFlowChart({ weeks, currency }: { weeks: readonly CashFlowWeek[]; currency: string }) {
  const t = useT();
  const axis = useAxisOptions(weeks);
  const options = useMemo<ApexOptions>(() => ({ ...axis, stroke: { width: 2, curve: 'stepline' }, colors: ['#2b6cb0'], fill: { opacity: 0.2 } }), [axis]);
  const series = useMemo(() => [{ name: t('accounting.series.acumulado'), data: weeks.map((week) => drawn(week.acumulado)) }], [weeks, t]);
  return (
    <Suspense fallback={<Text color="fg.muted">{t('common.loading')}</Text>}>
      <Chart type="area" series={series} options={options} height={260} label={t('accounting.cashFlow.accumulatedChart', { currency })} />
    </Suspense>
  );
}
