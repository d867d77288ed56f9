// @vitest-environment node
// Contracts API: list, read, create (every spec section 5 message maps to a field detail),
// update (version), delete (refused while annexes depend on the contract), audit, 401/403.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FIELD_MESSAGES, type Contract } from '../../schemas/contract.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { contratos } from '../../server/db/schema/relations-contracts';
import { ADMIN, auditRows, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { storedFileKey } from './companies-fixtures';
import { annexBody, contractBody, createContract, detailFieldsOf, detailsOf, freshCompany, postContract } from './contracts-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

describe('POST /contratos/api/v1/create', () => {
  it('creates a contract with exact decimals, lists it with its company and audits it', async () => {
    const { company, key, response } = await postContract(t, w, ADMIN, { codigo_contraparte: '  CP-7 ', monto_garantia: '999999999999.99' }, 'contrato.pdf');
    expect(response.statusCode, response.body).toBe(201);
    const contract = response.json().data as Contract;
    expect(contract).toMatchObject({
      empresa_id: company.id,
      empresa_razon_social: company.razon_social,
      tipo_contrato: 'PF',
      fecha_inicio: '2025-01-01',
      codigo_contraparte: 'CP-7',
      // numeric on both ends: the largest guarantee, to the cent, with no float rounding.
      monto_garantia: '999999999999.99',
      archivo_firmado: key,
      archivo_firmado_nombre: 'contrato.pdf',
      pmi: ['GT-ESC-230'],
      nombre_empresa_tercero: null,
      numero_anexos: 0,
      version: 1,
      created_by: ADMIN,
    });
    expect(contract.firmantes).toEqual([{ nombre: 'Jorge Méndez', cargo: 'Representante legal', email: 'jorge@energia-gt.test' }]);

    const list = await w.as(ADMIN, { method: 'GET', url: '/contratos/api/v1/get' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((row: { id: number }) => row.id === contract.id)).toMatchObject({
      empresa_razon_social: company.razon_social,
      tipo_contrato: 'PF',
      clase_contrato: 'CNFFF',
      fecha_inicio: '2025-01-01',
      plazo: 12,
      local_regional: 'regional',
      numero_anexos: 0,
    });
    const ofCompany = await w.as(ADMIN, { method: 'GET', url: `/contratos/api/v1/get?empresa_id=${company.id}` });
    expect(ofCompany.json().data.map((row: { id: number }) => row.id)).toEqual([contract.id]);
    const once = await w.as(ADMIN, { method: 'GET', url: `/contratos/api/v1/get-once-contract/${contract.id}` });
    expect(once.json().data).toEqual(contract);

    const audit = (await auditRows(t, 'contract.create')).at(-1);
    expect(audit).toMatchObject({ actor_email: ADMIN, entity: 'contract', entity_id: String(contract.id), before: null });
    expect(audit?.after).toMatchObject({ id: contract.id, monto_garantia: '999999999999.99' });
  });

  it('answers an empty body with a field detail for every validation message of spec section 5', async () => {
    const response = await w.as(ADMIN, { method: 'POST', url: '/contratos/api/v1/create', payload: { tripartito: true } });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    const fields = detailFieldsOf(response);
    // Every spec message belongs to a field the server reports, third-party ones included.
    for (const field of Object.keys(CONTRACT_FIELD_MESSAGES)) expect(fields, field).toContain(field);
    expect(Object.keys(CONTRACT_FIELD_MESSAGES)).toHaveLength(25);
  });

  it('answers wrong options and formats with details on those fields', async () => {
    const { response } = await postContract(t, w, ADMIN, {
      sucursal: 'XX',
      tipo_contrato: 'SWAP',
      tipo_transaccion: 'X',
      fecha_inicio: '01/02/2025',
      monto_garantia: '1,5',
      poc: 'doce',
      pmi: [],
      archivo_firmado: '../../etc/passwd',
      incoterm: 'ZZZ',
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect([...detailFieldsOf(response)].sort()).toEqual(
      ['archivo_firmado', 'fecha_inicio', 'incoterm', 'monto_garantia', 'pmi', 'poc', 'sucursal', 'tipo_contrato', 'tipo_transaccion'].sort(),
    );
  });

  it('refuses amounts past their bounds, days past a year, an overlong code and node codes that are not codes, beside each field, and stores nothing', async () => {
    const { company, response } = await postContract(t, w, ADMIN, {
      margen: '150',
      fee: '-10',
      potencia: '0',
      energia: '99999999999999999999',
      monto_garantia: '-100',
      precio_fijo: '88.00001',
      dias_factura: 400,
      dias_credito: -1,
      codigo_agente: 'E'.repeat(5000),
      pmi: ['-5', 'PMI-<b>1</b>'],
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect([...detailFieldsOf(response)].sort()).toEqual(
      ['codigo_agente', 'dias_credito', 'dias_factura', 'energia', 'fee', 'margen', 'monto_garantia', 'pmi', 'potencia', 'precio_fijo'].sort(),
    );
    expect(await t.db.select().from(contratos).where(eq(contratos.empresa_id, company.id))).toEqual([]);
  });

  it('refuses a company or file that does not exist and a date that is not in the calendar', async () => {
    const response = await w.as(ADMIN, {
      method: 'POST',
      url: '/contratos/api/v1/create',
      payload: contractBody(999_999, 'f_00000000-0000-4000-8000-000000000000'),
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(response).sort()).toEqual(['/archivo_firmado there is no file with this key', '/empresa_id there is no such company'].sort());
    // A day not in the calendar is the schema's refusal: the body goes no further.
    const notADay = await w.as(ADMIN, {
      method: 'POST',
      url: '/contratos/api/v1/create',
      payload: contractBody(999_999, 'f_00000000-0000-4000-8000-000000000000', { fecha_inicio: '2025-02-30' }),
    });
    expectError(notADay, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(notADay)).toEqual(['/fecha_inicio must be a calendar date (YYYY-MM-DD)']);
    expect(await t.db.select().from(contratos).where(eq(contratos.empresa_id, 999_999))).toEqual([]);
  });

  it('needs the third party of a tripartite contract, and drops it from a bilateral one', async () => {
    const company = await freshCompany(w, ADMIN);
    const key = await storedFileKey(t);
    const missing = await w.as(ADMIN, { method: 'POST', url: '/contratos/api/v1/create', payload: contractBody(company.id, key, { tripartito: true }) });
    expectError(missing, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(missing)).toEqual(new Set(['nombre_empresa_tercero', 'codigo_tercero', '']));

    const tripartite = await w.as(ADMIN, {
      method: 'POST',
      url: '/contratos/api/v1/create',
      payload: contractBody(company.id, key, { tripartito: true, nombre_empresa_tercero: 'Comercializadora Tercera', codigo_tercero: 'T-9' }),
    });
    expect(tripartite.statusCode, tripartite.body).toBe(201);
    expect(tripartite.json().data).toMatchObject({ tripartito: true, nombre_empresa_tercero: 'Comercializadora Tercera', codigo_tercero: 'T-9' });

    const bilateral = await w.as(ADMIN, {
      method: 'POST',
      url: '/contratos/api/v1/create',
      payload: contractBody(company.id, key, { tripartito: false, nombre_empresa_tercero: 'Sobra', codigo_tercero: 'S-1' }),
    });
    expect(bilateral.statusCode).toBe(201);
    expect(bilateral.json().data).toMatchObject({ tripartito: false, nombre_empresa_tercero: null, codigo_tercero: null });
  });
});

describe('PATCH /contratos/api/v1/update/:id', () => {
  it('updates with the version read, bumps it, refuses a stale version and audits before and after', async () => {
    const contract = await createContract(t, w, ADMIN);
    const url = `/contratos/api/v1/update/${contract.id}`;
    const updated = await w.as(ADMIN, { method: 'PATCH', url, payload: { plazo: 24, fee: '2.75', pmr: ['SV-AHU-115', 'SV-15SE-115'], version: 1 } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ plazo: 24, fee: '2.75', pmr: ['SV-AHU-115', 'SV-15SE-115'], version: 2, updated_by: ADMIN });
    // Untouched fields stay.
    expect(updated.json().data).toMatchObject({ tipo_contrato: 'PF', monto_garantia: contract.monto_garantia });

    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { plazo: 36, version: 1 } }), 409, 'APP_ERR_RECORD_STALE');
    expect((await w.as(ADMIN, { method: 'GET', url: `/contratos/api/v1/get-once-contract/${contract.id}` })).json().data.plazo).toBe(24);

    const audit = (await auditRows(t, 'contract.update')).filter((row) => row.entity_id === String(contract.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ plazo: 12, version: 1 });
    expect(audit[0]?.after).toMatchObject({ plazo: 24, version: 2 });
  });

  it('checks the merged record: turning tripartite on needs the third party; a bad date or body is 400', async () => {
    const contract = await createContract(t, w, ADMIN);
    const url = `/contratos/api/v1/update/${contract.id}`;
    const missing = await w.as(ADMIN, { method: 'PATCH', url, payload: { tripartito: true, version: 1 } });
    expectError(missing, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(missing)).toEqual(new Set(['nombre_empresa_tercero', 'codigo_tercero']));
    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { fecha_inicio: '2025-13-01', version: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { fecha_inicio: '2023-02-29', version: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    // ISO has a year 0, PostgreSQL has none: refused here, not by the SQL.
    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { fecha_inicio: '0000-01-01', version: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { version: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    const ok = await w.as(ADMIN, {
      method: 'PATCH',
      url,
      payload: { tripartito: true, nombre_empresa_tercero: 'Tercera', codigo_tercero: 'T-1', version: 1 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(await w.as(ADMIN, { method: 'PATCH', url: '/contratos/api/v1/update/999999', payload: { plazo: 2, version: 1 } }), 404, 'APP_ERR_CONTRACT_NOT_FOUND');
  });

  it('refuses an update past the bounds beside its fields, and leaves the contract as it was', async () => {
    const contract = await createContract(t, w, ADMIN);
    const url = `/contratos/api/v1/update/${contract.id}`;
    const refused = await w.as(ADMIN, { method: 'PATCH', url, payload: { margen: '150', potencia: '0', pmr: ['SV-AHU-115', '-5'], version: 1 } });
    expectError(refused, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(refused)).toEqual(new Set(['margen', 'potencia', 'pmr']));
    const stored = (await w.as(ADMIN, { method: 'GET', url: `/contratos/api/v1/get-once-contract/${contract.id}` })).json().data as Contract;
    expect(stored).toMatchObject({ margen: contract.margen, potencia: contract.potencia, pmr: contract.pmr, version: 1 });
  });
});

describe('POST /contratos/api/v1/delete', () => {
  it('refuses to delete a contract with annexes (409), deletes it once they are gone, and audits it', async () => {
    const contract = await createContract(t, w, ADMIN);
    const annex = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/create', payload: annexBody(contract.id) });
    expect(annex.statusCode, annex.body).toBe(201);
    expect((await w.as(ADMIN, { method: 'GET', url: `/contratos/api/v1/get-once-contract/${contract.id}` })).json().data.numero_anexos).toBe(1);

    expectError(await w.as(ADMIN, { method: 'POST', url: '/contratos/api/v1/delete', payload: { id: contract.id } }), 409, 'APP_ERR_RECORD_IN_USE');
    expect(await t.db.select().from(contratos).where(eq(contratos.id, contract.id))).toHaveLength(1);

    const annexGone = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/delete', payload: { id: annex.json().data.id } });
    expect(annexGone.statusCode).toBe(200);
    const deleted = await w.as(ADMIN, { method: 'POST', url: '/contratos/api/v1/delete', payload: { id: contract.id } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({ id: contract.id });
    expectError(await w.as(ADMIN, { method: 'GET', url: `/contratos/api/v1/get-once-contract/${contract.id}` }), 404, 'APP_ERR_CONTRACT_NOT_FOUND');
    expectError(await w.as(ADMIN, { method: 'POST', url: '/contratos/api/v1/delete', payload: { id: contract.id } }), 404, 'APP_ERR_CONTRACT_NOT_FOUND');

    const audit = (await auditRows(t, 'contract.delete')).filter((row) => row.entity_id === String(contract.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ id: contract.id, codigo_contraparte: 'CP-0001' });
    expect(audit[0]?.after).toBeNull();
  });

  it('answers 400 with a detail for a body without id', async () => {
    const response = await w.as(ADMIN, { method: 'POST', url: '/contratos/api/v1/delete', payload: {} });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(response)).toEqual(new Set(['id']));
  });
});

describe('contract authorization', () => {
  const routes = [
    { method: 'GET', url: '/contratos/api/v1/get' },
    { method: 'GET', url: '/contratos/api/v1/get-once-contract/1' },
    { method: 'POST', url: '/contratos/api/v1/create', payload: {} },
    { method: 'PATCH', url: '/contratos/api/v1/update/1', payload: { plazo: 1, version: 1 } },
    { method: 'POST', url: '/contratos/api/v1/delete', payload: { id: 1 } },
  ] as const;

  it('answers 401 without a token on every route', async () => {
    for (const route of routes) {
      expectError(await t.app.inject({ ...route }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    }
  });

  it('answers 403 without the relaciones view key, and audits the refusal', async () => {
    await userWith(t, 'sin-relaciones@test.energy', ['dashboard'], w.fullRole);
    for (const route of routes) {
      expectError(await w.as('sin-relaciones@test.energy', { ...route }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
    const denied = await auditRows(t, 'access.denied');
    expect(denied.some((row) => row.entity_id === 'POST /contratos/api/v1/create' && row.actor_email === 'sin-relaciones@test.energy')).toBe(true);
  });

  it('answers 403 when the role lacks the Contracts action, whatever the Companies cells say', async () => {
    const permisos = uniformRolePermissions(false);
    permisos.Companies = { create: true, edit: true, delete: true, view: true };
    permisos.Contracts = { create: false, edit: false, delete: false, view: true };
    const viewer = await insertRole(t, 'Solo ve contratos GT', 'GT', permisos);
    await userWith(t, 've-contratos@test.energy', ['relaciones'], viewer);
    const contract = await createContract(t, w, ADMIN);
    expect((await w.as('ve-contratos@test.energy', { method: 'GET', url: '/contratos/api/v1/get' })).statusCode).toBe(200);
    const company = await freshCompany(w, ADMIN);
    const key = await storedFileKey(t);
    expectError(
      await w.as('ve-contratos@test.energy', { method: 'POST', url: '/contratos/api/v1/create', payload: contractBody(company.id, key) }),
      403,
      'APP_ERR_AUTH_FORBIDDEN',
    );
    expectError(
      await w.as('ve-contratos@test.energy', { method: 'PATCH', url: `/contratos/api/v1/update/${contract.id}`, payload: { plazo: 2, version: 1 } }),
      403,
      'APP_ERR_AUTH_FORBIDDEN',
    );
    expectError(
      await w.as('ve-contratos@test.energy', { method: 'POST', url: '/contratos/api/v1/delete', payload: { id: contract.id } }),
      403,
      'APP_ERR_AUTH_FORBIDDEN',
    );
    await userWith(t, 'sin-rol@test.energy', ['relaciones'], w.emptyRole);
    expectError(await w.as('sin-rol@test.energy', { method: 'GET', url: '/contratos/api/v1/get' }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});
