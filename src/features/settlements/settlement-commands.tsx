import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { Settlement, SettlementAggregation } from '../../../schemas/settlement.schema';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import type { Failure } from '../../lib/api/read-failure';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { settlementName, useMonthName } from './settlement-names';
import type { CommandOffer, SettlementOffers } from './settlement-offers';
import { computeSettlement, downloadSettlementExcel, reconcileSettlement, validateSettlement } from './settlements-api';

/** Refusals that mean the page shows an older settlement than the stored one: it reloads. */
const OUTDATED = new Set(['APP_ERR_RECORD_STALE', 'APP_ERR_SETTLEMENT_VALIDATED', 'APP_ERR_SETTLEMENT_RECONCILED']);

/**
 * A lifecycle command's button (`settlements.view.<name>`), when offered; refused, it is
 * disabled and says why (the lifecycle's reason, translated) beneath it.
 */
function CommandButton({
  offer,
  name,
  colorPalette,
  variant,
  onClick,
}: {
  offer: CommandOffer;
  name: 'compute' | 'validate' | 'reconcile';
  colorPalette: string;
  variant: 'solid' | 'outline';
  onClick: () => void;
}) {
  const t = useT();
  if (!offer.shown) return null;
  const reasonId = `refusal-${name}`;
  return (
    <Stack gap="1" maxW="md" align="flex-start">
      <Button colorPalette={colorPalette} variant={variant} disabled={offer.refusal !== null} aria-describedby={offer.refusal ? reasonId : undefined} onClick={onClick}>
        {t(`settlements.view.${name}`)}
      </Button>
      {offer.refusal ? (
        <Text id={reasonId} color="fg.muted" textStyle="sm">
          {t(`errors.${offer.refusal}`)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * What the user may do with the settlement: download its Excel (the aggregation shown, the
 * page's language), compute it again, validate it (irreversible: asked first), reconcile a
 * validated DF into a new CD. Which are shown, and why one is refused, is `offers` (the
 * lifecycle machine's verdict). Every command waits for the server; `onChanged` reloads the
 * settlement after one, or after a refusal that says the page was showing an older one.
 */
export function SettlementCommands({
  settlement,
  offers,
  aggregation,
  onChanged,
}: {
  settlement: Settlement;
  offers: SettlementOffers;
  aggregation: SettlementAggregation;
  onChanged: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const month = useMonthName(settlement);
  const download = useRequest(() => downloadSettlementExcel(settlement, aggregation, locale));
  const compute = useConfirmedAction(
    (subject: Settlement) => computeSettlement({ contrato_id: subject.contrato_id, anio: subject.anio, mes: subject.mes, version: subject.version_liquidacion }),
    () => {
      notify({ type: 'success', message: t('settlements.view.computed') });
      onChanged();
    },
  );
  const validate = useConfirmedAction(
    (subject: Settlement) => validateSettlement(subject.id, subject.version),
    () => {
      notify({ type: 'success', message: t('settlements.view.validated') });
      onChanged();
    },
  );
  const reconcile = useConfirmedAction(
    (subject: Settlement) => reconcileSettlement(subject.id, subject.version),
    (cd) => {
      notify({ type: 'success', message: t('settlements.view.reconciled', { id: String(cd.id) }) });
      navigate(`~/liquidaciones/${cd.id}`);
    },
  );
  const failure: Failure | null = compute.failure ?? validate.failure ?? reconcile.failure;
  const outdated = failure !== null && failure.code !== null && OUTDATED.has(failure.code);
  useEffect(() => {
    if (outdated) onChanged();
    // Once per refusal: `onChanged` is a new function on every render of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  const name = `${settlementName(settlement)} · ${settlement.contrato_codigo ?? `#${settlement.contrato_id}`} · ${month} ${settlement.anio}`;
  const final = settlement.estado === 'validada';

  return (
    <Stack as="section" aria-labelledby="settlement-commands" gap="3" borderTopWidth="1px" paddingTop="4">
      <Heading as="h4" size="sm" id="settlement-commands">
        {t('settlements.view.commands')}
      </Heading>
      {failure ? <ErrorAlert messageKey={failure.messageKey}>{outdated ? t('settlements.view.reloaded') : null}</ErrorAlert> : null}
      {download.failure ? <ErrorAlert messageKey="settlements.view.downloadFailed">{t(download.failure.messageKey)}</ErrorAlert> : null}
      <HStack gap="3" wrap="wrap" align="flex-start">
        <Button variant="outline" loading={download.state === 'loading'} onClick={() => download.send()}>
          {t('settlements.view.download')}
        </Button>
        <CommandButton offer={offers.compute} name="compute" colorPalette="blue" variant="outline" onClick={() => compute.ask(settlement)} />
        <CommandButton offer={offers.validate} name="validate" colorPalette="green" variant="solid" onClick={() => validate.ask(settlement)} />
        <CommandButton offer={offers.reconcile} name="reconcile" colorPalette="purple" variant="outline" onClick={() => reconcile.ask(settlement)} />
      </HStack>
      {final ? <Text color="fg.muted">{t('settlements.view.locked')}</Text> : null}
      {settlement.version_liquidacion === 'PE' ? <Text color="fg.muted">{t('settlements.view.notValidatable')}</Text> : null}
      <ConfirmDialog {...compute.dialog} titleKey="settlements.view.computeTitle" textKey="settlements.view.computeText" confirmKey="settlements.view.computeConfirm" tone="primary" />
      <ConfirmDialog
        {...validate.dialog}
        titleKey="settlements.view.validateTitle"
        textKey="settlements.view.validateText"
        textParams={{ name }}
        confirmKey="settlements.view.validateConfirm"
        tone="primary"
      />
      <ConfirmDialog
        {...reconcile.dialog}
        titleKey="settlements.view.reconcileTitle"
        textKey="settlements.view.reconcileText"
        confirmKey="settlements.view.reconcileConfirm"
        tone="primary"
      />
    </Stack>
  );
}
