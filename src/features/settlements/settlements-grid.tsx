import { Button } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link } from 'wouter';
import type { Settlement, SettlementState } from '../../../schemas/settlement.schema';
import { decimalColumn, moneyColumn } from '../../lib/grid/column-types';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn, linkColumn } from '../../lib/grid/grid-cells';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { StateBadge, VersionBadge } from './settlement-badges';
import { settlementName } from './settlement-names';

/** Amounts are USD: the engine prices every contract in dollars (MXN is a column of its own). */
const usd = () => 'USD' as const;

/** Room for an amount in the millions with its currency, and a header of two words, even on an empty page. */
const MONEY_WIDTH = 150;

/** `02/2026`: a settlement's month as the product writes dates (dd/mm/yyyy without the day). */
const monthOf = (row: Settlement | undefined) => (row ? `${String(row.mes).padStart(2, '0')}/${row.anio}` : '');

/**
 * One page of settlements: contract (opens it), company, country, month, version and state
 * badges, energy, energy amount, margin, invoice, who computed and validated it and when.
 * Search and sort act on the page shown; the filters and pages are the server's.
 */
export function SettlementsGrid({ rows }: { rows: Settlement[] | null }) {
  const t = useT();
  const format = useFormat();
  const columns = useMemo<ColDef<Settlement>[]>(
    () => [
      linkColumn<Settlement>({ field: 'contrato_codigo', headerName: t('settlements.list.columns.contrato'), minWidth: 120 }, (row) => `/${row.id}`),
      { field: 'empresa_razon_social', headerName: t('settlements.list.columns.empresa'), minWidth: 180 },
      {
        field: 'sucursal',
        headerName: t('settlements.list.columns.pais'),
        valueFormatter: ({ value }) => (value ? t(`countries.${value as string}`) : ''),
        getQuickFilterText: ({ value }) => (value ? t(`countries.${value as string}`) : ''),
      },
      {
        colId: 'periodo',
        headerName: t('settlements.list.columns.periodo'),
        // Sorted by year then month; shown and searched as 02/2026.
        valueGetter: ({ data }) => (data ? data.anio * 100 + data.mes : null),
        valueFormatter: ({ data }) => monthOf(data),
        getQuickFilterText: ({ data }) => monthOf(data),
        filter: false,
      },
      {
        colId: 'version',
        field: 'version_liquidacion',
        headerName: t('settlements.list.columns.version'),
        minWidth: 110,
        cellRenderer: ({ data }: ICellRendererParams<Settlement>) => (data ? <VersionBadge settlement={data} /> : null),
      },
      {
        field: 'estado',
        headerName: t('settlements.list.columns.estado'),
        // As wide as its longest badge ("Preliminary") with the header's filter button.
        minWidth: 140,
        cellRenderer: ({ value }: ICellRendererParams<Settlement>) => (value ? <StateBadge state={value as SettlementState} /> : null),
        getQuickFilterText: ({ value }) => t(`settlements.common.states.${value as string}`),
      },
      { ...decimalColumn<Settlement>('energia_total_mwh', format, { max: 3 }), minWidth: 120, headerName: t('settlements.list.columns.energia_total_mwh') },
      { ...moneyColumn<Settlement>('liquidacion_energia', format, usd), minWidth: MONEY_WIDTH, headerName: t('settlements.list.columns.liquidacion_energia') },
      { ...moneyColumn<Settlement>('margen', format, usd), minWidth: MONEY_WIDTH, headerName: t('settlements.list.columns.margen') },
      { ...moneyColumn<Settlement>('factura', format, usd), minWidth: MONEY_WIDTH, headerName: t('settlements.list.columns.factura') },
      { field: 'calculada_por', headerName: t('settlements.list.columns.calculada_por') },
      { field: 'calculada_en', headerName: t('settlements.list.columns.calculada_en'), valueFormatter: ({ value }) => format.dateTime(value as string | null), filter: false },
      { field: 'validada_por', headerName: t('settlements.list.columns.validada_por') },
      { field: 'validada_en', headerName: t('settlements.list.columns.validada_en'), valueFormatter: ({ value }) => format.dateTime(value as string | null), filter: false },
      actionsColumn<Settlement>({
        headerName: t('settlements.list.columns.actions'),
        render: (row) => (
          <Button asChild size="xs" variant="outline">
            <Link href={`/${row.id}`} aria-label={t('settlements.list.openNamed', { contract: row.contrato_codigo ?? '', month: monthOf(row), version: settlementName(row) })}>
              {t('settlements.list.open')}
            </Link>
          </Button>
        ),
      }),
    ],
    [t, format],
  );
  return (
    <DataGrid<Settlement>
      rows={rows}
      columns={columns}
      i18nPrefix="settlements.list"
      csv
      urlFilters={false}
    />
  );
}
