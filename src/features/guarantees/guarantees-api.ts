import type {
  GuaranteeAlert,
  GuaranteeDay,
  GuaranteeHistoryBody,
  GuaranteeOperator,
  Instrument,
  InstrumentCreate,
  InstrumentUpdate,
  StatementImported,
  Terms,
} from '../../../schemas/guarantee.schema';
import { STATEMENT_MAX_BYTES } from '../../../schemas/guarantee.schema';
import type { MarketDataProblem } from '../../../schemas/market-data.schema';
import { ApiError } from '../../lib/api/api-error';
import { apiData } from '../../lib/api/client';

/** The guarantee calls (`/garantias/api/v1/...`, docs/api-guarantees.md). */

const GUARANTEES = '/garantias/api/v1';

/** The instruments posted, an operator's or a branch's only when named. */
export const listInstruments = (query: { operador?: GuaranteeOperator; sucursal?: string } = {}) =>
  apiData<Instrument[]>({ method: 'GET', path: `${GUARANTEES}/instrumentos`, query: { ...query } });

export const getInstrument = (id: number) => apiData<Instrument>({ method: 'GET', path: `${GUARANTEES}/instrumentos/${id}` });

/** Posts an instrument; 400 with each broken rule beside its field, 409 for an issuer's number used twice at the operator. */
export const createInstrument = (body: InstrumentCreate) => apiData<Instrument>({ method: 'POST', path: `${GUARANTEES}/instrumentos`, body });

/** Edits an instrument with the version read (409 when someone saved it since). */
export const updateInstrument = (body: InstrumentUpdate) => apiData<Instrument>({ method: 'PATCH', path: `${GUARANTEES}/instrumentos`, body });

/** What each operator requires of each branch, and when to warn. */
export const listTerms = () => apiData<Terms[]>({ method: 'GET', path: `${GUARANTEES}/terminos` });

/** The stored days of a range (the spec's history call): one row per day, operator and branch. */
export const guaranteeHistory = (body: GuaranteeHistoryBody) => apiData<GuaranteeDay[]>({ method: 'POST', path: `${GUARANTEES}/get-garantias-historicas`, body });

/** The alerts raised since `desde` (a week back by default), newest first. */
export const listAlerts = (query: { desde?: string; operador?: GuaranteeOperator } = {}) =>
  apiData<GuaranteeAlert[]>({ method: 'GET', path: `${GUARANTEES}/alertas`, query: { ...query } });

export type StatementOutcome = ({ outcome: 'stored' } & StatementImported) | { outcome: 'refused'; problems: MarketDataProblem[] };

/**
 * Imports an operator's statement file (CSV or workbook). A refused file answers its problems
 * (the page lists them), not a failure; any other refusal throws as every call does.
 */
export async function importStatements(file: File): Promise<StatementOutcome> {
  if (file.size > STATEMENT_MAX_BYTES) {
    throw new ApiError('clientError', 'File too large', {
      statusCode: 413,
      body: { statusCode: 413, code: 'APP_ERR_REQUEST_TOO_LARGE', message: 'The request body is too large' },
    });
  }
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return { outcome: 'stored', ...(await apiData<StatementImported>({ method: 'POST', path: `${GUARANTEES}/estados`, body: form })) };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'APP_ERR_MARKET_DATA_INVALID') return { outcome: 'refused', problems: (error.body?.details ?? []) as unknown as MarketDataProblem[] };
    throw error;
  }
}
