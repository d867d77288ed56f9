import { Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useMemo } from 'react';
import type { SettlementRow } from '../../../schemas/settlement.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ViewSection } from '../../lib/ui/record-view';
import { getSettlement } from './settlements-api';

// ApexCharts is heavy (about 280 KB gzip): loaded when a settlement page first draws a chart.
const Chart = lazy(() => import('../../lib/charts/chart'));

/** One day of the month across every annex: energy (MWh), invoice and margin. */
interface DailyPoint {
  fecha: string;
  energia: number;
  factura: number;
  margen: number;
}

/**
 * The per-annex daily rows summed per date, in date order. Numbers only to draw: the amounts
 * the page states are the database's decimal sums, never these.
 */
function dailyPoints(rows: readonly SettlementRow[]): DailyPoint[] {
  const byDate = new Map<string, DailyPoint>();
  for (const row of rows) {
    if (row.fecha === null) continue;
    const point = byDate.get(row.fecha) ?? { fecha: row.fecha, energia: 0, factura: 0, margen: 0 };
    point.energia += Number(row.energia_total_mwh);
    point.factura += Number(row.factura);
    point.margen += Number(row.margen);
    byDate.set(row.fecha, point);
  }
  return [...byDate.values()].sort((a, b) => a.fecha.localeCompare(b.fecha));
}

/**
 * The month day by day: energy in MWh (columns, left axis) and the invoice and margin in USD
 * (lines, right axis). Reads the settlement's daily rows itself, whatever the grid shows; `version`
 * (the row version) reloads them after a recomputation.
 */
export function SettlementDailyChart({ id, version }: { id: number; version: number }) {
  const t = useT();
  const format = useFormat();
  const daily = useRequest(() => getSettlement(id, 'dia'), { load: [id, version] });
  const points = useMemo(() => dailyPoints(daily.data?.filas ?? []), [daily.data]);
  const options = useMemo<ApexOptions>(
    () => ({
      chart: { stacked: false },
      stroke: { width: [0, 2, 2], curve: 'straight' },
      xaxis: { categories: points.map((point) => format.date(point.fecha).slice(0, 5)), tickAmount: 16 },
      yaxis: [
        { seriesName: t('settlements.view.chartEnergy'), title: { text: t('settlements.view.chartEnergy') }, labels: { formatter: (value) => format.decimal(value, { maxFractionDigits: 0 }) } },
        {
          seriesName: [t('settlements.view.chartInvoice'), t('settlements.view.chartMargin')],
          opposite: true,
          title: { text: t('settlements.view.chartAmounts') },
          labels: { formatter: (value) => format.decimal(value, { maxFractionDigits: 0 }) },
        },
      ],
      tooltip: { shared: true, y: { formatter: (value) => format.decimal(value, { maxFractionDigits: 2 }) } },
      legend: { position: 'top', horizontalAlign: 'left' },
      dataLabels: { enabled: false },
      colors: ['#3182ce', '#2f855a', '#dd6b20'],
    }),
    [points, t, format],
  );
  const series = useMemo(
    () => [
      { name: t('settlements.view.chartEnergy'), type: 'column', data: points.map((point) => round(point.energia, 3)) },
      { name: t('settlements.view.chartInvoice'), type: 'line', data: points.map((point) => round(point.factura, 2)) },
      { name: t('settlements.view.chartMargin'), type: 'line', data: points.map((point) => round(point.margen, 2)) },
    ],
    [points, t],
  );
  const loading = <Text color="fg.muted">{t('settlements.view.chartLoading')}</Text>;

  return (
    <ViewSection titleKey="settlements.view.sections.chart">
      {daily.data === null ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <Chart type="line" series={series} options={options} height={300} label={t('settlements.view.chartLabel')} />
        </Suspense>
      )}
    </ViewSection>
  );
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
