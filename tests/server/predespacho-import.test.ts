// @vitest-environment node
// The EOR predespacho workbook import (AREAS.md (a) "Importing an EOR file"): the simulator's
// workbook of a day is stored with its periods shifted to ours (Periodo 0 is period 1) and its
// numbers exact, again without a change; a workbook of another shape, a bad cell, a repeated row
// or another day is refused with every problem located and nothing stored; who may call it.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { cellText } from '../../server/market-data/file-table';
import { predespachoWorkbook } from '../../server/market-sim/predespacho-workbook';
import { predespachoFileName } from '../../server/logbooks/predespacho-workbook';
import { ADMIN, expectError, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';
import { multipart } from './support/multipart';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const DAY = '2025-03-10';
const FILE = predespachoFileName(DAY, 'OSO001');
const IMPORT = '/bitacoras/api/v1/predespacho/importar';

let workbook: Buffer;

beforeAll(async () => {
  workbook = await predespachoWorkbook(DAY, 'OSO001');
});

/** Posts `file` as the workbook named `filename`, as `email`, for the day `fecha` when given. */
function postWorkbook(file: Buffer, { filename = FILE, email = ADMIN, fecha }: { filename?: string; email?: string; fecha?: string } = {}) {
  const url = fecha ? `${IMPORT}?fecha=${fecha}` : IMPORT;
  return w.as(email, { method: 'POST', url, ...multipart([{ name: 'file', value: file, filename, contentType: 'application/octet-stream' }]) });
}

/** The workbook with `edit` made to it, as bytes again. */
async function edited(edit: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(workbook as unknown as ArrayBuffer);
  edit(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const sheetOf = (book: ExcelJS.Workbook, name: string) => book.getWorksheet(name)!;

/** Every stored row of the day, in key order, without when it was loaded. */
async function storedRows(fecha = DAY) {
  const result = await t.db.execute(sql`
    select hoja, pais_oso, periodo, nodo, agente, pm, codigo_contrato, sentido, mw_requerida::text, mw_declarada::text,
           mw_predespachada::text, precio_exante::text, reduccion, archivo_nombre, cargado_por
    from resultados_predespacho where fecha = ${fecha}
    order by hoja, nodo, agente nulls first, pm nulls first, codigo_contrato nulls first, sentido nulls first, periodo`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

interface Problem {
  keyword: string;
  hoja: string | null;
  fila: number | null;
  columna: string | null;
  params?: Record<string, unknown>;
  key: string;
}

/** Asserts the 400 of a refused workbook and answers its problems, each as sheet, row, column and keyword. */
function refused(response: Awaited<ReturnType<typeof postWorkbook>>): Problem[] {
  expectError(response, 400, 'APP_ERR_PREDESPACHO_INVALID');
  const details = response.json().details as Problem[];
  for (const detail of details) expect(detail.key).toBe(`logbooks.import.problems.${detail.keyword}`);
  return details;
}

const located = (problems: Problem[]) => problems.map(({ hoja, fila, columna, keyword }) => ({ hoja, fila, columna, keyword }));

describe('POST /bitacoras/api/v1/predespacho/importar', () => {
  it("stores the simulator's workbook: its day and country, every sheet's rows, periods shifted to 1..24 and prices exact", async () => {
    const response = await postWorkbook(workbook);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toEqual({ fecha: DAY, pais_oso: 'OSO001', filas: { TCP: 72, TOP: 96, PEXANTE: 96 } });

    const rows = await storedRows();
    expect(rows).toHaveLength(72 + 96 + 96);
    expect(rows.every((row) => row.pais_oso === 'OSO001' && row.archivo_nombre === FILE && row.cargado_por === ADMIN)).toBe(true);

    // Each PEXANTE row of the sheet is stored at its period + 1 with the price exactly as the cell reads.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(workbook as unknown as ArrayBuffer);
    const sheet = sheetOf(book, 'PEXANTE');
    const expected: Array<{ periodo: number; nodo: string; precio_exante: string }> = [];
    sheet.eachRow((row, fila) => {
      if (fila > 8) expected.push({ periodo: Number(row.getCell(1).value) + 1, nodo: String(row.getCell(2).value), precio_exante: cellText(row.getCell(3).value) });
    });
    const prices = rows.filter((row) => row.hoja === 'PEXANTE').map(({ periodo, nodo, precio_exante }) => ({ periodo, nodo, precio_exante }));
    const byKey = (a: { nodo: string; periodo: number }, b: { nodo: string; periodo: number }) => a.nodo.localeCompare(b.nodo) || a.periodo - b.periodo;
    expect(prices).toEqual([...expected].sort(byKey));
    // The sheet's first row is Periodo 0 and its last Periodo 23.
    expect(sheet.getRow(9).getCell(1).value).toBe(0);
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe(23);
    expect(new Set(rows.map((row) => row.periodo))).toEqual(new Set(Array.from({ length: 24 }, (_, index) => index + 1)));
    for (const price of prices) expect(Number(price.precio_exante)).toBeGreaterThanOrEqual(60);
    for (const price of prices) expect(Number(price.precio_exante)).toBeLessThanOrEqual(180);

    // A contract row keeps its contract, direction, MW and reduction flag; an opportunity row its agent and PM.
    expect(rows.find((row) => row.hoja === 'TCP')).toMatchObject({ codigo_contrato: expect.stringMatching(/^(CF|CNFFF)-GT-2025-\d{3}$/), sentido: expect.stringMatching(/^[IR]$/), reduccion: expect.stringMatching(/^(S|N|NA)$/) });
    expect(rows.find((row) => row.hoja === 'TOP')).toMatchObject({ agente: expect.stringMatching(/^AG-GT-/), codigo_contrato: null, reduccion: null });

    const read = await w.as(ADMIN, { method: 'GET', url: `/bitacoras/api/v1/predespacho?fecha=${DAY}&pais_oso=OSO001` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ fecha: DAY, pais_oso: 'OSO001', filas: { TCP: 72, TOP: 96, PEXANTE: 96 }, precios: [...expected].sort(byKey) });
  });

  it('stores the same rows when the workbook is imported again, and leaves other countries and days alone', async () => {
    const other = await postWorkbook(await predespachoWorkbook(DAY, 'OSO006'), { filename: predespachoFileName(DAY, 'OSO006') });
    // Panama's TOP sheet is empty, as the operator's often was.
    expect(other.json().data).toEqual({ fecha: DAY, pais_oso: 'OSO006', filas: { TCP: 72, TOP: 0, PEXANTE: 72 } });
    const before = await storedRows();
    const again = await postWorkbook(workbook, { fecha: DAY });
    expect(again.statusCode, again.body).toBe(201);
    expect(await storedRows()).toEqual(before);
  });

  it('makes the same workbook for the same day and country', async () => {
    const book = async (bytes: Buffer) => {
      const loaded = new ExcelJS.Workbook();
      await loaded.xlsx.load(bytes as unknown as ArrayBuffer);
      return loaded.worksheets.map((sheet) => sheet.getSheetValues());
    };
    expect(await book(await predespachoWorkbook(DAY, 'OSO001'))).toEqual(await book(workbook));
    expect(await book(await predespachoWorkbook('2025-03-11', 'OSO001'))).not.toEqual(await book(workbook));
  });

  describe('refuses a bad workbook with every problem and stores nothing', () => {
    let before: Array<Record<string, unknown>>;

    beforeAll(async () => {
      before = await storedRows();
      expect(before.length).toBeGreaterThan(0);
    });

    /** Imports the workbook with `edit` made to it: a 400 whose problems are answered, the stored rows unchanged. */
    async function problemsOf(edit: (book: ExcelJS.Workbook) => void, options?: Parameters<typeof postWorkbook>[1]): Promise<Problem[]> {
      const problems = refused(await postWorkbook(await edited(edit), options));
      expect(await storedRows()).toEqual(before);
      return problems;
    }

    it('a missing sheet, named, before any row is read', async () => {
      const problems = await problemsOf((book) => {
        book.removeWorksheet(sheetOf(book, 'TOP').id);
        // A bad cell elsewhere is not read: the shape is wrong first.
        sheetOf(book, 'PEXANTE').getCell('C9').value = 'caro';
      });
      expect(located(problems)).toEqual([{ hoja: 'TOP', fila: null, columna: null, keyword: 'sheet_missing' }]);
    });

    it('a renamed header, naming the sheet and the column', async () => {
      const problems = await problemsOf((book) => {
        sheetOf(book, 'TOP').getCell('G8').value = 'MW Ofrecida';
      });
      expect(problems).toMatchObject([
        { hoja: 'TOP', fila: 8, columna: 'MW Declarada', keyword: 'header_mismatch', params: { expected: 'MW Declarada', found: 'MW Ofrecida' } },
      ]);
    });

    it('reads a header without its accents or case', async () => {
      const unaccented = await edited((book) => {
        sheetOf(book, 'TCP').getCell('E8').value = 'codigo contrato';
        sheetOf(book, 'TCP').getCell('K8').value = 'REDUCCION';
      });
      expect((await postWorkbook(unaccented)).statusCode).toBe(201);
      before = await storedRows();
    });

    it('a Periodo of 24 or -1, and a period left out', async () => {
      const problems = await problemsOf((book) => {
        const sheet = sheetOf(book, 'PEXANTE');
        sheet.getCell('A9').value = 24;
        sheet.getCell('A10').value = -1;
      });
      expect(located(problems)).toEqual([
        { hoja: 'PEXANTE', fila: 9, columna: 'Periodo', keyword: 'period' },
        { hoja: 'PEXANTE', fila: 10, columna: 'Periodo', keyword: 'period' },
      ]);
      expect(problems[0]?.params).toEqual({ valor: '24' });

      // With its rows right, a key short of a period is told at its first row.
      const short = await problemsOf((book) => {
        sheetOf(book, 'PEXANTE').spliceRows(9, 1);
      });
      expect(short).toMatchObject([{ hoja: 'PEXANTE', keyword: 'periods_missing', params: { faltantes: '0' } }]);
    });

    it('an MW that is not a number, a missing value, a bad direction and a bad reduction flag, every one', async () => {
      const problems = await problemsOf((book) => {
        const tcp = sheetOf(book, 'TCP');
        tcp.getCell('J9').value = '12,5';
        tcp.getCell('F10').value = 'X';
        tcp.getCell('K11').value = 'SI';
        const top = sheetOf(book, 'TOP');
        top.getCell('G12').value = 'doce';
        top.getCell('B13').value = null;
        top.getCell('H14').value = 'barato';
      });
      expect(located(problems)).toEqual([
        { hoja: 'TCP', fila: 9, columna: 'MW Predespachada', keyword: 'mw' },
        { hoja: 'TCP', fila: 10, columna: 'Tipo Transacción', keyword: 'direction' },
        { hoja: 'TCP', fila: 11, columna: 'Reducción', keyword: 'reduction' },
        { hoja: 'TOP', fila: 12, columna: 'MW Declarada', keyword: 'mw' },
        { hoja: 'TOP', fila: 13, columna: 'Nodo', keyword: 'required' },
        // A block is not stored, but a block that is not a price is a broken file.
        { hoja: 'TOP', fila: 14, columna: 'Bloque1 Precio', keyword: 'price' },
      ]);
    });

    it('a row repeated in a sheet, naming the first', async () => {
      const problems = await problemsOf((book) => {
        const sheet = sheetOf(book, 'PEXANTE');
        sheet.addRow(sheet.getRow(9).values);
      });
      expect(problems).toMatchObject([{ hoja: 'PEXANTE', fila: 105, columna: null, keyword: 'duplicate', params: { primera_fila: 9 } }]);
    });

    it('another day in a date cell than the one the file is named for', async () => {
      const problems = await problemsOf((book) => {
        sheetOf(book, 'TCP').getCell('A3').value = 'Fecha: 11/03/2025';
      });
      expect(problems).toMatchObject([{ hoja: 'TCP', fila: 3, columna: 'A3', keyword: 'date_mismatch', params: { day: '2025-03-11', expected: DAY } }]);
    });

    it('a workbook of another day than the one asked for, and a date cell that is no date', async () => {
      const problems = refused(await postWorkbook(workbook, { fecha: '2025-03-11' }));
      expect(await storedRows()).toEqual(before);
      expect(located(problems)).toEqual([
        { hoja: null, fila: null, columna: null, keyword: 'date_mismatch' },
        { hoja: 'TCP', fila: 3, columna: 'A3', keyword: 'date_mismatch' },
        { hoja: 'TOP', fila: 3, columna: 'A3', keyword: 'date_mismatch' },
        { hoja: 'PEXANTE', fila: 3, columna: 'A3', keyword: 'date_mismatch' },
      ]);
      const undated = await problemsOf((book) => {
        sheetOf(book, 'TOP').getCell('A3').value = 'Fecha: mañana';
      });
      expect(located(undated)).toEqual([{ hoja: 'TOP', fila: 3, columna: 'A3', keyword: 'date' }]);
    });

    it('a file that is no workbook, or whose name does not say its country', async () => {
      expect(located(refused(await postWorkbook(Buffer.from('Periodo,Nodo\n0,GT-ESC-230'), { filename: 'PUB004-PRE-20250310-OSO001.csv' })))).toEqual([
        { hoja: null, fila: null, columna: null, keyword: 'unreadable' },
      ]);
      expect(refused(await postWorkbook(workbook, { filename: 'predespacho.xlsx' }))).toMatchObject([{ keyword: 'file_name', params: { archivo: 'predespacho.xlsx' } }]);
      expect(await storedRows()).toEqual(before);
    });
  });

  it('asks for a file, as multipart', async () => {
    expectError(await w.as(ADMIN, { method: 'POST', url: IMPORT, ...multipart([{ name: 'tipo', value: 'x' }]) }), 400, 'APP_ERR_FILE_MISSING');
    expectError(await w.as(ADMIN, { method: 'POST', url: IMPORT, payload: { file: 'x' } }), 415, 'APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE');
  });

  it('needs a token and the acciones view key', async () => {
    expectError(await t.app.inject({ method: 'POST', url: IMPORT, ...multipart([{ name: 'file', value: workbook, filename: FILE }]) }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await t.app.inject({ method: 'GET', url: `/bitacoras/api/v1/predespacho?fecha=${DAY}&pais_oso=OSO001` }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'sin-acciones@test.energy', ['relaciones', 'liquidaciones'], w.fullRole);
    expectError(await postWorkbook(workbook, { email: 'sin-acciones@test.energy' }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await w.as('sin-acciones@test.energy', { method: 'GET', url: `/bitacoras/api/v1/predespacho?fecha=${DAY}&pais_oso=OSO001` }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('GET /bitacoras/api/v1/predespacho', () => {
  it('answers no rows for a day nothing was imported for, and refuses an unknown country file', async () => {
    const empty = await w.as(ADMIN, { method: 'GET', url: '/bitacoras/api/v1/predespacho?fecha=2024-01-01&pais_oso=OSO002' });
    expect(empty.json().data).toEqual({ fecha: '2024-01-01', pais_oso: 'OSO002', filas: { TCP: 0, TOP: 0, PEXANTE: 0 }, precios: [] });
    expectError(await w.as(ADMIN, { method: 'GET', url: '/bitacoras/api/v1/predespacho?fecha=2024-01-01&pais_oso=OSO009' }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});
