import {
  ClientSideRowModelModule,
  ColumnAutoSizeModule,
  LocaleModule,
  ModuleRegistry,
  QuickFilterModule,
  TextFilterModule,
} from 'ag-grid-community';

// Only what the DataGrid uses: client-side rows, the quick search, text column filters,
// translated texts and column sizing. Registered when the first admin chunk loads this file.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  QuickFilterModule,
  TextFilterModule,
  LocaleModule,
  ColumnAutoSizeModule,
]);
