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

/** The problems of a charges file: an overlap within the file, one with a stored open-ended period, a period backwards. */
export const CHARGE_PROBLEMS: MarketDataProblem[] = [
  {
    instancePath: '/filas/3',
    keyword: 'overlap_file',
    message: 'The period overlaps the one of row 2 (from 2026-01-01 to 2026-01-31) of the same country and kind',
    fila: 3,
    columna: null,
    motivo: 'The period overlaps the one of row 2 (from 2026-01-01 to 2026-01-31) of the same country and kind',
    key: 'marketData.problems.overlap_file',
    params: { otra_fila: 2, desde: '2026-01-01', hasta: '2026-01-31' },
  },
  {
    instancePath: '/filas/4',
    keyword: 'overlap_stored',
    message: 'The period overlaps the stored one from 2026-02-01 with no end of the same country and kind, which the file does not replace',
    fila: 4,
    columna: null,
    motivo: 'The period overlaps the stored one from 2026-02-01 with no end of the same country and kind, which the file does not replace',
    key: 'marketData.problems.overlap_stored',
    params: { desde: '2026-02-01', hasta: '' },
  },
  {
    instancePath: '/filas/5/vigente_hasta',
    keyword: 'period_order',
    message: 'The period ends before it starts',
    fila: 5,
    columna: 'vigente_hasta',
    motivo: 'The period ends before it starts',
    key: 'marketData.problems.period_order',
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

/** GT's MMi charge in April 2026 (the server test stores its rates): in force 16 days, in two periods, the second open-ended. */
export const GT_MMI_APRIL_2026: MarketDataCoverage['cargos'][number] = {
  pais: 'GT',
  concepto: 'MMi',
  dias: 16,
  vigencias: [
    { vigente_desde: '2026-03-21', vigente_hasta: '2026-04-05', tasa: '1.2' },
    { vigente_desde: '2026-04-20', vigente_hasta: null, tasa: '1.25' },
  ],
};

/**
 * April 2026: one node complete in DF only, its loss factors of one day in DF, one annex a
 * third measured, GT's MMi rates in force 16 days (two periods, the second open-ended), three days of rates.
 */
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
  factores_perdida: [
    { nodo: 'GT-ESC-230', version: 'PE', periodos: 0 },
    { nodo: 'GT-ESC-230', version: 'DF', periodos: 24 },
    { nodo: 'GT-ESC-230', version: 'CD', periodos: 0 },
  ],
  mediciones: [{ anexo_id: 7, contrato_id: 3, version: 'PE', periodos: 72, periodos_esperados: 216 }],
  cargos: [
    GT_MMI_APRIL_2026,
    { pais: 'GT', concepto: 'MMr', dias: 30, vigencias: [{ vigente_desde: '2026-01-01', vigente_hasta: '2026-12-31', tasa: '0.8' }] },
  ],
  tipos_cambio: { dias: 3 },
};
