import { SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useSession } from '../../app/session/use-session';
import { usePageActions } from '../../app/session/use-page-actions';
import { SETTLEMENT_AGGREGATIONS, type SettlementAggregation, type SettlementDetail } from '../../../schemas/settlement.schema';
import { useRequest } from '../../lib/api/use-request';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { ViewSection } from '../../lib/ui/record-view';
import { SettlementCommands } from './settlement-commands';
import { SettlementDailyChart } from './settlement-daily-chart';
import { SettlementHeader } from './settlement-header';
import { SettlementInvoice } from './settlement-invoice';
import { settlementOffers } from './settlement-offers';
import { SettlementRowsGrid } from './settlement-rows-grid';
import { SettlementTotals } from './settlement-totals';
import { getSettlement } from './settlements-api';
import { useAggregation } from './use-aggregation';

/** Hour, day or month: the rows the grid shows (the URL's `?agregacion=`). */
function AggregationSwitch({ value, onChange }: { value: SettlementAggregation; onChange: (next: SettlementAggregation) => void }) {
  const t = useT();
  return (
    <SegmentGroup.Root
      value={value}
      onValueChange={(details) => onChange(details.value as SettlementAggregation)}
      aria-label={t('settlements.view.aggregation')}
    >
      <SegmentGroup.Indicator />
      <SegmentGroup.Items items={SETTLEMENT_AGGREGATIONS.map((aggregation) => ({ value: aggregation, label: t(`settlements.common.aggregations.${aggregation}`) }))} />
    </SegmentGroup.Root>
  );
}

/**
 * `/liquidaciones/:id`: one settlement, preliminary or final: what it is, its totals, the
 * commands the lifecycle allows the user, its rows at the URL's aggregation, and its month day
 * by day. Reloaded after every command (the server's answer is what is shown).
 */
export function SettlementViewRoute({ id }: { id: number }) {
  const t = useT();
  const [aggregation, setAggregation] = useAggregation();
  const detail = useRequest(() => getSettlement(id, aggregation), { load: [id, aggregation] });
  if (detail.data === null) {
    return detail.failure ? <ErrorAlert messageKey={detail.failure.messageKey} /> : <Text color="fg.muted">{t('settlements.view.loading')}</Text>;
  }
  // A reload keeps the previous answer: its rows are another aggregation's until the new one arrives.
  const rows = detail.state === 'loading' || detail.data.agregacion !== aggregation ? null : detail.data.filas;
  return (
    <SettlementView detail={detail.data} rows={rows} aggregation={aggregation} onAggregation={setAggregation} onChanged={() => detail.send()} />
  );
}

function SettlementView({
  detail,
  rows,
  aggregation,
  onAggregation,
  onChanged,
}: {
  detail: SettlementDetail;
  rows: SettlementDetail['filas'] | null;
  aggregation: SettlementAggregation;
  onAggregation: (next: SettlementAggregation) => void;
  onChanged: () => void;
}) {
  const t = useT();
  const { user } = useSession();
  const actions = usePageActions('Settlements');
  const offeredTo = { id: user?.id ?? 0, email: user?.email ?? '', mayCreate: actions.create, mayValidate: actions.validate };
  const offers = settlementOffers(detail, offeredTo);
  const computed = detail.totales !== null;

  return (
    <Stack gap="5">
      <SettlementHeader settlement={detail} aside={computed ? <SettlementTotals detail={detail} /> : <Text color="fg.muted">{t('settlements.view.notComputed')}</Text>}>
        <SettlementCommands settlement={detail} user={offeredTo} offers={offers} aggregation={aggregation} onChanged={onChanged} />
        <SettlementInvoice settlement={detail} />
      </SettlementHeader>
      {computed ? <SettlementDailyChart id={detail.id} version={detail.version} /> : null}
      <ViewSection titleKey="settlements.view.sections.rows" action={<AggregationSwitch value={aggregation} onChange={onAggregation} />}>
        <SettlementRowsGrid rows={rows} aggregation={aggregation} mexican={detail.factura_mxn !== null && detail.factura_mxn !== undefined} />
      </ViewSection>
    </Stack>
  );
}
