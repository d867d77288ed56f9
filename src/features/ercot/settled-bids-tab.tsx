import { Button, Stack, Text } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { AWARD_KINDS, type SettledBid, type SettledBids } from '../../../schemas/ercot.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { dateColumn, decimalColumn, moneyColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { FigureCards } from '../../lib/ui/figure-cards';
import { FilterSelect } from '../../lib/ui/filter-select';
import { downloadSettledBids, settledBids } from './ercot-api';
import { hourEndingLabel } from './hourly-prices';
import type { ErcotFilters } from './use-ercot-filters';

/** A grid row: an award, or the totals pinned below (`id` 0). */
type Row = SettledBid;

const USD = () => 'USD' as const;

/**
 * The day-ahead awards of the range (of a point, of a kind), each with the DAM settlement point
 * price of its hour and what it earned (+) or paid (−) in USD; the totals as cards and pinned
 * below the grid; the same as a workbook. Hours ending are Central Prevailing Time, the repeated
 * hour of a fall-back day marked `02*`, each hour's UTC start on hover.
 */
export function SettledBidsTab({ filters, points, stored }: { filters: ErcotFilters; points: readonly string[]; stored: number }) {
  const t = useT();
  const format = useFormat();
  const locale = useLocale();
  const { desde, hasta, punto, tipo, fault, setFilter } = filters;
  const body = { desde, hasta, ...(punto ? { punto } : {}), ...(tipo ? { tipo } : {}) };
  const key = JSON.stringify(body);
  const awards = useRequest(() => (fault ? Promise.resolve<SettledBids | null>(null) : settledBids(body)), { load: [key, fault, stored] });
  const download = useRequest(() => downloadSettledBids(body, locale));
  const totals = awards.data?.totales;
  const noPrice = t('ercot.noPrice');

  const columns = useMemo<ColDef<Row>[]>(() => {
    const price = (field: string) => ({
      ...decimalColumn<Row>(field, format, { min: 2 }),
      valueFormatter: ({ value, node }: { value: unknown; node: { rowPinned?: unknown } | null }) => (value === null || value === undefined ? (node?.rowPinned ? '' : noPrice) : format.decimal(value as string, { minFractionDigits: 2 })),
    });
    return [
      { ...dateColumn<Row>('dia_operacion', format), headerName: t('ercot.columns.dia_operacion') },
      {
        colId: 'hora_final',
        headerName: t('ercot.columns.hora_final'),
        valueGetter: ({ data, node }) => (node?.rowPinned || !data ? '' : hourEndingLabel(data.hora_final, data.repetida)),
        tooltipValueGetter: ({ data, node }) => (node?.rowPinned || !data ? null : t('ercot.utcStart', { utc: data.inicio_utc.replace('T', ' ').replace('Z', ' UTC') })),
        minWidth: 90,
      },
      { field: 'tipo', headerName: t('ercot.columns.tipo'), valueFormatter: ({ value }) => (value ? t(`ercot.kinds.${value as string}`) : ''), minWidth: 120 },
      { field: 'punto', headerName: t('ercot.columns.punto'), minWidth: 140 },
      { field: 'punto_sumidero', headerName: t('ercot.columns.punto_sumidero'), minWidth: 120 },
      { ...decimalColumn<Row>('mw_adjudicado', format, { max: 3 }), headerName: t('ercot.columns.mw_adjudicado') },
      { ...price('precio'), headerName: t('ercot.columns.precio') },
      { ...price('precio_sumidero'), headerName: t('ercot.columns.precio_sumidero') },
      { ...moneyColumn<Row>('monto', format, USD), headerName: t('ercot.columns.monto'), minWidth: 150 },
      // What was bid, after what it came to.
      { ...decimalColumn<Row>('mw_oferta', format, { max: 3 }), headerName: t('ercot.columns.mw_oferta') },
      { ...decimalColumn<Row>('precio_oferta', format, { min: 2 }), headerName: t('ercot.columns.precio_oferta') },
    ];
  }, [format, t, noPrice]);

  const totalsRow = useMemo<Row[] | undefined>(
    () =>
      totals
        ? [{ id: 0, dia_operacion: '', hora_final: 0, repetida: false, inicio_utc: '', tipo: undefined as unknown as Row['tipo'], punto: t('ercot.total'), punto_sumidero: null, mw_oferta: null as unknown as string, precio_oferta: null as unknown as string, mw_adjudicado: totals.mwh, precio: null, precio_sumidero: null, monto: totals.monto }]
        : undefined,
    [totals, t],
  );
  const usd = (value: string | undefined) => format.money(value ?? '0', 'USD');
  const mwh = (value: string | undefined) => `${format.decimal(value ?? '0', { maxFractionDigits: 3 })} MWh`;

  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <FilterSelect label={t('ercot.filters.punto')} anyLabel={t('ercot.filters.anyPoint')} value={punto ?? ''} options={points.map((name) => ({ value: name, label: name }))} onChange={(value) => setFilter('punto', value)} rootProps={{ width: { md: '16rem' } }} />
        <FilterSelect label={t('ercot.filters.tipo')} anyLabel={t('ercot.filters.anyKind')} value={tipo ?? ''} options={AWARD_KINDS.map((kind) => ({ value: kind, label: t(`ercot.kinds.${kind}`) }))} onChange={(value) => setFilter('tipo', value)} rootProps={{ width: { md: '14rem' } }} />
        <Button variant="outline" marginStart={{ md: 'auto' }} onClick={() => download.send()} loading={download.state === 'loading'} disabled={fault !== null}>
          {t('ercot.download')}
        </Button>
      </Stack>
      {awards.failure ?? download.failure ? <ErrorAlert messageKey={(awards.failure ?? download.failure)!.messageKey} /> : null}
      {fault ? null : (
        <>
          <FigureCards
            columns={5}
            loaded={totals !== undefined}
            cards={[
              ['awards', t('ercot.figures.awards'), format.integer(totals?.adjudicaciones ?? 0)],
              ['bought', t('ercot.figures.bought'), mwh(totals?.mwh_compra)],
              ['sold', t('ercot.figures.sold'), mwh(totals?.mwh_venta)],
              ['ptp', t('ercot.figures.ptp'), mwh(totals?.mwh_ptp)],
              ['net', t('ercot.figures.net'), usd(totals?.monto)],
            ]}
          />
          {totals && totals.sin_precio > 0 ? (
            <Text role="status" color="orange.fg">
              {t('ercot.unpriced', { count: totals.sin_precio })}
            </Text>
          ) : null}
          <DataGrid<Row> rows={awards.data ? awards.data.adjudicaciones : awards.failure ? [] : null} columns={columns} i18nPrefix="ercot.awards" csv urlPrefix="adj." pageSize={100} pinnedBottomRows={totalsRow} />
        </>
      )}
    </Stack>
  );
}
