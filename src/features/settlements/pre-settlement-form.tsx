import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useState } from 'react';
import type { FormValue } from '../../../machines/forms/record-form.machine';
import type { ContractListItem } from '../../../schemas/contract.schema';
import { SETTLEMENT_AGGREGATIONS, type Settlement, type SettlementAggregation } from '../../../schemas/settlement.schema';
import { readFailure } from '../../lib/api/read-failure';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { DiscardChangesDialog, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { useLeaveGuard } from '../../lib/forms/use-leave-guard';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { useMonthNames } from '../../lib/format/month-names';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { MissingData } from './missing-data';
import { settlementLifecycle, type AskedSettlement, type CheckedData, type HeldSettlement, type SettlementCalls } from './settlements-api';
import {
  blankPreSettlement,
  contractOption,
  PRE_SETTLEMENT_REQUIRED,
  PRE_SETTLEMENT_VERSIONS,
  preSettlementBody,
  validatePreSettlement,
  withContract,
} from './pre-settlement-values';

/** The check and the compute the form's lifecycle calls (the settlements API; tests pass their own). */
export type PreSettlementEffects = SettlementCalls;

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1));

/**
 * The pre-settlement (spec section 5): contract (its codes filled in from it), month, year,
 * version and timeframe, each checked with the schema the server checks with; "Check data"
 * asks whether the month's market data is all loaded and shows what is missing; when it is,
 * "Compute" computes the settlement and `onComputed` opens it at the chosen timeframe.
 * Changing anything after a check drops its answer: it answered for other data. Leaving it
 * changed (a link, Back, a reload, closing the tab) asks first, as every form does. The check
 * and the computation are the settlement machine's, run from `none` to `preliminar`.
 */
export function PreSettlementForm({
  contracts,
  effects,
  userId,
  onComputed,
  onLeft,
}: {
  contracts: ContractListItem[];
  effects: PreSettlementEffects;
  /** The signed-in user, for the lifecycle's verdict on computing. */
  userId: number;
  onComputed: (settlement: Settlement, agregacion: SettlementAggregation) => void;
  /** The changed form was left, after the user said so, for the in-app address `href`. */
  onLeft: (href: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [blank] = useState<FormValue>(() => blankPreSettlement());
  const [value, setValue] = useState<FormValue>(blank);
  // Where the user was going when the changed form asked whether to drop it.
  const [leaving, setLeaving] = useState<string | null>(null);
  useLeaveGuard(JSON.stringify(value) !== JSON.stringify(blank), setLeaving);
  const [ownErrors, setOwnErrors] = useState<FieldErrors>({});
  const [lifecycleMachine] = useState(() => settlementLifecycle(userId, effects));
  const lifecycle = useActorRef(lifecycleMachine, { input: { user: { id: userId, mayValidate: false }, settlement: null } });
  const checking = useSelector(lifecycle, (snapshot) => snapshot.matches({ none: 'checkingData' }));
  const computing = useSelector(lifecycle, (snapshot) => snapshot.matches('computing'));
  // The check's answer, while it is the latest word (a change drops it, a computation keeps it).
  const answered = useSelector(lifecycle, (snapshot) =>
    snapshot.matches({ none: 'dataAvailable' }) || snapshot.matches({ none: 'dataUnavailable' }) || snapshot.matches('computing'),
  );
  const context = useSelector(lifecycle, (snapshot) => snapshot.context);
  // A new settlement is computed only once its data is all there: the lifecycle says so.
  const computable = useSelector(lifecycle, (snapshot) => snapshot.can({ type: 'settlement.compute' }) || snapshot.matches('computing'));
  const checkFailed = useSelector(lifecycle, (snapshot) => snapshot.matches({ none: 'checkFailed' }));
  const computed = useSelector(lifecycle, (snapshot) => (snapshot.matches('preliminar') ? (snapshot.context.settlement as HeldSettlement) : null));
  const names = useMonthNames();

  const hearComputed = useEffectEvent((settlement: HeldSettlement) => onComputed(settlement.record, settlement.agregacion));
  useEffect(() => {
    if (computed) hearComputed(computed);
  }, [computed]);

  function change(field: string, fieldValue: unknown) {
    setValue((previous) => (field === 'contrato_id' ? withContract(previous, String(fieldValue), contracts) : { ...previous, [field]: fieldValue }));
    setOwnErrors(({ [field]: _fixed, ...rest }) => rest);
    lifecycle.send({ type: 'settlement.clear' });
  }

  function submit() {
    const errors = validatePreSettlement(value, locale);
    setOwnErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const body = preSettlementBody(value, locale);
    const key: AskedSettlement = { contrato_id: body.contrato_id, anio: body.anio, mes: body.mes, tipo: body.version as AskedSettlement['tipo'], body };
    lifecycle.send({ type: 'settlement.check', key });
  }

  const checkFailure = checkFailed && context.failure !== null ? readFailure(context.failure) : null;
  const computeFailure = !checkFailed && context.failure !== null ? readFailure(context.failure) : null;
  // The server's 400 details (a code that is not the contract's) stand beside their fields.
  const errors = { ...ownErrors, ...(checkFailure?.fields ?? {}) };
  const { textInput, select, picker } = useRecordFields({
    value,
    errors,
    change,
    labelPrefix: 'settlements.create.fields',
    isRequired: (field) => PRE_SETTLEMENT_REQUIRED.has(field),
  });
  const result = answered ? ((context.data as CheckedData | null)?.result ?? null) : null;
  const checked = (context.key as AskedSettlement | null)?.body ?? null;

  return (
    <Stack gap="6">
      <form
        noValidate
        aria-label={t('settlements.create.title')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="5">
          <Text color="fg.muted">{t('settlements.create.intro')}</Text>
          {/* A refusal about fields (a code that is not the contract's) is told beside them. */}
          {checkFailure && Object.keys(checkFailure.fields).length === 0 ? <SubmitFailureAlert failure={checkFailure} titleKey="settlements.create.checkFailed" /> : null}
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            <Stack gridColumn={{ md: 'span 2', lg: 'span 3' }}>{picker('contrato_id', contracts.map(contractOption))}</Stack>
            {textInput('codigo_contraparte')}
            {textInput('codigo_agente')}
            {select('version', PRE_SETTLEMENT_VERSIONS, (version) => t(`settlements.common.versionNames.${version}`), { helperKey: 'settlements.create.versionHelp' })}
            {select('mes', MONTHS, (month) => names[Number(month) - 1]!)}
            {textInput('anio', { inputMode: 'numeric' })}
            {select('agregacion', SETTLEMENT_AGGREGATIONS, (aggregation) => t(`settlements.common.aggregations.${aggregation}`), {
              helperKey: 'settlements.create.aggregationHelp',
            })}
          </SimpleGrid>
          <HStack justify="flex-end">
            <Button type="submit" colorPalette="blue" variant={computable ? 'outline' : 'solid'} loading={checking}>
              {t('settlements.create.check')}
            </Button>
          </HStack>
        </Stack>
      </form>

      {result && checked ? (
        <Stack gap="4">
          <MissingData result={result} anio={checked.anio} mes={checked.mes} />
          {computeFailure ? <SubmitFailureAlert failure={computeFailure} titleKey="settlements.create.computeFailed" /> : null}
          {computable ? (
            <HStack justify="flex-end">
              <Button colorPalette="blue" loading={computing} onClick={() => lifecycle.send({ type: 'settlement.compute' })}>
                {t('settlements.create.compute')}
              </Button>
            </HStack>
          ) : null}
        </Stack>
      ) : null}
      <DiscardChangesDialog
        open={leaving !== null}
        onConfirm={() => {
          if (leaving !== null) onLeft(leaving);
          setLeaving(null);
        }}
        onCancel={() => setLeaving(null)}
      />
    </Stack>
  );
}
