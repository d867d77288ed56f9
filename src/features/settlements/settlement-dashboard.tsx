import { Button, Card, Field, Heading, HStack, NativeSelect, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { AccumulatedMargin, ContractSummary, SettlementSummary, SettlementSummaryQuery } from '../../../schemas/settlement-summary.schema';
import type { ChartProps } from '../../lib/charts/chart';
import { useMonthNames } from '../../lib/format/month-names';
import { useFormat, type Formatters } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { DASHBOARD_MEASURES, stackedByMonth, type DashboardMeasure } from './dashboard-series';

// ApexCharts (about 280 KB gzip) loads with the first chart, not with the page.
const Chart = lazy(() => import('../../lib/charts/chart'));

const TOTALS = ['energia_total_mwh', 'liquidacion_energia', 'margen', 'factura'] as const;
const CHART_HEIGHT = 300;
/**
 * ApexCharts' own screen-reader texts ("bar chart with 5 data series", "Press Enter or Space to
 * toggle") are English only: off, so each chart is read by its translated title (ChartCard).
 */
const NO_APEX_A11Y = { accessibility: { enabled: false } } as const;
/** How many contracts the margin ranking shows. */
const TOP_CONTRACTS = 8;

interface SettlementDashboardProps {
  query: SettlementSummaryQuery;
  summary: SettlementSummary | null;
  accumulated: AccumulatedMargin | null;
  contracts: ContractSummary[] | null;
  canCreate: boolean;
}

/** A figure written out: MWh with three decimals at most, money in dollars with cents. */
function figureText(format: Formatters, measure: (typeof TOTALS)[number], value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(measure === 'energia_total_mwh' ? 3 : 2) : value;
  return measure === 'energia_total_mwh' ? `${format.decimal(text, { maxFractionDigits: 3 })} MWh` : format.money(text, 'USD');
}

/** An axis tick: whole units, grouped as the language groups them. */
const tickText = (format: Formatters) => (value: number) => format.decimal(Math.round(value));

/** A chart under its title; the title is also what a screen reader hears of it. */
function ChartCard({ title, chart }: { title: string; chart: Omit<ChartProps, 'label'> }) {
  return (
    <Card.Root variant="outline">
      <Card.Header pb="0">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Suspense fallback={<Skeleton height={`${CHART_HEIGHT}px`} />}>
          <Chart {...chart} label={title} height={CHART_HEIGHT} />
        </Suspense>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The summary dashboard of `/liquidaciones`: the year's totals, per month by country and by
 * contract type (MWh, energy amount or margin, as the reader picks), the margin month by month
 * with its accumulated line, and the contracts with the highest margin. With nothing settled it
 * says so and shows the way to start instead of empty charts.
 */
export function SettlementDashboard({ query, summary, accumulated, contracts, canCreate }: SettlementDashboardProps) {
  const t = useT();
  const format = useFormat();
  const monthNames = useMonthNames('short');
  const [measure, setMeasure] = useState<DashboardMeasure>('liquidacion_energia');
  const measureName = t(`settlements.dashboard.measures.${measure}`);
  const scope = [
    query.pais ? t(`countries.${query.pais}`) : t('settlements.dashboard.allCountries'),
    query.version ? t('settlements.dashboard.onlyVersion', { version: query.version }) : t('settlements.dashboard.mostFinal'),
  ].join(' · ');

  const charts = useMemo(() => {
    if (!summary) return null;
    const months = summary.meses.map((month) => month.mes);
    // The year is the dashboard's title: a month's short name fits under its bar unrotated.
    const categories = months.map((month) => monthNames[month - 1]!);
    const y = { labels: { formatter: tickText(format) } };
    const tooltip = (figure: (typeof TOTALS)[number]) => ({ y: { formatter: (value: number) => figureText(format, figure, value) } });
    const stacked = (series: ChartProps['series']): Omit<ChartProps, 'label'> => ({
      type: 'bar',
      series,
      options: { chart: { ...NO_APEX_A11Y, stacked: true }, xaxis: { categories }, yaxis: y, tooltip: tooltip(measure), dataLabels: { enabled: false }, legend: { position: 'bottom' } },
    });
    const margins = accumulated?.meses ?? [];
    const top = (contracts ?? []).slice(0, TOP_CONTRACTS);
    return {
      byCountry: stacked(stackedByMonth(summary.por_pais_mes, (row) => row.pais, (pais) => t(`countries.${pais}`), measure, months)),
      byType: stacked(stackedByMonth(summary.por_tipo_contrato_mes, (row) => row.tipo_contrato, (tipo) => tipo, measure, months)),
      accumulated: {
        type: 'line',
        series: [
          { name: t('settlements.dashboard.monthlyMargin'), type: 'column', data: margins.map((month) => Number(month.margen)) },
          { name: t('settlements.dashboard.accumulatedMargin'), type: 'line', data: margins.map((month) => Number(month.margen_acumulado)) },
        ],
        options: {
          chart: NO_APEX_A11Y,
          xaxis: { categories: margins.map((month) => monthNames[month.mes - 1]!) },
          yaxis: y,
          tooltip: tooltip('margen'),
          stroke: { width: [0, 3] },
          markers: { size: 4 },
          legend: { position: 'bottom' },
        },
      } satisfies Omit<ChartProps, 'label'>,
      topContracts: {
        type: 'bar',
        series: [{ name: t('settlements.dashboard.totals.margen'), data: top.map((contract) => Number(contract.margen)) }],
        options: {
          chart: NO_APEX_A11Y,
          plotOptions: { bar: { horizontal: true } },
          // The axis names the contract by its code; the tooltip adds its company (too long for an axis).
          xaxis: { categories: top.map((contract) => contract.contrato_codigo), labels: { formatter: (value: string) => format.decimal(Math.round(Number(value))) } },
          tooltip: {
            x: {
              formatter: (code: string | number, point?: { dataPointIndex?: number }) => {
                const contract = top[point?.dataPointIndex ?? -1];
                return contract ? `${contract.contrato_codigo} · ${contract.empresa_razon_social}` : String(code);
              },
            },
            y: { formatter: (value: number) => figureText(format, 'margen', value) },
          },
          dataLabels: { enabled: false },
        } satisfies ApexOptions,
      } satisfies Omit<ChartProps, 'label'>,
    };
  }, [summary, accumulated, contracts, measure, monthNames, format, t]);

  return (
    <Stack gap="4" as="section" aria-labelledby="settlements-dashboard-title">
      <Stack gap="1">
        <Heading as="h2" size="lg" id="settlements-dashboard-title">
          {t('settlements.dashboard.title', { anio: query.anio })}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {scope}
        </Text>
      </Stack>
      {!summary || !charts ? (
        <Skeleton height="120px" />
      ) : summary.total.liquidaciones === 0 ? (
        <Card.Root variant="subtle" data-testid="settlements-dashboard-empty">
          <Card.Body gap="3">
            <Heading as="h3" size="md">
              {t('settlements.dashboard.empty.title', { anio: query.anio })}
            </Heading>
            <Text>{t('settlements.dashboard.empty.text')}</Text>
            <HStack gap="3" wrap="wrap">
              {canCreate ? (
                <Button asChild colorPalette="blue">
                  <Link href="/nueva">{t('settlements.dashboard.empty.create')}</Link>
                </Button>
              ) : null}
              <Button asChild variant="outline">
                <Link href="~/liquidaciones/datos-mercado">{t('settlements.dashboard.empty.marketData')}</Link>
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            {TOTALS.map((total) => (
              <Card.Root key={total} variant="outline">
                <Card.Body>
                  <Stat.Root>
                    <Stat.Label>{t(`settlements.dashboard.totals.${total}`)}</Stat.Label>
                    <Stat.ValueText fontSize="xl">{figureText(format, total, summary.total[total])}</Stat.ValueText>
                  </Stat.Root>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
          <Text color="fg.muted" textStyle="sm">
            {t('settlements.dashboard.counted', {
              count: summary.total.liquidaciones,
              validated: format.integer(summary.total.validadas),
              pe: format.integer(summary.total.versiones.PE),
              df: format.integer(summary.total.versiones.DF),
              cd: format.integer(summary.total.versiones.CD),
            })}
          </Text>
          <Field.Root width="auto" alignSelf="flex-start">
            <Field.Label>{t('settlements.dashboard.measure')}</Field.Label>
            <NativeSelect.Root width="xs">
              <NativeSelect.Field value={measure} onChange={(event) => setMeasure(event.target.value as DashboardMeasure)}>
                {DASHBOARD_MEASURES.map((option) => (
                  <option key={option} value={option}>
                    {t(`settlements.dashboard.measures.${option}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            <ChartCard title={t('settlements.dashboard.byCountry', { measure: measureName })} chart={charts.byCountry} />
            <ChartCard title={t('settlements.dashboard.byType', { measure: measureName })} chart={charts.byType} />
            <ChartCard title={t('settlements.dashboard.accumulatedTitle')} chart={charts.accumulated} />
            <ChartCard title={t('settlements.dashboard.topContracts')} chart={charts.topContracts} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
