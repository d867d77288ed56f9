import { Button, Stack, Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import type { ColDef } from 'ag-grid-community';
import { lazy, Suspense, useMemo } from 'react';
import { ACCUMULATION_GROUPINGS, type AccumulatedRow } from '../../../schemas/ercot.schema';
import { sumDecimals } from '../../../schemas/exact-decimal';
import { useRequest } from '../../lib/api/use-request';
import { useFormat, type Formatters } from '../../lib/format/use-format';
import { decimalColumn, integerColumn, moneyColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FilterSelect } from '../../lib/ui/filter-select';
import { ViewSection } from '../../lib/ui/record-view';
import { accumulated, downloadAccumulated } from './ercot-api';
import type { ErcotFilters } from './use-ercot-filters';

// ApexCharts is heavy (about 280 KB gzip): loaded when the chart is first drawn.
const Chart = lazy(() => import('../../lib/charts/chart'));

type Row = AccumulatedRow & { id: string };

const USD = () => 'USD' as const;

/** A group's key as the page names it: a day or a month in the language's notation, a point as is. */
function keyLabel(clave: string, agrupacion: ErcotFilters['agrupacion'], format: Formatters): string {
  if (agrupacion === 'dia') return format.date(clave);
  if (agrupacion === 'mes') return format.month(Number(clave.slice(0, 4)), Number(clave.slice(5, 7)));
  return clave;
}

/**
 * What the awards of the range add up to, per operating day, month or point (a point-to-point
 * obligation at its source): MWh bought, sold and scheduled point to point, the USD earned (+) or
 * paid (−) and its running total, as bars and a line, a grid with the totals below, and a workbook.
 */
export function AccumulatedTab({ filters, stored }: { filters: ErcotFilters; stored: number }) {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const { desde, hasta, agrupacion, fault, setFilter } = filters;
  const body = { desde, hasta, agrupacion };
  const groups = useRequest(() => (fault ? Promise.resolve<AccumulatedRow[]>([]) : accumulated(body)), { load: [desde, hasta, agrupacion, fault, stored] });
  const download = useRequest(() => downloadAccumulated(body, locale));
  const rows = useMemo<Row[] | null>(() => groups.data?.map((group) => ({ ...group, id: group.clave })) ?? (groups.failure ? [] : null), [groups.data, groups.failure]);

  const columns = useMemo<ColDef<Row>[]>(
    () => [
      { field: 'clave', headerName: t(`ercot.groupings.${agrupacion}`), valueFormatter: ({ value, node }) => (node?.rowPinned ? (value as string) : keyLabel(value as string, agrupacion, format)), minWidth: 140 },
      { ...integerColumn<Row>('adjudicaciones', format), headerName: t('ercot.columns.adjudicaciones') },
      { ...decimalColumn<Row>('mwh_compra', format, { max: 3 }), headerName: t('ercot.columns.mwh_compra') },
      { ...decimalColumn<Row>('mwh_venta', format, { max: 3 }), headerName: t('ercot.columns.mwh_venta') },
      { ...decimalColumn<Row>('mwh_ptp', format, { max: 3 }), headerName: t('ercot.columns.mwh_ptp') },
      { ...moneyColumn<Row>('monto', format, USD), headerName: t('ercot.columns.monto'), minWidth: 150 },
      { ...moneyColumn<Row>('monto_acumulado', format, USD), headerName: t('ercot.columns.monto_acumulado'), minWidth: 160 },
      { ...integerColumn<Row>('sin_precio', format), headerName: t('ercot.columns.sin_precio') },
    ],
    [agrupacion, format, t],
  );
  // The totals: the sums of the groups; the running total's last value is the range's.
  const totalsRow = useMemo<Row[] | undefined>(() => {
    const data = groups.data;
    if (!data || data.length === 0) return undefined;
    const sum = (field: 'adjudicaciones' | 'sin_precio') => data.reduce((total, group) => total + group[field], 0);
    const last = data[data.length - 1]!;
    return [
      {
        id: 'total',
        clave: t('ercot.total'),
        adjudicaciones: sum('adjudicaciones'),
        sin_precio: sum('sin_precio'),
        mwh: sumDecimals(data.map((group) => group.mwh)),
        mwh_compra: sumDecimals(data.map((group) => group.mwh_compra)),
        mwh_venta: sumDecimals(data.map((group) => group.mwh_venta)),
        mwh_ptp: sumDecimals(data.map((group) => group.mwh_ptp)),
        monto: last.monto_acumulado,
        monto_acumulado: last.monto_acumulado,
      },
    ];
  }, [groups.data, t]);

  const categories = useMemo(() => (groups.data ?? []).map((group) => keyLabel(group.clave, agrupacion, format)), [groups.data, agrupacion, format]);
  const series = useMemo(
    () => [
      { name: t('ercot.columns.monto'), type: 'column', data: (groups.data ?? []).map((group) => Number(group.monto)) },
      ...(agrupacion === 'punto' ? [] : [{ name: t('ercot.columns.monto_acumulado'), type: 'line', data: (groups.data ?? []).map((group) => Number(group.monto_acumulado)) }]),
    ],
    [groups.data, agrupacion, t],
  );
  const options = useMemo<ApexOptions>(
    () => ({
      xaxis: { categories, labels: { rotate: -45, hideOverlappingLabels: true, trim: false }, tooltip: { enabled: false } },
      // The groups' amounts and their running total differ by an order of magnitude: each its own axis.
      yaxis: [
        { seriesName: t('ercot.columns.monto'), title: { text: t('ercot.columns.monto') }, labels: { formatter: (value: number) => format.decimal(value, { maxFractionDigits: 0 }) } },
        ...(agrupacion === 'punto'
          ? []
          : [{ seriesName: t('ercot.columns.monto_acumulado'), opposite: true, title: { text: t('ercot.columns.monto_acumulado') }, labels: { formatter: (value: number) => format.decimal(value, { maxFractionDigits: 0 }) } }]),
      ],
      tooltip: { shared: true, intersect: false, y: { formatter: (value) => format.money(value, 'USD') } },
      stroke: { width: agrupacion === 'punto' ? [0] : [0, 2], curve: 'straight' },
      colors: ['#2f855a', '#1a365d'],
      legend: { position: 'top', horizontalAlign: 'left' },
      dataLabels: { enabled: false },
    }),
    [categories, agrupacion, format, t],
  );

  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <FilterSelect
          label={t('ercot.filters.agrupacion')}
          anyLabel={t('ercot.groupings.dia')}
          value={agrupacion === 'dia' ? '' : agrupacion}
          options={ACCUMULATION_GROUPINGS.filter((grouping) => grouping !== 'dia').map((grouping) => ({ value: grouping, label: t(`ercot.groupings.${grouping}`) }))}
          onChange={(value) => setFilter('agrupacion', value)}
          rootProps={{ width: { md: '14rem' } }}
        />
        <Button variant="outline" marginStart={{ md: 'auto' }} onClick={() => download.send()} loading={download.state === 'loading'} disabled={fault !== null}>
          {t('ercot.download')}
        </Button>
      </Stack>
      {groups.failure ?? download.failure ? <ErrorAlert messageKey={(groups.failure ?? download.failure)!.messageKey} /> : null}
      {fault ? null : (
        <>
          <ViewSection titleKey="ercot.accumulated.chartTitle">
            {groups.data && groups.data.length === 0 ? (
              <Text role="status" color="fg.muted">
                {t('ercot.accumulated.emptyRange', { from: format.date(desde), to: format.date(hasta) })}
              </Text>
            ) : groups.data ? (
              <Suspense fallback={<Text color="fg.muted">{t('common.loading')}</Text>}>
                <Chart type="line" series={series} options={options} height={300} label={t('ercot.accumulated.chart', { from: format.date(desde), to: format.date(hasta) })} />
              </Suspense>
            ) : null}
          </ViewSection>
          <DataGrid<Row> rows={rows} columns={columns} i18nPrefix="ercot.accumulated" csv urlPrefix="acu." pinnedBottomRows={totalsRow} height="460px" />
        </>
      )}
    </Stack>
  );
}

