import type {
  CashFlowAccumulated,
  CashFlowBranch,
  CashFlowOpenQuery,
  CashFlowRange,
  CashFlowRangeQuery,
  Statement,
  StatementQuery,
} from '../../../schemas/accounting.schema';
import { cashFlowFileName, statementFileName } from '../../../i18n/download-names';
import { businessToday } from '../../../schemas/date.schema';
import { apiData } from '../../lib/api/client';
import { saveGeneratedFile } from '../../lib/files/files-api';

/** The accounting calls of spec section 7 (docs/api-accounting.md): account statements and cash flow. */

const STATEMENT = '/estado_de_cuenta/api/v1';
const CASH_FLOW = '/flujo-caja/api/v1';

/** The statement of receivables or payables: each company's account per currency, with its ageing. */
export const getStatement = (body: StatementQuery) => apiData<Statement>({ method: 'POST', path: `${STATEMENT}/get`, body });

/** Saves the statement's workbook in the user's language under the server's file name. */
export async function downloadStatement(body: StatementQuery, idioma: 'es-ES' | 'en-US'): Promise<void> {
  return saveGeneratedFile({ method: 'POST', path: `${STATEMENT}/excel`, body: { ...body, idioma } }, statementFileName({ tipo: body.tipo, fecha_corte: body.fecha_corte ?? businessToday() }, idioma));
}

/** Every open receipt and payment per branch and currency (the spec's body without `date`). */
export const getCashFlowByBranch = (body: CashFlowOpenQuery) => apiData<CashFlowBranch[]>({ method: 'POST', path: `${CASH_FLOW}/flujo-caja-sucursales`, body });

/** Every open receipt and payment by week, the position accumulated from the first (the spec's body without `date`). */
export const getCashFlowAccumulated = (body: CashFlowOpenQuery) => apiData<CashFlowAccumulated>({ method: 'POST', path: `${CASH_FLOW}/flujo-caja-acumulado`, body });

/** The weeks of a range of due dates and the position they start from. */
export const getCashFlowByDates = (body: CashFlowRangeQuery) => apiData<CashFlowRange>({ method: 'POST', path: `${CASH_FLOW}/flujo-caja-fechas`, body });

/** Saves the range's cash-flow workbook in the user's language under the server's file name. */
export async function downloadCashFlow(body: CashFlowRangeQuery, idioma: 'es-ES' | 'en-US'): Promise<void> {
  return saveGeneratedFile({ method: 'POST', path: `${CASH_FLOW}/excel`, body: { ...body, idioma } }, cashFlowFileName(body, idioma));
}
