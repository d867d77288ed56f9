// @vitest-environment node
// Killing the server during a report export job (docs/reports.md, "Crash safety"). A billing
// report's workbook above REPORT_EXCEL_JOB_ROWS rows is written by a `reportes.excel` job whose
// one unit is one transaction: the rows read through a cursor into the workbook, its bytes kept
// in `file_blobs`, its row in `reportes_excel`. The real server is held inside that transaction
// (the workbook read and its blob written, its row not yet) and killed with SIGKILL. Nothing of
// the workbook is then left (no row, no blob), the job is still `en_curso` at 0 done and
// nothing can be downloaded. Started again, the server takes the job up once the dead process's
// lease has run out, writes the workbook and ends the job done; the workbook downloaded holds
// every row of the report.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessToday } from '../../schemas/date.schema';
import type { Job } from '../../schemas/job.schema';
import type { ReportAnswer } from '../../schemas/report.schema';
import { loadConfig } from '../../server/config';
import { queryRows, type Db } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { BASE_TEST_ENV } from './helpers';
import { until, useCrashWorld } from './support/crash-server';

const ACCOUNTANT = 'admin@demo.energy';
const REPORT = '/reportes/api/v1/contratos-eor-regional';
/** This month: every regional annex of the demo in force in it is a row. */
const [year, month] = businessToday().split('-').map(Number) as [number, number];
const MONTH = { anio: year, mes: month };

const crashWorld = useCrashWorld('report-export-crash');

/** What the database holds of job `id` and of workbooks: the job's state and progress, its workbook row, the blobs. */
async function holding(db: Db, id: number) {
  const [row] = await queryRows<{ estado: string; hechos: number; total: number | null; intentos: number; filas: number | null; blob: boolean | null; blobs: number }>(
    db,
    sql`select j.estado, j.hechos, j.total, j.intentos, r.filas, (select true from file_blobs b where b.sha256 = r.sha256) as blob,
          (select count(*)::int from file_blobs) as blobs
        from trabajos j left join reportes_excel r on r.trabajo_id = j.id where j.id = ${id}`,
  );
  const events = await queryRows<{ clave: string }>(db, sql`select clave from trabajo_eventos where trabajo_id = ${id} and tipo = 'estado' order by id`);
  return { ...row!, events: events.map((event) => event.clave) };
}

/** The report's anexo_id column in the workbook: one per data row (the header block, titles and totals have none). */
async function annexesIn(content: Buffer): Promise<number[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const ids: number[] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const first = row.getCell(1).value;
    if (typeof first === 'number') ids.push(first);
  });
  return ids;
}

describe('killing the server during a report export job', () => {
  it('leaves no workbook and no blob behind, and the job, taken up again, writes the whole workbook and ends done', { timeout: 300_000 }, async () => {
    const world = await crashWorld();
    const config = loadConfig(BASE_TEST_ENV);
    const blobsBefore = await world.withDb(async (db) => {
      await seedDemo(db, { poolId: config.identity.poolId, withIdentities: false });
      const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from file_blobs`);
      return count!.n;
    });
    // Any report of more than 10 rows goes to a job.
    const env = { REPORT_EXCEL_JOB_ROWS: '10' };

    const first = await world.startServer({ env, pause: { statement: '^insert into "reportes_excel"', when: 'before' } });
    const answer = await first.call<{ data: ReportAnswer }>('POST', REPORT, { as: ACCOUNTANT, body: { ...MONTH, por_pagina: 1000 } });
    expect(answer?.status, first.output()).toBe(200);
    const rows = answer!.body.data.filas.map((row) => row.anexo_id as number);
    expect(rows.length).toBeGreaterThan(10);
    const asked = await first.call<{ data: Job }>('POST', `${REPORT}/excel`, { as: ACCOUNTANT, body: MONTH });
    expect(asked?.status, first.output()).toBe(202);
    const job = asked!.body.data;
    await first.paused();
    if (world.kind === 'postgres') {
      // Seen from outside meanwhile: the job counted its rows and began, its transaction is open, and none of the workbook shows.
      await world.withDb(async (db) => {
        expect(await holding(db, job.id)).toMatchObject({ estado: 'en_curso', hechos: 0, total: rows.length, filas: null, blobs: blobsBefore });
        const [open] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'idle in transaction'`,
        );
        expect(open!.n).toBeGreaterThanOrEqual(1);
      });
    }
    await first.kill();

    const afterKill = await world.withDb((db) => holding(db, job.id));
    expect(afterKill).toMatchObject({ estado: 'en_curso', hechos: 0, total: rows.length, intentos: 1, filas: null, blob: null, blobs: blobsBefore });
    expect(afterKill.events).toEqual(['jobs.events.pendiente', 'jobs.events.en_curso']);

    // Started again: the job is taken up once the lease has run out, and ends done.
    const second = await world.startServer({ env });
    const early = await second.call('GET', `/reportes/api/v1/trabajos/${job.id}/excel`, { as: ACCOUNTANT });
    // Not written yet (409), or already written by the job taken up at once (200): never anything else.
    expect([200, 409]).toContain(early?.status);
    const ended = await until(
      `job ${job.id} to end`,
      async () => {
        const read = await second.call<{ data: Job }>('GET', `/api/v1/trabajos/${job.id}`, { as: ACCOUNTANT });
        return read?.body.data && !['pendiente', 'en_curso'].includes(read.body.data.estado) ? read.body.data : null;
      },
      60_000,
      200,
    );
    expect(ended).toMatchObject({ estado: 'terminado', hechos: rows.length, total: rows.length });
    const download = await fetch(`${second.url}/reportes/api/v1/trabajos/${job.id}/excel`, { headers: { authorization: `Bearer ${await world.token(ACCOUNTANT)}` } });
    expect(download.status).toBe(200);
    expect(await annexesIn(Buffer.from(await download.arrayBuffer()))).toEqual(rows);
    await second.stop();

    const finished = await world.withDb((db) => holding(db, job.id));
    expect(finished).toMatchObject({ estado: 'terminado', intentos: 2, filas: rows.length, blob: true, blobs: blobsBefore + 1 });
    expect(finished.events).toEqual(['jobs.events.pendiente', 'jobs.events.en_curso', 'jobs.events.retomado', 'jobs.events.terminado']);
  });
});
