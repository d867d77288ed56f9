import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { isIsoDate } from '../../../schemas/date.schema';
import { nextOperatingDay, OFFER_SCOPES, offerRuleBreaks, type ActiveAnnex, type Logbook, type OfferRuleBreak } from '../../../schemas/logbook.schema';
import { notify } from '../../app/notifications';
import { readFailure, type Failure } from '../../lib/api/read-failure';
import { useRequest } from '../../lib/api/use-request';
import { FormField } from '../../lib/forms/form-field';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { DateInput } from '../../lib/ui/date-input';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { declarationEdits, DeclarationGrid, useDeclarationProblems } from './declaration-grid';
import { offersOf, prefilled, sheetOf, type SheetLine } from './declaration-sheet';
import { ammAnnexes, createAmmRecord } from './logbooks-api';
import { refusedOffers, type OfferProblem } from './offer-problems';
import { SheetCard } from './sheet-card';

/** The range the URL names (`?desde=&hasta=`), each day else tomorrow, and how to change it (kept in the URL). */
function useRange(): [{ desde: string; hasta: string }, (field: 'desde' | 'hasta', day: string) => void] {
  const [params, setParams] = useSearchParams();
  const tomorrow = nextOperatingDay();
  const day = (name: string) => {
    const named = params.get(name) ?? '';
    return isIsoDate(named) ? named : tomorrow;
  };
  return [{ desde: day('desde'), hasta: day('hasta') }, (field, next) => setParams((previous) => ({ ...Object.fromEntries(previous), [field]: next }))];
}

/**
 * `/procesos/registra/` (Ofertas AMM): Guatemala's AMM process record of a range of operating days
 * (spec sections 2, 4 and 7; docs/logbooks.md). The range in the URL; the AMM annexes in force on
 * any of its days; a declaration sheet (a line per annex and PM: price and MW per period), filled
 * with the contracted MW on demand; the record created after a question (it is sent as created),
 * then shown with what it holds until the user prepares another (the creation reset to empty).
 */
export default function AmmOffersPage() {
  const [range, setRange] = useRange();
  const [badDay, setBadDay] = useState<Record<'desde' | 'hasta', boolean>>({ desde: false, hasta: false });
  const reversed = range.hasta < range.desde;
  const annexes = useRequest(() => (reversed ? Promise.resolve([]) : ammAnnexes(range.desde, range.hasta)), { load: [range.desde, range.hasta], empty: 'list' });

  const dayField = (field: 'desde' | 'hasta') => (
    <Box width="14rem">
      <FormField
        labelKey={`logbooks.amm.${field}`}
        error={badDay[field] ? { key: 'forms.errors.date' } : field === 'hasta' && reversed ? { key: 'logbooks.problems.rangeOrder' } : undefined}
      >
        <DateInput value={range[field]} onChange={(iso) => iso && setRange(field, iso)} onValidity={(valid) => setBadDay((current) => ({ ...current, [field]: !valid }))} />
      </FormField>
    </Box>
  );

  return (
    <Stack gap="5">
      <HStack align="flex-start" gap="4" wrap="wrap">
        {dayField('desde')}
        {dayField('hasta')}
      </HStack>
      {annexes.failure ? <ErrorAlert messageKey={annexes.failure.messageKey} /> : null}
      {annexes.data !== null && annexes.state !== 'loading' && !reversed ? (
        <AmmSheet key={`${range.desde}|${range.hasta}`} desde={range.desde} hasta={range.hasta} annexes={annexes.data as ActiveAnnex[]} />
      ) : null}
    </Stack>
  );
}

/** The range's declaration sheet and its one command, or the record it created. */
function AmmSheet({ desde, hasta, annexes }: { desde: string; hasta: string; annexes: ActiveAnnex[] }) {
  const t = useT();
  const format = useFormat();
  const [lines, setLines] = useState<SheetLine[]>(() => sheetOf(annexes, null));
  const [problems, setProblems] = useState<OfferProblem[]>([]);
  const declarationProblems = useDeclarationProblems();
  const offers = useMemo(() => offersOf(lines), [lines]);
  const problemsOf = (breaks: readonly OfferRuleBreak[]) => declarationProblems(lines, breaks);

  const [record, setRecord] = useState<Logbook | null>(null);
  const [refusal, setRefusal] = useState<Failure | null>(null);
  const create = useConfirmedAction(
    async (_subject: 'AMM') => {
      try {
        return await createAmmRecord({ desde, hasta, filas: offers });
      } catch (error) {
        setRefusal(readFailure(error));
        setProblems(problemsOf(refusedOffers(error)));
        throw error;
      }
    },
    (created: Logbook) => {
      setRecord(created);
      notify({ type: 'success', message: t('logbooks.amm.created', { numero: created.id }) });
    },
  );

  const ask = () => {
    const breaks = offerRuleBreaks(offers, { mercado: 'AMM', potenciaAnexo: new Map(annexes.map((annex) => [annex.anexo_id, annex.potencia_mw])) }, OFFER_SCOPES.amm);
    setProblems(problemsOf(breaks));
    setRefusal(null);
    if (breaks.length === 0) create.ask('AMM');
  };
  // Another record of the range: the creation back to empty, the sheet as new.
  const another = () => {
    setRecord(null);
    setProblems([]);
    setLines(sheetOf(annexes, null));
  };

  const edits = declarationEdits(setLines);
  const invalid = useMemo(() => new Set(problems.map((problem) => problem.cell)), [problems]);

  if (record) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('logbooks.amm.createdTitle', { numero: record.id })}</Alert.Title>
          <Alert.Description>
            <Stack gap="2">
              <Text>
                {t('logbooks.amm.createdText', {
                  desde: format.date(record.fecha_operacion),
                  hasta: format.date(record.fecha_fin ?? record.fecha_operacion),
                  count: record.filas.length,
                  when: record.enviada_en ? format.dateTime(record.enviada_en) : '',
                  who: record.enviada_por ?? '',
                })}
              </Text>
              <Box>
                <Button size="sm" variant="outline" onClick={another}>
                  {t('logbooks.amm.another')}
                </Button>
              </Box>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <>
      <SheetCard
        title={t('logbooks.amm.sheetTitle')}
        intro={t('logbooks.amm.intro')}
        refusal={refusal}
        problems={problems}
        actions={
          <>
            <Button size="sm" variant="outline" onClick={() => setLines(prefilled)} disabled={lines.length === 0}>
              {t('logbooks.mer.prefill')}
            </Button>
            <Button size="sm" colorPalette="blue" onClick={ask} disabled={offers.length === 0}>
              {t('logbooks.amm.create')}
            </Button>
          </>
        }
      >
        {lines.length === 0 ? <Text color="fg.muted">{t('logbooks.amm.empty')}</Text> : <DeclarationGrid lines={lines} edits={edits} readOnly={false} invalid={invalid} />}
      </SheetCard>
      <ConfirmDialog
        titleKey="logbooks.amm.confirm.title"
        textKey="logbooks.amm.confirm.text"
        textParams={{ desde: format.date(desde), hasta: format.date(hasta), count: String(offers.length) }}
        confirmKey="logbooks.amm.create"
        tone="primary"
        {...create.dialog}
      />
    </>
  );
}
