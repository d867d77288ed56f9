import { Badge } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo } from 'react';
import type { RunItem } from '../../../schemas/process.schema';
import { useFormat } from '../../lib/format/use-format';
import { DataGrid } from '../../lib/grid/data-grid';
import { useT } from '../../lib/i18n/use-t';
import { ITEM_STATE_PALETTES } from './run-states';

/**
 * The per-item status grid of a run, in the order the items are sent: key, description, state,
 * attempts, the worker on it, what the site answered, and why it failed or was retried last.
 */
export function RunItemsGrid({ items }: { items: RunItem[] | null }) {
  const t = useT();
  const format = useFormat();
  const columns = useMemo<ColDef<RunItem>[]>(
    () => [
      { field: 'orden', headerName: t('processes.monitor.items.orden'), type: 'rightAligned', filter: 'agNumberColumnFilter', maxWidth: 90 },
      { field: 'clave', headerName: t('processes.monitor.items.clave') },
      { field: 'descripcion', headerName: t('processes.monitor.items.descripcion') },
      {
        field: 'estado',
        headerName: t('processes.monitor.items.estado'),
        minWidth: 120,
        cellRenderer: ({ value }: ICellRendererParams<RunItem>) =>
          value ? <Badge colorPalette={ITEM_STATE_PALETTES[value as string] ?? 'gray'}>{t(`processes.itemStates.${value as string}`)}</Badge> : null,
        getQuickFilterText: ({ value }) => t(`processes.itemStates.${value as string}`),
      },
      { field: 'intentos', headerName: t('processes.monitor.items.intentos'), type: 'rightAligned', filter: 'agNumberColumnFilter', maxWidth: 110 },
      { field: 'trabajador', headerName: t('processes.monitor.items.trabajador'), type: 'rightAligned', filter: 'agNumberColumnFilter', maxWidth: 120 },
      { field: 'resultado', headerName: t('processes.monitor.items.resultado') },
      {
        field: 'error',
        headerName: t('processes.monitor.items.error'),
        valueFormatter: ({ value }) => (value ? t(value as string) : ''),
        getQuickFilterText: ({ value }) => (value ? t(value as string) : ''),
      },
      {
        field: 'actualizado_en',
        headerName: t('processes.monitor.items.actualizado_en'),
        valueFormatter: ({ value }) => format.dateTime(value as string | null),
        filter: false,
      },
    ],
    [t, format],
  );
  return (
    <DataGrid<RunItem>
      rows={items}
      columns={columns}
      i18nPrefix="processes.monitor.items"
      urlPrefix="items."
      height="360px"
    />
  );
}
