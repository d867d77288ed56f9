// @vitest-environment node
// The settlement API as a caller sees it: the filtered, paged list; one settlement with its rows
// as stored, per day or per month (summed by the database); validating (four eyes, the validate
// action, never a PE, never twice, never on a stale read, one winner of a race); reconciling a
// validated DF into a new CD; the Excel workbook read back. Settlements and rows are inserted
// with SQL, as the engine would leave them.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Annex } from '../../schemas/annex.schema';
import type { Contract } from '../../schemas/contract.schema';
import type { Settlement, SettlementDetail } from '../../schemas/settlement.schema';
import { queryRows } from '../../server/db/client';
import { ADMIN, auditRows, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { createAnnex, createContract } from './contracts-fixtures';
import type { TestApp } from './helpers';
import { grantsExcept } from './support/route-callers';
import { fillMissingMarketData } from '../../server/db/seed/market-fill';

let t: TestApp;
let w: AdminWorld;

const PREPARER = 'preparer@test.energy';
const NO_VALIDATE = 'sin-validar@test.energy';
const BASE = '/liquidacion/api/v3/liquidaciones';

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

let people: Promise<void> | undefined;
/** The preparer (every grant) and a user whose role grants everything but Settlements validate. */
function ensurePeople(): Promise<void> {
  people ??= (async () => {
    await userWith(t, PREPARER, ['liquidaciones'], w.fullRole);
    const role = await insertRole(t, 'Sin validar GT', 'GT', grantsExcept([{ page: 'Settlements', action: 'validate' }]));
    await userWith(t, NO_VALIDATE, ['liquidaciones'], role);
  })();
  return people;
}

/** A contract with one annex in force in February 2025. */
async function contractWithAnnex(overrides: Record<string, unknown> = {}): Promise<{ contract: Contract; annex: Annex }> {
  const contract = await createContract(t, w, ADMIN, overrides);
  return { contract, annex: await createAnnex(w, ADMIN, contract.id) };
}

interface SettlementSpec {
  version?: 'PE' | 'DF' | 'CD';
  mes?: number;
  preparer?: string;
  /** Validated (by someone else than the preparer) after its rows are in. */
  validatedBy?: string;
  /** Without rows (a CD not computed yet). */
  empty?: boolean;
}

/**
 * A settlement of the annex's contract for 2025-`mes` with four hourly rows (1-2 February,
 * periods 1-2; energy d x p physical + 2 flex), its totals the sums of its rows.
 */
async function insertSettlement(annex: Annex, spec: SettlementSpec = {}): Promise<number> {
  const { version = 'DF', mes = 2, preparer = PREPARER } = spec;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, reconciliacion, calculada_por, calculada_en, created_by)
        values (${annex.contrato_id}, 2025, ${mes}, ${version}, ${version === 'CD' ? 1 : 0}, ${preparer}, now(), ${preparer}) returning id`,
  );
  const id = row!.id;
  if (!spec.empty) {
    await t.db.execute(sql`
      insert into liquidacion_filas (liquidacion_id, anexo_id, fecha, periodo, energia_fisica_mwh, energia_flex_mwh, energia_total_mwh,
        precio_inyeccion, precio_retiro, fpn, cargos_mmi, cargos_mmr, cmorc, liquidacion_fisica, liquidacion_flex, liquidacion_fpn,
        liquidacion_energia, liquidacion_potencia, fee, margen, factura)
      select ${id}, ${annex.id}, make_date(2025, 2, d), p, (d * p)::numeric, 2, (d * p + 2)::numeric,
        80, 96, 1.03, 1.5, 2.5, 0.75, d * p * 90, 180, 0.5, d * p * 90 + 180.5, 151.21, 0, 5.05, d * p * 90 + 180.5 + 151.21 + 4
      from generate_series(1, 2) d, generate_series(1, 2) p`);
    await t.db.execute(sql`
      update liquidaciones l set (energia_total_mwh, cargos_mmi, cargos_mmr, cmorc, liquidacion_energia, liquidacion_potencia, fee, margen, factura) =
        (select sum(energia_total_mwh), sum(cargos_mmi), sum(cargos_mmr), sum(cmorc), sum(liquidacion_energia), sum(liquidacion_potencia),
                sum(fee), sum(margen), sum(factura) from liquidacion_filas f where f.liquidacion_id = l.id)
      where l.id = ${id}`);
  }
  if (spec.validatedBy) {
    await t.db.execute(
      sql`update liquidaciones set estado = 'validada', validada_por = ${spec.validatedBy}, validada_en = now(), version = version + 1 where id = ${id}`,
    );
  }
  return id;
}

const read = async (id: number, query = ''): Promise<SettlementDetail> => {
  const response = await w.as(ADMIN, { method: 'GET', url: `${BASE}/${id}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SettlementDetail;
};

const command = (email: string, id: number, verb: 'validar' | 'conciliar', version: unknown) =>
  w.as(email, { method: 'POST', url: `${BASE}/${id}/${verb}`, payload: { version } });

describe('GET /liquidacion/api/v3/liquidaciones', () => {
  it('lists the settlements the filters select, a page at a time, each with its contract, company and totals', async () => {
    await ensurePeople();
    const gt = await contractWithAnnex();
    const sv = await contractWithAnnex({ sucursal: 'SV' });
    const df = await insertSettlement(gt.annex, { version: 'DF', mes: 7 });
    const pe = await insertSettlement(gt.annex, { version: 'PE', mes: 7 });
    const svDf = await insertSettlement(sv.annex, { version: 'DF', mes: 7, validatedBy: ADMIN });

    const list = async (query: string) => {
      const response = await w.as(ADMIN, { method: 'GET', url: `${BASE}?anio=2025&mes=7&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { data: Settlement[]; total: number };
      return { ids: body.data.map((item) => item.id), total: body.total, data: body.data };
    };

    const all = await list('');
    expect(all.total).toBe(3);
    expect(new Set(all.ids)).toEqual(new Set([df, pe, svDf]));
    const item = all.data.find((one) => one.id === df)!;
    expect(item).toMatchObject({
      contrato_id: gt.contract.id,
      contrato_codigo: 'CP-0001',
      empresa_id: gt.contract.empresa_id,
      empresa_razon_social: gt.contract.empresa_razon_social,
      sucursal: 'GT',
      anio: 2025,
      mes: 7,
      version_liquidacion: 'DF',
      reconciliacion: 0,
      estado: 'preliminar',
      energia_total_mwh: '17',
      factura: '2152.84',
      calculada_por: PREPARER,
      validada_por: null,
      version: 1,
    });

    expect((await list('version=PE')).ids).toEqual([pe]);
    expect((await list('estado=validada')).ids).toEqual([svDf]);
    expect((await list('pais=SV')).ids).toEqual([svDf]);
    expect(new Set((await list(`contrato_id=${gt.contract.id}`)).ids)).toEqual(new Set([df, pe]));
    expect((await list(`empresa_id=${sv.contract.empresa_id}`)).ids).toEqual([svDf]);

    const first = await list('por_pagina=2&pagina=1');
    const second = await list('por_pagina=2&pagina=2');
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect(first.ids).toHaveLength(2);
    expect(second.ids).toHaveLength(1);
    expect(new Set([...first.ids, ...second.ids])).toEqual(new Set([df, pe, svDf]));
  });

  it('refuses a filter or page out of bounds, saying which (400)', async () => {
    for (const [query, path] of [
      ['por_pagina=201', '/por_pagina'],
      ['pagina=0', '/pagina'],
      ['mes=13', '/mes'],
      ['version=XX', '/version'],
      ['estado=final', '/estado'],
    ] as const) {
      const response = await w.as(ADMIN, { method: 'GET', url: `${BASE}?${query}` });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(JSON.stringify(response.json().details), query).toContain(path.slice(1));
    }
    expectError(await w.as(ADMIN, { method: 'GET', url: `${BASE}?orden=1` }), 400, 'APP_ERR_REQUEST_INVALID');
  });

  it('needs a token, the liquidaciones view key and the role action on Settlements', async () => {
    expectError(await t.app.inject({ method: 'GET', url: BASE }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'noview@test.energy', ['relaciones'], w.fullRole);
    expectError(await w.as('noview@test.energy', { method: 'GET', url: BASE }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    await userWith(t, 'norole@test.energy', ['liquidaciones'], w.emptyRole);
    expectError(await w.as('norole@test.energy', { method: 'GET', url: BASE }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('GET /liquidacion/api/v3/liquidaciones/{id}', () => {
  it('answers the settlement with its rows as stored, summed per annex and day, or per annex', async () => {
    await ensurePeople();
    const { annex } = await contractWithAnnex();
    const id = await insertSettlement(annex);

    const hourly = await read(id);
    expect(hourly).toMatchObject({ id, agregacion: 'hora', factura: '2152.84', energia_total_mwh: '17' });
    expect(hourly.filas.map((row) => `${row.fecha} ${row.periodo} ${row.energia_fisica_mwh}`)).toEqual([
      '2025-02-01 1 1',
      '2025-02-01 2 2',
      '2025-02-02 1 2',
      '2025-02-02 2 4',
    ]);
    expect(hourly.filas[0]).toMatchObject({
      anexo_id: annex.id,
      energia_flex_mwh: '2',
      energia_total_mwh: '3',
      precio_retiro: '96',
      fpn: '1.03',
      cargos_mmi: '1.5',
      liquidacion_energia: '270.5',
      liquidacion_potencia: '151.21',
      factura: '425.71',
      tipo_cambio: null,
      factura_mxn: null,
    });

    const daily = await read(id, '?agregacion=dia');
    expect(daily.filas.map((row) => [row.fecha, row.periodo, row.energia_fisica_mwh, row.factura])).toEqual([
      ['2025-02-01', null, '3', '941.42'],
      ['2025-02-02', null, '6', '1211.42'],
    ]);
    const monthly = await read(id, '?agregacion=mes');
    expect(monthly.filas).toHaveLength(1);
    expect(monthly.filas[0]).toMatchObject({ anexo_id: annex.id, fecha: null, periodo: null, energia_total_mwh: '17', factura: '2152.84', precio_retiro: null });
    // Every aggregation carries the sums of all rows: physical and flex energy too.
    for (const detail of [hourly, daily, monthly]) {
      expect(detail.totales).toMatchObject({ fecha: null, periodo: null, energia_fisica_mwh: '9', energia_flex_mwh: '8', energia_total_mwh: '17', factura: '2152.84' });
    }
  });

  it('answers 404 for an unknown settlement and 400 for an unknown aggregation', async () => {
    expectError(await w.as(ADMIN, { method: 'GET', url: `${BASE}/999999` }), 404, 'APP_ERR_SETTLEMENT_NOT_FOUND');
    const bad = await w.as(ADMIN, { method: 'GET', url: `${BASE}/1?agregacion=semana` });
    expectError(bad, 400, 'APP_ERR_REQUEST_INVALID');
    expect(JSON.stringify(bad.json().details)).toContain('agregacion');
  });
});

describe('POST /liquidacion/api/v3/liquidaciones/{id}/validar', () => {
  it('validates a DF for someone other than its preparer, with one audit row', async () => {
    await ensurePeople();
    const { annex } = await contractWithAnnex();
    const id = await insertSettlement(annex);
    const response = await command(ADMIN, id, 'validar', 1);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id, estado: 'validada', validada_por: ADMIN, calculada_por: PREPARER, version: 2, factura: '2152.84' });
    expect(response.json().data.validada_en).toMatch(/^\d{4}-\d\d-\d\dT/);
    const audit = (await auditRows(t, 'settlement.validate')).filter((entry) => entry.entity_id === String(id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'settlement', actor_email: ADMIN, before: { estado: 'preliminar' }, after: { estado: 'validada' } });

    // Validated is final: once.
    expectError(await command(ADMIN, id, 'validar', 2), 409, 'APP_ERR_SETTLEMENT_VALIDATED');
  });

  it('refuses a PE, the preparer, a role without validate, a stale read and an unknown settlement', async () => {
    await ensurePeople();
    const { annex } = await contractWithAnnex();
    const pe = await insertSettlement(annex, { version: 'PE' });
    const df = await insertSettlement(annex);
    expectError(await command(ADMIN, pe, 'validar', 1), 409, 'APP_ERR_SETTLEMENT_PE_NOT_VALIDATABLE');
    expectError(await command(PREPARER, df, 'validar', 1), 403, 'APP_ERR_SETTLEMENT_FOUR_EYES');
    expectError(await command(NO_VALIDATE, df, 'validar', 1), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await command(ADMIN, df, 'validar', 7), 409, 'APP_ERR_RECORD_STALE');
    expectError(await command(ADMIN, 999999, 'validar', 1), 404, 'APP_ERR_SETTLEMENT_NOT_FOUND');
    expect((await read(df)).estado).toBe('preliminar');
    expect(await auditRows(t, 'settlement.validate').then((rows) => rows.filter((row) => row.entity_id === String(df)))).toEqual([]);
  });

  it('refuses a body without a whole version, beside the field (400), and a caller without a token (401)', async () => {
    for (const payload of [{}, { version: '1' }, { version: 0 }, { version: 1, extra: true }]) {
      const response = await w.as(ADMIN, { method: 'POST', url: `${BASE}/1/validar`, payload });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details.length, JSON.stringify(payload)).toBeGreaterThan(0);
    }
    expectError(await t.app.inject({ method: 'POST', url: `${BASE}/1/validar`, payload: { version: 1 } }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
  });

  it('of 50 validations at once, lets exactly one through: the rest are told it is validated (409)', async () => {
    await ensurePeople();
    const { annex } = await contractWithAnnex();
    const id = await insertSettlement(annex);
    const token = await t.mintToken(ADMIN);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({ method: 'POST', url: `${BASE}/${id}/validar`, headers: { authorization: `Bearer ${token}` }, payload: { version: 1 } }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(['APP_ERR_SETTLEMENT_VALIDATED', 'APP_ERR_RECORD_STALE']).toContain(answer.json().code);
    }
    expect((await auditRows(t, 'settlement.validate')).filter((entry) => entry.entity_id === String(id))).toHaveLength(1);
  });
});

describe('POST /liquidacion/api/v3/liquidaciones/{id}/conciliar', () => {
  it('makes a new CD, preliminar and not computed yet, from a validated DF, once; the DF stays as it was', async () => {
    await ensurePeople();
    const { annex } = await contractWithAnnex();
    const df = await insertSettlement(annex, { validatedBy: ADMIN });
    const before = await read(df);
    const response = await command(PREPARER, df, 'conciliar', before.version);
    expect(response.statusCode, response.body).toBe(201);
    const cd = response.json().data as Settlement;
    expect(cd).toMatchObject({
      contrato_id: annex.contrato_id,
      anio: 2025,
      mes: 2,
      version_liquidacion: 'CD',
      reconciliacion: 1,
      estado: 'preliminar',
      factura: '0',
      calculada_por: null,
      created_by: PREPARER,
      version: 1,
    });
    expect((await read(cd.id)).filas).toEqual([]);
    const after = await read(df);
    expect(after).toMatchObject({ ...before, conciliada: true });
    const audit = (await auditRows(t, 'settlement.reconcile')).filter((entry) => entry.entity_id === String(cd.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ liquidacion_origen: df, version_liquidacion: 'CD' });

    expectError(await command(PREPARER, df, 'conciliar', before.version), 409, 'APP_ERR_SETTLEMENT_RECONCILED');
  });

  it('refuses a DF not validated, a PE or CD, a stale read, an unknown settlement, and a role without create', async () => {
    await ensurePeople();
    const { annex } = await contractWithAnnex();
    const preliminary = await insertSettlement(annex);
    const pe = await insertSettlement(annex, { version: 'PE', validatedBy: undefined });
    const cd = await insertSettlement(annex, { version: 'CD', empty: true });
    expectError(await command(ADMIN, preliminary, 'conciliar', 1), 409, 'APP_ERR_SETTLEMENT_NOT_VALIDATED');
    expectError(await command(ADMIN, pe, 'conciliar', 1), 409, 'APP_ERR_SETTLEMENT_NOT_DF');
    expectError(await command(ADMIN, cd, 'conciliar', 1), 409, 'APP_ERR_SETTLEMENT_NOT_DF');
    expectError(await command(ADMIN, 999999, 'conciliar', 1), 404, 'APP_ERR_SETTLEMENT_NOT_FOUND');
    const { annex: other } = await contractWithAnnex();
    const validated = await insertSettlement(other, { validatedBy: ADMIN });
    expectError(await command(ADMIN, validated, 'conciliar', 1), 409, 'APP_ERR_RECORD_STALE');
    const role = await insertRole(t, 'Sin crear GT', 'GT', grantsExcept([{ page: 'Settlements', action: 'create' }]));
    await userWith(t, 'sin-crear@test.energy', ['liquidaciones'], role);
    expectError(await command('sin-crear@test.energy', validated, 'conciliar', 2), 403, 'APP_ERR_AUTH_FORBIDDEN');
    await userWith(t, 'sin-vista@test.energy', ['relaciones'], w.fullRole);
    expectError(await command('sin-vista@test.energy', validated, 'conciliar', 2), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expect((await read(validated)).conciliada).toBe(false);
  });
});

describe('GET /liquidacion/api/v3/liquidaciones/{id}/excel', () => {
  /** The workbook of a download, and the cells of its first sheet as values. */
  async function workbookOf(id: number, query: string) {
    const response = await w.as(ADMIN, { method: 'GET', url: `${BASE}/${id}/excel${query}` });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return { response, sheet: workbook.worksheets[0]! };
  }

  it('streams the rows with a header block and a totals row equal to the API totals, numbers as numbers', async () => {
    await ensurePeople();
    const { contract, annex } = await contractWithAnnex();
    const id = await insertSettlement(annex, { validatedBy: ADMIN });
    const api = await read(id);
    const { response, sheet } = await workbookOf(id, '?idioma=en-US');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // Named in the language asked, as the invoice PDF is.
    expect(response.headers['content-disposition']).toContain(`filename="settlement-${contract.id}-2025-02-DF.xlsx"`);

    const labelled = (label: string) => sheet.getColumn(1).values.indexOf(label);
    expect(sheet.getRow(labelled('Company')).getCell(2).value).toBe(contract.empresa_razon_social);
    expect(sheet.getRow(labelled('Computed by')).getCell(2).value).toBe(PREPARER);
    expect(sheet.getRow(labelled('Validated by')).getCell(2).value).toBe(ADMIN);
    // The month as the pages name it, and the state in the language of the workbook.
    expect(sheet.getRow(labelled('Month')).getCell(2).value).toBe('February 2025');
    expect(sheet.getRow(labelled('State')).getCell(2).value).toBe('Validated');

    const headerRow = labelled('Annex');
    const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    const column = (title: string) => headers.indexOf(title) + 1;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
    const totals = sheet.getRow(labelled('Total'));
    expect(totals.getCell(column('Invoice')).value).toBe(Number(api.factura));
    expect(totals.getCell(column('Total energy (MWh)')).value).toBe(Number(api.energia_total_mwh));
    expect(totals.getCell(column('Energy settlement')).value).toBe(Number(api.liquidacion_energia));
    expect(totals.getCell(column('Invoice')).numFmt).toBe('#,##0.00');
    expect(totals.getCell(column('Total energy (MWh)')).numFmt).toBe('#,##0.000');

    const first = sheet.getRow(headerRow + 1);
    expect(first.getCell(column('Period')).value).toBe(1);
    expect(first.getCell(column('Invoice')).value).toBe(425.71);
    // A date is an Excel date shown dd/mm/yyyy (spec section 9), not text.
    expect(first.getCell(column('Date')).value).toEqual(new Date('2025-02-01T00:00:00Z'));
    expect(first.getCell(column('Date')).numFmt).toBe('dd/mm/yyyy');
    expect(labelled('Total') - headerRow - 1).toBe(api.filas.length);
  });

  it('writes the rows at the asked aggregation, in Spanish by default: its words, month, state, dates and file name', async () => {
    await ensurePeople();
    const { contract, annex } = await contractWithAnnex();
    const id = await insertSettlement(annex);
    const { response, sheet } = await workbookOf(id, '?agregacion=dia');
    expect(response.headers['content-disposition']).toContain(`filename="liquidacion-${contract.id}-2025-02-DF.xlsx"`);
    const labels = sheet.getColumn(1).values;
    const headerRow = labels.indexOf('Anexo');
    expect(labels.indexOf('Total') - headerRow - 1).toBe(2);
    expect(labels).toContain('Empresa');
    expect(sheet.getRow(labels.indexOf('Mes')).getCell(2).value).toBe('Febrero 2025');
    expect(sheet.getRow(labels.indexOf('Estado')).getCell(2).value).toBe('Preliminar');
    const date = sheet.getRow(headerRow + 1).getCell((sheet.getRow(headerRow).values as unknown[]).indexOf('Fecha'));
    expect([date.value, date.numFmt]).toEqual([new Date('2025-02-01T00:00:00Z'), 'dd/mm/yyyy']);
    expectError(await w.as(ADMIN, { method: 'GET', url: `${BASE}/999999/excel` }), 404, 'APP_ERR_SETTLEMENT_NOT_FOUND');
    expectError(await w.as(ADMIN, { method: 'GET', url: `${BASE}/${id}/excel?idioma=fr-FR` }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('POST /liquidacion/api/v3/pre-liquidacion', () => {
  const URL = '/liquidacion/api/v3/pre-liquidacion';
  const body = (contract: Contract, overrides: Record<string, unknown> = {}) => ({
    contrato_id: contract.id,
    codigo_contraparte: contract.codigo_contraparte,
    codigo_agente: contract.codigo_agente,
    anio: 2025,
    mes: 2,
    version: 'PE',
    agregacion: 'hora',
    ...overrides,
  });

  it('says the data is not available and lists what is missing (at most 100 lines, with their count), then available once loaded', async () => {
    const { contract, annex } = await contractWithAnnex();
    const missing = await w.as(ADMIN, { method: 'POST', url: URL, payload: body(contract) });
    expect(missing.statusCode, missing.body).toBe(200);
    const before = missing.json().data;
    expect(before.disponible).toBe(false);
    expect(before.total_faltantes).toBeGreaterThan(100);
    expect(before.faltantes).toHaveLength(100);
    expect(before.faltantes).toContainEqual({ tipo: 'energia', clave: String(annex.id), fecha: '2025-02-01', periodos: Array.from({ length: 24 }, (_, i) => i + 1) });

    await fillMissingMarketData(t.db, contract.id, 2025, 2, 'PE');
    const ready = await w.as(ADMIN, { method: 'POST', url: URL, payload: body(contract) });
    expect(ready.json().data).toEqual({ disponible: true, faltantes: [], total_faltantes: 0 });
  });

  it("refuses codes that are not the contract's, beside each field, and an unknown contract", async () => {
    const { contract } = await contractWithAnnex();
    const wrong = await w.as(ADMIN, { method: 'POST', url: URL, payload: body(contract, { codigo_contraparte: 'OTRO', codigo_agente: 'X-1' }) });
    expectError(wrong, 400, 'APP_ERR_REQUEST_INVALID');
    expect(wrong.json().details.map((detail: { instancePath: string }) => detail.instancePath)).toEqual(['/codigo_contraparte', '/codigo_agente']);
    expectError(await w.as(ADMIN, { method: 'POST', url: URL, payload: body(contract, { contrato_id: 999999 }) }), 404, 'APP_ERR_CONTRACT_NOT_FOUND');
    const { agregacion: _left, ...withoutTimeframe } = body(contract);
    expectError(await w.as(ADMIN, { method: 'POST', url: URL, payload: withoutTimeframe }), 400, 'APP_ERR_REQUEST_INVALID');
  });

  it("refuses a role of another country: it may not compute the contract's month, so it is not told about its data", async () => {
    const { contract } = await contractWithAnnex({ sucursal: 'GT' });
    const role = await insertRole(t, 'Liquidador SV', 'SV', grantsExcept([]));
    await userWith(t, 'liquidador-sv@test.energy', ['liquidaciones'], role);
    expectError(await w.as('liquidador-sv@test.energy', { method: 'POST', url: URL, payload: body(contract) }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('POST /liquidacion/api/v3/liquidaciones (compute)', () => {
  const key = (contract: Contract, version = 'PE') => ({ contrato_id: contract.id, anio: 2025, mes: 2, version });

  it('computes a month with its data (201), recomputes it (200), and totals are the sums of its rows', async () => {
    await ensurePeople();
    const { contract, annex } = await contractWithAnnex();
    await fillMissingMarketData(t.db, contract.id, 2025, 2, 'DF');
    const first = await w.as(PREPARER, { method: 'POST', url: BASE, payload: key(contract, 'DF') });
    expect(first.statusCode, first.body).toBe(201);
    const settlement = first.json().data as Settlement;
    expect(settlement).toMatchObject({ contrato_id: contract.id, anio: 2025, mes: 2, version_liquidacion: 'DF', estado: 'preliminar', calculada_por: PREPARER });
    const detail = (await w.as(ADMIN, { method: 'GET', url: `${BASE}/${settlement.id}?agregacion=mes` })).json().data as SettlementDetail;
    expect(detail.filas).toHaveLength(1);
    expect(detail.filas[0]).toMatchObject({ anexo_id: annex.id, factura: settlement.factura, energia_total_mwh: settlement.energia_total_mwh });
    const hours = (await w.as(ADMIN, { method: 'GET', url: `${BASE}/${settlement.id}` })).json().data as SettlementDetail;
    expect(hours.filas).toHaveLength(28 * 24);

    const again = await w.as(ADMIN, { method: 'POST', url: BASE, payload: key(contract, 'DF') });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: settlement.id, factura: settlement.factura, calculada_por: ADMIN });
    expect((await auditRows(t, 'settlement.compute')).filter((entry) => entry.entity_id === String(settlement.id))).toHaveLength(2);
  });

  it('refuses a month whose data is missing, a validated settlement, a CD that was never made, and stores nothing', async () => {
    await ensurePeople();
    const { contract } = await contractWithAnnex();
    expectError(await w.as(ADMIN, { method: 'POST', url: BASE, payload: key(contract) }), 409, 'APP_ERR_SETTLEMENT_DATA_UNAVAILABLE');
    expect(await queryRows(t.db, sql`select id from liquidaciones where contrato_id = ${contract.id}`)).toEqual([]);
    expectError(await w.as(ADMIN, { method: 'POST', url: BASE, payload: key(contract, 'CD') }), 404, 'APP_ERR_SETTLEMENT_NOT_FOUND');

    await fillMissingMarketData(t.db, contract.id, 2025, 2, 'DF');
    const computed = (await w.as(PREPARER, { method: 'POST', url: BASE, payload: key(contract, 'DF') })).json().data as Settlement;
    const validated = await w.as(ADMIN, { method: 'POST', url: `${BASE}/${computed.id}/validar`, payload: { version: computed.version } });
    expect(validated.statusCode, validated.body).toBe(200);
    expectError(await w.as(ADMIN, { method: 'POST', url: BASE, payload: key(contract, 'DF') }), 409, 'APP_ERR_SETTLEMENT_VALIDATED');
  });

  it('needs the Settlements create action (403) and a whole body (400)', async () => {
    await userWith(t, 'compute-norole@test.energy', ['liquidaciones'], w.emptyRole);
    const { contract } = await contractWithAnnex();
    expectError(await w.as('compute-norole@test.energy', { method: 'POST', url: BASE, payload: key(contract) }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await w.as(ADMIN, { method: 'POST', url: BASE, payload: { ...key(contract), version: 'XX' } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});
