import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { usePageActions } from '../../app/session/use-page-actions';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useListState } from '../../lib/grid/use-list-state';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { SettlementDashboard } from './settlement-dashboard';
import { listQueryOf, PAGE_PARAM, PER_PAGE, summaryQueryOf, URL_PARAMS, type FilterName } from './settlement-filters';
import { getAccumulatedMargin, getContractSummaries, getSettlementSummary } from './settlement-summary-api';
import { listSettlements } from './settlements-api';
import { SettlementsFilterBar } from './settlements-filter-bar';
import { SettlementsGrid } from './settlements-grid';

/**
 * `/liquidaciones`: the filters (kept in the URL, so a link, Back and a reload show the same),
 * the summary dashboard of the filters' year, and the list of settlements a page at a time as
 * the server pages it. A role that may create settlements gets the way to a new one.
 */
export function SettlementsListRoute() {
  const t = useT();
  const format = useFormat();
  const { create } = usePageActions('Settlements');
  const { state, setFilter } = useListState(URL_PARAMS);
  const query = useMemo(() => listQueryOf(state.filters), [state.filters]);
  const summaryQuery = useMemo(() => summaryQueryOf(query), [query]);
  const listKey = JSON.stringify(query);
  const summaryKey = JSON.stringify(summaryQuery);

  const list = useRequest(() => listSettlements(query), { load: [listKey] });
  const summary = useRequest(() => getSettlementSummary(summaryQuery), { load: [summaryKey] });
  const accumulated = useRequest(() => getAccumulatedMargin(summaryQuery), { load: [summaryKey] });
  const contracts = useRequest(() => getContractSummaries(summaryQuery), { load: [summaryKey] });

  // A new filter shows the first page of what it selects.
  const changeFilter = (name: FilterName, value: string) => {
    setFilter(name, value);
    setFilter(PAGE_PARAM, '');
  };
  const page = query.pagina ?? 1;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const failure = summary.failure ?? accumulated.failure ?? contracts.failure;

  return (
    <Stack gap="6">
      <HStack justify="flex-end" gap="3" wrap="wrap">
        <Button asChild variant="outline">
          <Link href="~/liquidaciones/datos-mercado">{t('settlements.list.marketData')}</Link>
        </Button>
        {create ? (
          <Button asChild colorPalette="blue">
            <Link href="/nueva">{t('settlements.list.new')}</Link>
          </Button>
        ) : null}
      </HStack>
      <SettlementsFilterBar filters={state.filters} contracts={contracts.data ?? []} onChange={changeFilter} />
      {failure ? (
        <ErrorAlert messageKey={failure.messageKey} />
      ) : (
        <SettlementDashboard query={summaryQuery} summary={summary.data} accumulated={accumulated.data} contracts={contracts.data} canCreate={create} />
      )}
      <Stack gap="3" as="section" aria-labelledby="settlements-list-title">
        <Heading as="h2" size="lg" id="settlements-list-title">
          {t('settlements.list.title')}
        </Heading>
        {list.failure ? (
          <ErrorAlert messageKey={list.failure.messageKey} />
        ) : (
          <SettlementsGrid rows={list.state === 'success' ? (list.data?.data ?? []) : null} />
        )}
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text color="fg.muted" aria-live="polite">
            {list.data ? t('settlements.list.pageOf', { page: format.integer(page), pages: format.integer(pages), count: total }) : ''}
          </Text>
          <HStack gap="2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setFilter(PAGE_PARAM, page - 1 > 1 ? String(page - 1) : '')}>
              {t('settlements.list.previous')}
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setFilter(PAGE_PARAM, String(page + 1))}>
              {t('settlements.list.next')}
            </Button>
          </HStack>
        </HStack>
      </Stack>
    </Stack>
  );
}
