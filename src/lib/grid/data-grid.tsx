import './grid-modules';
import { Box, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import type {
  ColDef,
  FilterChangedEvent,
  FirstDataRenderedEvent,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  PaginationChangedEvent,
  SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocale } from '../i18n/use-locale';
import { useT } from '../i18n/use-t';
import { amountWidths } from './amount-widths';
import { ACTIONS_COLUMN } from './grid-cells';
import { gridLocaleText } from './grid-locale';
import { quickSearchMatches, quickSearchWords } from './quick-search';
import { useListState, type ListState } from './use-list-state';

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
  /** Rows per page: turns on paging, the page kept in the URL (`?page=`). */
  pageSize?: number;
  /** File name (without `.csv`) of the CSV export of the filtered rows; no export button without it. */
  csvFileName?: string;
  /** Keeps the column filters in the URL (`?f=`) so a link reproduces them; default true. */
  urlFilters?: boolean;
}

/** Columns never exported: buttons, not data. */
const NOT_EXPORTED = new Set([ACTIONS_COLUMN]);

function sameModel(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

/** The column a grid sorts by, as the URL writes it, or null. */
function sortOf<Row>(api: GridApi<Row>): ListState['sort'] {
  const sorted = api.getColumnState().find((column) => column.sort);
  return sorted?.sort ? { colId: sorted.colId, sort: sorted.sort } : null;
}

const DEFAULT_COLUMN: ColDef = {
  sortable: true,
  filter: 'agTextColumnFilter',
  resizable: true,
  flex: 1,
  minWidth: 100,
  // A header the column cuts reads in full on hover.
  headerTooltip: true,
};

/**
 * The product's list: AG Grid with a quick search box, sortable and filterable columns,
 * texts in the current language, and its search, sort, column filters and page kept in the
 * URL query (a copied link reproduces the view); optionally a CSV export of the rows the
 * filters leave, formatted as on screen.
 */
export function DataGrid<Row>({
  rows,
  columns,
  rowId,
  emptyKey,
  searchLabelKey,
  toolbar,
  height = '520px',
  pageSize,
  csvFileName,
  urlFilters = true,
}: DataGridProps<Row>) {
  const t = useT();
  const locale = useLocale();
  const { state, setQuick, setSort, setColumnFilters, setPage } = useListState();
  const localeText = useMemo(() => gridLocaleText(t, emptyKey), [t, emptyKey]);
  const apiRef = useRef<GridApi<Row> | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // Until the URL's page is shown, the grid's own "page 1" events must not overwrite it.
  const pageRestored = useRef(false);
  const latest = useRef(state);
  latest.current = state;

  // The widest value of each amount column, so none is ever cut ("USD 50,00...").
  const [fitted, setFitted] = useState<Record<string, number>>({});

  // The URL's sort is applied through the column definitions, so a link reproduces it (and
  // Back, which changes the URL, shows the sort before).
  const columnDefs = useMemo(
    () =>
      columns.map((column): ColDef<Row> => {
        const id = column.colId ?? (column.field as string | undefined) ?? '';
        const width = fitted[id];
        return {
          ...column,
          sort: id === state.sort?.colId ? state.sort.sort : null,
          // A text the column cuts reads in full on hover; a cell of its own make (a link,
          // buttons) says itself what its tooltip is.
          tooltip: column.tooltip ?? (column.cellRenderer ? undefined : true),
          ...(width ? { minWidth: Math.max(width, column.minWidth ?? 0) } : {}),
        };
      }),
    [columns, state.sort, fitted],
  );

  // The back button (or a link) changed the URL's filters: show them.
  useEffect(() => {
    const api = apiRef.current;
    if (!urlFilters || !api || api.isDestroyed()) return;
    if (!sameModel(api.getFilterModel(), state.columnFilters)) api.setFilterModel(state.columnFilters);
  }, [state.columnFilters, urlFilters]);

  function onGridReady(event: GridReadyEvent<Row>) {
    apiRef.current = event.api;
    pageRestored.current = false;
    if (urlFilters && latest.current.columnFilters) event.api.setFilterModel(latest.current.columnFilters);
  }

  function onFirstDataRendered(event: FirstDataRenderedEvent<Row>) {
    if (pageSize && latest.current.page > 1) event.api.paginationGoToPage(latest.current.page - 1);
    pageRestored.current = true;
    fitAmounts(event.api);
  }

  function fitAmounts(api: GridApi<Row>) {
    const widths = amountWidths(api, boxRef.current);
    setFitted((previous) => (sameModel(previous, widths) ? previous : widths));
  }

  function onSortChanged(event: SortChangedEvent<Row>) {
    const sort = sortOf(event.api);
    // The grid showing the URL's own sort (a link, Back) is no new step.
    if (!sameModel(sort, latest.current.sort)) setSort(sort);
  }

  function onFilterChanged(event: FilterChangedEvent<Row>) {
    if (!urlFilters) return;
    const model = event.api.getFilterModel();
    if (!sameModel(model, latest.current.columnFilters)) setColumnFilters(model);
  }

  function onPaginationChanged(event: PaginationChangedEvent<Row>) {
    if (!pageSize || !pageRestored.current || !event.newPage) return;
    const page = event.api.paginationGetCurrentPage() + 1;
    if (page !== latest.current.page) setPage(page);
  }

  function exportCsv() {
    const api = apiRef.current;
    if (!api || !csvFileName) return;
    // The page's own columns, by the id the grid gives them (colId, else field), minus buttons.
    const columnKeys = columns
      .map((column) => column.colId ?? (column.field as string | undefined))
      .filter((key): key is string => key !== undefined && !NOT_EXPORTED.has(key));
    // The rows the search and filters leave, in the order shown, as formatted on screen.
    api.exportDataAsCsv({ fileName: `${csvFileName}.csv`, columnKeys, exportedRows: 'filteredAndSorted', allColumns: false });
  }

  return (
    <Stack gap="3">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <Field.Root maxW={{ md: 'sm' }}>
          <Field.Label>{t(searchLabelKey)}</Field.Label>
          <Input type="search" value={state.quick} onChange={(event) => setQuick(event.target.value)} />
        </Field.Root>
        {toolbar}
        {csvFileName ? (
          <HStack marginStart={{ md: 'auto' }}>
            <Button variant="outline" onClick={exportCsv} disabled={rows === null}>
              {t('grid.exportCsv')}
            </Button>
          </HStack>
        ) : null}
      </Stack>
      <Box ref={boxRef} height={height} width="full">
        <AgGridReact<Row>
          // A new language needs a new grid: AG Grid reads its locale texts once.
          key={locale}
          rowData={rows}
          loading={rows === null}
          columnDefs={columnDefs}
          defaultColDef={DEFAULT_COLUMN}
          getRowId={(params: GetRowIdParams<Row>) => rowId(params.data)}
          quickFilterText={state.quick}
          quickFilterParser={quickSearchWords}
          quickFilterMatcher={quickSearchMatches}
          // Names sort as a reader expects (Ñandú after Nápoles, Éter among the E's), not by code point.
          accentedSort
          tooltipShowMode="whenTruncated"
          tooltipShowDelay={400}
          localeText={localeText}
          onGridReady={onGridReady}
          onFirstDataRendered={onFirstDataRendered}
          onRowDataUpdated={(event) => fitAmounts(event.api)}
          onSortChanged={onSortChanged}
          onFilterChanged={onFilterChanged}
          onPaginationChanged={onPaginationChanged}
          pagination={pageSize !== undefined}
          paginationPageSize={pageSize}
          paginationPageSizeSelector={false}
          suppressDragLeaveHidesColumns
        />
      </Box>
    </Stack>
  );
}
