import type { SettlementReport, SettlementReportMonth, SettlementReportQuery } from '../../../schemas/settlement-report.schema';
import { settlementReportFileName } from '../../../i18n/download-names';
import { apiData } from '../../lib/api/client';
import { saveGeneratedFile } from '../../lib/files/files-api';

/** The settlements report calls (`/liquidacion/api/v3/reporte`, docs/api-settlements.md). */

const REPORT = '/liquidacion/api/v3/reporte';

/** A month's settlements of every contract the filters keep, side by side, and the grand totals. */
export const getSettlementReport = (query: SettlementReportQuery) => apiData<SettlementReport>({ method: 'GET', path: REPORT, query: { ...query } });

/** The months that have settlements, newest first (the page opens on the first). */
export const getSettlementReportMonths = () => apiData<SettlementReportMonth[]>({ method: 'GET', path: `${REPORT}/meses` });

/** Saves the report's workbook in the user's language under the server's file name. */
export async function downloadSettlementReport(query: SettlementReportQuery, idioma: 'es-ES' | 'en-US'): Promise<void> {
  return saveGeneratedFile({ method: 'GET', path: `${REPORT}/excel`, query: { ...query, idioma } }, settlementReportFileName(query, idioma));
}
