import { Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { MONITORING_ROLES, type PowerRow, type PowerTotal } from '../../../schemas/monitoring.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { integerColumn } from '../../lib/grid/column-types';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { dailySeries } from './monitoring-chart';
import { MonitoringFilters } from './monitoring-filters';
import { downloadMonitoring, getCounterparties, getPowerRows, getPowerTotals } from './monitoring-api';
import type { FigureCard } from '../../lib/ui/figure-cards';
import { RangeOverview } from './range-overview';
import { figureColumn, RoleGrid } from './role-grid';
import { useMonitoringFilters } from './use-monitoring-filters';

/**
 * `/monitoreo/potencia/`: each buyer's and seller's MW in force per day against its largest
 * hour, for the URL's range and filters: the largest day of each role, the days as a chart,
 * each role's rows as a grid, and the same as an Excel workbook.
 */
export default function PowerPage() {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const filters = useMonitoringFilters();
  const { body, fault } = filters;
  const key = JSON.stringify(body);
  // A range the server would refuse is not asked for: the filter bar says why instead.
  const totals = useRequest(() => (fault ? Promise.resolve<PowerTotal[]>([]) : getPowerTotals(body)), { load: [key, fault] });
  const rows = useRequest(() => (fault ? Promise.resolve<PowerRow[]>([]) : getPowerRows(body)), { load: [key, fault] });
  const counterparties = useRequest(getCounterparties, { load: [] });
  const download = useRequest(() => downloadMonitoring('potencia', body, locale));
  const failure = totals.failure ?? rows.failure ?? counterparties.failure ?? download.failure;
  const noData = t('monitoring.noData');

  const figures = useMemo<ColDef<PowerRow>[]>(
    () => [
      figureColumn<PowerRow>('mw_contratada', t('monitoring.power.columns.mw_contratada'), format, noData),
      figureColumn<PowerRow>('mw_max', t('monitoring.power.columns.mw_max'), format, noData),
      { ...integerColumn<PowerRow>('periodo_max', format), headerName: t('monitoring.power.columns.periodo_max') },
      figureColumn<PowerRow>('factor_uso_pct', t('monitoring.power.columns.factor_uso_pct'), format, noData),
    ],
    [format, t, noData],
  );
  const byRole = (rol: (typeof MONITORING_ROLES)[number]) => totals.data?.find((total) => total.rol === rol);
  const mw = (value: string | null | undefined) => (value === null || value === undefined ? noData : `${format.decimal(value, { maxFractionDigits: 3 })} MW`);
  const series = useMemo(
    () =>
      dailySeries(totals.data ?? [], format, [
        { type: 'column', name: (role) => t('monitoring.power.series.contracted', { role }), value: (day) => day.mw_contratada },
        { type: 'line', name: (role) => t('monitoring.power.series.max', { role }), value: (day) => day.mw_max },
      ], (rol) => t(`monitoring.roles.${rol}`)),
    [totals.data, format, t],
  );

  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('monitoring.power.intro')}</Text>
      <MonitoringFilters filters={filters} counterparties={counterparties.data} onDownload={() => download.send()} downloading={download.state === 'loading'} />
      {failure ? <ErrorAlert messageKey={failure.messageKey} /> : null}
      {!fault ? (
        <>
          <RangeOverview
            cards={MONITORING_ROLES.flatMap((rol): FigureCard[] => [
              [`kpiContracted-${rol}`, t('monitoring.power.kpiContracted', { role: t(`monitoring.roles.${rol}`) }), mw(byRole(rol)?.mw_contratada_max ?? '0')],
              [`kpiMax-${rol}`, t('monitoring.power.kpiMax', { role: t(`monitoring.roles.${rol}`) }), mw(byRole(rol)?.mw_max)],
            ])}
            columns={4}
            loaded={totals.data !== null}
            chartTitleKey="monitoring.power.chartTitle"
            chart={{ ...series, unit: 'MW', label: t('monitoring.power.chart') }}
            range={body}
          />
          {MONITORING_ROLES.map((rol) => (
            <RoleGrid<PowerRow> key={rol} rol={rol} rows={rows.data} figures={figures} />
          ))}
        </>
      ) : null}
    </Stack>
  );
}
