import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import type { ReferencePrice } from '../../../schemas/logbook.schema';
import { useFormat } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { useT } from '../../lib/i18n/use-t';
import { PERIODS } from './declaration-sheet';

interface NodePrices {
  nodo: string;
  /** Per period (index 0 is period 1): the price, null where there is none. */
  precios: Array<string | null>;
  /** Where the day's prices come from: the EOR's ex-ante, else the PE price. */
  fuente: string;
}

/**
 * The day's reference price of each period at each node of the sheet: the EOR's ex-ante price
 * once its predespacho is imported, else the node's PE price; "—" where there is none (never 0).
 */
export function ReferencePricesGrid({ prices, nodes }: { prices: readonly ReferencePrice[] | null; nodes: readonly string[] }) {
  const t = useT();
  const format = useFormat();
  const rows = useMemo<NodePrices[] | null>(() => {
    if (prices === null) return null;
    const wanted = new Set(nodes);
    const byNode = new Map<string, NodePrices>();
    for (const price of prices) {
      if (!wanted.has(price.nodo)) continue;
      const row = byNode.get(price.nodo) ?? { nodo: price.nodo, precios: PERIODS.map(() => null), fuente: '' };
      row.precios[price.periodo - 1] = price.precio;
      if (price.fuente && !row.fuente.includes(price.fuente)) row.fuente = row.fuente ? `${row.fuente}, ${price.fuente}` : price.fuente;
      byNode.set(price.nodo, row);
    }
    return [...byNode.values()];
  }, [prices, nodes]);
  const columns = useMemo<ColDef<NodePrices>[]>(
    () => [
      { field: 'nodo', headerName: t('logbooks.mer.columns.pm'), pinned: 'left', minWidth: 120 },
      {
        field: 'fuente',
        headerName: t('logbooks.mer.columns.source'),
        minWidth: 110,
        valueFormatter: ({ value }) => String(value ?? '').split(', ').filter(Boolean).map((source) => t(`logbooks.priceSources.${source}`)).join(', '),
      },
      ...PERIODS.map(
        (periodo): ColDef<NodePrices> => ({
          colId: `p${periodo}`,
          headerName: String(periodo),
          type: 'rightAligned',
          minWidth: 80,
          sortable: false,
          filter: false,
          valueGetter: ({ data }) => data?.precios[periodo - 1] ?? null,
          valueFormatter: ({ value }) => (value === null || value === undefined ? '—' : format.decimal(value as string, { minFractionDigits: 2, maxFractionDigits: 2 })),
        }),
      ),
    ],
    [t, format],
  );
  return <DataGrid<NodePrices> rows={rows} columns={columns} rowId={(row) => row.nodo} emptyKey="logbooks.mer.noPrices" searchLabelKey="logbooks.mer.searchPrices" urlFilters={false} urlPrefix="precios." height="260px" />;
}
