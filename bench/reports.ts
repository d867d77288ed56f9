// `npm run bench:reports`: a 100,000-row report exported to Excel through the app. The book: the
// demo seed, then 100,000 ERCOT day-ahead awards of one month (the report whose rows are the
// cheapest to write: 135 points x 744 hours, cut at 100,000) with a DAM price for each, written
// set-based. Not timed.
//
// Measured: `POST /reportes/api/v1/liquidacion-ercot-top-preliminar/excel` through the real app
// listening on 127.0.0.1 (every plugin, auth, validation, the count, the cursor's batches, the
// house-style workbook streamed into the answer), read whole by an HTTP client that keeps only
// the byte count, against ExcelJS's streaming writer writing the same 100,000 rows alone (already
// in memory, same columns and number formats) to a sink that drops them, interleaved, RUNS times
// each after a warm-up; the medians and their ratio (goal <= 1.5), and the process's peak growth
// of RSS and of the JS heap during the app's exports over what it held before (goal < 200 MB:
// the rows are read in batches, never all at once).
//
// Runs on the embedded PGlite and then, when DATABASE_URL is set, on a fresh database of its own
// on that server (BENCH_ONLY=pglite|postgres runs one).
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows, type Db } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { dateOf } from '../server/files/workbook';
import { adminToken, onEachDatabase, median } from './bench-support';

const ROWS = 100_000;
const MONTH = { anio: 2026, mes: 1 };
const RUNS = 3;
const RATIO_GOAL = 1.5;
const MEMORY_GOAL_MB = 200;

/** 100,000 awards of January 2026 at 135 points, each hour, with the DAM price of its hour. */
async function writeAwards(db: Db): Promise<number> {
  await db.execute(sql`insert into ercot_puntos (nombre, tipo, vigente_desde)
    select 'BENCH_' || lpad(p::text, 3, '0'), 'RN', '2020-01-01' from generate_series(1, 135) p on conflict do nothing`);
  await db.execute(sql`with horas as (
      select d::date as dia, h as hora, (d::date + make_interval(hours => h + 5))::timestamptz as inicio
      from generate_series('2026-01-01'::date, '2026-01-31'::date, interval '1 day') d, generate_series(1, 24) h
    ),
    filas as (
      select h.*, 'BENCH_' || lpad(p::text, 3, '0') as punto, p from horas h, generate_series(1, 135) p
      order by h.dia, h.hora, p limit ${ROWS}
    ),
    precios as (
      insert into ercot_precios (mercado, punto, inicio_utc, dia_operacion, hora_final, intervalo, repetida, precio, archivo_nombre)
      select 'DAM', punto, inicio, dia, hora, null::smallint, false, round((20 + (p * 7 + hora * 13) % 50 + 0.37)::numeric, 2), 'bench' from filas
      returning 1
    )
    insert into ercot_adjudicaciones (dia_operacion, hora_final, repetida, inicio_utc, tipo, punto, punto_sumidero, mw_oferta, precio_oferta, mw_adjudicado, archivo_nombre)
    select dia, hora, false, inicio, case when p % 3 = 0 then 'BID' else 'OFFER' end, punto, null::text, 50, 12, round(((p * 11 + hora) % 40 + 0.125)::numeric, 3), 'bench' from filas`);
  await db.execute(sql`analyze ercot_adjudicaciones, ercot_precios`);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ercot_adjudicaciones`);
  return count!.n;
}

/** A sink that keeps nothing but the count of bytes. */
function countingSink(): { out: Writable; bytes: () => number } {
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { out, bytes: () => bytes };
}

const FORMATS: Record<string, string> = { integer: '#,##0', mwh: '#,##0.000', usd: '#,##0.00', price: '#,##0.00' };

/** ExcelJS's streaming writer alone: the same rows (already in memory, as Excel values), columns and formats, to a sink. */
async function writeAlone(columns: Array<{ clave: string; tipo: string }>, rows: unknown[][]): Promise<number> {
  const sink = countingSink();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink.out, useStyles: true });
  const sheet = workbook.addWorksheet('Report');
  sheet.columns = columns.map(({ clave, tipo }) => ({ key: clave, width: 16, style: { numFmt: tipo === 'date' ? 'dd/mm/yyyy' : FORMATS[tipo] } }));
  sheet.addRow(columns.map(({ clave }) => clave)).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return sink.bytes();
}

interface Measured {
  label: string;
  rows: number;
  app: number[];
  alone: number[];
  bytes: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
}

async function run(label: string, db: Db): Promise<Measured> {
  const startedAt = performance.now();
  await seedDemo(db, { poolId: 'local_EnergyPool', withIdentities: false });
  const rows = await writeAwards(db);
  console.log(`${label}: seeded and ${rows.toLocaleString('en-US')} awards written in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; measuring`);

  // No job: the whole export is streamed in the answer.
  const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080', LOG_LEVEL: 'silent', JOB_WORKERS: '0', REPORT_EXCEL_JOB_ROWS: String(ROWS * 10) });
  const token = await adminToken(db, config);
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/reportes/api/v1/liquidacion-ercot-top-preliminar`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  try {
    // The floor's rows: the report's own rows as Excel values, read once through the JSON call (not timed).
    const columns: Array<{ clave: string; tipo: string }> = [];
    const excelRows: unknown[][] = [];
    for (let pagina = 1; excelRows.length < rows; pagina += 1) {
      const page = (await (await fetch(base, { method: 'POST', headers, body: JSON.stringify({ ...MONTH, pagina, por_pagina: 1000 }) })).json()) as {
        data: { columnas: Array<{ clave: string; tipo: string }>; filas: Array<Record<string, string | number | null>> };
      };
      if (columns.length === 0) columns.push(...page.data.columnas);
      if (page.data.filas.length === 0) break;
      for (const row of page.data.filas) {
        excelRows.push(
          columns.map(({ clave, tipo }) => {
            const value = row[clave];
            if (value === null || value === undefined) return null;
            return tipo === 'date' ? dateOf(String(value)) : tipo === 'text' ? value : Number(value);
          }),
        );
      }
    }

    let bytes = 0;
    let peakRss = 0;
    let peakHeap = 0;
    const exportThroughApp = async () => {
      const response = await fetch(`${base}/excel`, { method: 'POST', headers, body: JSON.stringify(MONTH) });
      if (response.status !== 200 || !response.body) throw new Error(`excel: ${response.status} ${await response.text()}`);
      let received = 0;
      const reader = response.body.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value.length;
      bytes = received;
    };
    const measureApp = async () => {
      const before = process.memoryUsage();
      let rss = before.rss;
      let heap = before.heapUsed;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        rss = Math.max(rss, now.rss);
        heap = Math.max(heap, now.heapUsed);
      }, 10);
      const start = performance.now();
      await exportThroughApp();
      const elapsed = performance.now() - start;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, rss - before.rss);
      peakHeap = Math.max(peakHeap, heap - before.heapUsed);
      return elapsed;
    };
    const measureAlone = async () => {
      const start = performance.now();
      await writeAlone(columns, excelRows);
      return performance.now() - start;
    };
    await measureApp();
    await measureAlone();
    const appTimes: number[] = [];
    const aloneTimes: number[] = [];
    for (let round = 0; round < RUNS; round += 1) {
      appTimes.push(await measureApp());
      aloneTimes.push(await measureAlone());
    }
    return {
      label,
      rows,
      app: appTimes.sort((a, b) => a - b),
      alone: aloneTimes.sort((a, b) => a - b),
      bytes,
      rssGrowthMb: peakRss / 2 ** 20,
      heapGrowthMb: peakHeap / 2 ** 20,
    };
  } finally {
    await app.close();
  }
}

const results = await onEachDatabase('energy_bench_reports', run, process.env.BENCH_ONLY);

console.log(`\nA ${ROWS.toLocaleString('en-US')}-row report to Excel (POST /reportes/api/v1/liquidacion-ercot-top-preliminar/excel over HTTP), ${RUNS} runs each after a warm-up`);
let failed = false;
for (const result of results) {
  const ratio = median(result.app) / median(result.alone);
  const goals = [ratio <= RATIO_GOAL, result.rssGrowthMb < MEMORY_GOAL_MB && result.heapGrowthMb < MEMORY_GOAL_MB];
  failed ||= goals.includes(false);
  console.log(
    `  ${result.label}: ${result.rows.toLocaleString('en-US')} rows, ${(result.bytes / 2 ** 20).toFixed(1)} MB xlsx; ` +
      `app ${(median(result.app) / 1000).toFixed(2)} s (max ${(result.app.at(-1)! / 1000).toFixed(2)}), ExcelJS alone ${(median(result.alone) / 1000).toFixed(2)} s, ` +
      `ratio ${ratio.toFixed(2)} (goal <= ${RATIO_GOAL}); peak growth during the export: RSS ${result.rssGrowthMb.toFixed(0)} MB, heap ${result.heapGrowthMb.toFixed(0)} MB ` +
      `(goal < ${MEMORY_GOAL_MB} MB): ${goals.every(Boolean) ? 'met' : 'NOT MET'}`,
  );
}
if (!process.env.DATABASE_URL) console.log('  PostgreSQL: not measured (set DATABASE_URL to measure it).');
if (failed) process.exitCode = 1;
