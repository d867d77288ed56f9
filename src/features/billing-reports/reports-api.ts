import type { Job } from '../../../schemas/job.schema';
import type { ReportAnswer, ReportName } from '../../../schemas/report.schema';
import { api, apiData } from '../../lib/api/client';
import { saveGeneratedFile } from '../../lib/files/files-api';
import { dispositionFileName, saveBlob } from '../../lib/files/save-blob';
import type { Locale } from '../../lib/i18n/locales';

/** The report calls of spec section 7 (`/reportes/api/v1/...`, docs/api-reports.md). */

const REPORTS = '/reportes/api/v1';

/** A page of a report's rows, its columns and its totals over every row. */
export const runReport = (nombre: ReportName, body: Record<string, unknown>) => apiData<ReportAnswer>({ method: 'POST', path: `${REPORTS}/${nombre}`, body });

/** What asking for a workbook came to: saved at once, or a job writing it (a large report). */
export type ExportOutcome = { outcome: 'saved' } | { outcome: 'job'; job: Job };

/**
 * Asks for a report's workbook in the user's language: a workbook small enough comes in the
 * answer and is saved under the server's name; a large one answers 202 with the job that writes
 * it (JSON, where a workbook would be), to follow and then download with `downloadJobWorkbook`.
 */
export async function exportReport(nombre: ReportName, body: Record<string, unknown>, idioma: Locale): Promise<ExportOutcome> {
  const { data, headers } = await api.raw<Blob>({ method: 'POST', path: `${REPORTS}/${nombre}/excel`, body: { ...body, idioma }, responseType: 'blob' });
  if (headers.get('content-type')?.includes('application/json')) return { outcome: 'job', job: (JSON.parse(await data.text()) as { data: Job }).data };
  saveBlob(data, dispositionFileName(headers.get('content-disposition')) ?? `${nombre}.xlsx`);
  return { outcome: 'saved' };
}

/** Saves the workbook a report's job wrote. */
export const downloadJobWorkbook = (jobId: number, nombre: ReportName) => saveGeneratedFile({ method: 'GET', path: `${REPORTS}/trabajos/${jobId}/excel` }, `${nombre}.xlsx`);
