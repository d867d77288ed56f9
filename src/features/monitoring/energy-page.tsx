import { Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { isIsoDate } from '../../../schemas/date.schema';
import { MONITORING_ROLES, type EnergyHour, type EnergyRow, type EnergyTotal, type MonitoringRole } from '../../../schemas/monitoring.schema';
import { useRequest } from '../../lib/api/use-request';
import { FormField } from '../../lib/forms/form-field';
import { useFormat } from '../../lib/format/use-format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { DateInput } from '../../lib/ui/date-input';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { ViewSection } from '../../lib/ui/record-view';
import { dailySeries, MonitoringChart, type MonitoringSeries } from './monitoring-chart';
import type { FigureCard } from '../../lib/ui/figure-cards';
import { RangeOverview } from './range-overview';
import { MonitoringFilters } from './monitoring-filters';
import { downloadMonitoring, getCounterparties, getEnergyHours, getEnergyRows, getEnergyTotals } from './monitoring-api';
import { figureColumn, RoleGrid } from './role-grid';
import { useMonitoringFilters } from './use-monitoring-filters';

const HOURS = Array.from({ length: 24 }, (_, index) => index + 1);

/** Each role's MWh per hour of the day, to draw (the exact figures are the server's, per counterparty). */
function hourlySeries(hours: readonly EnergyHour[], roleName: (rol: MonitoringRole) => string): MonitoringSeries[] {
  return MONITORING_ROLES.map((rol) => {
    const own = hours.filter((hour) => hour.rol === rol);
    return {
      name: roleName(rol),
      type: 'column',
      data: HOURS.map((periodo) => {
        const inHour = own.filter((hour) => hour.periodo === periodo);
        return inHour.length === 0 ? null : String(inHour.reduce((sum, hour) => sum + Number(hour.mwh_total), 0));
      }),
    };
  });
}

/**
 * `/monitoreo/energia/`: each buyer's and seller's MWh per day against what it contracted,
 * for the URL's range and filters: each role's range totals, the days as a chart, one day's
 * hours (URL `dia`, the range's last by default), each role's rows as a grid with its totals
 * below, and the same as an Excel workbook.
 */
export default function EnergyPage() {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const filters = useMonitoringFilters();
  const { body, fault, dia, setFilter } = filters;
  const [badDay, setBadDay] = useState(false);
  const key = JSON.stringify(body);
  // A range the server would refuse is not asked for: the filter bar says why instead.
  const totals = useRequest(() => (fault ? Promise.resolve<EnergyTotal[]>([]) : getEnergyTotals(body)), { load: [key, fault] });
  const rows = useRequest(() => (fault ? Promise.resolve<EnergyRow[]>([]) : getEnergyRows(body)), { load: [key, fault] });
  const { desde: _desde, hasta: _hasta, ...dayFilters } = body;
  const hours = useRequest(() => getEnergyHours({ fecha: dia, ...dayFilters }), { load: [dia, JSON.stringify(dayFilters)] });
  const counterparties = useRequest(getCounterparties, { load: [] });
  const download = useRequest(() => downloadMonitoring('energia', body, locale));
  const failure = totals.failure ?? rows.failure ?? hours.failure ?? counterparties.failure ?? download.failure;
  const noData = t('monitoring.noData');
  const roleName = (rol: MonitoringRole) => t(`monitoring.roles.${rol}`);

  const figures = useMemo<ColDef<EnergyRow>[]>(
    () => (['mwh_contratada', 'mwh_fisica', 'mwh_flex', 'mwh_total', 'cumplimiento_pct'] as const).map((field) => figureColumn<EnergyRow>(field, t(`monitoring.energy.columns.${field}`), format, noData)),
    [format, t, noData],
  );
  const byRole = (rol: MonitoringRole) => totals.data?.find((total) => total.rol === rol);
  const mwh = (value: string | null | undefined) => (value === null || value === undefined ? noData : `${format.decimal(value, { maxFractionDigits: 3 })} MWh`);
  const percent = (value: string | null | undefined) => (value === null || value === undefined ? noData : `${format.decimal(value, { maxFractionDigits: 2 })} %`);
  const daily = useMemo(
    () =>
      dailySeries(
        totals.data ?? [],
        format,
        [
          { type: 'column', name: (role) => t('monitoring.energy.series.delivered', { role }), value: (day) => day.mwh_total },
          { type: 'line', name: (role) => t('monitoring.energy.series.contracted', { role }), value: (day) => day.mwh_contratada },
        ],
        (rol) => t(`monitoring.roles.${rol}`),
      ),
    [totals.data, format, t],
  );
  const hourly = useMemo(() => hourlySeries(hours.data ?? [], (rol) => t(`monitoring.roles.${rol}`)), [hours.data, t]);
  const totalsRow = (rol: MonitoringRole): EnergyRow[] | undefined => {
    const total = byRole(rol);
    return total ? [{ ...total, fecha: '', empresa_id: 0, razon_social: t('monitoring.total'), anexos: null as unknown as number }] : undefined;
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('monitoring.energy.intro')}</Text>
      <MonitoringFilters filters={filters} counterparties={counterparties.data} onDownload={() => download.send()} downloading={download.state === 'loading'} />
      {failure ? <ErrorAlert messageKey={failure.messageKey} /> : null}
      {!fault ? (
        <>
          <RangeOverview
            cards={MONITORING_ROLES.flatMap((rol): FigureCard[] => [
              [`kpiContracted-${rol}`, t('monitoring.energy.kpiContracted', { role: roleName(rol) }), mwh(byRole(rol)?.mwh_contratada ?? '0')],
              [`kpiDelivered-${rol}`, t('monitoring.energy.kpiDelivered', { role: roleName(rol) }), mwh(byRole(rol)?.mwh_total)],
              [`kpiFulfilment-${rol}`, t('monitoring.energy.kpiFulfilment', { role: roleName(rol) }), percent(byRole(rol)?.cumplimiento_pct)],
            ])}
            columns={3}
            loaded={totals.data !== null}
            chartTitleKey="monitoring.energy.chartTitle"
            chart={{ ...daily, unit: 'MWh', label: t('monitoring.energy.chart') }}
            range={body}
          />
        </>
      ) : null}
      <ViewSection titleKey="monitoring.energy.hourlyTitle">
        <Stack gap="3">
          <Stack width={{ md: '11rem' }}>
            <FormField labelKey="monitoring.energy.day" error={badDay ? { key: 'forms.errors.date' } : undefined}>
              <DateInput value={isIsoDate(dia) ? dia : ''} onChange={(iso) => setFilter('dia', iso)} onValidity={(valid) => setBadDay(!valid)} />
            </FormField>
          </Stack>
          {hours.data && hours.data.length === 0 ? (
            <Text role="status" color="fg.muted">
              {t('monitoring.energy.hourlyEmpty', { day: format.date(dia) })}
            </Text>
          ) : null}
          {hours.data && hours.data.length > 0 ? (
            <MonitoringChart categories={HOURS.map(String)} series={hourly} unit="MWh" label={t('monitoring.energy.hourlyChart', { day: format.date(dia) })} />
          ) : null}
        </Stack>
      </ViewSection>
      {!fault
        ? MONITORING_ROLES.map((rol) => <RoleGrid<EnergyRow> key={rol} rol={rol} rows={rows.data} figures={figures} totals={totalsRow(rol)} />)
        : null}
    </Stack>
  );
}
