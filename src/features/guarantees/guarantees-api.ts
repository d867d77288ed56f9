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
import { apiData } from '../../lib/api/client';
import { importTableFile, type TableImportOutcome } from '../../lib/files/import-table';

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

/** Imports an operator's statement file (CSV or workbook): stored, or refused with its problems. */
export const importStatements = (file: File): Promise<TableImportOutcome<StatementImported>> => importTableFile<StatementImported>(`${GUARANTEES}/estados`, file, STATEMENT_MAX_BYTES);
