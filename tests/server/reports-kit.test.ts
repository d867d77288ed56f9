// @vitest-environment node
// The report kit (docs/reports.md, docs/api-reports.md), through the ERCOT report whose rows are
// the cheapest to write: pages that cover every row once in order, totals equal to the sum of
// the rows (and to the ERCOT section's own running total), the workbook read back with ExcelJS
// equal to the JSON rows and totals, an empty report (no rows, a workbook with its headers), a
// workbook above the threshold written by a job and downloaded whole, bad bodies, an unknown
// report, who may call.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/job.schema';
import type { ReportAnswer, ReportCell } from '../../schemas/report.schema';
import { queryRows } from '../../server/db/client';
import { ADMIN, expectError, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';
import { useTestJobWorker } from './support/test-job-worker';

let t: TestApp;
let w: AdminWorld;

useAdminWorld(
  (app, world) => {
    t = app;
    w = world;
  },
  { env: { JOB_WORKERS: '0', LOG_LEVEL: 'error', REPORT_EXCEL_JOB_ROWS: '30' } },
);
const worker = useTestJobWorker(
  () => t,
  () => w,
);

const REPORT = '/reportes/api/v1/liquidacion-ercot-top-preliminar';
/** 2 days x 24 hours x (an offer and a bid): 96 rows, over the threshold. */
const BIG = { anio: 2026, mes: 3 };
/** 3 hours x an offer: 3 rows, streamed. */
const SMALL = { anio: 2026, mes: 4 };
const EMPTY = { anio: 2026, mes: 5 };

const VIEWER = 'facturacion@test.energy';
const OUTSIDER = 'otro@test.energy';

beforeAll(async () => {
  await userWith(t, VIEWER, ['facturacion'], null);
  await userWith(t, OUTSIDER, ['relaciones'], null);
  // Awards every hour of two March days at two points (the bid's point without a price at hour 5:
  // a null amount) and three April hours; prices of the DAM at each award's hour.
  await t.db.execute(sql`insert into ercot_puntos (nombre, tipo, vigente_desde) values ('HB_NORTH', 'HU', '2010-12-01'), ('LZ_HOUSTON', 'LZ', '2010-12-01')`);
  await t.db.execute(sql`with horas as (
      select d::date as dia, h as hora, (d::date + make_interval(hours => h + 5))::timestamptz as inicio
      from generate_series('2026-03-01'::date, '2026-03-02'::date, interval '1 day') d, generate_series(1, 24) h
      union all
      select '2026-04-10'::date, h, ('2026-04-10'::date + make_interval(hours => h + 5))::timestamptz from generate_series(1, 3) h
    ),
    adjudicadas as (
      insert into ercot_adjudicaciones (dia_operacion, hora_final, repetida, inicio_utc, tipo, punto, punto_sumidero, mw_oferta, precio_oferta, mw_adjudicado, archivo_nombre)
      select dia, hora, false, inicio, 'OFFER', 'HB_NORTH', null::text, 50, 10, 1.125 * hora, 'prueba' from horas
      union all
      select dia, hora, false, inicio, 'BID', 'LZ_HOUSTON', null, 20, 40, 2.5 + hora / 8.0, 'prueba' from horas where dia < '2026-04-01'
      returning 1
    )
    insert into ercot_precios (mercado, punto, inicio_utc, dia_operacion, hora_final, intervalo, repetida, precio, archivo_nombre)
    select 'DAM', 'HB_NORTH', inicio, dia, hora, null::smallint, false, 20.37 + hora / 100.0, 'prueba' from horas
    union all
    select 'DAM', 'LZ_HOUSTON', inicio, dia, hora, null::smallint, false, 31.05 - hora / 10.0, 'prueba' from horas where hora <> 5`);
});

const post = (payload: object, email = ADMIN, path = REPORT) => w.as(email, { method: 'POST', url: path, payload });

async function page(body: object): Promise<ReportAnswer> {
  const response = await post(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ReportAnswer;
}

/** Exact sum of decimal strings, in ten-thousandths of a unit and more (the test's figures have at most 5 decimals). */
function sumOf(values: ReadonlyArray<ReportCell>): string {
  const scale = 100_000n;
  let total = 0n;
  for (const value of values) {
    if (value === null) continue;
    const [whole, fraction = ''] = String(value).replace('-', '').split('.');
    const units = BigInt(whole!) * scale + BigInt(fraction.padEnd(5, '0'));
    total += String(value).startsWith('-') ? -units : units;
  }
  const negative = total < 0n;
  const absolute = negative ? -total : total;
  const fraction = (absolute % scale).toString().padStart(5, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${absolute / scale}${fraction ? `.${fraction}` : ''}`;
}

/** The workbook's data rows (below the column titles, the totals row apart) as the JSON shows cells. */
async function readWorkbook(content: Buffer, columns: ReportAnswer['columnas']) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    values.push((row.values as unknown[]).slice(1));
  });
  const titleRow = values.findIndex((row) => row[0] === 'Día de operación' || row[0] === 'Operating day');
  const cellOf = (kind: string, value: unknown): ReportCell => {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (kind === 'integer') return value as number;
    if (typeof value === 'number') return String(value);
    return String(value);
  };
  const asRow = (row: unknown[]) => Object.fromEntries(columns.map((column, index) => [column.clave, cellOf(column.tipo, row[index])]));
  return { header: values.slice(0, titleRow), titles: values[titleRow], rows: values.slice(titleRow + 1, -1).map(asRow), totals: values.at(-1)!, sheet };
}

/** A JSON row with its decimals as the workbook's numbers read back. */
const asNumbers = (row: Record<string, ReportCell>, columns: ReportAnswer['columnas']) =>
  Object.fromEntries(columns.map(({ clave, tipo }) => [clave, row[clave] === null || ['text', 'date', 'integer'].includes(tipo) ? row[clave] : String(Number(row[clave]))]));

describe('a report as JSON', () => {
  it('answers its columns, a page of rows in order, the count of all and their totals', async () => {
    const answer = await page({ ...BIG, por_pagina: 5 });
    expect(answer.columnas.map((column) => `${column.clave}:${column.tipo}`)).toEqual([
      'dia_operacion:date',
      'hora_final:integer',
      'dst:text',
      'tipo:text',
      'punto:text',
      'punto_sumidero:text',
      'mw_adjudicado:mwh',
      'precio:price',
      'precio_sumidero:price',
      'monto:usd',
    ]);
    expect(answer).toMatchObject({ total_filas: 96, pagina: 1, por_pagina: 5 });
    expect(answer.filas[0]).toEqual({
      dia_operacion: '2026-03-01',
      hora_final: 1,
      dst: 'N',
      tipo: 'BID',
      punto: 'LZ_HOUSTON',
      punto_sumidero: null,
      mw_adjudicado: '2.625',
      precio: '30.95',
      precio_sumidero: null,
      monto: '-81.24',
    });
    expect(answer.filas[1]).toMatchObject({ hora_final: 1, tipo: 'OFFER', mw_adjudicado: '1.125', precio: '20.38', monto: '22.93' });
  });

  it('pages through every row once, in order, with the default of 100 a page', async () => {
    const seen: Array<Record<string, ReportCell>> = [];
    for (let pagina = 1; pagina <= 10; pagina += 1) {
      const answer = await page({ ...BIG, pagina, por_pagina: 10 });
      expect(answer.filas).toHaveLength(pagina === 10 ? 6 : 10);
      seen.push(...answer.filas);
    }
    expect((await page({ ...BIG, pagina: 11, por_pagina: 10 })).filas).toEqual([]);
    const whole = await page(BIG);
    expect(whole.por_pagina).toBe(100);
    expect(seen).toEqual(whole.filas);
    const keys = seen.map((row) => `${row.dia_operacion} ${String(row.hora_final).padStart(2, '0')} ${row.tipo}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(96);
  });

  it('totals the energy and the money over all the rows: the sum of the rows, and the ERCOT section running total', async () => {
    const answer = await page({ ...BIG, por_pagina: 1000 });
    expect(answer.totales).toEqual({ mw_adjudicado: sumOf(answer.filas.map((row) => row.mw_adjudicado!)), monto: sumOf(answer.filas.map((row) => row.monto!)) });
    // An award without a price has no amount, and the total leaves it out.
    expect(answer.filas.filter((row) => row.monto === null)).toHaveLength(2);
    const accumulated = await w.as(ADMIN, { method: 'POST', url: '/ercot/api/v1/acumulados', payload: { desde: '2026-03-01', hasta: '2026-03-31', agrupacion: 'dia' } });
    expect(accumulated.statusCode, accumulated.body).toBe(200);
    expect(answer.totales.monto).toBe((accumulated.json().data as Array<{ monto_acumulado: string }>).at(-1)!.monto_acumulado);
  });

  it('answers a month without rows with no rows and zero totals', async () => {
    expect(await page(EMPTY)).toMatchObject({ filas: [], total_filas: 0, totales: { mw_adjudicado: '0', monto: '0' } });
  });
});

describe('a report as a workbook', () => {
  it('streams the rows and totals of the JSON answer, in the language asked, numbers as numbers and dates as dates', async () => {
    const answer = await page(SMALL);
    const response = await post({ ...SMALL, idioma: 'en-US' }, ADMIN, `${REPORT}/excel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('report-liquidacion-ercot-top-preliminar-2026-04.xlsx');
    const book = await readWorkbook(response.rawPayload, answer.columnas);
    expect(book.header).toEqual([['Preliminary ERCOT TOP settlement'], ['Year', 2026], ['Month', 4], []]);
    expect(book.titles?.slice(0, 3)).toEqual(['Operating day', 'Hour ending', 'Repeated hour (DST)']);
    expect(book.rows).toEqual(answer.filas.map((row) => asNumbers(row, answer.columnas)));
    expect(book.totals[0]).toBe('Total');
    expect(book.totals[6]).toBe(Number(answer.totales.mw_adjudicado));
    expect(book.totals[9]).toBe(Number(answer.totales.monto));
    expect(book.sheet.getRow(6).getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(book.sheet.getRow(6).getCell(10).numFmt).toBe('#,##0.00');
  });

  it('writes an empty report as its header and column titles, in Spanish by default', async () => {
    const response = await post(EMPTY, ADMIN, `${REPORT}/excel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('reporte-liquidacion-ercot-top-preliminar-2026-05.xlsx');
    const book = await readWorkbook(response.rawPayload, (await page(EMPTY)).columnas);
    expect(book.header[0]).toEqual(['Liquidación ERCOT TOP preliminar']);
    expect(book.titles?.[0]).toBe('Día de operación');
    expect(book.rows).toEqual([]);
    expect(book.totals).toEqual(['Total', undefined, undefined, undefined, undefined, undefined, 0, undefined, undefined, 0]);
  });

  it('writes a report above the threshold by a job the caller follows, then downloads it whole', async () => {
    const response = await post({ ...BIG, idioma: 'en-US' }, VIEWER, `${REPORT}/excel`);
    expect(response.statusCode, response.body).toBe(202);
    const job = response.json().data as Job;
    expect(job).toMatchObject({ tipo: 'reportes.excel', estado: 'pendiente', creado_por: VIEWER });
    const early = await w.as(VIEWER, { method: 'GET', url: `/reportes/api/v1/trabajos/${job.id}/excel` });
    expectError(early, 409, 'APP_ERR_REPORT_NOT_READY');

    expect(await worker.finished(job.id, VIEWER)).toMatchObject({ estado: 'terminado', hechos: 96, total: 96 });
    const download = await w.as(VIEWER, { method: 'GET', url: `/reportes/api/v1/trabajos/${job.id}/excel` });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toContain('report-liquidacion-ercot-top-preliminar-2026-03.xlsx');
    const answer = await page({ ...BIG, por_pagina: 1000 });
    const book = await readWorkbook(download.rawPayload, answer.columnas);
    expect(book.rows).toHaveLength(96);
    expect(book.rows).toEqual(answer.filas.map((row) => asNumbers(row, answer.columnas)));
    expect(book.totals[9]).toBe(Number(answer.totales.monto));

    // Its live events end with the rows written.
    const events = await w.as(VIEWER, { method: 'GET', url: `/api/v1/trabajos/${job.id}/eventos` });
    expect(events.body).toContain('"clave":"reports.job.written"');
    // Someone without the reports' view key may not download it.
    expectError(await w.as(OUTSIDER, { method: 'GET', url: `/reportes/api/v1/trabajos/${job.id}/excel` }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });

  it('answers 404 for the workbook of a job that is not a report', async () => {
    const [job] = await queryRows<{ id: number }>(t.db, sql`insert into trabajos (tipo, creado_por) values ('liquidaciones.refrescar', ${ADMIN}) returning id`);
    expectError(await w.as(ADMIN, { method: 'GET', url: `/reportes/api/v1/trabajos/${job!.id}/excel` }), 404, 'APP_ERR_JOB_NOT_FOUND');
  });
});

describe('refusals', () => {
  it('refuses a month 13, a year out of range, an unknown field and a bad page with details', async () => {
    const paths = (response: { json(): unknown }) => ((response.json() as { details: Array<{ instancePath: string }> }).details ?? []).map((detail) => detail.instancePath);
    const month = await post({ anio: 2026, mes: 13 });
    expectError(month, 400, 'APP_ERR_REQUEST_INVALID');
    expect(paths(month)).toEqual(['/mes']);
    expect(paths(await post({ anio: 1999, mes: 1 }))).toEqual(['/anio']);
    const unknown = await post({ ...BIG, pais: 'GT' });
    expectError(unknown, 400, 'APP_ERR_REQUEST_INVALID');
    expect(JSON.stringify(unknown.json())).toContain('additionalProperties');
    expect(paths(await post({ ...BIG, por_pagina: 1001 }))).toEqual(['/por_pagina']);
    expect(paths(await post({ ...BIG, pagina: 0 }))).toEqual(['/pagina']);
    // The workbook's body takes no paging, and a language of the two.
    expectError(await post({ ...BIG, pagina: 1 }, ADMIN, `${REPORT}/excel`), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await post({ ...BIG, idioma: 'fr-FR' }, ADMIN, `${REPORT}/excel`), 400, 'APP_ERR_REQUEST_INVALID');
  });

  it('refuses a company or a contract that does not exist, on the JSON call and the workbook, with the detail on its field', async () => {
    const paths = (response: { json(): unknown }) => ((response.json() as { details: Array<{ instancePath: string }> }).details ?? []).map((detail) => detail.instancePath);
    const energy = '/reportes/api/v1/energia-gtm';
    const range = { desde: '2026-03-01', hasta: '2026-03-31' };
    const contract = await post({ ...range, contrato_id: 987654 }, ADMIN, energy);
    expectError(contract, 400, 'APP_ERR_REQUEST_INVALID');
    expect(paths(contract)).toEqual(['/contrato_id']);
    expect(paths(await post({ ...range, empresa_id: 987654, contrato_id: 987654 }, ADMIN, `${energy}/excel`))).toEqual(['/empresa_id', '/contrato_id']);
  });

  it('answers 404 for a report it does not know', async () => {
    expectError(await post(BIG, ADMIN, '/reportes/api/v1/no-existe'), 404, 'APP_ERR_ROUTE_NOT_FOUND');
  });

  it('answers 401 without a token and 403 without the facturacion view key', async () => {
    expectError(await t.app.inject({ method: 'POST', url: REPORT, payload: BIG }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await post(BIG, OUTSIDER), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await post(BIG, OUTSIDER, `${REPORT}/excel`), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expect((await post(BIG, VIEWER)).statusCode).toBe(200);
  });
});
