// A large report's workbook is written by a job (docs/reports.md, "Large exports"): the Excel
// call answers 202 with it, the page follows its events and then downloads the file. The job is
// one unit, one transaction: it reads every row through the kit's cursor into the workbook and
// keeps the workbook, or nothing; run again (its process died), it writes the same rows over
// the same job's file.
import { Writable } from 'node:stream';
import { reportFileName } from '../../i18n/download-names';
import type { ExcelLanguage } from '../files/workbook';
import type { JobContext, JobType } from '../jobs/registry';
import type { Db } from '../db/client';
import { countReportRows } from './kit';
import { writeReportWorkbook } from './excel';
import { reportNamed } from './registry';
import { storeReportWorkbook } from './store';

/** The job type of a report's workbook. */
export const REPORT_EXCEL_JOB = 'reportes.excel';

/** What the job is given: the report and the Excel call's body (its language included). */
export interface ReportExcelParameters {
  nombre: string;
  cuerpo: Record<string, unknown> & { idioma?: ExcelLanguage };
}

/** Collects what is written to it (the workbook, compressed: some MB for 100,000 rows). */
function memorySink(): { out: Writable; content: () => Buffer } {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { out, content: () => Buffer.concat(chunks) };
}

async function writeReportJob({ db, job, progress, log, signal }: JobContext): Promise<void> {
  const { nombre, cuerpo } = job.parametros as ReportExcelParameters;
  const report = reportNamed(nombre);
  if (!report) throw new Error(`unknown report ${nombre}`);
  const { idioma = 'es-ES', ...body } = cuerpo;
  const total = await countReportRows(db, report, body);
  await progress(0, total);
  signal.throwIfAborted();
  // One snapshot for the rows and their totals (repeatable read). The job's own row is not
  // written in it: the heartbeat renews that row meanwhile, and a repeatable-read update of a
  // row changed since the snapshot fails; progress and log follow the commit instead.
  const filas = await db.transaction(
    async (transaction) => {
      const tx = transaction as unknown as Db;
      const sink = memorySink();
      const written = await writeReportWorkbook(tx, sink.out, report, body, idioma);
      await storeReportWorkbook(tx, { trabajo_id: job.id, nombre: reportFileName(nombre, body, idioma), content: sink.content(), filas: written });
      return written;
    },
    { isolationLevel: 'repeatable read' },
  );
  await progress(filas, filas);
  await log('info', 'reports.job.written', { filas });
}

export const REPORT_JOBS: readonly JobType[] = [{ tipo: REPORT_EXCEL_JOB, run: writeReportJob, viewKey: 'facturacion', stoppable: false }];
