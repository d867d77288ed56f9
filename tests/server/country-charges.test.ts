// @vitest-environment node
// Country charges API (spec section 7, Countries): list on a day or in full, read, create and
// update with their rules (400 details), overlaps (409 naming the period), stale versions, a
// period a validated settlement used (409 unless only its end moves on), the settlements that
// used a period, audit, and the view key and role action of every call.
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Annex } from '../../schemas/annex.schema';
import type { Charge, ChargeSettlement } from '../../schemas/country-charge.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { ADMIN, auditRows, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';
import { annexBody, createContract } from './contracts-fixtures';
import { insertSettlement, TWO_ROWS } from './invoice-fixtures';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

// Each test starts from no charges (the settlements of one test name other periods).
beforeEach(async () => {
  await t.db.execute(sql`delete from cargos_pais`);
});

const BASE = '/countries/api/v1';

/** A Panama SPT charge per MWh withdrawn, feeding MMr, from July 2025 on. */
function chargeBody(overrides: Record<string, unknown> = {}) {
  return {
    pais_id: 6,
    codigo: 'PA_SPT',
    nombre: 'Uso del Sistema Principal de Transmisión',
    base: 'mwh_retirado',
    unidad: 'USD/MWh',
    moneda: 'USD',
    tasa: '3.850000',
    vigente_desde: '2025-07-01',
    vigente_hasta: null,
    referencia_legal: 'Pliego tarifario ETESA 2025-2029 (ilustrativo)',
    pagador: 'comprador',
    gravado: true,
    concepto_liquidacion: 'MMr',
    ...overrides,
  };
}

const create = (body: Record<string, unknown>, email = ADMIN) => w.as(email, { method: 'POST', url: `${BASE}/create/cargo/`, payload: body });
const update = (body: Record<string, unknown>, email = ADMIN) => w.as(email, { method: 'POST', url: `${BASE}/update/cargo/`, payload: body });
const list = (body: Record<string, unknown>, email = ADMIN) => w.as(email, { method: 'POST', url: `${BASE}/cargo/`, payload: body });

async function created(overrides: Record<string, unknown> = {}): Promise<Charge> {
  const response = await create(chargeBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Charge;
}

const detailsOf = (body: string) => (JSON.parse(body) as { details?: Array<{ instancePath: string; keyword?: string; params?: Record<string, unknown> }> }).details ?? [];

describe('POST /countries/api/v1/create/cargo/', () => {
  it('creates a charge of Panama with its exact rate, answers it with its country and state, and audits it', async () => {
    const charge = await created();
    expect(charge).toMatchObject({
      pais_id: 6,
      pais: 'PA',
      codigo: 'PA_SPT',
      base: 'mwh_retirado',
      tasa: '3.850000',
      vigente_desde: '2025-07-01',
      vigente_hasta: null,
      gravado: true,
      concepto_liquidacion: 'MMr',
      estado: 'vigente',
      version: 1,
      created_by: ADMIN,
    });
    const [audit] = await auditRows(t, 'charge.create');
    expect(audit).toMatchObject({ entity: 'charge', entity_id: String(charge.id), actor_email: ADMIN });
  });

  it('stores the optional fields at their defaults: no end, no reference, not taxed, feeding nothing', async () => {
    const { vigente_hasta: _end, referencia_legal: _ref, gravado: _tax, concepto_liquidacion: _input, ...required } = chargeBody({ codigo: 'PA_PERD', base: 'porcentaje', unidad: '%', tasa: '2.5' });
    const response = await create(required);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ vigente_hasta: null, referencia_legal: null, gravado: false, concepto_liquidacion: null, tasa: '2.5' });
  });

  it('refuses each broken rule beside its field and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ vigente_desde: '2025-07-01', vigente_hasta: '2025-06-30' }, '/vigente_hasta'],
      [{ tasa: '-1' }, '/tasa'],
      [{ moneda: 'MXN' }, '/moneda'],
      [{ base: 'porcentaje', concepto_liquidacion: null, tasa: '100.5' }, '/tasa'],
      [{ base: 'kw_mes', concepto_liquidacion: 'peaje_principal' }, '/concepto_liquidacion'],
      [{ base: 'porcentaje', concepto_liquidacion: 'MMr', tasa: '5' }, '/concepto_liquidacion'],
      [{ pais_id: 3 }, '/pais_id'],
      [{ nombre: 'x'.repeat(300) }, '/nombre'],
      [{ nombre: '<b>Peaje</b>' }, '/nombre'],
      [{ referencia_legal: 'Ley <script>' }, '/referencia_legal'],
      [{ codigo: 'pa spt' }, '/codigo'],
      [{ vigente_desde: '2025-02-30' }, '/vigente_desde'],
    ];
    for (const [overrides, field] of cases) {
      const response = await create(chargeBody(overrides));
      expect(response.statusCode, `${JSON.stringify(overrides)} ${response.body}`).toBe(400);
      expect(detailsOf(response.body).map((detail) => detail.instancePath), JSON.stringify(overrides)).toContain(field);
    }
    expect((await list({ pais_id: 6, historia: true })).json().data).toEqual([]);
  });

  it('allows MXN in Mexico and a charge of El Salvador per MWh both ways', async () => {
    expect((await create(chargeBody({ pais_id: 7, codigo: 'MX_CENACE', moneda: 'MXN', unidad: 'MXN/MWh', base: 'mwh_ambos', concepto_liquidacion: 'MMi' }))).statusCode).toBe(201);
    expect((await create(chargeBody({ pais_id: 2, codigo: 'SV_TRANS', base: 'mwh_ambos', concepto_liquidacion: 'MMr' }))).statusCode).toBe(201);
  });

  it('refuses a period that overlaps another of the same code with 409, naming it; another code or the next day is fine', async () => {
    const first = await created({ vigente_desde: '2025-01-01', vigente_hasta: '2025-06-30' });
    const response = await create(chargeBody({ vigente_desde: '2025-06-30' }));
    expectError(response, 409, 'APP_ERR_CHARGE_PERIOD_OVERLAP');
    expect(detailsOf(response.body)[0]).toMatchObject({
      instancePath: '/vigente_desde',
      keyword: 'chargeOverlap',
      params: { code: 'PA_SPT', id: first.id, from: '2025-01-01', to: '2025-06-30' },
    });
    expect((await create(chargeBody({ vigente_desde: '2025-07-01' }))).statusCode).toBe(201);
    expect((await create(chargeBody({ codigo: 'PA_CONEX', vigente_desde: '2025-03-01' }))).statusCode).toBe(201);
  });
});

describe('POST /countries/api/v1/cargo/', () => {
  it("lists a country's charges in force on a day (today by default), or every period with historia", async () => {
    await created({ vigente_desde: '2021-07-01', vigente_hasta: '2025-06-30', tasa: '3.10' });
    await created({ vigente_desde: '2025-07-01', tasa: '3.85' });
    await created({ codigo: 'PA_OPINT', base: 'mwh_ambos', concepto_liquidacion: null, vigente_desde: '2099-01-01' });
    await created({ pais_id: 2, codigo: 'SV_CSIS' });

    const today = (await list({ pais_id: 6 })).json().data as Charge[];
    expect(today.map((charge) => [charge.codigo, charge.tasa, charge.estado])).toEqual([['PA_SPT', '3.85', 'vigente']]);
    const then = (await list({ pais_id: 6, fecha: '2024-03-15' })).json().data as Charge[];
    expect(then.map((charge) => [charge.codigo, charge.tasa, charge.estado])).toEqual([['PA_SPT', '3.10', 'vencida']]);
    const all = (await list({ pais_id: 6, historia: true })).json().data as Charge[];
    expect(all.map((charge) => [charge.codigo, charge.vigente_desde, charge.estado])).toEqual([
      ['PA_OPINT', '2099-01-01', 'futura'],
      ['PA_SPT', '2021-07-01', 'vencida'],
      ['PA_SPT', '2025-07-01', 'vigente'],
    ]);
  });

  it('refuses a country without charge pages and a day that is no day', async () => {
    expectError(await list({ pais_id: 1 }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await list({ pais_id: 6, fecha: '2025-13-01' }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('POST /countries/api/v1/update/cargo/', () => {
  it('changes a period with the version read, raises the version and audits before and after; a stale version is 409', async () => {
    const charge = await created();
    const response = await update({ id: charge.id, version: 1, tasa: '4.000001', nombre: 'SPT' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ tasa: '4.000001', nombre: 'SPT', codigo: 'PA_SPT', version: 2 });
    const [audit] = await auditRows(t, 'charge.update');
    expect(audit).toMatchObject({ before: expect.objectContaining({ tasa: '3.850000' }), after: expect.objectContaining({ tasa: '4.000001' }) });
    expectError(await update({ id: charge.id, version: 1, tasa: '5' }), 409, 'APP_ERR_RECORD_STALE');
  });

  it('judges the period as it would be stored: an end before its start, or onto the next period, is refused', async () => {
    const first = await created({ vigente_desde: '2025-01-01', vigente_hasta: '2025-06-30' });
    await created({ vigente_desde: '2025-07-01' });
    const backwards = await update({ id: first.id, version: 1, vigente_hasta: '2024-12-31' });
    expect(backwards.statusCode).toBe(400);
    expect(detailsOf(backwards.body).map((detail) => detail.instancePath)).toEqual(['/vigente_hasta']);
    expectError(await update({ id: first.id, version: 1, vigente_hasta: '2025-07-01' }), 409, 'APP_ERR_CHARGE_PERIOD_OVERLAP');
  });

  it('answers 404 for a charge that does not exist, or one of a country without charge pages', async () => {
    expectError(await update({ id: 999_999, version: 1, tasa: '1' }), 404, 'APP_ERR_CHARGE_NOT_FOUND');
    expectError(await w.as(ADMIN, { method: 'GET', url: `${BASE}/cargo/999999` }), 404, 'APP_ERR_CHARGE_NOT_FOUND');
  });
});

describe('a period a validated settlement used', () => {
  /** A contract whose February 2025 annex withdraws in `country`, with a validated DF of that month. */
  async function settledIn(country: string) {
    const contract = await createContract(t, w, ADMIN);
    const response = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/create', payload: annexBody(contract.id, { pmi: ['GT-ESC-230'], pmr: [`${country}-PAN-230`] }) });
    expect(response.statusCode, response.body).toBe(201);
    const validated = await insertSettlement(t, response.json().data as Annex, { rows: TWO_ROWS, mes: 2 });
    return { contract, validated };
  }

  async function usedPeriod() {
    const charge = await created({ vigente_desde: '2025-01-01' });
    return { charge, ...(await settledIn('PA')) };
  }

  it('is listed with the settlements that used it, newest first', async () => {
    const { charge, contract, validated } = await usedPeriod();
    const response = await w.as(ADMIN, { method: 'GET', url: `${BASE}/cargo/${charge.id}/liquidaciones` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data as ChargeSettlement[]).toEqual([
      { id: validated, contrato_id: contract.id, contrato_codigo: contract.codigo_contraparte, anio: 2025, mes: 2, version_liquidacion: 'DF', estado: 'validada' },
    ]);
  });

  it('keeps its rate: a change is 409 naming the settlement; closing the period after the month used is allowed', async () => {
    const { charge, validated } = await usedPeriod();
    const changed = await update({ id: charge.id, version: 1, tasa: '9' });
    expectError(changed, 409, 'APP_ERR_CHARGE_USED_BY_VALIDATED');
    expect(detailsOf(changed.body)[0]).toMatchObject({ keyword: 'chargeUsedByValidated', params: { settlement: validated, year: 2025, month: 2, lastDay: '2025-02-28' } });
    expectError(await update({ id: charge.id, version: 1, vigente_hasta: '2025-02-27' }), 409, 'APP_ERR_CHARGE_USED_BY_VALIDATED');
    const closed = await update({ id: charge.id, version: 1, vigente_hasta: '2025-02-28' });
    expect(closed.statusCode, closed.body).toBe(200);
    // The new rate from March on is a new period.
    expect((await create(chargeBody({ vigente_desde: '2025-03-01', tasa: '9' }))).statusCode).toBe(201);
  });

  it('was not used by a settlement withdrawing in another country', async () => {
    const charge = await created({ vigente_desde: '2025-01-01' });
    await settledIn('SV');
    const response = await w.as(ADMIN, { method: 'GET', url: `${BASE}/cargo/${charge.id}/liquidaciones` });
    expect(response.json().data).toEqual([]);
    expect((await update({ id: charge.id, version: 1, tasa: '9' })).statusCode).toBe(200);
  });
});

describe('who may call', () => {
  it('needs the paises view key to read, and the Settlements create or edit action to write', async () => {
    const charge = await created();
    const viewer = await userWith(t, 'lector@test.energy', ['paises'], await insertRole(t, 'Ver GT', 'GT', uniformRolePermissions(false)));
    const noKey = await userWith(t, 'otro@test.energy', ['liquidaciones'], w.fullRole);
    expect((await list({ pais_id: 6 }, noKey.email)).statusCode).toBe(403);
    expect((await list({ pais_id: 6 }, viewer.email)).statusCode).toBe(403);
    const reader = await userWith(t, 'lectora@test.energy', ['paises'], await insertRole(t, 'Lee GT', 'GT', { ...uniformRolePermissions(false), Settlements: { ...uniformRolePermissions(false).Settlements, view: true } }));
    expect((await list({ pais_id: 6 }, reader.email)).statusCode).toBe(200);
    expectError(await create(chargeBody({ codigo: 'PA_X' }), reader.email), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await update({ id: charge.id, version: 1, tasa: '1' }, reader.email), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});
