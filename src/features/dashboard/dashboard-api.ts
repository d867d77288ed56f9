import type { DashboardAnswer, DashboardBody } from '../../../schemas/dashboard.schema';
import { apiData } from '../../lib/api/client';
import { saveGeneratedFile } from '../../lib/files/files-api';
import type { Locale } from '../../lib/i18n/locales';

/** The contract dashboard's calls (`/dashboard/api/v1`, docs/api-dashboard.md). */

const DASHBOARD = '/dashboard/api/v1';

/** The period's figures: the totals (the tiles) and the same totals per contract, month and contract type. */
export const readPerformance = (body: DashboardBody) => apiData<DashboardAnswer>({ method: 'POST', path: `${DASHBOARD}/desempeno`, body });

/** Saves the report's rows (a contract's months) as a workbook in the user's language. */
export const downloadPerformance = (body: DashboardBody, idioma: Locale) =>
  saveGeneratedFile({ method: 'POST', path: `${DASHBOARD}/desempeno/excel`, body: { ...body, idioma } }, `desempeno-contratos-${body.desde}-${body.hasta}.xlsx`);
