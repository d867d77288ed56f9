import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { addDays } from '../../../schemas/date.schema';
import { SETTLEMENT_POINT_TYPES, type ErcotMarket, type SettlementPoint } from '../../../schemas/ercot.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { dateColumn, decimalColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FigureCards } from '../../lib/ui/figure-cards';
import { FilterSelect } from '../../lib/ui/filter-select';
import { ViewSection } from '../../lib/ui/record-view';
import { downloadPrices, settlementPoints } from './ercot-api';
import { hourEndingLabel, hourlyPrices, type PriceHour } from './hourly-prices';
import { PriceChart } from './price-chart';
import type { ErcotFilters } from './use-ercot-filters';

/** The most days charted at once: two weeks of hours (336 to 337) still read one by one. */
export const CHART_MAX_DAYS = 14;

type HourRow = PriceHour & { id: string; spread: number | null };

/** A market's prices of one point over a range (the call matches by part of a name: the exact one is kept). */
async function pricesOf(nombre: string, desde: string, hasta: string, mercado: ErcotMarket) {
  const found = await settlementPoints({ buscar: nombre, con_precios: { desde, hasta, mercado } });
  return found.find((point) => point.nombre === nombre)?.precios ?? [];
}

/** The mean of the priced hours (null when none is). */
function meanOf(values: ReadonlyArray<number | null>): number | null {
  const priced = values.filter((value): value is number => value !== null);
  return priced.length === 0 ? null : priced.reduce((sum, value) => sum + value, 0) / priced.length;
}

/**
 * The settlement points: the catalogue (of a type) with each point's validity, and one point's
 * day-ahead against real-time prices hour by hour over the range's last days (at most two
 * weeks), as a chart, figures and a grid; each market's prices of the whole range as a workbook.
 */
export function PointsTab({ filters, catalogue, stored }: { filters: ErcotFilters; catalogue: readonly SettlementPoint[] | null; stored: number }) {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const { desde, hasta, fault, tipoPunto, setFilter } = filters;
  const shown = useMemo(() => (catalogue ? catalogue.filter((point) => !tipoPunto || point.tipo === tipoPunto) : null), [catalogue, tipoPunto]);
  const names = useMemo(() => (catalogue ?? []).map((point) => point.nombre), [catalogue]);
  // The point charted: the URL's, else the first hub, else the first point.
  const grafico = names.includes(filters.grafico) ? filters.grafico : ((catalogue ?? []).find((point) => point.tipo === 'HU') ?? catalogue?.[0])?.nombre ?? '';
  const chartFrom = desde > addDays(hasta, 1 - CHART_MAX_DAYS) ? desde : addDays(hasta, 1 - CHART_MAX_DAYS);
  const prices = useRequest(
    async () => {
      if (!grafico || fault) return [];
      const [dam, rtm] = await Promise.all([pricesOf(grafico, chartFrom, hasta, 'DAM'), pricesOf(grafico, chartFrom, hasta, 'RTM')]);
      return hourlyPrices(dam, rtm);
    },
    { load: [grafico, chartFrom, hasta, fault, stored] },
  );
  const download = useRequest((mercado: ErcotMarket) => downloadPrices({ desde, hasta, mercado, puntos: [grafico] }, locale));
  const hours = useMemo<HourRow[] | null>(
    () => prices.data?.map((hour) => ({ ...hour, id: hour.inicio_utc, spread: hour.dam === null || hour.rtm === null ? null : Math.round((hour.rtm - hour.dam) * 10000) / 10000 })) ?? (prices.failure ? [] : null),
    [prices.data, prices.failure],
  );

  const catalogueColumns = useMemo<ColDef<SettlementPoint>[]>(
    () => [
      { field: 'nombre', headerName: t('ercot.columns.nombre'), minWidth: 180 },
      { field: 'tipo', headerName: t('ercot.columns.tipo_punto'), valueFormatter: ({ value }) => t(`ercot.pointTypes.${value as string}`), minWidth: 180 },
      { ...dateColumn<SettlementPoint>('vigente_desde', format), headerName: t('ercot.columns.vigente_desde') },
      { ...dateColumn<SettlementPoint>('vigente_hasta', format), headerName: t('ercot.columns.vigente_hasta'), valueFormatter: ({ value }) => (value ? format.date(value as string) : t('ercot.inForce')) },
    ],
    [format, t],
  );
  const noPrice = t('ercot.noPrice');
  const hourColumns = useMemo<ColDef<HourRow>[]>(() => {
    const price = (field: string, headerName: string): ColDef<HourRow> => ({
      ...decimalColumn<HourRow>(field, format, { min: 2, max: 4 }),
      headerName,
      valueFormatter: ({ value }) => (value === null || value === undefined ? noPrice : format.decimal(value as number, { minFractionDigits: 2, maxFractionDigits: 4 })),
    });
    return [
      { ...dateColumn<HourRow>('dia_operacion', format), headerName: t('ercot.columns.dia_operacion') },
      {
        colId: 'hora_final',
        headerName: t('ercot.columns.hora_final'),
        valueGetter: ({ data }) => (data ? hourEndingLabel(data.hora_final, data.repetida) : ''),
        tooltipValueGetter: ({ data }) => (data ? t('ercot.utcStart', { utc: data.inicio_utc.replace('T', ' ').replace('Z', ' UTC') }) : null),
      },
      price('dam', t('ercot.chart.dam')),
      price('rtm', t('ercot.chart.rtm')),
      price('spread', t('ercot.columns.spread')),
    ];
  }, [format, t, noPrice]);

  const usdMwh = (value: number | null) => (value === null ? noPrice : `${format.decimal(value, { minFractionDigits: 2, maxFractionDigits: 2 })} USD/MWh`);
  const pricedHours = prices.data ?? [];
  const label = t('ercot.chart.label', { point: grafico, from: format.date(chartFrom), to: format.date(hasta) });

  return (
    <Stack gap="4">
      <ViewSection
        titleKey="ercot.chart.title"
        action={
          <HStack gap="2">
            {(['DAM', 'RTM'] as const).map((mercado) => (
              <Button key={mercado} size="sm" variant="outline" onClick={() => download.send(mercado)} loading={download.state === 'loading'} disabled={!grafico || fault !== null}>
                {t(`ercot.chart.download${mercado}`)}
              </Button>
            ))}
          </HStack>
        }
      >
        <Stack gap="4">
          <FilterSelect label={t('ercot.chart.point')} anyLabel={t('ercot.chart.choosePoint')} value={grafico} options={names.map((name) => ({ value: name, label: name }))} onChange={(value) => setFilter('grafico', value)} rootProps={{ width: { md: '18rem' } }} />
          {prices.failure ?? download.failure ? <ErrorAlert messageKey={(prices.failure ?? download.failure)!.messageKey} /> : null}
          {fault ? null : (
            <>
              <FigureCards
                columns={4}
                loaded={prices.data !== null}
                cards={[
                  ['hours', t('ercot.figures.hours'), format.integer(pricedHours.length)],
                  ['meanDam', t('ercot.figures.meanDam'), usdMwh(meanOf(pricedHours.map((hour) => hour.dam)))],
                  ['meanRtm', t('ercot.figures.meanRtm'), usdMwh(meanOf(pricedHours.map((hour) => hour.rtm)))],
                  ['maxDam', t('ercot.figures.maxDam'), usdMwh(pricedHours.some((hour) => hour.dam !== null) ? Math.max(...pricedHours.flatMap((hour) => (hour.dam === null ? [] : [hour.dam]))) : null)],
                ]}
              />
              <Text role="status" color="fg.muted" data-testid="chart-caption">
                {prices.data === null
                  ? ''
                  : pricedHours.length === 0
                    ? t('ercot.chart.empty', { point: grafico, from: format.date(chartFrom), to: format.date(hasta) })
                    : t('ercot.chart.caption', { count: pricedHours.length, from: format.date(chartFrom), to: format.date(hasta) }) + (chartFrom > desde ? ` ${t('ercot.chart.lastDays', { count: CHART_MAX_DAYS })}` : '')}
              </Text>
              {pricedHours.length > 0 ? <PriceChart hours={pricedHours} label={label} /> : null}
              <DataGrid<HourRow> rows={hours} columns={hourColumns} i18nPrefix="ercot.hours" csv urlPrefix="h." height="420px" urlFilters={false} />
            </>
          )}
        </Stack>
      </ViewSection>
      <ViewSection titleKey="ercot.catalogue.title">
        <DataGrid<SettlementPoint>
          rows={shown ? [...shown] : null}
          columns={catalogueColumns}
          rowId={(point) => point.nombre}
          i18nPrefix="ercot.catalogue"
          urlPrefix="pts."
          height="360px"
          toolbar={
            <SimpleGrid>
              <FilterSelect label={t('ercot.filters.tipoPunto')} anyLabel={t('ercot.filters.anyType')} value={tipoPunto ?? ''} options={SETTLEMENT_POINT_TYPES.map((type) => ({ value: type, label: t(`ercot.pointTypes.${type}`) }))} onChange={(value) => setFilter('tipo_punto', value)} />
            </SimpleGrid>
          }
        />
      </ViewSection>
    </Stack>
  );
}
