import './grid-modules';
import { Box, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import type {
  ColDef,
  FilterChangedEvent,
  FirstDataRenderedEvent,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  ModelUpdatedEvent,
  PaginationChangedEvent,
  SortChangedEvent,
} from 'ag-grid-community';
import { themeQuartz } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocale } from '../i18n/use-locale';
import { useT } from '../i18n/use-t';
import { columnFits, type ColumnFit } from './column-widths';
import { moveFocusWithinCell } from './cell-keyboard';
import { ACTIONS_COLUMN, ACTIONS_COLUMN_DEF } from './grid-cells';
import { gridLocaleText } from './grid-locale';
import { quickSearchMatches, quickSearchWords } from './quick-search';
import { useListState, type ListState } from './use-list-state';

/** A row the grid can tell apart by itself: its `id`. */
type RowWithId = { id: string | number };

/** How the grid tells rows apart across refreshes (keeps scroll and focus when data reloads): by `id` unless `rowId` says. */
type RowIdProps<Row> = Row extends RowWithId ? { rowId?: (row: Row) => string } : { rowId: (row: Row) => string };

/**
 * The list's texts: with `i18nPrefix`, `<prefix>.empty` (no row), `<prefix>.search` (the search
 * box's label) and, with `csv`, the export's file name `<prefix>.csvName`; a list whose keys
 * are named otherwise says them.
 */
type TextProps =
  | { i18nPrefix: string; csv?: boolean; emptyKey?: undefined; searchLabelKey?: undefined }
  | { i18nPrefix?: undefined; csv?: undefined; emptyKey: string; searchLabelKey: string };

type DataGridProps<Row> = DataGridOptions<Row> & RowIdProps<Row> & TextProps;

interface DataGridOptions<Row> {
  rows: Row[] | null;
  columns: ColDef<Row>[];
  /** Filters of the page drawn beside the search box. */
  toolbar?: ReactNode;
  height?: string;
  /** Rows per page: turns on paging, the page kept in the URL (`?page=`). */
  pageSize?: number;
  /** File name (without `.csv`) of the CSV export of the filtered rows; no export button without it. */
  csvFileName?: string;
  /** Keeps the column filters in the URL (`?f=`) so a link reproduces them; default true. */
  urlFilters?: boolean;
  /** Names this grid's URL parameters (`precios.` gives `precios.q`, `precios.sort`) when a page shows several grids. */
  urlPrefix?: string;
  /** Rows kept in view below the others in bold (a totals row): never sorted, filtered or searched. */
  pinnedBottomRows?: Row[];
  /**
   * Hears the rows the quick search and the column filters leave, in the order shown, each time
   * they change: what a page's "select all shown" acts on (never a row the search hides).
   */
  onShownRowsChange?: (rows: Row[]) => void;
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

/** Sorts the grid by `sort` alone (no sort when null). */
function showSort<Row>(api: GridApi<Row>, sort: ListState['sort']) {
  api.applyColumnState({ state: sort ? [{ colId: sort.colId, sort: sort.sort }] : [], defaultState: { sort: null } });
}

const DEFAULT_COLUMN: ColDef = {
  sortable: true,
  filter: 'agTextColumnFilter',
  resizable: true,
  flex: 1,
  minWidth: 100,
  // A long header wraps between its words rather than being cut: two headers that start alike
  // ("Fecha de inicio", "Fecha de fin") never read the same.
  wrapHeaderText: true,
  autoHeaderHeight: true,
  // A cell's links and buttons are reached with Tab (the grid itself only moves between cells).
  suppressKeyboardEvent: moveFocusWithinCell,
};

/** Quartz with less padding beside each cell's text: a list of ten columns fits a laptop. */
const THEME = themeQuartz.withParams({ cellHorizontalPaddingScale: 0.7 });

/** Before the row actions are measured: room for two small buttons. */
const ACTIONS_WIDTH = 160;

/**
 * The product's list: AG Grid with a quick search box, sortable and filterable columns,
 * texts in the current language, and its search, sort, column filters and page kept in the
 * URL query (a copied link reproduces the view); optionally a CSV export of the rows the
 * filters leave, formatted as on screen.
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { rows, columns, toolbar, height = '520px', pageSize, urlFilters = true, urlPrefix = '', pinnedBottomRows, onShownRowsChange } = props;
  const rowId = props.rowId ?? ((row: Row) => String((row as RowWithId).id));
  const { i18nPrefix } = props;
  const emptyKey = props.emptyKey ?? `${i18nPrefix}.empty`;
  const searchLabelKey = props.searchLabelKey ?? `${i18nPrefix}.search`;
  const t = useT();
  const csvFileName = props.csvFileName ?? (props.csv ? t(`${i18nPrefix}.csvName`) : undefined);
  const locale = useLocale();
  const { state, setQuick, setSort, setColumnFilters, setPage } = useListState([], urlPrefix);
  const localeText = useMemo(() => gridLocaleText(t, emptyKey), [t, emptyKey]);
  const apiRef = useRef<GridApi<Row> | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // Until the URL's page is shown, the grid's own "page 1" events must not overwrite it.
  const pageRestored = useRef(false);
  const latest = useRef(state);
  latest.current = state;
  const hearShown = useRef(onShownRowsChange);
  hearShown.current = onShownRowsChange;

  // What each column needs so that amounts, short texts, headers and buttons are never cut.
  const [fitted, setFitted] = useState<Record<string, ColumnFit>>({});

  const columnDefs = useMemo(
    () =>
      columns.map((column): ColDef<Row> => {
        const id = column.colId ?? (column.field as string | undefined) ?? '';
        const fit = fitted[id];
        if (id === ACTIONS_COLUMN) {
          const width = fit?.min ?? column.minWidth ?? ACTIONS_WIDTH;
          return { ...column, ...ACTIONS_COLUMN_DEF, width, minWidth: width, maxWidth: width };
        }
        const minWidth = Math.max(fit?.min ?? 0, column.minWidth ?? 0) || undefined;
        return {
          ...column,
          // A text the column cuts reads in full on hover; a cell of its own make (a link,
          // buttons) says itself what its tooltip is.
          tooltip: column.tooltip ?? (column.cellRenderer ? undefined : true),
          ...(fit
            ? {
                minWidth,
                maxWidth: column.maxWidth === undefined ? undefined : Math.max(column.maxWidth, fit.min),
                // The spare width goes to the columns with the most to show, as a table shares it.
                flex: column.flex ?? fit.natural,
              }
            : {}),
        };
      }),
    [columns, fitted],
  );

  // The URL's sort is shown as the grid's column state, so a link reproduces it and Back (which
  // changes the URL) shows the sort before; column definitions that change for other reasons
  // (a width measured) never reset it.
  useEffect(() => {
    const api = apiRef.current;
    if (!api || api.isDestroyed()) return;
    if (!sameModel(sortOf(api), state.sort)) showSort(api, state.sort);
  }, [state.sort]);

  // The back button (or a link) changed the URL's filters: show them.
  useEffect(() => {
    const api = apiRef.current;
    if (!urlFilters || !api || api.isDestroyed()) return;
    if (!sameModel(api.getFilterModel(), state.columnFilters)) api.setFilterModel(state.columnFilters);
  }, [state.columnFilters, urlFilters]);

  function onGridReady(event: GridReadyEvent<Row>) {
    apiRef.current = event.api;
    pageRestored.current = false;
    if (latest.current.sort) showSort(event.api, latest.current.sort);
    if (urlFilters && latest.current.columnFilters) event.api.setFilterModel(latest.current.columnFilters);
  }

  function onFirstDataRendered(event: FirstDataRenderedEvent<Row>) {
    if (pageSize && latest.current.page > 1) event.api.paginationGoToPage(latest.current.page - 1);
    pageRestored.current = true;
    fitColumns(event.api);
  }

  /** Measures the columns once the grid has drawn its cells (the row buttons render a frame later). */
  function fitColumns(api: GridApi<Row>) {
    requestAnimationFrame(() => {
      if (api.isDestroyed()) return;
      const fits = columnFits(api, boxRef.current, ACTIONS_COLUMN);
      setFitted((previous) => (sameModel(previous, fits) ? previous : fits));
    });
  }

  function onSortChanged(event: SortChangedEvent<Row>) {
    // The sorted header shows an arrow beside its text.
    fitColumns(event.api);
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
    // Another page may hold wider buttons.
    if (event.newPage) fitColumns(event.api);
    if (!pageSize || !pageRestored.current || !event.newPage) return;
    const page = event.api.paginationGetCurrentPage() + 1;
    if (page !== latest.current.page) setPage(page);
  }

  /** Tells the page the rows shown after a new search, filter, sort or data. */
  function onModelUpdated(event: ModelUpdatedEvent<Row>) {
    const hear = hearShown.current;
    if (!hear || event.api.isDestroyed()) return;
    const shown: Row[] = [];
    event.api.forEachNodeAfterFilterAndSort((node) => {
      if (node.data !== undefined) shown.push(node.data);
    });
    hear(shown);
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
          pinnedBottomRowData={pinnedBottomRows}
          getRowStyle={(params) => (params.node.rowPinned ? { fontWeight: 'bold' } : undefined)}
          loading={rows === null}
          columnDefs={columnDefs}
          defaultColDef={DEFAULT_COLUMN}
          theme={THEME}
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
          onRowDataUpdated={(event) => fitColumns(event.api)}
          onSortChanged={onSortChanged}
          onFilterChanged={onFilterChanged}
          onModelUpdated={onModelUpdated}
          onPaginationChanged={onPaginationChanged}
          pagination={pageSize !== undefined}
          paginationPageSize={pageSize}
          paginationPageSizeSelector={false}
          suppressDragLeaveHidesColumns
          // Every header and cell is drawn, so each column can be measured (lists are narrow).
          suppressColumnVirtualisation
          // Rows and cells in the DOM in the order shown: what a screen reader reads and Tab follows.
          ensureDomOrder
        />
      </Box>
    </Stack>
  );
}
