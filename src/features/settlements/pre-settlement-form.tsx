import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormValue } from '../../../machines/forms/record-form.machine';
import { settlementTransition } from '../../../machines/settlements/settlement.machine';
import type { ContractListItem } from '../../../schemas/contract.schema';
import { SETTLEMENT_AGGREGATIONS, type PreSettlementBody, type PreSettlementResult, type Settlement, type SettlementAggregation, type SettlementComputeBody } from '../../../schemas/settlement.schema';
import { useRequest } from '../../lib/api/use-request';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { DiscardChangesDialog, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { useLeaveGuard } from '../../lib/forms/use-leave-guard';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { useMonthNames } from '../../lib/format/month-names';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { MissingData } from './missing-data';
import {
  blankPreSettlement,
  contractOption,
  PRE_SETTLEMENT_REQUIRED,
  PRE_SETTLEMENT_VERSIONS,
  preSettlementBody,
  validatePreSettlement,
  withContract,
} from './pre-settlement-values';

export interface PreSettlementEffects {
  check: (body: PreSettlementBody) => Promise<PreSettlementResult>;
  compute: (body: SettlementComputeBody) => Promise<Settlement>;
}

const MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1));

/**
 * The pre-settlement (spec section 5): contract (its codes filled in from it), month, year,
 * version and timeframe, each checked with the schema the server checks with; "Check data"
 * asks whether the month's market data is all loaded and shows what is missing; when it is,
 * "Compute" computes the settlement and `onComputed` opens it at the chosen timeframe.
 * Changing anything after a check drops its answer: it answered for other data. Leaving it
 * changed (a link, Back, a reload, closing the tab) asks first, as every form does.
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
  // What the last check asked about: the compute and the market-data link are for it.
  const [checked, setChecked] = useState<PreSettlementBody | null>(null);
  const check = useRequest((body: PreSettlementBody) => effects.check(body));
  const compute = useRequest((body: PreSettlementBody) => effects.compute({ contrato_id: body.contrato_id, anio: body.anio, mes: body.mes, version: body.version }), {
    onSuccess: (settlement, body) => onComputed(settlement, body.agregacion),
  });
  const names = useMonthNames();

  function change(field: string, fieldValue: unknown) {
    setValue((previous) => (field === 'contrato_id' ? withContract(previous, String(fieldValue), contracts) : { ...previous, [field]: fieldValue }));
    setOwnErrors(({ [field]: _fixed, ...rest }) => rest);
    check.reset();
    compute.reset();
  }

  function submit() {
    const errors = validatePreSettlement(value, locale);
    setOwnErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const body = preSettlementBody(value, locale);
    setChecked(body);
    compute.reset();
    check.send(body);
  }

  // The server's 400 details (a code that is not the contract's) stand beside their fields.
  const errors = { ...ownErrors, ...(check.failure?.fields ?? {}) };
  const { textInput, select, picker } = useRecordFields({
    value,
    errors,
    change,
    labelPrefix: 'settlements.create.fields',
    isRequired: (field) => PRE_SETTLEMENT_REQUIRED.has(field),
  });
  const result = check.state === 'success' ? check.data : null;
  // A new settlement is computed only once its data is all there: the lifecycle says so.
  const computable =
    result !== null && settlementTransition({ settlement: null, dataAvailable: result.disponible }, { type: 'settlement.compute' }, { id: userId, mayValidate: false }).allowed;

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
          {check.failure && Object.keys(check.failure.fields).length === 0 ? <SubmitFailureAlert failure={check.failure} titleKey="settlements.create.checkFailed" /> : null}
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
            <Button type="submit" colorPalette="blue" variant={computable ? 'outline' : 'solid'} loading={check.state === 'loading'}>
              {t('settlements.create.check')}
            </Button>
          </HStack>
        </Stack>
      </form>

      {result && checked ? (
        <Stack gap="4">
          <MissingData result={result} anio={checked.anio} mes={checked.mes} />
          {compute.failure ? <SubmitFailureAlert failure={compute.failure} titleKey="settlements.create.computeFailed" /> : null}
          {computable ? (
            <HStack justify="flex-end">
              <Button colorPalette="blue" loading={compute.state === 'loading'} onClick={() => compute.send(checked)}>
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
