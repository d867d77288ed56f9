import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { DashboardCharts } from './dashboard-charts';
import { downloadPerformance, readPerformance } from './dashboard-api';
import { DashboardFilterBar } from './dashboard-filter-bar';
import { DashboardTiles } from './dashboard-tiles';
import { useDashboardFilters } from './use-dashboard-filters';

// The grid (AG Grid, the page's heaviest code) is loaded once the figures are there: loading it
// first would keep the main thread from asking for them.
const ContractsGrid = lazy(() => import('./contracts-grid').then((module) => ({ default: module.ContractsGrid })));

/**
 * `/dashboard` (Desempeño de Contratos, `dashboard` view key): the filtered contracts' figures
 * over a period of months, from one call (the report's totals, and the same totals per
 * contract, month and contract type): the tiles, the charts, and the grid of contracts whose
 * rows open each contract and its settlements; the report's rows as a workbook.
 */
export default function DashboardPage() {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const filters = useDashboardFilters();
  const { body } = filters;
  const key = JSON.stringify(body);
  const performance = useRequest(() => (body ? readPerformance(body) : Promise.resolve(null)), { load: [key] });
  const download = useRequest(() => downloadPerformance(body!, locale));
  const answer = body ? (performance.data ?? null) : null;
  const failure = performance.failure ?? download.failure;

  return (
    <Stack gap="6">
      <Text color="fg.muted" maxWidth="60rem">
        {t('dashboard.intro')}
      </Text>
      <DashboardFilterBar filters={filters} />
      {failure ? <ErrorAlert messageKey={failure.messageKey} /> : null}
      {body ? (
        <>
          <DashboardTiles answer={answer} />
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text color="fg.muted" fontSize="sm">
              {t('dashboard.risk')}{' '}
              {answer
                ? answer.posicion_al
                  ? t('dashboard.coverageAsOf', { day: format.date(answer.posicion_al), today: format.date(answer.hoy) })
                  : t('dashboard.noPosition', { today: format.date(answer.hoy) })
                : null}
            </Text>
            <Button variant="outline" onClick={() => download.send()} loading={download.state === 'loading'}>
              {t('dashboard.download')}
            </Button>
          </HStack>
          {answer ? <DashboardCharts answer={answer} /> : null}
          {answer ? (
            <Suspense fallback={<Text color="fg.muted">{t('common.loading')}</Text>}>
              <ContractsGrid answer={answer} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
