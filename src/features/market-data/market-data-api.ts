import {
  MARKET_DATA_MAX_BYTES,
  type MarketDataCoverage,
  type MarketDataImported,
  type MarketDataKind,
  type MarketDataProblem,
} from '../../../schemas/market-data.schema';
import { ApiError } from '../../lib/api/api-error';
import { apiData } from '../../lib/api/client';

/** The market-data calls of the settlements (`/liquidacion/api/v3/datos-mercado`, docs/api-settlements.md). */

const MARKET_DATA = '/liquidacion/api/v3/datos-mercado';

/** What an import came to: stored (how many rows), or refused with every problem of the file. */
export type ImportOutcome = ({ outcome: 'stored' } & MarketDataImported) | { outcome: 'refused'; problems: MarketDataProblem[] };

/**
 * Imports a CSV or XLSX file of one kind. A file with problems is an answer of its own (the
 * page lists them), not a failure; any other refusal throws as every call does. A file over
 * the cap is refused here already, with the server's own code, saving the upload.
 */
export async function importMarketData(tipo: MarketDataKind, file: File): Promise<ImportOutcome> {
  if (file.size > MARKET_DATA_MAX_BYTES) {
    throw new ApiError('clientError', 'File too large', {
      statusCode: 413,
      body: { statusCode: 413, code: 'APP_ERR_REQUEST_TOO_LARGE', message: 'The request body is too large' },
    });
  }
  const form = new FormData();
  // The kind before the file: the server reads the stream in order.
  form.append('tipo', tipo);
  form.append('file', file, file.name);
  try {
    return { outcome: 'stored', ...(await apiData<MarketDataImported>({ method: 'POST', path: MARKET_DATA, body: form })) };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'APP_ERR_MARKET_DATA_INVALID') {
      // This code's details are always the import's problems (docs/api-settlements.md).
      return { outcome: 'refused', problems: (error.body?.details ?? []) as unknown as MarketDataProblem[] };
    }
    throw error;
  }
}

/** What the month has loaded: prices per node and version, energy per annex and version, days with a rate. */
export const getCoverage = (anio: number, mes: number) =>
  apiData<MarketDataCoverage>({ method: 'GET', path: `${MARKET_DATA}/cobertura`, query: { anio, mes } });
