import { Field, Heading, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { usePageActions } from '../../app/session/use-page-actions';
import { useRequest } from '../../lib/api/use-request';
import { monthNames } from '../../lib/format/month-names';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { CoverageView } from './coverage-view';
import { ImportForm } from './import-form';
import { getCoverage, importMarketData } from './market-data-api';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** The month the URL names (`?anio=&mes=`), else the current one: a link shows the same month. */
function useMonth() {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const anio = Number(params.get('anio'));
  const mes = Number(params.get('mes'));
  const month = {
    anio: Number.isInteger(anio) && anio >= 2000 && anio <= 2999 ? anio : now.getFullYear(),
    mes: Number.isInteger(mes) && mes >= 1 && mes <= 12 ? mes : now.getMonth() + 1,
  };
  const setMonth = (changes: { anio?: number; mes?: number }) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(changes)) next.set(name, String(value));
      return next;
    });
  return { ...month, setMonth };
}

/**
 * `/liquidaciones/datos-mercado`: importing node prices, energy measurements and exchange
 * rates (only for a role that may create settlements: the server refuses anyone else anyway),
 * and what a month has loaded of each.
 */
export default function MarketDataPage() {
  const t = useT();
  const locale = useLocale();
  const { create } = usePageActions('Settlements');
  const { anio, mes, setMonth } = useMonth();
  const coverage = useRequest(() => getCoverage(anio, mes), { load: [anio, mes] });
  const names = useMemo(() => monthNames(locale), [locale]);

  return (
    <Stack gap="8">
      {create ? <ImportForm upload={importMarketData} onStored={() => coverage.send()} /> : null}
      <Stack gap="4" as="section" aria-labelledby="coverage-title">
        <HStack justify="space-between" align="flex-end" wrap="wrap" gap="4">
          <Heading as="h2" size="lg" id="coverage-title">
            {t('marketData.coverage.title')}
          </Heading>
          <HStack gap="3" align="flex-end">
            <Field.Root width="auto">
              <Field.Label>{t('marketData.coverage.month')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={String(mes)} onChange={(event) => setMonth({ anio, mes: Number(event.target.value) })}>
                  {MONTHS.map((month) => (
                    <option key={month} value={month}>
                      {names[month - 1]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <YearField anio={anio} onChange={(value) => setMonth({ anio: value, mes })} />
          </HStack>
        </HStack>
        {coverage.failure ? <ErrorAlert messageKey={coverage.failure.messageKey} /> : <CoverageView coverage={coverage.data} />}
      </Stack>
    </Stack>
  );
}

/** The year typed freely; only a year the server answers for (2000-2999) becomes the URL's. */
function YearField({ anio, onChange }: { anio: number; onChange: (anio: number) => void }) {
  const t = useT();
  const [text, setText] = useState(String(anio));
  // Back, or a link, changed the month: show its year.
  useEffect(() => setText(String(anio)), [anio]);
  return (
    <Field.Root width="7rem">
      <Field.Label>{t('marketData.coverage.year')}</Field.Label>
      <Input
        type="number"
        min={2000}
        max={2999}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const value = Number(event.target.value);
          if (Number.isInteger(value) && value >= 2000 && value <= 2999 && value !== anio) onChange(value);
        }}
      />
    </Field.Root>
  );
}
