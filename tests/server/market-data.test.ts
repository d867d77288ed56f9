// @vitest-environment node
// Settlement data: the database keeps a validated settlement and its rows final (only the
// preliminar -> validada step is allowed, once); a market-data file (node prices, energy per
// annex, exchange rates, loss factors, national charge rates) is stored all or nothing, every
// problem listed, and re-importing it stores the same; charge periods of a country and kind
// never overlap, in a file, with the stored ones, nor in the database itself; the month's
// coverage of market data (prices and loss factors per node and version, energy per annex and
// version, charge days per country and kind, exchange-rate days), 401/403.
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { Annex } from '../../schemas/annex.schema';
import type { MarketDataKind, MarketDataProblem } from '../../schemas/market-data.schema';
import { auditLog } from '../../server/db/schema/audit';
import { cargosPais } from '../../server/db/schema/country-charges';
import { energiaAnexo, factoresPerdida, preciosNodo, tiposCambio } from '../../server/db/schema/settlements';
import { pgRefusalOf } from '../../server/db/versioned';
import { MAX_PROBLEMS, readMarketTable } from '../../server/market-data/rules';
import * as chargeStore from '../../server/countries/store';
import { GT_MMI_APRIL_2026 } from '../market-data/market-data-fixtures';
import { ADMIN, expectError, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { createAnnex, createContract } from './contracts-fixtures';
import type { TestApp } from './helpers';
import { insertRates } from './support/charge-rates';
import { multipart, type Part } from './support/multipart';

// The stored charge periods as the store reads them, unless a test makes one read miss a row (a race).
vi.mock('../../server/countries/store', async (original) => {
  const actual = await original<typeof import('../../server/countries/store')>();
  return { ...actual, importedChargePeriods: vi.fn(actual.importedChargePeriods) };
});

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

/** The refusal kind of a statement the database refused (null when it ran). */
async function refusalOf(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await t.db.execute(statement);
    return null;
  } catch (error) {
    return pgRefusalOf(error) ?? String(error);
  }
}

/** A preliminary settlement of the annex's contract with two hourly rows, computed by `preparer`. */
async function preliminarySettlement(annex: Annex, preparer: string, mes: number): Promise<number> {
  const rows = await t.db.execute(sql`
    insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, energia_total_mwh, factura, calculada_por, calculada_en, created_by)
    values (${annex.contrato_id}, 2025, ${mes}, 'DF', '20', '1802.5', ${preparer}, now(), ${preparer})
    returning id`);
  const id = (rows as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
  await t.db.execute(sql`
    insert into liquidacion_filas (liquidacion_id, anexo_id, fecha, periodo, energia_fisica_mwh, energia_flex_mwh, energia_total_mwh,
      cargos_mmi, cargos_mmr, cmorc, liquidacion_fisica, liquidacion_flex, liquidacion_fpn, liquidacion_energia,
      liquidacion_potencia, fee, margen, factura)
    select ${id}, ${annex.id}, '2025-02-01', p, '8', '2', '10', '0', '0', '0', '720.8', '180.2', '0', '901', '0', '0', '0', '901.25'
    from generate_series(1, 2) p`);
  return id;
}

const validate = (id: number, by: string) =>
  sql`update liquidaciones set estado = 'validada', validada_por = ${by}, validada_en = now(), updated_by = ${by}, version = version + 1 where id = ${id}`;

describe('a settlement in the database', () => {
  it('while preliminar is recomputed, its rows replaced, and it can be deleted with its rows', async () => {
    const contract = await createContract(t, w, ADMIN);
    const annex = await createAnnex(w, ADMIN, contract.id);
    const id = await preliminarySettlement(annex, 'preparer@test.energy', 1);
    expect(await refusalOf(sql`update liquidaciones set factura = '2000' where id = ${id}`)).toBeNull();
    expect(await refusalOf(sql`update liquidacion_filas set factura = '1000' where liquidacion_id = ${id}`)).toBeNull();
    expect(await refusalOf(sql`delete from liquidacion_filas where liquidacion_id = ${id} and periodo = 2`)).toBeNull();
    expect(await refusalOf(sql`delete from liquidaciones where id = ${id}`)).toBeNull();
    const left = await t.db.execute(sql`select count(*)::int as n from liquidacion_filas where liquidacion_id = ${id}`);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('is validated once, by someone other than its preparer, and is final from then on', async () => {
    const contract = await createContract(t, w, ADMIN);
    const annex = await createAnnex(w, ADMIN, contract.id);
    const id = await preliminarySettlement(annex, 'preparer@test.energy', 2);

    // Four eyes: the preparer does not validate their own settlement.
    expect(await refusalOf(validate(id, 'preparer@test.energy'))).toBe('check');
    // Validating is the state change only: the amounts cannot move in the same statement.
    expect(
      await refusalOf(sql`update liquidaciones set estado = 'validada', validada_por = 'validator@test.energy', validada_en = now(), factura = '1' where id = ${id}`),
    ).toBe('final');
    expect(await refusalOf(validate(id, 'validator@test.energy'))).toBeNull();

    expect(await refusalOf(validate(id, 'other@test.energy'))).toBe('final');
    expect(await refusalOf(sql`update liquidaciones set estado = 'preliminar' where id = ${id}`)).toBe('final');
    expect(await refusalOf(sql`update liquidaciones set factura = '0' where id = ${id}`)).toBe('final');
    expect(await refusalOf(sql`delete from liquidaciones where id = ${id}`)).toBe('final');
    expect(await refusalOf(sql`update liquidacion_filas set factura = '0' where liquidacion_id = ${id}`)).toBe('final');
    expect(await refusalOf(sql`delete from liquidacion_filas where liquidacion_id = ${id}`)).toBe('final');
    expect(
      await refusalOf(sql`insert into liquidacion_filas (liquidacion_id, anexo_id, fecha, periodo, energia_fisica_mwh, energia_flex_mwh,
        energia_total_mwh, cargos_mmi, cargos_mmr, cmorc, liquidacion_fisica, liquidacion_flex, liquidacion_fpn, liquidacion_energia,
        liquidacion_potencia, fee, margen, factura)
        values (${id}, ${annex.id}, '2025-02-01', 3, '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0')`),
    ).toBe('final');

    const stored = await t.db.execute(sql`
      select l.estado, l.validada_por, l.factura, (select count(*)::int from liquidacion_filas f where f.liquidacion_id = l.id) as filas,
             (select sum(f.factura)::text from liquidacion_filas f where f.liquidacion_id = l.id) as suma
      from liquidaciones l where l.id = ${id}`);
    expect((stored as unknown as { rows: unknown[] }).rows[0]).toEqual({
      estado: 'validada',
      validada_por: 'validator@test.energy',
      factura: '1802.5',
      filas: 2,
      suma: '1802.50',
    });
  });

  it('of a reconciliation (CD) is numbered: each one is a new settlement beside the final one', async () => {
    const contract = await createContract(t, w, ADMIN);
    const insert = (version: string, reconciliacion: number) =>
      sql`insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, reconciliacion) values (${contract.id}, 2025, 3, ${version}, ${reconciliacion})`;
    expect(await refusalOf(insert('DF', 0))).toBeNull();
    expect(await refusalOf(insert('DF', 0))).toBe('unique');
    expect(await refusalOf(insert('CD', 0))).toBe('check');
    expect(await refusalOf(insert('CD', 1))).toBeNull();
    expect(await refusalOf(insert('CD', 2))).toBeNull();
    expect(await refusalOf(insert('PE', 1))).toBe('check');
  });
});

describe('GET /liquidacion/api/v3/datos-mercado/cobertura', () => {
  it('counts per node and version the hours with a price, per annex and version the hours measured, and the days with a rate', async () => {
    const contract = await createContract(t, w, ADMIN);
    // In force 10-19 April 2026: 10 days, 240 hours.
    const annex = await createAnnex(w, ADMIN, contract.id, { fecha_inicio: '2026-04-10', fecha_fin: '2026-04-19', pmi: ['GT-COV-230'], pmr: ['SV-COV-115'] });
    await t.db.execute(sql`
      insert into precios_nodo (nodo, fecha, periodo, version, precio)
      select 'GT-COV-230', d::date, p, 'DF', '-3.5' from generate_series('2026-04-01'::date, '2026-04-30'::date, '1 day') d, generate_series(1, 24) p`);
    await t.db.execute(sql`
      insert into precios_nodo (nodo, fecha, periodo, version, precio)
      select 'MX-OTHER-400', date '2026-04-02', p, 'PE', 41.25 from generate_series(1, 5) p
      union all select 'GT-COV-230', date '2026-05-01', 1, 'PE', 1`);
    await t.db.execute(sql`
      insert into energia_anexo (anexo_id, fecha, periodo, version, energia_fisica_mwh, energia_flex_mwh)
      select ${annex.id}, d::date, p, 'PE', '10', '0.5' from generate_series('2026-04-10'::date, '2026-04-12'::date, '1 day') d, generate_series(1, 24) p`);
    await t.db.execute(sql`
      insert into tipos_cambio (fecha, tipo_cambio)
      select d::date, '17.2541' from generate_series('2026-03-30'::date, '2026-04-03'::date, '1 day') d`);
    await t.db.execute(sql`
      insert into factores_perdida (nodo, fecha, periodo, version, fpn)
      select 'SV-COV-115', date '2026-04-10', p, 'DF', '1.012' from generate_series(1, 24) p`);
    // GT MMi from 21 March to 5 April, then from 20 April on (open-ended): 5 + 11 days of April.
    await t.db.execute(insertRates(['GT', 'MMi', '2026-03-21', '2026-04-05', '1.2'], ['GT', 'MMi', '2026-04-20', null, '1.25'], ['GT', 'MMi', '2026-03-01', '2026-03-20', '1.1']));

    const response = await w.as(ADMIN, { method: 'GET', url: '/liquidacion/api/v3/datos-mercado/cobertura?anio=2026&mes=4' });
    expect(response.statusCode, response.body).toBe(200);
    const coverage = response.json().data;
    expect(coverage).toMatchObject({ anio: 2026, mes: 4, dias: 30, periodos_esperados: 720, tipos_cambio: { dias: 3 } });
    expect(coverage.precios).toEqual([
      { nodo: 'GT-COV-230', version: 'PE', periodos: 0 },
      { nodo: 'GT-COV-230', version: 'DF', periodos: 720 },
      { nodo: 'GT-COV-230', version: 'CD', periodos: 0 },
      { nodo: 'MX-OTHER-400', version: 'PE', periodos: 5 },
      { nodo: 'MX-OTHER-400', version: 'DF', periodos: 0 },
      { nodo: 'MX-OTHER-400', version: 'CD', periodos: 0 },
      { nodo: 'SV-COV-115', version: 'PE', periodos: 0 },
      { nodo: 'SV-COV-115', version: 'DF', periodos: 0 },
      { nodo: 'SV-COV-115', version: 'CD', periodos: 0 },
    ]);
    expect(coverage.mediciones).toEqual([
      { anexo_id: annex.id, contrato_id: contract.id, version: 'PE', periodos: 72, periodos_esperados: 240 },
      { anexo_id: annex.id, contrato_id: contract.id, version: 'DF', periodos: 0, periodos_esperados: 240 },
      { anexo_id: annex.id, contrato_id: contract.id, version: 'CD', periodos: 0, periodos_esperados: 240 },
    ]);
    // Loss factors: the withdrawal nodes only.
    expect(coverage.factores_perdida).toEqual([
      { nodo: 'SV-COV-115', version: 'PE', periodos: 0 },
      { nodo: 'SV-COV-115', version: 'DF', periodos: 24 },
      { nodo: 'SV-COV-115', version: 'CD', periodos: 0 },
    ]);
    // Charges: the countries of the nodes in force (and of the rates in force), each kind.
    expect(coverage.cargos).toEqual([
      GT_MMI_APRIL_2026,
      { pais: 'GT', concepto: 'MMr', dias: 0, vigencias: [] },
      { pais: 'GT', concepto: 'peaje_principal', dias: 0, vigencias: [] },
      { pais: 'SV', concepto: 'MMi', dias: 0, vigencias: [] },
      { pais: 'SV', concepto: 'MMr', dias: 0, vigencias: [] },
      { pais: 'SV', concepto: 'peaje_principal', dias: 0, vigencias: [] },
    ]);

    // The answer is kept, and dropped when the database announces a change to the data it counts.
    await t.db.execute(sql`insert into tipos_cambio (fecha, tipo_cambio) values ('2026-04-30', 17.5)`);
    const again = await w.as(ADMIN, { method: 'GET', url: '/liquidacion/api/v3/datos-mercado/cobertura?anio=2026&mes=4' });
    expect(again.json().data.tipos_cambio).toEqual({ dias: 4 });

    // The open-ended rate is in force in 2028: a month with nothing loaded has none.
    await t.db.execute(sql`delete from cargos_pais where pais = 'GT'`);
    const leap = await w.as(ADMIN, { method: 'GET', url: '/liquidacion/api/v3/datos-mercado/cobertura?anio=2028&mes=2' });
    expect(leap.json().data).toEqual({ anio: 2028, mes: 2, dias: 29, periodos_esperados: 696, precios: [], factores_perdida: [], mediciones: [], cargos: [], tipos_cambio: { dias: 0 } });
  });

  it('refuses a month that is not one', async () => {
    const response = await w.as(ADMIN, { method: 'GET', url: '/liquidacion/api/v3/datos-mercado/cobertura?anio=2026&mes=13' });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
  });

  it('needs a token, the liquidaciones view key and the role action on Settlements', async () => {
    const url = '/liquidacion/api/v3/datos-mercado/cobertura?anio=2026&mes=4';
    expectError(await t.app.inject({ method: 'GET', url }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'noview@test.energy', ['relaciones'], w.fullRole);
    expectError(await w.as('noview@test.energy', { method: 'GET', url }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    await userWith(t, 'norole@test.energy', ['liquidaciones'], w.emptyRole);
    expectError(await w.as('norole@test.energy', { method: 'GET', url }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

/** A CSV-like text as the table of cells an import reads (the header first). */
const tableOf = (text: string) => text.split('\n').map((line) => line.split(','));

const IMPORT = '/liquidacion/api/v3/datos-mercado';

/** Posts `file` as an import of kind `tipo` (fields and file as a browser sends them) as `email`. */
function postImport(tipo: string | null, file: Buffer | string | null, email = ADMIN, filename = 'datos.csv') {
  const parts: Part[] = [];
  if (tipo !== null) parts.push({ name: 'tipo', value: tipo });
  if (file !== null) parts.push({ name: 'file', value: file, filename, contentType: 'application/octet-stream' });
  return w.as(email, { method: 'POST', url: IMPORT, ...multipart(parts) });
}

/** Imports a CSV file as the administrator: its answer's data, or a rejection with the error body. */
async function importTable(tipo: MarketDataKind, text: string, filename?: string): Promise<unknown> {
  const response = await postImport(tipo, text, ADMIN, filename);
  if (response.statusCode === 200) return response.json().data;
  throw response.json();
}

/** `fila columna keyword` of each problem of a refused import. */
async function problemsOf(attempt: Promise<unknown>): Promise<string[]> {
  const error = (await attempt.then(
    () => {
      throw new Error('the import was accepted');
    },
    (refused: unknown) => refused,
  )) as { code: string; statusCode: number; details: MarketDataProblem[] };
  expect(error).toMatchObject({ code: 'APP_ERR_MARKET_DATA_INVALID', statusCode: 400 });
  for (const detail of error.details) {
    expect(detail.key).toBe(`marketData.problems.${detail.keyword}`);
    expect(detail.motivo).toBe(detail.message);
    expect(detail.instancePath).toBe(detail.columna === null ? `/filas/${detail.fila}` : `/filas/${detail.fila}/${detail.columna}`);
  }
  return error.details.map((detail) => `${detail.fila} ${detail.columna ?? '-'} ${detail.keyword}${detail.params ? ` ${JSON.stringify(detail.params)}` : ''}`);
}

describe('reading a market-data file', () => {
  it('takes the columns in any order, dates as dd/mm/yyyy or yyyy-mm-dd, negative prices, and skips blank rows', () => {
    const read = readMarketTable('precios', tableOf('\uFEFFPrecio,nodo,FECHA,periodo,version\n-12.5,GT-ESC-230,5/2/2025,1,pe\n,,,,\n0,GT-ESC-230,2025-02-05,24,DF'));
    expect(read.problems).toEqual([]);
    expect(read.data.rows).toEqual([
      { fila: 2, values: { nodo: 'GT-ESC-230', fecha: '2025-02-05', periodo: 1, version: 'PE', precio: '-12.5' } },
      { fila: 4, values: { nodo: 'GT-ESC-230', fecha: '2025-02-05', periodo: 24, version: 'DF', precio: '0' } },
    ]);
  });

  it('refuses a header that is not the kind of file, naming each column', () => {
    const read = readMarketTable('mediciones', tableOf('anexo_id,fecha,hora,version,energia_fisica_mwh,fecha\n1,2025-02-01,1,PE,1,2'));
    expect(read.problems.map((found) => `${found.fila} ${found.columna} ${found.keyword}`)).toEqual([
      '1 hora header_unknown',
      '1 fecha header_repeated',
      '1 periodo header_missing',
      '1 energia_flex_mwh header_missing',
    ]);
  });

  it('refuses a file without data rows', () => {
    expect(readMarketTable('tipos-cambio', tableOf('fecha,tipo_cambio\n,')).problems.map((found) => found.keyword)).toEqual(['empty']);
    expect(readMarketTable('tipos-cambio', []).problems.map((found) => found.keyword)).toEqual(['empty']);
  });

  it('lists at most MAX_PROBLEMS problems, then one that counts them all', async () => {
    const rows = Array.from({ length: MAX_PROBLEMS + 10 }, (_, index) => `2025-02-${String((index % 28) + 1).padStart(2, '0')},0`);
    const listed = await problemsOf(importTable('tipos-cambio', `fecha,tipo_cambio\n${rows.join('\n')}`));
    expect(listed).toHaveLength(MAX_PROBLEMS + 1);
    expect(listed.at(-1)).toBe(`${MAX_PROBLEMS + 1} - too_many {"total":${MAX_PROBLEMS + 10}}`);
  });
});

/** The columns a node table (prices, loss factors) keys and signs its rows with. */
const nodeKeys = (table: typeof preciosNodo | typeof factoresPerdida) => ({
  nodo: table.nodo,
  fecha: table.fecha,
  periodo: table.periodo,
  version: table.version,
  cargado_por: table.cargado_por,
});

/** A stored row of a node table as one line: node, date, period, version, `value`, then who loaded it. */
const nodeLine = (row: { nodo: string; fecha: string; periodo: number; version: string; cargado_por: string | null }, value: string) =>
  `${row.nodo} ${row.fecha} ${row.periodo} ${row.version} ${value} ${row.cargado_por}`;

describe('importing market data', () => {
  it('stores node prices exactly, and a second import of the same keys replaces them', async () => {
    const file = 'nodo,fecha,periodo,version,precio\nGT-IMP-230,01/03/2025,1,PE,-3.5\nGT-IMP-230,01/03/2025,2,PE,120.123456\nSV-IMP-115,2025-03-01,1,DF,99999.999999';
    expect(await importTable('precios', file)).toEqual({ tipo: 'precios', filas: 3 });
    expect(await importTable('precios', file)).toEqual({ tipo: 'precios', filas: 3 });
    const stored = () =>
      t.db
        .select({ ...nodeKeys(preciosNodo), precio: preciosNodo.precio })
        .from(preciosNodo)
        .where(sql`${preciosNodo.nodo} like '%-IMP-%'`)
        .orderBy(asc(preciosNodo.nodo), asc(preciosNodo.periodo));
    expect((await stored()).map((row) => nodeLine(row, row.precio))).toEqual([
      `GT-IMP-230 2025-03-01 1 PE -3.5 ${ADMIN}`,
      `GT-IMP-230 2025-03-01 2 PE 120.123456 ${ADMIN}`,
      `SV-IMP-115 2025-03-01 1 DF 99999.999999 ${ADMIN}`,
    ]);
    await importTable('precios', 'nodo,fecha,periodo,version,precio\nGT-IMP-230,2025-03-01,2,PE,7');
    expect((await stored()).map((row) => row.precio)).toEqual(['-3.5', '7', '99999.999999']);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'marketdata.import')).orderBy(asc(auditLog.id));
    expect(audits.at(-1)).toMatchObject({
      actor_email: ADMIN,
      entity: 'marketdata',
      entity_id: 'precios',
      after: { tipo: 'precios', filas: 1, desde: '2025-03-01', hasta: '2025-03-01' },
    });
  });

  it('stores the energy of existing annexes and the exchange rates of days', async () => {
    const contract = await createContract(t, w, ADMIN);
    const annex = await createAnnex(w, ADMIN, contract.id);
    expect(
      await importTable('mediciones', `anexo_id,fecha,periodo,version,energia_fisica_mwh,energia_flex_mwh\n${annex.id},2025-02-01,1,DF,12.345678,0\n${annex.id},2025-02-01,2,DF,0,0.5`),
    ).toEqual({ tipo: 'mediciones', filas: 2 });
    expect(
      await t.db
        .select({ periodo: energiaAnexo.periodo, fisica: energiaAnexo.energia_fisica_mwh, flex: energiaAnexo.energia_flex_mwh })
        .from(energiaAnexo)
        .where(eq(energiaAnexo.anexo_id, annex.id))
        .orderBy(asc(energiaAnexo.periodo)),
    ).toEqual([
      { periodo: 1, fisica: '12.345678', flex: '0' },
      { periodo: 2, fisica: '0', flex: '0.5' },
    ]);
    // Measurements keep their annex.
    const deleted = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/delete', payload: { id: annex.id } });
    expectError(deleted, 409, 'APP_ERR_RECORD_IN_USE');

    expect(await importTable('tipos-cambio', 'fecha,tipo_cambio\n28/02/2025,17.2541\n2025-03-01,17.3')).toEqual({ tipo: 'tipos-cambio', filas: 2 });
    expect(await importTable('tipos-cambio', 'fecha,tipo_cambio\n28/02/2025,17.2541\n2025-03-01,17.3')).toEqual({ tipo: 'tipos-cambio', filas: 2 });
    expect(await t.db.select({ fecha: tiposCambio.fecha, tipo_cambio: tiposCambio.tipo_cambio }).from(tiposCambio).where(sql`${tiposCambio.fecha} < '2026-01-01'`).orderBy(asc(tiposCambio.fecha))).toEqual([
      { fecha: '2025-02-28', tipo_cambio: '17.2541' },
      { fecha: '2025-03-01', tipo_cambio: '17.3' },
    ]);
  });

  it('refuses a file with bad rows, listing every problem, and stores none of its rows', async () => {
    const contract = await createContract(t, w, ADMIN);
    const annex = await createAnnex(w, ADMIN, contract.id);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(energiaAnexo);
    const file = [
      'anexo_id,fecha,periodo,version,energia_fisica_mwh,energia_flex_mwh',
      `${annex.id},2025-02-01,3,PE,1,0`,
      `${annex.id},31/02/2025,25,XX,1.5e3,-1`,
      `${annex.id},2025-02-01,3,PE,2,0`,
      `${annex.id},2025-02-02,1,PE,,0,9`,
      `abc,2025-02-02,1,PE,1,0`,
    ].join('\n');
    expect(await problemsOf(importTable('mediciones', file))).toEqual([
      '3 fecha date',
      '3 periodo period',
      '3 version version',
      '3 energia_fisica_mwh energy',
      '3 energia_flex_mwh energy',
      '4 - duplicate {"primera_fila":2}',
      '5 - row_length',
      '5 energia_fisica_mwh required',
      '6 anexo_id annex',
    ]);
    // Every row readable, but an annex that does not exist: still nothing stored.
    expect(
      await problemsOf(importTable('mediciones', `anexo_id,fecha,periodo,version,energia_fisica_mwh,energia_flex_mwh\n${annex.id},2025-02-01,1,PE,1,0\n999999,2025-02-01,1,PE,1,0`)),
    ).toEqual(['3 anexo_id annex_unknown']);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(energiaAnexo)).toEqual(before);
  });

  it('refuses prices and rates outside their bounds', async () => {
    expect(
      await problemsOf(
        importTable(
          'precios',
          'nodo,fecha,periodo,version,precio\nGT ESC,2025-02-01,1,PE,1\nGT-ESC-230,2025-02-01,0,PE,100000\nGT-ESC-230,2025-02-01,2,PE,1.1234567\nGT-ESC-230,2025-02-01,3,PE,--1',
        ),
      ),
    ).toEqual(['2 nodo node', '3 periodo period', '3 precio price', '4 precio price', '5 precio price']);
    expect(await problemsOf(importTable('tipos-cambio', 'fecha,tipo_cambio\n2025-02-01,0\n2025-13-01,17'))).toEqual(['2 tipo_cambio rate', '3 fecha date']);
  });
});

describe('importing loss factors and charge rates', () => {
  const storedFactors = () =>
    t.db
      .select({ ...nodeKeys(factoresPerdida), fpn: factoresPerdida.fpn })
      .from(factoresPerdida)
      .where(sql`${factoresPerdida.nodo} like '%-FPN-%'`)
      .orderBy(asc(factoresPerdida.nodo), asc(factoresPerdida.periodo));
  const storedCharges = () =>
    t.db
      .select({
        pais: cargosPais.pais,
        concepto: cargosPais.concepto_liquidacion,
        vigente_desde: cargosPais.vigente_desde,
        vigente_hasta: cargosPais.vigente_hasta,
        tasa: cargosPais.tasa,
        moneda: cargosPais.moneda,
        version: cargosPais.version,
      })
      .from(cargosPais)
      .where(sql`${cargosPais.vigente_desde} < '2025-01-01'`)
      .orderBy(asc(cargosPais.pais), asc(cargosPais.concepto_liquidacion), asc(cargosPais.vigente_desde));

  it('stores the loss factors of nodes per hour and version, and a second import of the same keys replaces them', async () => {
    const file = 'nodo,fecha,periodo,version,fpn\nSV-FPN-115,01/03/2025,1,DF,1.012345\nSV-FPN-115,2025-03-01,2,df,0.98\nGT-FPN-230,2025-03-01,1,PE,9.999999';
    expect(await importTable('factores-perdida', file)).toEqual({ tipo: 'factores-perdida', filas: 3 });
    expect(await importTable('factores-perdida', file)).toEqual({ tipo: 'factores-perdida', filas: 3 });
    expect((await storedFactors()).map((row) => nodeLine(row, row.fpn))).toEqual([
      `GT-FPN-230 2025-03-01 1 PE 9.999999 ${ADMIN}`,
      `SV-FPN-115 2025-03-01 1 DF 1.012345 ${ADMIN}`,
      `SV-FPN-115 2025-03-01 2 DF 0.98 ${ADMIN}`,
    ]);
    await importTable('factores-perdida', 'nodo,fecha,periodo,version,fpn\nSV-FPN-115,2025-03-01,2,DF,1.001');
    expect((await storedFactors()).map((row) => row.fpn)).toEqual(['9.999999', '1.012345', '1.001']);
  });

  it('refuses every bad cell of loss factors', async () => {
    const before = await storedFactors();
    const file = [
      'nodo,fecha,periodo,version,fpn',
      'SV FPN,2025-03-01,1,DF,1',
      'SV-FPN-115,2025-02-30,25,XX,0',
      'SV-FPN-115,2025-03-01,3,DF,10',
      'SV-FPN-115,2025-03-01,4,DF,1,5',
      'SV-FPN-115,2025-03-01,5,DF,',
      'SV-FPN-115,2025-03-01,6,DF,1.0000001',
      'SV-FPN-115,2025-03-01,7,DF,-1',
      'SV-FPN-115,2025-03-01,8,DF,1.02',
      'SV-FPN-115,01/03/2025,8,df,1.1',
    ].join('\n');
    expect(await problemsOf(importTable('factores-perdida', file))).toEqual([
      '2 nodo node',
      '3 fecha date',
      '3 periodo period',
      '3 version version',
      '3 fpn loss_factor',
      '4 fpn loss_factor',
      '5 - row_length',
      '6 fpn required',
      '7 fpn loss_factor',
      '8 fpn loss_factor',
      '10 - duplicate {"primera_fila":9}',
    ]);
    expect(await storedFactors()).toEqual(before);
  });

  it('stores charge rates with their periods (USD per MWh; no end is open-ended), replacing those of the same start, and a second import changes nothing', async () => {
    const file = [
      'pais,concepto,vigente_desde,vigente_hasta,tasa',
      'GT,MMi,01/01/2024,30/06/2024,1.2',
      'gt,mmi,2024-07-01,,1.25',
      'SV,peaje_principal,2024-01-01,2024-12-31,0',
      'SV,MMr,2024-03-01,2024-03-01,99999.999999',
    ].join('\n');
    expect(await importTable('cargos', file)).toEqual({ tipo: 'cargos', filas: 4 });
    const first = await storedCharges();
    expect(first).toEqual([
      { pais: 'GT', concepto: 'MMi', vigente_desde: '2024-01-01', vigente_hasta: '2024-06-30', tasa: '1.2', moneda: 'USD', version: 1 },
      { pais: 'GT', concepto: 'MMi', vigente_desde: '2024-07-01', vigente_hasta: null, tasa: '1.25', moneda: 'USD', version: 1 },
      { pais: 'SV', concepto: 'MMr', vigente_desde: '2024-03-01', vigente_hasta: '2024-03-01', tasa: '99999.999999', moneda: 'USD', version: 1 },
      { pais: 'SV', concepto: 'peaje_principal', vigente_desde: '2024-01-01', vigente_hasta: '2024-12-31', tasa: '0', moneda: 'USD', version: 1 },
    ]);
    // The same file again: the same rates, not even a new version.
    expect(await importTable('cargos', file)).toEqual({ tipo: 'cargos', filas: 4 });
    expect(await storedCharges()).toEqual(first);

    // Shorten the first period and start a new one in the gap, in any order: judged as a whole.
    await importTable('cargos', 'pais,concepto,vigente_desde,vigente_hasta,tasa\nGT,MMi,2024-04-01,2024-06-30,1.22\nGT,MMi,2024-01-01,2024-03-31,1.2');
    expect((await storedCharges()).filter((row) => row.pais === 'GT')).toEqual([
      { pais: 'GT', concepto: 'MMi', vigente_desde: '2024-01-01', vigente_hasta: '2024-03-31', tasa: '1.2', moneda: 'USD', version: 2 },
      { pais: 'GT', concepto: 'MMi', vigente_desde: '2024-04-01', vigente_hasta: '2024-06-30', tasa: '1.22', moneda: 'USD', version: 1 },
      { pais: 'GT', concepto: 'MMi', vigente_desde: '2024-07-01', vigente_hasta: null, tasa: '1.25', moneda: 'USD', version: 1 },
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'marketdata.import')).orderBy(asc(auditLog.id));
    expect(audits.at(-1)).toMatchObject({ entity_id: 'cargos', after: { tipo: 'cargos', filas: 2, desde: '2024-01-01', hasta: '2024-06-30' } });
  });

  it('refuses every bad cell of charge rates, and a period that ends before it starts', async () => {
    const file = [
      'pais,concepto,vigente_desde,vigente_hasta,tasa',
      'XX,MMx,2024-13-01,32/01/2024,1',
      'GT,MMr,,2024-01-31,-1',
      'GT,MMr,2024-02-01,2024-01-31,1',
      'GT,MMr,2024-03-01,,1.1234567',
      'GT,MMr,2024-04-01,,',
      'GT,MMr,2024-05-01,,100000',
    ].join('\n');
    expect(await problemsOf(importTable('cargos', file))).toEqual([
      '2 pais country',
      '2 concepto charge_kind',
      '2 vigente_desde date',
      '2 vigente_hasta date',
      '3 vigente_desde required',
      '3 tasa charge_rate',
      '4 vigente_hasta period_order',
      '5 tasa charge_rate',
      '6 tasa required',
      '7 tasa charge_rate',
    ]);
  });

  it('refuses periods of a country and kind that overlap in the file, naming the other row and its period', async () => {
    const file = [
      'pais,concepto,vigente_desde,vigente_hasta,tasa',
      'HN,MMi,2024-01-01,2024-01-31,1',
      'HN,MMi,2024-02-01,,1',
      'HN,MMr,2024-01-15,2024-02-15,1',
      'HN,MMi,2024-01-31,2024-01-31,1',
      'HN,MMi,2024-03-01,2024-03-31,1',
      'HN,MMi,2024-01-01,2024-01-05,1',
    ].join('\n');
    const refused = (await importTable('cargos', file).catch((error: unknown) => error)) as { details: MarketDataProblem[] };
    expect(await problemsOf(Promise.reject(refused))).toEqual([
      '5 - overlap_file {"otra_fila":2,"desde":"2024-01-01","hasta":"2024-01-31"}',
      '6 - overlap_file {"otra_fila":3,"desde":"2024-02-01","hasta":""}',
      '7 - duplicate {"primera_fila":2}',
    ]);
    expect(refused.details[1]!.motivo).toBe('The period overlaps the one of row 3 (from 2024-02-01 with no end) of the same country and kind');
    expect((await storedCharges()).filter((row) => row.pais === 'HN')).toEqual([]);
  });

  it('refuses a period that overlaps a stored one the file does not replace', async () => {
    await importTable('cargos', 'pais,concepto,vigente_desde,vigente_hasta,tasa\nNI,MMi,2024-01-01,2024-01-31,1\nNI,MMi,2024-02-01,,2');
    // Row 2 meets the stored January; row 3 replaces the stored open period (same start) and meets nothing.
    const file = 'pais,concepto,vigente_desde,vigente_hasta,tasa\nNI,MMi,2024-01-20,2024-01-31,1.5\nNI,MMi,2024-02-01,2024-02-29,2\nNI,MMr,2024-01-01,,3';
    const refused = (await importTable('cargos', file).catch((error: unknown) => error)) as { details: MarketDataProblem[] };
    expect(await problemsOf(Promise.reject(refused))).toEqual(['2 - overlap_stored {"desde":"2024-01-01","hasta":"2024-01-31"}']);
    expect(refused.details[0]!.motivo).toBe(
      'The period overlaps the stored one from 2024-01-01 to 2024-01-31 of the same country and kind, which the file does not replace',
    );
    // A file with problems of its own lists its good rows' overlaps with the stored periods too.
    expect(await problemsOf(importTable('cargos', `${file}\nNI,peaje,2024-01-01,,1`))).toEqual([
      '2 - overlap_stored {"desde":"2024-01-01","hasta":"2024-01-31"}',
      '5 concepto charge_kind',
    ]);
    // Stored as before; without the overlapping row, the file is stored.
    expect((await storedCharges()).filter((row) => row.pais === 'NI').map((row) => row.vigente_hasta)).toEqual(['2024-01-31', null]);
    await importTable('cargos', 'pais,concepto,vigente_desde,vigente_hasta,tasa\nNI,MMi,2024-02-01,2024-02-29,2\nNI,MMi,2024-03-01,,2.1');
    expect((await storedCharges()).filter((row) => row.pais === 'NI').map((row) => `${row.vigente_desde} ${row.vigente_hasta}`)).toEqual([
      '2024-01-01 2024-01-31',
      '2024-02-01 2024-02-29',
      '2024-03-01 null',
    ]);
  });

  it('is refused by the database itself: overlapping periods of a country and kind are never stored', async () => {
    await t.db.execute(insertRates(['CR', 'MMi', '2024-01-01', '2024-01-31', 1]));
    expect(await refusalOf(insertRates(['CR', 'MMi', '2024-01-31', '2024-02-28', 1]))).toBe('overlap');
    expect(await refusalOf(insertRates(['CR', 'MMi', '2023-06-01', null, 1]))).toBe('overlap');
    expect(await refusalOf(sql`update cargos_pais set vigente_hasta = null where pais = 'CR'`)).toBeNull();
    expect(await refusalOf(insertRates(['CR', 'MMi', '2030-01-01', null, 1]))).toBe('overlap');
    // Another kind, or the day after, is no overlap.
    expect(await refusalOf(insertRates(['CR', 'MMr', '2024-01-15', null, 1]))).toBeNull();
    expect(await refusalOf(insertRates(['CR', 'MMi', '2023-12-01', '2023-12-31', 1]))).toBeNull();
  });

  it('answers 409 APP_ERR_CHARGE_PERIOD_OVERLAP when an overlapping period was stored after the import read the stored ones', async () => {
    await importTable('cargos', 'pais,concepto,vigente_desde,vigente_hasta,tasa\nPA,MMi,2024-01-01,2024-01-31,1');
    // The race: the import's read of the stored periods misses the one stored meanwhile.
    vi.mocked(chargeStore.importedChargePeriods).mockResolvedValueOnce([]);
    const response = await postImport('cargos', 'pais,concepto,vigente_desde,vigente_hasta,tasa\nPA,MMi,2024-01-15,2024-02-15,2');
    expectError(response, 409, 'APP_ERR_CHARGE_PERIOD_OVERLAP');
    expect((await storedCharges()).filter((row) => row.pais === 'PA').map((row) => row.vigente_desde)).toEqual(['2024-01-01']);
  });
});

describe('POST /liquidacion/api/v3/datos-mercado, the file as it comes', () => {
  it('reads an Excel workbook: its first sheet, dates and numbers typed as Excel keeps them', async () => {
    const contract = await createContract(t, w, ADMIN);
    const annex = await createAnnex(w, ADMIN, contract.id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Mediciones');
    sheet.addRow(['anexo_id', 'fecha', 'periodo', 'version', 'energia_fisica_mwh', 'energia_flex_mwh']);
    sheet.addRow([annex.id, new Date(Date.UTC(2025, 3, 30)), 1, 'DF', 12.5, 0.125]);
    sheet.addRow([annex.id, '30/04/2025', 2, 'DF', 0.000001, 3]);
    workbook.addWorksheet('Notas').addRow(['not read']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());

    const response = await postImport('mediciones', content, ADMIN, 'mediciones.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { tipo: 'mediciones', filas: 2 } });
    expect(
      await t.db
        .select({ fecha: energiaAnexo.fecha, periodo: energiaAnexo.periodo, fisica: energiaAnexo.energia_fisica_mwh, flex: energiaAnexo.energia_flex_mwh })
        .from(energiaAnexo)
        .where(eq(energiaAnexo.anexo_id, annex.id))
        .orderBy(asc(energiaAnexo.periodo)),
    ).toEqual([
      { fecha: '2025-04-30', periodo: 1, fisica: '12.5', flex: '0.125' },
      { fecha: '2025-04-30', periodo: 2, fisica: '0.000001', flex: '3' },
    ]);
  });

  it('reads a CSV saved by a Spanish-locale spreadsheet: semicolons, a byte-order mark, CRLF lines, a blank line at the end', async () => {
    const file = '\uFEFFfecha;tipo_cambio\r\n02/05/2025;17.61\r\n2025-05-03;17.625\r\n\r\n';
    expect(await importTable('tipos-cambio', file)).toEqual({ tipo: 'tipos-cambio', filas: 2 });
    expect(
      await t.db
        .select({ fecha: tiposCambio.fecha, tipo_cambio: tiposCambio.tipo_cambio })
        .from(tiposCambio)
        .where(sql`${tiposCambio.fecha} between '2025-05-01' and '2025-05-31'`)
        .orderBy(asc(tiposCambio.fecha)),
    ).toEqual([
      { fecha: '2025-05-02', tipo_cambio: '17.61' },
      { fecha: '2025-05-03', tipo_cambio: '17.625' },
    ]);
  });

  it('names the row of the sheet a problem is in, blank rows counted', async () => {
    expect(await problemsOf(importTable('tipos-cambio', 'fecha,tipo_cambio\n2025-06-01,17\n\n2025-06-02,cero'))).toEqual(['4 tipo_cambio rate']);
  });

  it('refuses a file that is neither CSV text nor a workbook, and a broken workbook, as one problem', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64), Buffer.from('%%EOF')]);
    expect(await problemsOf(importTable('precios', pdf.toString('latin1')))).toEqual(['1 - unreadable']);
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not really a workbook')]);
    const response = await postImport('precios', brokenZip, ADMIN, 'precios.xlsx');
    expectError(response, 400, 'APP_ERR_MARKET_DATA_INVALID');
    expect(response.json().details).toEqual([expect.objectContaining({ keyword: 'unreadable', key: 'marketData.problems.unreadable' })]);
  });

  it('asks for a known kind and a file, as multipart', async () => {
    const header = 'fecha,tipo_cambio\n2025-06-01,17';
    for (const tipo of [null, 'precio', '']) {
      const response = await postImport(tipo, header);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details).toEqual([expect.objectContaining({ instancePath: '/tipo' })]);
    }
    expectError(await postImport('tipos-cambio', null), 400, 'APP_ERR_FILE_MISSING');
    expectError(await w.as(ADMIN, { method: 'POST', url: IMPORT, payload: { tipo: 'tipos-cambio' } }), 415, 'APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 401 without a token, and 403 without the liquidaciones view or the Settlements create action', async () => {
    const body = multipart([{ name: 'tipo', value: 'tipos-cambio' }, { name: 'file', value: 'fecha,tipo_cambio\n2025-07-01,18', filename: 'a.csv' }]);
    expectError(await t.app.inject({ method: 'POST', url: IMPORT, ...body }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'import-noview@test.energy', ['relaciones'], w.fullRole);
    expectError(await postImport('tipos-cambio', 'fecha,tipo_cambio\n2025-07-01,18', 'import-noview@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
    await userWith(t, 'import-norole@test.energy', ['liquidaciones'], w.emptyRole);
    expectError(await postImport('tipos-cambio', 'fecha,tipo_cambio\n2025-07-01,18', 'import-norole@test.energy'), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expect(await t.db.select().from(tiposCambio).where(eq(tiposCambio.fecha, '2025-07-01'))).toEqual([]);
  });
});
