import './grid-modules';
import { Box, Field, Input, Stack } from '@chakra-ui/react';
import type { ColDef, GetRowIdParams, SortChangedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, type ReactNode } from 'react';
import { useLocale } from '../i18n/use-locale';
import { useT } from '../i18n/use-t';
import { gridLocaleText } from './grid-locale';
import { useListState } from './use-list-state';

export interface DataGridProps<Row> {
  rows: Row[] | null;
  columns: ColDef<Row>[];
  /** Identifies a row across refreshes (keeps scroll and focus when data reloads). */
  rowId: (row: Row) => string;
  /** i18n key of the text shown when there is no row. */
  emptyKey: string;
  /** i18n key of the quick search box's label. */
  searchLabelKey: string;
  /** Filters of the page drawn beside the search box. */
  toolbar?: ReactNode;
  height?: string;
}

/**
 * The product's list: AG Grid with a quick search box, sortable and filterable columns,
 * texts in the current language, and its search and sort kept in the URL query.
 */
export function DataGrid<Row>({ rows, columns, rowId, emptyKey, searchLabelKey, toolbar, height = '520px' }: DataGridProps<Row>) {
  const t = useT();
  const locale = useLocale();
  const { state, setQuick, setSort } = useListState();
  const localeText = useMemo(() => gridLocaleText(t, emptyKey), [t, emptyKey]);
  // The URL's sort is applied through the column definitions, so a link reproduces it.
  const columnDefs = useMemo(
    () =>
      columns.map((column) => ({
        ...column,
        sort: column.colId === state.sort?.colId || column.field === state.sort?.colId ? state.sort?.sort : null,
      })),
    [columns, state.sort],
  );
  const defaultColDef = useMemo<ColDef<Row>>(() => ({ sortable: true, filter: 'agTextColumnFilter', resizable: true, flex: 1, minWidth: 120 }), []);

  function onSortChanged(event: SortChangedEvent<Row>) {
    const sorted = event.api.getColumnState().find((column) => column.sort);
    setSort(sorted?.sort ? { colId: sorted.colId, sort: sorted.sort } : null);
  }

  return (
    <Stack gap="3">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <Field.Root maxW={{ md: 'sm' }}>
          <Field.Label>{t(searchLabelKey)}</Field.Label>
          <Input type="search" value={state.quick} onChange={(event) => setQuick(event.target.value)} />
        </Field.Root>
        {toolbar}
      </Stack>
      <Box height={height} width="full">
        <AgGridReact<Row>
          // A new language needs a new grid: AG Grid reads its locale texts once.
          key={locale}
          rowData={rows}
          loading={rows === null}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef}
          getRowId={(params: GetRowIdParams<Row>) => rowId(params.data)}
          quickFilterText={state.quick}
          localeText={localeText}
          onSortChanged={onSortChanged}
          suppressDragLeaveHidesColumns
        />
      </Box>
    </Stack>
  );
}
