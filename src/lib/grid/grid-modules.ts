import {
  CellApiModule,
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CsvExportModule,
  DateFilterModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  PinnedRowModule,
  QuickFilterModule,
  RowApiModule,
  RowAutoHeightModule,
  RowStyleModule,
  TextFilterModule,
  TooltipModule,
} from 'ag-grid-community';

// Only what the DataGrid uses: client-side rows, the quick search, text, number and date
// column filters, paging, CSV export, translated texts, column sizing and cell classes (the
// `rightAligned` column type of number and money columns), the column state (the sort kept in
// the URL), tooltips with the full text of a cut cell, and the row and cell reads that size
// amount columns to their widest value, rows as tall as a wrapped long text (`wrapText` with
// `autoHeight`: an import problem's reason), a pinned totals row in bold, and the rows the search
// and filters leave (a page's "select all shown"). Registered when the first list chunk loads
// this file.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  QuickFilterModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  PaginationModule,
  CsvExportModule,
  LocaleModule,
  ColumnAutoSizeModule,
  CellStyleModule,
  ColumnApiModule,
  TooltipModule,
  RowApiModule,
  RowAutoHeightModule,
  CellApiModule,
  PinnedRowModule,
  RowStyleModule,
]);
