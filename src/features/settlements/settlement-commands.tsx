import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useLocation } from 'wouter';
import { confirmMachine } from '../../../machines/confirm/confirm.machine';
import type { SettlementMachine } from '../../../machines/settlements/settlement.machine';
import type { SettlementCommand } from '../../../machines/settlements/settlement-rules';
import type { Settlement, SettlementAggregation } from '../../../schemas/settlement.schema';
import { notify } from '../../app/notifications';
import { readFailure, type Failure } from '../../lib/api/read-failure';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { settlementName, useMonthName } from './settlement-names';
import { preparerIdFor, type CommandOffer, type OfferedTo, type SettlementOffers } from './settlement-offers';
import { heldSettlement, settlementLifecycle, type HeldSettlement } from './settlements-api';

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

/** The commands asked about first (a download is not). */
type AskedCommand = 'compute' | 'validate' | 'reconcile';

const EFFECT_STATES: Record<AskedCommand, 'computing' | 'validating' | 'reconciling'> = { compute: 'computing', validate: 'validating', reconcile: 'reconciling' };

/**
 * What the user may do with the settlement: download its Excel (the aggregation shown, the
 * page's language), compute it again, validate it (irreversible: asked first), reconcile a
 * validated DF into a new CD. Which are shown, and why one is refused, is `offers` (the
 * lifecycle machine's verdict). The commands run through the settlement machine, its effects
 * on the settlements API; every command waits for the server; `onChanged` reloads the
 * settlement after one, or after a refusal that says the page was showing an older one (the
 * machine takes up each read again).
 */
export function SettlementCommands({
  settlement,
  user,
  offers,
  aggregation,
  onChanged,
}: {
  settlement: Settlement;
  /** The signed-in user as the lifecycle knows them. */
  user: OfferedTo;
  offers: SettlementOffers;
  aggregation: SettlementAggregation;
  onChanged: () => void;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const month = useMonthName(settlement);
  const held = heldSettlement(settlement, preparerIdFor(settlement, user), aggregation);
  const lifecycle = useActorRef(useMemo(() => settlementLifecycle(user.id), [user.id]), { input: { user: { id: user.id, mayValidate: user.mayValidate }, settlement: held } });
  // What failed last, for its own message: a download, or a command.
  const [failedEffect, setFailedEffect] = useState<'download' | 'command' | null>(null);
  const confirm = useActorRef(
    useMemo(
      () =>
        confirmMachine.provide({
          actions: {
            proceed: ({ context, self }) => {
              const command = { type: `settlement.${context.subject as AskedCommand}`, version: lifecycle.getSnapshot().context.settlement?.version } as SettlementCommand;
              if (lifecycle.getSnapshot().can(command)) lifecycle.send(command);
              else self.send({ type: 'confirm.settled' });
            },
          },
        }),
      [lifecycle],
    ),
  );

  // Every read of the settlement, in the page's timeframe, is the one the next command is about.
  // The read's content (not the object's identity) says whether it is new.
  const read = JSON.stringify([settlement, aggregation]);
  const newRead = useEffectEvent(() => {
    const snapshot = lifecycle.getSnapshot();
    if (snapshot.matches('preliminar') || snapshot.matches('validada')) lifecycle.send({ type: 'settlement.read', settlement: held });
  });
  useEffect(() => newRead(), [read]);

  const settled = useEffectEvent((effect: AskedCommand | 'download', answer: HeldSettlement, failure: Failure | null) => {
    if (effect !== 'download') confirm.send({ type: 'confirm.settled' });
    setFailedEffect(failure ? (effect === 'download' ? 'download' : 'command') : null);
    if (failure) {
      if (failure.code !== null && OUTDATED.has(failure.code)) onChanged();
      return;
    }
    if (effect === 'compute') notify({ type: 'success', message: t('settlements.view.computed') });
    if (effect === 'validate') notify({ type: 'success', message: t('settlements.view.validated') });
    if (effect === 'reconcile') {
      notify({ type: 'success', message: t('settlements.view.reconciled', { id: String(answer.id) }) });
      navigate(`~/liquidaciones/${answer.id}`);
      return;
    }
    if (effect !== 'download') onChanged();
  });
  useEffect(() => {
    let previous = lifecycle.getSnapshot();
    const subscription = lifecycle.subscribe((snapshot) => {
      const before = previous;
      previous = snapshot;
      const effect = (Object.keys(EFFECT_STATES) as AskedCommand[]).find((command) => before.matches(EFFECT_STATES[command]) && !snapshot.matches(EFFECT_STATES[command]));
      const downloaded = isDownloading(before) && !isDownloading(snapshot);
      if (!effect && !downloaded) return;
      const failure = snapshot.context.failure === null ? null : readFailure(snapshot.context.failure);
      settled(effect ?? 'download', snapshot.context.settlement as HeldSettlement, failure);
    });
    return () => subscription.unsubscribe();
  }, [lifecycle]);

  const lastFailure = useSelector(lifecycle, (snapshot) => snapshot.context.failure);
  const failure: Failure | null = failedEffect === 'command' && lastFailure !== null ? readFailure(lastFailure) : null;
  const downloadFailure: Failure | null = failedEffect === 'download' && lastFailure !== null ? readFailure(lastFailure) : null;
  const downloading = useSelector(lifecycle, isDownloading);
  const asked = useSelector(confirm, (snapshot) => (snapshot.matches('closed') ? null : (snapshot.context.subject as AskedCommand)));
  const busy = useSelector(confirm, (snapshot) => snapshot.matches('proceeding'));
  const outdated = failure !== null && failure.code !== null && OUTDATED.has(failure.code);
  const dialog = (command: AskedCommand) => ({
    open: asked === command,
    busy: asked === command && busy,
    onConfirm: () => confirm.send({ type: 'confirm.accept' }),
    onCancel: () => confirm.send({ type: 'confirm.dismiss' }),
  });
  const ask = (command: AskedCommand) => confirm.send({ type: 'confirm.ask', subject: command });

  const name = `${settlementName(settlement)} · ${settlement.contrato_codigo ?? `#${settlement.contrato_id}`} · ${month} ${settlement.anio}`;
  const final = settlement.estado === 'validada';

  return (
    <Stack as="section" aria-labelledby="settlement-commands" gap="3" borderTopWidth="1px" paddingTop="4">
      <Heading as="h4" size="sm" id="settlement-commands">
        {t('settlements.view.commands')}
      </Heading>
      {failure ? <ErrorAlert messageKey={failure.messageKey}>{outdated ? t('settlements.view.reloaded') : null}</ErrorAlert> : null}
      {downloadFailure ? <ErrorAlert messageKey="settlements.view.downloadFailed">{t(downloadFailure.messageKey)}</ErrorAlert> : null}
      <HStack gap="3" wrap="wrap" align="flex-start">
        <Button variant="outline" loading={downloading} onClick={() => lifecycle.send({ type: 'settlement.download' })}>
          {t('settlements.view.download')}
        </Button>
        <CommandButton offer={offers.compute} name="compute" colorPalette="blue" variant="outline" onClick={() => ask('compute')} />
        <CommandButton offer={offers.validate} name="validate" colorPalette="green" variant="solid" onClick={() => ask('validate')} />
        <CommandButton offer={offers.reconcile} name="reconcile" colorPalette="purple" variant="outline" onClick={() => ask('reconcile')} />
      </HStack>
      {final ? <Text color="fg.muted">{t('settlements.view.locked')}</Text> : null}
      {settlement.version_liquidacion === 'PE' ? <Text color="fg.muted">{t('settlements.view.notValidatable')}</Text> : null}
      <ConfirmDialog {...dialog('compute')} titleKey="settlements.view.computeTitle" textKey="settlements.view.computeText" confirmKey="settlements.view.computeConfirm" tone="primary" />
      <ConfirmDialog
        {...dialog('validate')}
        titleKey="settlements.view.validateTitle"
        textKey="settlements.view.validateText"
        textParams={{ name }}
        confirmKey="settlements.view.validateConfirm"
        tone="primary"
      />
      <ConfirmDialog
        {...dialog('reconcile')}
        titleKey="settlements.view.reconcileTitle"
        textKey="settlements.view.reconcileText"
        confirmKey="settlements.view.reconcileConfirm"
        tone="primary"
      />
    </Stack>
  );
}

function isDownloading(snapshot: SnapshotFrom<SettlementMachine>): boolean {
  return snapshot.matches({ preliminar: 'downloading' }) || snapshot.matches({ validada: 'downloading' });
}
