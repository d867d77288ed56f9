import { MARKET_DATA_MAX_BYTES, type MarketDataCoverage, type MarketDataImported, type MarketDataKind } from '../../../schemas/market-data.schema';
import { apiData } from '../../lib/api/client';
import { importTableFile, type TableImportOutcome } from '../../lib/files/import-table';

/** The market-data calls of the settlements (`/liquidacion/api/v3/datos-mercado`, docs/api-settlements.md). */

const MARKET_DATA = '/liquidacion/api/v3/datos-mercado';

/** What an import came to: stored (how many rows), or refused with every problem of the file. */
export type ImportOutcome = TableImportOutcome<MarketDataImported>;

/** Imports a CSV or XLSX file of one kind (the kind sent before the file). */
export const importMarketData = (tipo: MarketDataKind, file: File): Promise<ImportOutcome> =>
  importTableFile<MarketDataImported>(MARKET_DATA, file, MARKET_DATA_MAX_BYTES, { fields: { tipo } });

/** What the month has loaded: prices per node and version, energy per annex and version, days with a rate. */
export const getCoverage = (anio: number, mes: number) =>
  apiData<MarketDataCoverage>({ method: 'GET', path: `${MARKET_DATA}/cobertura`, query: { anio, mes } });
