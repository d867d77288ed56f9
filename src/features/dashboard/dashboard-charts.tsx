import { SimpleGrid, Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useMemo } from 'react';
import type { DashboardAnswer, DashboardGroup } from '../../../schemas/dashboard.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ViewSection } from '../../lib/ui/record-view';

// ApexCharts is heavy (about 280 KB gzip): loaded after the tiles, when the charts are drawn.
const Chart = lazy(() => import('../../lib/charts/chart'));

/** How many contracts the ranking shows. */
const RANKING_SIZE = 10;

/** A decimal of the answer as a chart's number (the charts draw; the figures are the tiles and the grid's). */
const plotted = (value: DashboardGroup[string] | undefined) => (typeof value === 'string' ? Number(value) : null);

/** The contracts with a margin, largest first, the first RANKING_SIZE. */
export function rankingOf(contracts: readonly DashboardGroup[]): DashboardGroup[] {
  return contracts
    .filter((row) => typeof row.margen === 'string')
    .sort((a, b) => Number(b.margen) - Number(a.margen))
    .slice(0, RANKING_SIZE);
}

/**
 * The period as charts: the ten contracts of largest margin, each month's margin and its running
 * total, each month's MWh delivered against contracted, and the margin by contract type.
 */
export function DashboardCharts({ answer }: { answer: DashboardAnswer }) {
  const t = useT();
  const format = useFormat();
  const { money, axisMoney, monthLabel } = useMemo(
    () => ({
      money: (value: number) => format.money(value, 'USD'),
      axisMoney: (value: number) => format.decimal(value, { maxFractionDigits: 0 }),
      monthLabel: (iso: DashboardGroup[string] | undefined) => format.month(Number(String(iso).slice(0, 4)), Number(String(iso).slice(5, 7))),
    }),
    [format],
  );

  const ranking = useMemo(() => rankingOf(answer.contratos), [answer.contratos]);
  const months = answer.meses;
  const settled = months.some((row) => typeof row.margen === 'string');

  const rankingChart = useMemo(
    () => ({
      series: [{ name: t('dashboard.tiles.margen'), data: ranking.map((row) => plotted(row.margen)) }],
      options: {
        plotOptions: { bar: { horizontal: true } },
        xaxis: { categories: ranking.map((row) => String(row.contrato)), labels: { formatter: (value: string) => axisMoney(Number(value)) } },
        // The contract's code on the axis, its company in the tooltip.
        tooltip: { x: { formatter: (_, opts) => `${ranking[opts?.dataPointIndex ?? -1]?.contrato} · ${ranking[opts?.dataPointIndex ?? -1]?.razon_social}` }, y: { formatter: money } },
        colors: ['#2f855a'],
        dataLabels: { enabled: false },
      } satisfies ApexOptions,
    }),
    [ranking, t, money, axisMoney],
  );

  const trendChart = useMemo(() => {
    let running = 0;
    const cumulative = months.map((row) => (running += plotted(row.margen) ?? 0));
    return {
      series: [
        { name: t('dashboard.tiles.margen'), type: 'column', data: months.map((row) => plotted(row.margen)) },
        { name: t('dashboard.charts.cumulative'), type: 'line', data: cumulative },
      ],
      options: {
        xaxis: { categories: months.map((row) => monthLabel(row.mes)) },
        yaxis: [
          { seriesName: t('dashboard.tiles.margen'), labels: { formatter: axisMoney } },
          { seriesName: t('dashboard.charts.cumulative'), opposite: true, labels: { formatter: axisMoney } },
        ],
        tooltip: { shared: true, intersect: false, y: { formatter: money } },
        stroke: { width: [0, 2] },
        colors: ['#2f855a', '#1a365d'],
        legend: { position: 'top', horizontalAlign: 'left' },
        dataLabels: { enabled: false },
      } satisfies ApexOptions,
    };
  }, [months, t, money, axisMoney, monthLabel]);

  const energyChart = useMemo(
    () => ({
      series: [
        { name: t('dashboard.charts.delivered'), data: months.map((row) => plotted(row.mwh_entregada)) },
        { name: t('dashboard.charts.contracted'), data: months.map((row) => plotted(row.mwh_contratada)) },
      ],
      options: {
        xaxis: { categories: months.map((row) => monthLabel(row.mes)) },
        yaxis: { labels: { formatter: (value: number) => format.decimal(value, { maxFractionDigits: 0 }) } },
        tooltip: { shared: true, intersect: false, y: { formatter: (value: number) => `${format.decimal(value, { maxFractionDigits: 3 })} MWh` } },
        colors: ['#2b6cb0', '#a0aec0'],
        legend: { position: 'top', horizontalAlign: 'left' },
        dataLabels: { enabled: false },
      } satisfies ApexOptions,
    }),
    [months, t, format, monthLabel],
  );

  // Bars, not a donut: a type's margin may be negative (a CFD's), which a donut cannot show.
  const mixChart = useMemo(
    () => ({
      series: [{ name: t('dashboard.tiles.margen'), data: answer.tipos.map((row) => plotted(row.margen)) }],
      options: {
        xaxis: { categories: answer.tipos.map((row) => String(row.tipo_contrato)) },
        // The code on the axis, its name in the tooltip.
        tooltip: { x: { formatter: (_, opts) => t(`contracts.tipoContrato.${answer.tipos[opts?.dataPointIndex ?? -1]?.tipo_contrato}`) }, y: { formatter: money } },
        yaxis: { labels: { formatter: axisMoney } },
        colors: ['#805ad5'],
        dataLabels: { enabled: false },
      } satisfies ApexOptions,
    }),
    [answer.tipos, t, money, axisMoney],
  );

  const loading = <Text color="fg.muted">{t('common.loading')}</Text>;
  const empty = (
    <Text role="status" color="fg.muted">
      {t('dashboard.charts.noData')}
    </Text>
  );
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
      <ViewSection titleKey="dashboard.charts.ranking">
        {ranking.length === 0 ? empty : <Suspense fallback={loading}><Chart type="bar" series={rankingChart.series} options={rankingChart.options} height={320} label={t('dashboard.charts.rankingLabel')} /></Suspense>}
      </ViewSection>
      <ViewSection titleKey="dashboard.charts.trend">
        {!settled ? empty : <Suspense fallback={loading}><Chart type="line" series={trendChart.series} options={trendChart.options} height={320} label={t('dashboard.charts.trendLabel')} /></Suspense>}
      </ViewSection>
      <ViewSection titleKey="dashboard.charts.energy">
        {months.length === 0 ? empty : <Suspense fallback={loading}><Chart type="bar" series={energyChart.series} options={energyChart.options} height={300} label={t('dashboard.charts.energyLabel')} /></Suspense>}
      </ViewSection>
      <ViewSection titleKey="dashboard.charts.mix">
        {!settled ? empty : <Suspense fallback={loading}><Chart type="bar" series={mixChart.series} options={mixChart.options} height={300} label={t('dashboard.charts.mixLabel')} /></Suspense>}
      </ViewSection>
    </SimpleGrid>
  );
}
