import { Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useMemo } from 'react';
import type { CashFlowWeek } from '../../../schemas/accounting.schema';
import { useFormat, type Formatters } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';

// ApexCharts is heavy (about 280 KB gzip): loaded when the cash-flow page first draws a chart.
const Chart = lazy(() => import('../../lib/charts/chart'));

/** Numbers only to draw: the amounts the page states are the server's decimal strings. */
const drawn = (value: string) => Math.round(Number(value) * 100) / 100;

/**
 * The axes both charts share. Each week is labelled by its Monday in the product's date
 * notation (an ISO week code, `2026-W48`, means little to a reader and 13 of them ran into each
 * other); labels that would still touch are tilted, then thinned, never overlapped; the
 * tooltip names the week by code and Monday.
 */
function useAxisOptions(weeks: readonly CashFlowWeek[]): ApexOptions {
  const format = useFormat();
  return useMemo<ApexOptions>(
    () => ({
      xaxis: {
        categories: weeks.map((week) => format.date(week.inicio)),
        labels: { rotate: -45, hideOverlappingLabels: true, trim: false },
        tooltip: { enabled: false },
      },
      yaxis: { labels: { formatter: (value) => format.decimal(value, { maxFractionDigits: 0 }) } },
      tooltip: {
        shared: true,
        x: { formatter: (_value, options) => weekName(weeks[options?.dataPointIndex ?? -1], format) },
        y: { formatter: (value) => format.decimal(value, { minFractionDigits: 2, maxFractionDigits: 2 }) },
      },
      legend: { position: 'top', horizontalAlign: 'left' },
      dataLabels: { enabled: false },
    }),
    [weeks, format],
  );
}

/** `2026-W48 · 23/11/2026`: the week as the table below names it, code and Monday. */
function weekName(week: CashFlowWeek | undefined, format: Formatters): string {
  return week ? `${week.semana} · ${format.date(week.inicio)}` : '';
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
