import { Heading, HStack, Stack } from '@chakra-ui/react';
import { usePageActions } from '../../app/session/use-page-actions';
import { useRequest } from '../../lib/api/use-request';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { MonthPicker, useUrlMonth } from '../../lib/ui/month-picker';
import { CoverageView } from './coverage-view';
import { ImportForm } from './import-form';
import { getCoverage, importMarketData } from './market-data-api';

/**
 * `/liquidaciones/datos-mercado`: importing node prices, energy measurements, exchange rates,
 * loss factors and national charge rates (only for a role that may create settlements: the
 * server refuses anyone else anyway), and what a month has loaded of each.
 */
export default function MarketDataPage() {
  const t = useT();
  const { create } = usePageActions('Settlements');
  const month = useUrlMonth();
  const { anio, mes } = month;
  const coverage = useRequest(() => getCoverage(anio, mes), { load: [anio, mes] });

  return (
    <Stack gap="8">
      {create ? <ImportForm upload={importMarketData} onStored={() => coverage.send()} /> : null}
      <Stack gap="4" as="section" aria-labelledby="coverage-title">
        <HStack justify="space-between" align="flex-end" wrap="wrap" gap="4">
          <Heading as="h2" size="lg" id="coverage-title">
            {t('marketData.coverage.title')}
          </Heading>
          <MonthPicker month={month} monthLabel={t('marketData.coverage.month')} yearLabel={t('marketData.coverage.year')} />
        </HStack>
        {coverage.failure ? <ErrorAlert messageKey={coverage.failure.messageKey} /> : <CoverageView coverage={coverage.data} />}
      </Stack>
    </Stack>
  );
}
