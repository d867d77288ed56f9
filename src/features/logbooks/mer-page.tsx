import { Badge, Button, Card, Heading, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { availableLogbookCommands } from '../../../machines/logbooks/logbook.machine';
import { sumDecimals } from '../../../schemas/exact-decimal';
import { offerRuleBreaks, type ActiveAnnex, type Logbook, type OfferRuleBreak } from '../../../schemas/logbook.schema';
import { notify } from '../../app/notifications';
import { readFailure, type Failure } from '../../lib/api/read-failure';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { declarationEdits, DeclarationGrid, useDeclarationProblems } from './declaration-grid';
import { offersOf, prefilled, sheetOf, type SheetLine } from './declaration-sheet';
import { activeAnnexes, dayLogbook, referencePrices, saveMerLogbook, sentSummary } from './logbooks-api';
import { refusedOffers, type OfferProblem } from './offer-problems';
import { PredespachoSection } from './predespacho-section';
import { ReferencePricesGrid } from './reference-prices-grid';
import { SheetCard } from './sheet-card';
import { OperatingDayField, useOperatingDay } from './operating-day';

/** The day's log book as the page holds it (`null` before one is started; the request keeps `{}` then). */
const logbookOf = (data: Logbook | Record<string, never> | null): Logbook | null => (data && 'id' in data ? (data as Logbook) : null);

/**
 * `/procesos/bitacoras/mer/`: the MER log book of an operating day (spec sections 2 and 7;
 * docs/logbooks.md). The day in the URL (tomorrow by default); the annexes in force, sent and
 * still to declare; the declaration sheet (a line per annex and PM: price and MW per period),
 * prefilled with the contracted MW on demand; saved as a draft, sent after a question (then
 * read-only), or followed by its next version; the day's reference prices per node.
 */
export default function MerLogbookPage() {
  const t = useT();
  const format = useFormat();
  const [fecha, setFecha] = useOperatingDay();
  const annexes = useRequest(() => activeAnnexes(fecha), { load: [fecha], empty: 'list' });
  const logbook = useRequest(() => dayLogbook('MER', fecha), { load: [fecha] });
  const sent = useRequest(() => sentSummary(fecha), { load: [fecha], empty: 'list' });
  const prices = useRequest(() => referencePrices(fecha), { load: [fecha], empty: 'list' });
  const failure = annexes.failure ?? logbook.failure ?? sent.failure;

  // Once answered: a reload after a save keeps the sheet in view (its key renews it when the log book changed).
  const ready = annexes.data !== null && logbook.data !== null;
  const current = ready ? logbookOf(logbook.data as Logbook | null) : null;
  const reload = () => {
    logbook.send();
    annexes.send();
    sent.send();
  };

  return (
    <Stack gap="5">
      <HStack align="flex-end" gap="4" wrap="wrap">
        <OperatingDayField fecha={fecha} onChange={setFecha} />
        <LogbookStatus logbook={current} loaded={ready} />
      </HStack>
      {failure ? <ErrorAlert messageKey={failure.messageKey} /> : null}
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3">
        <Tile labelKey="logbooks.mer.tiles.active" value={format.decimal(annexes.data?.length ?? 0)} />
        <Tile labelKey="logbooks.mer.tiles.sent" value={format.decimal(sent.data?.length ?? 0)} />
        <Tile labelKey="logbooks.mer.tiles.available" value={format.decimal((annexes.data ?? []).filter((annex) => !annex.enviado).length)} />
        <Tile labelKey="logbooks.mer.tiles.sentMwh" value={`${format.decimal(sumDecimals((sent.data ?? []).map((line) => line.mwh)))} MWh`} />
      </SimpleGrid>
      {ready ? (
        // A new day or a new version of the log book is a new sheet: nothing typed for another lingers.
        <MerSheet key={`${fecha}|${current?.id ?? 'nuevo'}|${current?.version ?? 0}`} fecha={fecha} annexes={annexes.data ?? []} logbook={current} onSaved={reload} />
      ) : null}
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            {t('logbooks.mer.pricesTitle')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <ReferencePricesGrid prices={prices.state === 'success' ? prices.data : null} nodes={sheetOf(annexes.data ?? [], null).map((line) => line.pm)} />
        </Card.Body>
      </Card.Root>
      <PredespachoSection fecha={fecha} onStored={() => prices.send()} />
    </Stack>
  );
}

function Tile({ labelKey, value }: { labelKey: string; value: string }) {
  const t = useT();
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{t(labelKey)}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

const STATE_PALETTES: Record<string, string> = { borrador: 'orange', enviada: 'green', reemplazada: 'gray' };

/** The day's log book in a line: none yet, or its state, version and gate closure. */
function LogbookStatus({ logbook, loaded }: { logbook: Logbook | null; loaded: boolean }) {
  const t = useT();
  const format = useFormat();
  if (!loaded) return null;
  if (!logbook) return <Badge colorPalette="gray">{t('logbooks.mer.none')}</Badge>;
  return (
    <HStack gap="3" wrap="wrap">
      <Badge colorPalette={STATE_PALETTES[logbook.estado] ?? 'gray'}>{t(`logbooks.states.${logbook.estado}`)}</Badge>
      <Text textStyle="sm">{t('logbooks.mer.versionLine', { numero: logbook.numero })}</Text>
      <Text textStyle="sm" color="fg.muted">
        {t('logbooks.mer.closesAt', { when: format.dateTime(logbook.cierre_en) })}
      </Text>
      {logbook.enviada_en ? (
        <Text textStyle="sm" color="fg.muted">
          {t('logbooks.mer.sentBy', { when: format.dateTime(logbook.enviada_en), who: logbook.enviada_por ?? '' })}
        </Text>
      ) : null}
    </HStack>
  );
}

/** The contracted MW of the annexes in force, by annex id: what the rules read. */
const powerOf = (annexes: readonly ActiveAnnex[]) => new Map(annexes.map((annex) => [annex.anexo_id, annex.potencia_mw]));

/**
 * The day's declaration sheet with its commands: what the log book machine allows now (edit and
 * send a draft, start the next version of a sent one). The rules are judged before anything is
 * sent, each refusal naming its line and period; the server's are shown the same way.
 */
function MerSheet({ fecha, annexes, logbook, onSaved }: { fecha: string; annexes: ActiveAnnex[]; logbook: Logbook | null; onSaved: () => void }) {
  const t = useT();
  const format = useFormat();
  const [lines, setLines] = useState<SheetLine[]>(() => sheetOf(annexes, logbook));
  const [nextVersion, setNextVersion] = useState(false);
  const [problems, setProblems] = useState<OfferProblem[]>([]);
  const [refusal, setRefusal] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const estado = nextVersion ? 'borrador' : (logbook?.estado ?? 'borrador');
  const offers = useMemo(() => offersOf(lines), [lines]);
  const commands = availableLogbookCommands({ estado, filas: offers.length, cerrada: logbook ? Date.now() >= Date.parse(logbook.cierre_en) : false });
  const editable = commands.includes('logbook.edit');

  const declarationProblems = useDeclarationProblems();
  const problemsOf = (breaks: readonly OfferRuleBreak[]) => declarationProblems(lines, breaks);

  const save = async (enviar: boolean) => {
    const breaks = offerRuleBreaks(offers, { mercado: 'MER', potenciaAnexo: powerOf(annexes) });
    setProblems(problemsOf(breaks));
    setRefusal(null);
    if (breaks.length > 0) return;
    setBusy(true);
    try {
      await saveMerLogbook({
        mercado: 'MER',
        fecha_operacion: fecha,
        filas: offers,
        ...(logbook && !nextVersion ? { version: logbook.version } : {}),
        ...(nextVersion ? { nueva_version: true } : {}),
        ...(enviar ? { enviar: true } : {}),
      });
      notify({ type: 'success', message: t(enviar ? 'logbooks.mer.sent' : 'logbooks.mer.saved', { day: format.date(fecha) }) });
      onSaved();
    } catch (error) {
      setRefusal(readFailure(error));
      setProblems(problemsOf(refusedOffers(error)));
    } finally {
      setBusy(false);
    }
  };
  const send = useConfirmedAction(
    (_market: 'MER') => save(true),
    () => undefined,
  );

  const edits = declarationEdits(setLines);
  const invalid = useMemo(() => new Set(problems.map((problem) => problem.cell)), [problems]);

  return (
    <>
      <SheetCard
        title={t('logbooks.mer.sheetTitle')}
        refusal={refusal}
        problems={problems}
        actions={
          <>
            {editable ? (
              <>
                <Button size="sm" variant="outline" onClick={() => setLines(prefilled)}>
                  {t('logbooks.mer.prefill')}
                </Button>
                <Button size="sm" variant="outline" loading={busy} onClick={() => void save(false)}>
                  {t('logbooks.mer.saveDraft')}
                </Button>
              </>
            ) : null}
            {commands.includes('logbook.send') ? (
              <Button size="sm" colorPalette="blue" disabled={busy} onClick={() => send.ask('MER')}>
                {t('logbooks.mer.send')}
              </Button>
            ) : null}
            {commands.includes('logbook.supersede') ? (
              <Button size="sm" variant="outline" onClick={() => setNextVersion(true)}>
                {t('logbooks.mer.nextVersion')}
              </Button>
            ) : null}
          </>
        }
      >
        <DeclarationGrid lines={lines} edits={edits} readOnly={!editable} invalid={invalid} />
      </SheetCard>
      <ConfirmDialog
        titleKey="logbooks.mer.confirmSend.title"
        textKey="logbooks.mer.confirmSend.text"
        textParams={{ day: format.date(fecha), count: String(offers.length) }}
        confirmKey="logbooks.mer.send"
        tone="primary"
        {...send.dialog}
      />
    </>
  );
}
