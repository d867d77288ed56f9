import { Alert, Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { defaultCashFlowRange, isCashFlowRange, type CashFlowRange, type CashFlowRangeQuery } from '../../../schemas/accounting.schema';
import { CURRENCIES } from '../../../schemas/contract.schema';
import { businessToday } from '../../../schemas/date.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { FormField } from '../../lib/forms/form-field';
import { useListState } from '../../lib/grid/use-list-state';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { DateInput } from '../../lib/ui/date-input';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { ViewSection } from '../../lib/ui/record-view';
import { downloadCashFlow, getCashFlowAccumulated, getCashFlowByBranch, getCashFlowByDates } from './accounting-api';
import { CashFlowBranchTable } from './cash-flow-branches';
import { AccumulatedCashFlowChart, WeeklyCashFlowChart } from './cash-flow-charts';
import { CashFlowWeeksTable } from './cash-flow-weeks';

/** The page's URL parameters: the range of due dates and the currency. */
const FILTER_NAMES = ['desde', 'hasta', 'moneda'] as const;

type Currency = (typeof CURRENCIES)[number];

/**
 * `/contabilidad/flujo-caja/`: the receipts and payments expected in one currency (URL
 * `moneda`, USD unless told: the two are never added): the weeks of the URL's range of due
 * dates as a chart, after the position the range starts from; the position accumulated over
 * everything still open; everything open per branch; and the range as an Excel workbook.
 */
export default function CashFlowPage() {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const { state, setFilter } = useListState(FILTER_NAMES);
  const [badDates, setBadDates] = useState({ desde: false, hasta: false });
  // Today to a quarter on, today being the company's (as the invoices' dates are).
  const fallback = useMemo(() => defaultCashFlowRange(businessToday()), []);
  const desde = state.filters.desde || fallback.desde;
  const hasta = state.filters.hasta || fallback.hasta;
  const moneda: Currency = (CURRENCIES as readonly string[]).includes(state.filters.moneda ?? '') ? (state.filters.moneda as Currency) : 'USD';
  const validRange = isCashFlowRange(desde, hasta);
  const query: CashFlowRangeQuery = { desde, hasta, moneda };

  // A range the server would refuse is not asked for: the page says why instead.
  const range = useRequest(() => (validRange ? getCashFlowByDates(query) : Promise.resolve<CashFlowRange>({ desde, hasta, iniciales: [], semanas: [] })), {
    load: [desde, hasta, moneda, validRange],
  });
  const accumulated = useRequest(() => getCashFlowAccumulated({ moneda }), { load: [moneda] });
  const branches = useRequest(() => getCashFlowByBranch({ moneda }), { load: [moneda] });
  const download = useRequest(() => downloadCashFlow(query, locale));

  const weeks = range.data?.semanas ?? [];
  const opening = range.data?.iniciales.find((one) => one.moneda === moneda);
  const allWeeks = accumulated.data?.semanas ?? [];
  const failure = range.failure ?? accumulated.failure ?? branches.failure ?? download.failure;

  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('accounting.cashFlow.intro')}</Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-start' }} wrap="wrap">
        {(['desde', 'hasta'] as const).map((name) => (
          <Stack key={name} width={{ md: '11rem' }}>
            <FormField labelKey={`accounting.cashFlow.${name === 'desde' ? 'from' : 'to'}`} error={badDates[name] ? { key: 'forms.errors.date' } : undefined}>
              <DateInput
                value={name === 'desde' ? desde : hasta}
                onChange={(iso) => setFilter(name, iso)}
                onValidity={(valid) => setBadDates((bad) => ({ ...bad, [name]: !valid }))}
              />
            </FormField>
          </Stack>
        ))}
        <Field.Root width={{ md: 'auto' }} minWidth={{ md: '8rem' }}>
          <Field.Label>{t('accounting.cashFlow.currency')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={moneda} onChange={(event) => setFilter('moneda', event.target.value)}>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button variant="outline" marginStart={{ md: 'auto' }} marginTop={{ md: '6' }} onClick={() => download.send()} loading={download.state === 'loading'} disabled={!validRange}>
          {t('accounting.cashFlow.download')}
        </Button>
      </Stack>
      {!validRange ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('accounting.cashFlow.invalidRange')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {failure ? <ErrorAlert messageKey={failure.messageKey} /> : null}

      {validRange ? (
        <ViewSection titleKey="accounting.cashFlow.weeklyTitle">
          <Stack gap="3">
            {opening ? <Text>{t('accounting.cashFlow.opening', { amount: format.money(opening.neto, moneda) })}</Text> : null}
            {range.data && weeks.length === 0 ? (
              <Text role="status" color="fg.muted">
                {t('accounting.cashFlow.emptyRange', { currency: moneda, from: format.date(desde), to: format.date(hasta) })}
              </Text>
            ) : null}
            {weeks.length > 0 ? (
              <>
                <WeeklyCashFlowChart weeks={weeks} currency={moneda} />
                <CashFlowWeeksTable weeks={weeks} />
              </>
            ) : null}
          </Stack>
        </ViewSection>
      ) : null}

      <ViewSection titleKey="accounting.cashFlow.accumulatedTitle">
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t('accounting.cashFlow.accumulatedHint')}
          </Text>
          {accumulated.data && allWeeks.length === 0 ? (
            <Text role="status" color="fg.muted">
              {t('accounting.cashFlow.empty', { currency: moneda })}
            </Text>
          ) : null}
          {allWeeks.length > 0 ? <AccumulatedCashFlowChart weeks={allWeeks} currency={moneda} /> : null}
        </Stack>
      </ViewSection>

      <ViewSection titleKey="accounting.cashFlow.branchTitle">
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t('accounting.cashFlow.branchHint')}
          </Text>
          {branches.data && branches.data.length === 0 ? (
            <Text role="status" color="fg.muted">
              {t('accounting.cashFlow.empty', { currency: moneda })}
            </Text>
          ) : null}
          {branches.data && branches.data.length > 0 ? <CashFlowBranchTable branches={branches.data} /> : null}
        </Stack>
      </ViewSection>
    </Stack>
  );
}
