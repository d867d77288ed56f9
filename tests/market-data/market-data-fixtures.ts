import type { MarketDataCoverage, MarketDataProblem } from '../../schemas/market-data.schema';
import { ApiError } from '../../src/lib/api/api-error';

/** The problems of a prices file the server refuses: a bad period, a bad version, a duplicate row. */
export const PROBLEMS: MarketDataProblem[] = [
  {
    instancePath: '/filas/3/periodo',
    keyword: 'period',
    message: 'The period is a whole number from 1 to 24',
    fila: 3,
    columna: 'periodo',
    motivo: 'The period is a whole number from 1 to 24',
    key: 'marketData.problems.period',
  },
  {
    instancePath: '/filas/4/version',
    keyword: 'version',
    message: 'The version is PE, DF or CD',
    fila: 4,
    columna: 'version',
    motivo: 'The version is PE, DF or CD',
    key: 'marketData.problems.version',
  },
  {
    instancePath: '/filas/5',
    keyword: 'duplicate',
    message: 'This key is already in row 2 of the file',
    fila: 5,
    columna: null,
    motivo: 'This key is already in row 2 of the file',
    key: 'marketData.problems.duplicate',
    params: { primera_fila: 2 },
  },
];

/** The 400 the server answers a file with these problems. */
export function refusal(problems: MarketDataProblem[] = PROBLEMS): ApiError {
  const details = problems.map((problem) => ({ ...problem }));
  return new ApiError('clientError', 'The file has problems: nothing was imported', {
    statusCode: 400,
    body: { statusCode: 400, code: 'APP_ERR_MARKET_DATA_INVALID', message: 'The file has problems: nothing was imported', details },
  });
}

/** April 2026: one node complete in DF only, one annex a third measured, three days of rates. */
export const COVERAGE: MarketDataCoverage = {
  anio: 2026,
  mes: 4,
  dias: 30,
  periodos_esperados: 720,
  precios: [
    { nodo: 'GT-ESC-230', version: 'PE', periodos: 0 },
    { nodo: 'GT-ESC-230', version: 'DF', periodos: 720 },
    { nodo: 'GT-ESC-230', version: 'CD', periodos: 0 },
  ],
  mediciones: [{ anexo_id: 7, contrato_id: 3, version: 'PE', periodos: 72, periodos_esperados: 216 }],
  tipos_cambio: { dias: 3 },
};
