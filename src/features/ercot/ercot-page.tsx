import { Stack, Tabs, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { ERCOT_MAX_RANGE_DAYS } from '../../../schemas/ercot.schema';
import { useRequest } from '../../lib/api/use-request';
import { useT } from '../../lib/i18n/use-t';
import { DateRangeFields } from '../../lib/ui/date-range-fields';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { AccumulatedTab } from './accumulated-tab';
import { settlementPoints } from './ercot-api';
import { ErcotImports } from './ercot-imports';
import { PointsTab } from './points-tab';
import { SettledBidsTab } from './settled-bids-tab';
import { ERCOT_TABS, useErcotFilters, type ErcotTab } from './use-ercot-filters';

/**
 * `/ercot/` (`mercados` view key): the company's day-ahead market in ERCOT over a range of
 * operating days (Central Prevailing Time), in three tabs kept in the URL: the awards settled at
 * the day-ahead price, the settlement points with their day-ahead and real-time prices, and what
 * the awards add up to per day, month or point. Below them, ERCOT's files imported. Amounts in USD.
 */
export default function ErcotPage() {
  const t = useT();
  const filters = useErcotFilters();
  const { tab, desde, hasta, fault, setFilter } = filters;
  // A file stored: every tab reads its figures again.
  const [stored, setStored] = useState(0);
  const catalogue = useRequest(() => settlementPoints({}), { load: [stored] });
  const names = useMemo(() => (catalogue.data ?? []).map((point) => point.nombre), [catalogue.data]);

  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('ercot.intro')}</Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-start' }}>
        <DateRangeFields desde={desde} hasta={hasta} fault={fault} maxDays={ERCOT_MAX_RANGE_DAYS} onChange={(name, iso) => setFilter(name, iso)} />
      </Stack>
      {catalogue.failure ? <ErrorAlert messageKey={catalogue.failure.messageKey} /> : null}
      <Tabs.Root value={tab} onValueChange={(details) => setFilter('pestana', details.value === 'adjudicaciones' ? '' : details.value)} lazyMount unmountOnExit>
        <Tabs.List>
          {ERCOT_TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`ercot.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ERCOT_TABS.map((value: ErcotTab) => (
          <Tabs.Content key={value} value={value}>
            {value === 'adjudicaciones' ? <SettledBidsTab filters={filters} points={names} stored={stored} /> : null}
            {value === 'puntos' ? <PointsTab filters={filters} catalogue={catalogue.data} stored={stored} /> : null}
            {value === 'acumulados' ? <AccumulatedTab filters={filters} stored={stored} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <ErcotImports onStored={() => setStored((count) => count + 1)} />
    </Stack>
  );
}
