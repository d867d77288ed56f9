// The billing reports (spec section 7, "Reports": all POST with a JSON body under
// /reportes/api/v1; docs/api-reports.md). Two calls per report of the registry: the JSON page
// with the totals, and the whole report as a workbook, streamed as it is read, or, above the
// configured count (REPORT_EXCEL_JOB_ROWS), written by a job the page follows and then
// downloads here. Behind the `facturacion` view key (the reports live on its menu). An unknown
// report name has no route: 404.
import type { FastifyInstance } from 'fastify';
import { reportFileName } from '../../i18n/download-names';
import { dataOf } from '../../schemas/envelope.schema';
import { jobSchema } from '../../schemas/job.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import { excelReportBody, pagedReportBody, reportAnswerSchema } from '../../schemas/report.schema';
import { requireCaller } from '../authz/caller';
import type { Db } from '../db/client';
import { AppErrors } from '../errors/catalogue';
import { sendWorkbook, WORKBOOK_ANSWER, type ExcelLanguage } from '../files/workbook';
import { enqueueJob } from '../jobs/enqueue';
import { visibleTo } from '../jobs/rules';
import { readJob } from '../jobs/store';
import { jobView } from '../jobs/views';
import { writeReportWorkbook } from './excel';
import { REPORT_EXCEL_JOB, type ReportExcelParameters } from './export-job';
import { assertReferences, countReportRows, inSnapshot, reportPage, type Report } from './kit';
import { REPORTS } from './registry';
import { readReportWorkbook } from './store';

const FACTURACION = { permission: 'facturacion' } as const;
const BASE = '/reportes/api/v1';

interface ReportRoutesOptions {
  db: Db;
  /** Above this many rows the workbook is written by a job (REPORT_EXCEL_JOB_ROWS). */
  excelJobRows: number;
}

type ExcelBody = Record<string, unknown> & { idioma?: ExcelLanguage };

export default async function reportRoutes(app: FastifyInstance, { db, excelJobRows }: ReportRoutesOptions) {
  /** The workbook of `report`: streamed now, or 202 with the job that writes it when it has more than excelJobRows rows. */
  const excel = (report: Report) =>
    app.post<{ Body: ExcelBody }>(
      `${BASE}/${report.nombre}/excel`,
      { config: FACTURACION, schema: { body: excelReportBody(report.body), response: { 202: dataOf(jobSchema) } } },
      async (request, reply) => {
        const { idioma = 'es-ES', ...body } = request.body;
        // Checked and counted first: a refusal is still an error answer, not half a file.
        await assertReferences(db, body);
        const rows = await countReportRows(db, report, body);
        if (rows > excelJobRows) {
          const parametros: ReportExcelParameters = { nombre: report.nombre, cuerpo: request.body };
          const queued = await enqueueJob(db, { tipo: REPORT_EXCEL_JOB, parametros: { ...parametros }, creado_por: requireCaller(request).email });
          return reply.status(202).send({ data: jobView((await readJob(db, queued.id))!) });
        }
        return sendWorkbook(request, reply, reportFileName(report.nombre, body, idioma), async (out) => {
          await inSnapshot(db, (tx) => writeReportWorkbook(tx, out, report, body, idioma));
        });
      },
    );

  for (const report of REPORTS) {
    app.post<{ Body: Record<string, unknown> }>(
      `${BASE}/${report.nombre}`,
      { config: FACTURACION, schema: { body: pagedReportBody(report.body), response: { 200: dataOf(reportAnswerSchema) } } },
      async (request) => {
        await assertReferences(db, request.body);
        return { data: await reportPage(db, report, request.body) };
      },
    );
    excel(report);
  }

  // The workbook a job wrote: to whoever may follow the job, once it has written it.
  app.get<{ Params: { id: number } }>(`${BASE}/trabajos/:id/excel`, { config: { ...FACTURACION, answers: WORKBOOK_ANSWER }, schema: { params: idParamsSchema } }, async (request, reply) => {
    const job = visibleTo(requireCaller(request), await readJob(db, request.params.id));
    if (job.tipo !== REPORT_EXCEL_JOB) throw new AppErrors.jobNotFound();
    const file = await readReportWorkbook(db, job.id);
    if (!file) throw new AppErrors.reportNotReady();
    return sendWorkbook(request, reply, file.nombre, async (out) => {
      out.end(file.content);
    });
  });
}
