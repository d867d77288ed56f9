import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnAutoSizeModule,
  CsvExportModule,
  DateFilterModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  QuickFilterModule,
  TextFilterModule,
} from 'ag-grid-community';

// Only what the DataGrid uses: client-side rows, the quick search, text, number and date
// column filters, paging, CSV export, translated texts, column sizing and cell classes (the
// `rightAligned` column type of number and money columns). Registered when the
// first list chunk loads this file.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  QuickFilterModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  PaginationModule,
  CsvExportModule,
  LocaleModule,
  ColumnAutoSizeModule,
  CellStyleModule,
]);
