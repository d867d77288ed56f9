import { Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useMemo } from 'react';
import type { GuaranteeDay } from '../../../schemas/guarantee.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';

// ApexCharts is heavy (about 280 KB gzip): loaded when the page first draws a chart.
const Chart = lazy(() => import('../../lib/charts/chart'));

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/**
 * One operator and branch's stored days: the guaranteed amount (a step line: instruments post and
 * fall due on a day) against the liabilities it covers (REA = known + potential, stacked bars of
 * both parts), and the operator's own figure beside ours where it gave one (CENACE's REA, ERCOT's
 * ACL). Numbers only to draw: the grid states the decimals. A day never stored is absent, never 0.
 */
export function HistoryChart({ days, title }: { days: readonly GuaranteeDay[]; title: string }) {
  const t = useT();
  const format = useFormat();
  const currency = days[0]?.moneda ?? 'USD';
  const withStatement = days.some((day) => day.rea_operador !== null || day.acl !== null);
  const series = useMemo<ApexOptions['series']>(() => {
    const points = (value: (day: GuaranteeDay) => string | null) => days.map((day) => ({ x: day.fecha, y: toNumber(value(day)) }));
    const drawn = [
      { name: t('guarantees.chart.known'), type: 'column', data: points((day) => day.pasivo_conocido) },
      { name: t('guarantees.chart.potential'), type: 'column', data: points((day) => day.pasivo_potencial) },
      { name: t('guarantees.chart.guaranteed'), type: 'line', data: points((day) => day.monto_garantizado) },
    ];
    if (withStatement) drawn.push({ name: t('guarantees.chart.statement'), type: 'line', data: points((day) => day.rea_operador ?? day.acl) });
    return drawn;
  }, [days, t, withStatement]);
  const options = useMemo<ApexOptions>(
    () => ({
      chart: { stacked: true },
      stroke: { width: withStatement ? [0, 0, 3, 2] : [0, 0, 3], curve: 'stepline', dashArray: withStatement ? [0, 0, 0, 5] : [0, 0, 0] },
      colors: ['#dd6b20', '#f6ad55', '#2b6cb0', '#6b46c1'],
      xaxis: { type: 'category', labels: { formatter: (value: string) => (value ? format.date(value).slice(0, 5) : '') }, tickAmount: 12 },
      yaxis: { labels: { formatter: (value: number) => format.decimal(value, { maxFractionDigits: 0 }) }, title: { text: currency } },
      tooltip: { x: { formatter: (value) => format.date(String(value)) } },
      legend: { position: 'top' },
    }),
    [format, currency, withStatement],
  );
  if (days.length === 0) return <Text color="fg.muted">{t('guarantees.chart.noDays')}</Text>;
  return (
    <Suspense fallback={<Text color="fg.muted">{t('common.loading')}</Text>}>
      <Chart type="line" series={series} options={options} height={300} label={title} />
    </Suspense>
  );
}
