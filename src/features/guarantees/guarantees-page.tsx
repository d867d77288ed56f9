import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { addDays, businessToday, isIsoDate } from '../../../schemas/date.schema';
import { GUARANTEE_OPERATORS, type GuaranteeHistoryBody, type GuaranteeOperator, type Instrument } from '../../../schemas/guarantee.schema';
import { useRequest } from '../../lib/api/use-request';
import { FormField } from '../../lib/forms/form-field';
import { useListState } from '../../lib/grid/use-list-state';
import { useT } from '../../lib/i18n/use-t';
import { DateInput } from '../../lib/ui/date-input';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FilterSelect } from '../../lib/ui/filter-select';
import { RecordFormRoute, RecordListLayout, RecordRoutes, useRecordFormOutcome } from '../../lib/ui/record-page';
import { ViewSection } from '../../lib/ui/record-view';
import { AlertsList } from '../../app/guarantee-alerts/alerts-list';
import { createInstrument, getInstrument, guaranteeHistory, listAlerts, listInstruments, updateInstrument } from './guarantees-api';
import { HistoryChart } from './history-chart';
import { InstrumentForm } from './instrument-form';
import { InstrumentView } from './instrument-view';
import { InstrumentsList } from './instruments-list';
import { positionKey, PositionsGrid, type PositionRow } from './positions-grid';
import { StatementsImport } from './statements-import';

const EFFECTS = { create: createInstrument, update: updateInstrument };
const NOT_FOUND = 'errors.APP_ERR_GUARANTEE_NOT_FOUND';
/** The history the chart shows: the 90 days up to the day chosen. */
const HISTORY_DAYS = 90;
/** The alerts listed: those raised in the last 30 days. */
const ALERT_DAYS = 30;
/** Everyone with the `monitoreo` key keeps the guarantees: the role matrix has no page for them (docs/guarantees.md). */
const ALLOWED = { create: true, edit: true };

const isOperator = (value: string): value is GuaranteeOperator => (GUARANTEE_OPERATORS as readonly string[]).includes(value);

const savedParams = (saved: Instrument) => ({ number: saved.numero, issuer: saved.emisor });

/**
 * `/garantias/`: the day's position of every operator and branch (stored days: a day never
 * stored says so, never a carried figure), coloured by how much of each guarantee its
 * liabilities take; one operator and branch's last 90 days as a chart; the alerts; the
 * instruments posted; the operators' statements import. The day, the operator and the series
 * charted are in the URL. When the figures cannot be read the page says 'Error en garantias'
 * (spec section 8) and keeps the figures it had.
 */
function ListRoute() {
  const t = useT();
  const { state, setFilter } = useListState(['fecha', 'operador', 'serie']);
  const today = businessToday();
  const fecha = isIsoDate(state.filters.fecha) ? state.filters.fecha : today;
  const operador = isOperator(state.filters.operador ?? '') ? (state.filters.operador as GuaranteeOperator) : undefined;
  // A statement imported or an instrument saved elsewhere: every figure read again.
  const [stored, setStored] = useState(0);
  const positions = useRequest(() => guaranteeHistory({ desde: fecha, hasta: fecha, ...(operador ? { operador } : {}) }), { load: [fecha, operador, stored] });
  const rows = useMemo<PositionRow[] | null>(() => positions.data?.map((day) => ({ ...day, id: positionKey(day) })) ?? (positions.state === 'failure' ? [] : null), [positions.data, positions.state]);
  const seriesOptions = useMemo(() => (rows ?? []).map((row) => ({ value: row.id, label: `${row.operador} · ${row.sucursal}` })), [rows]);
  const serie = seriesOptions.some((option) => option.value === state.filters.serie) ? state.filters.serie! : (seriesOptions[0]?.value ?? '');
  const [serieOperator, serieBranch] = serie.split('-');
  // No series before the day's positions are read: nothing to chart yet.
  const history = useRequest(
    () =>
      serie
        ? guaranteeHistory({ desde: addDays(fecha, -(HISTORY_DAYS - 1)), hasta: fecha, operador: serieOperator as GuaranteeOperator, sucursal: serieBranch as GuaranteeHistoryBody['sucursal'] })
        : Promise.resolve([]),
    { load: [serie, fecha, stored] },
  );
  const alerts = useRequest(() => listAlerts({ desde: addDays(today, -ALERT_DAYS) }), { load: [today, stored] });
  const instruments = useRequest(() => listInstruments(operador ? { operador } : {}), { load: [operador, stored] });
  const guaranteesFailed = positions.failure ?? history.failure;

  return (
    <Stack gap="4">
      <RecordListLayout newKey="guarantees.new" introKey="guarantees.intro" canCreate={ALLOWED.create}>
        <SimpleGrid columns={{ base: 1, md: 3, xl: 4 }} gap="4" alignItems="end">
          <FormField labelKey="guarantees.filters.fecha" error={undefined}>
            <DateInput value={fecha} onChange={(iso) => setFilter('fecha', iso === today ? '' : iso)} />
          </FormField>
          <FilterSelect
            label={t('guarantees.filters.operador')}
            anyLabel={t('guarantees.filters.anyOperator')}
            value={operador ?? ''}
            options={GUARANTEE_OPERATORS.map((code) => ({ value: code, label: code }))}
            onChange={(value) => setFilter('operador', value)}
          />
        </SimpleGrid>
        {guaranteesFailed ? <ErrorAlert messageKey="guarantees.error" /> : null}
        {positions.state === 'success' && rows?.length === 0 ? <Text color="fg.muted">{t('guarantees.position.noDay')}</Text> : null}
        <PositionsGrid rows={rows} />
      </RecordListLayout>
      <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4">
        <Stack gridColumn={{ xl: 'span 2' }}>
          <ViewSection titleKey="guarantees.chart.title">
            <Stack gap="3">
              {seriesOptions.length > 0 ? (
                <FilterSelect
                  label={t('guarantees.chart.series')}
                  anyLabel={t('guarantees.chart.series')}
                  value={serie}
                  options={seriesOptions}
                  onChange={(value) => setFilter('serie', value)}
                />
              ) : null}
              {history.data && serie ? <HistoryChart days={history.data} title={t('guarantees.chart.label', { series: serie.replace('-', ' · ') })} /> : null}
            </Stack>
          </ViewSection>
        </Stack>
        <ViewSection titleKey="guarantees.alerts.title">
          {alerts.failure ? <ErrorAlert messageKey="guarantees.error" /> : null}
          {alerts.data ? <AlertsList alerts={alerts.data} /> : null}
        </ViewSection>
      </SimpleGrid>
      <ViewSection titleKey="guarantees.instruments.title">
        {instruments.failure ? <ErrorAlert messageKey={instruments.failure.messageKey} /> : null}
        <InstrumentsList rows={instruments.state === 'failure' ? [] : instruments.data} canEdit={ALLOWED.edit} />
      </ViewSection>
      <StatementsImport onStored={() => setStored((count) => count + 1)} />
    </Stack>
  );
}

function CreateRoute() {
  const outcome = useRecordFormOutcome('guarantees.created', '/', savedParams);
  return (
    <RecordFormRoute titleKey="guarantees.createTitle" load={() => Promise.resolve(true)}>
      {() => <InstrumentForm effects={EFFECTS} {...outcome} />}
    </RecordFormRoute>
  );
}

function EditRoute({ id }: { id: number }) {
  const outcome = useRecordFormOutcome('guarantees.updated', `/${id}`, savedParams);
  return (
    <RecordFormRoute titleKey="guarantees.editTitle" load={() => getInstrument(id)}>
      {(instrument) => <InstrumentForm instrument={instrument} effects={EFFECTS} {...outcome} />}
    </RecordFormRoute>
  );
}

function ViewRoute({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const instrument = useRequest(() => getInstrument(id), { load: [id] });
  if (instrument.failure) return <ErrorAlert messageKey={instrument.failure.messageKey} />;
  if (instrument.data === null) return null;
  return <InstrumentView instrument={instrument.data} onEdit={ALLOWED.edit ? () => navigate(`/${id}/editar`) : undefined} />;
}

/**
 * The guarantees page (`/garantias/`, `monitoreo` view key) and the addresses below it (nested
 * route): `/` the positions, history, alerts, instruments and statements import; `/nuevo` a new
 * instrument; `/:id` an instrument; `/:id/editar`.
 */
export default function GuaranteesPage() {
  return (
    <RecordRoutes
      list={<ListRoute />}
      create={<CreateRoute />}
      view={({ id }) => <ViewRoute id={id} />}
      edit={({ id }) => <EditRoute id={id} />}
      allowed={ALLOWED}
      notFoundKey={NOT_FOUND}
    />
  );
}
