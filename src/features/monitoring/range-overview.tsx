import { Text } from '@chakra-ui/react';
import type { MonitoringBody } from '../../../schemas/monitoring.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { FigureCards, type FigureCard } from '../../lib/ui/figure-cards';
import { ViewSection } from '../../lib/ui/record-view';
import { MonitoringChart, type MonitoringSeries } from './monitoring-chart';

/**
 * The top of a monitoring page for its range: the roles' figures as cards ("…" until they are
 * read), then the days as a chart under `chartTitleKey`, or a line saying the range has nothing.
 */
export function RangeOverview({
  cards,
  columns,
  loaded,
  chartTitleKey,
  chart,
  range,
}: {
  cards: readonly FigureCard[];
  columns: number;
  loaded: boolean;
  chartTitleKey: string;
  chart: { categories: readonly string[]; series: readonly MonitoringSeries[]; unit: string; label: string };
  range: MonitoringBody;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <FigureCards cards={cards} columns={columns} loaded={loaded} />
      <ViewSection titleKey={chartTitleKey}>
        {chart.categories.length > 0 ? (
          <MonitoringChart categories={chart.categories} series={chart.series} unit={chart.unit} label={chart.label} />
        ) : loaded ? (
          <Text role="status" color="fg.muted">
            {t('monitoring.emptyRange', { from: format.date(range.desde), to: format.date(range.hasta) })}
          </Text>
        ) : null}
      </ViewSection>
    </>
  );
}
