// @vitest-environment node
// Annexes API: list (all, or one contract's), read, create, update (version), delete, audit;
// percentages within [0, 100], dates in order, a CF contract's annex needs a transmission
// holder, 401/403.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANNEX_PERCENTAGE_FIELDS } from '../../schemas/annex.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { anexos } from '../../server/db/schema/relations-contracts';
import { ADMIN, auditRows, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { storedFileKey } from './companies-fixtures';
import { annexBody, createAnnex, createContract, detailFieldsOf, detailsOf, postAnnex } from './contracts-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

describe('POST /anexos/api/v1/create', () => {
  it('creates an annex with its document, lists and reads it with its contract and company, and audits it', async () => {
    const contract = await createContract(t, w, ADMIN);
    const other = await createContract(t, w, ADMIN);
    const pdf = await storedFileKey(t, 'anexo-1.pdf');
    const annex = await createAnnex(w, ADMIN, contract.id, { archivo: pdf, titular_transmision: '  EPWM Guatemala  ', numero_planilla: '' });
    expect(annex).toMatchObject({
      contrato_id: contract.id,
      empresa_id: contract.empresa_id,
      empresa_razon_social: contract.empresa_razon_social,
      tipo_contrato: 'PF',
      clase_contrato: 'CNFFF',
      fecha_inicio: '2025-02-01',
      fecha_fin: '2025-02-28',
      potencia_contratada: '12.5',
      unidad_potencia: 'MW',
      pmr: ['SV-AHU-115', 'SV-NEJ-230'],
      pmi: ['GT-ESC-230'],
      archivo: pdf,
      archivo_nombre: 'anexo-1.pdf',
      margen_pct: '4.5',
      participacion_pct: '100',
      titular_transmision: 'EPWM Guatemala',
      numero_planilla: null,
      precio_opcion_compra: null,
      version: 1,
      created_by: ADMIN,
    });
    await createAnnex(w, ADMIN, other.id);

    const all = await w.as(ADMIN, { method: 'GET', url: '/anexos/api/v1/get' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((row: { contrato_id: number }) => row.contrato_id)).toEqual(expect.arrayContaining([contract.id, other.id]));
    const mine = await w.as(ADMIN, { method: 'GET', url: `/anexos/api/v1/get?contrato_id=${contract.id}` });
    expect(mine.json().data).toEqual([
      expect.objectContaining({ id: annex.id, empresa_razon_social: contract.empresa_razon_social, unidad_potencia: 'MW', archivo: pdf }),
    ]);
    expect((await w.as(ADMIN, { method: 'GET', url: `/anexos/api/v1/get-once/${annex.id}` })).json().data).toEqual(annex);

    const audit = (await auditRows(t, 'annex.create')).find((row) => row.entity_id === String(annex.id));
    expect(audit).toMatchObject({ actor_email: ADMIN, entity: 'annex', before: null });
    expect(audit?.after).toMatchObject({ id: annex.id, contrato_id: contract.id });
  });

  it('answers an empty body with a detail per required field', async () => {
    const response = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/create', payload: {} });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(response)).toEqual(
      new Set(['contrato_id', 'fecha_inicio', 'fecha_fin', 'potencia_contratada', 'unidad_potencia', 'pmr', 'pmi']),
    );
  });

  it('refuses every percentage outside [0, 100] and accepts the bounds', async () => {
    const contract = await createContract(t, w, ADMIN);
    const outside = Object.fromEntries(ANNEX_PERCENTAGE_FIELDS.map((field, index) => [field, index % 2 === 0 ? '100.5' : '-1']));
    const response = await postAnnex(w, ADMIN, contract.id, outside);
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(response)).toEqual(new Set(ANNEX_PERCENTAGE_FIELDS));

    const share = await postAnnex(w, ADMIN, contract.id, { derecho_transmision: '150', derecho_transmision_tipo: '%' });
    expectError(share, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(share)).toEqual(['/derecho_transmision a percentage must be within [0, 100]']);
    // In dollars the same amount is fine.
    await createAnnex(w, ADMIN, contract.id, { derecho_transmision: '150', derecho_transmision_tipo: '$' });

    const bounds = Object.fromEntries(ANNEX_PERCENTAGE_FIELDS.map((field, index) => [field, index % 2 === 0 ? '100.00' : '0']));
    const annex = await createAnnex(w, ADMIN, contract.id, bounds);
    expect(annex.pct_fpn).toBe('100.00');
    expect(annex.participacion_pct).toBe('0');
  });

  it('refuses a fee of -5, a transmission right of 150 %, no contracted power and node codes that are not codes, and stores nothing', async () => {
    const contract = await createContract(t, w, ADMIN);
    const response = await postAnnex(w, ADMIN, contract.id, { fee: '-5', potencia_contratada: '0', precio_referencia: '100000000', pmi: ['PMI-<b>1</b>'] });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(response)).toEqual(new Set(['fee', 'potencia_contratada', 'precio_referencia', 'pmi']));
    const share = await postAnnex(w, ADMIN, contract.id, { derecho_transmision: '150', derecho_transmision_tipo: '%' });
    expectError(share, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(share)).toEqual(new Set(['derecho_transmision']));
    expect(await t.db.select().from(anexos).where(eq(anexos.contrato_id, contract.id))).toEqual([]);
  });

  it('needs a transmission holder on the annex of a CF contract', async () => {
    const firm = await createContract(t, w, ADMIN, { clase_contrato: 'CF' });
    for (const titular of [null, '   ']) {
      const response = await postAnnex(w, ADMIN, firm.id, { titular_transmision: titular });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(detailFieldsOf(response)).toEqual(new Set(['titular_transmision']));
    }
    const ok = await createAnnex(w, ADMIN, firm.id, { titular_transmision: 'Transmisora Regional, S.A.' });
    // Removing the holder later is refused the same way.
    const removed = await w.as(ADMIN, { method: 'PATCH', url: `/anexos/api/v1/update/${ok.id}`, payload: { titular_transmision: null, version: 1 } });
    expectError(removed, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(removed)).toEqual(new Set(['titular_transmision']));
    // A non-firm contract's annex needs none.
    const nonFirm = await createContract(t, w, ADMIN, { clase_contrato: 'EG' });
    const holderless = await createAnnex(w, ADMIN, nonFirm.id, { titular_transmision: null });
    expect(holderless.titular_transmision).toBeNull();

    // Nor does a contract become firm while one of its annexes has no holder.
    const toFirm = await w.as(ADMIN, { method: 'PATCH', url: `/contratos/api/v1/update/${nonFirm.id}`, payload: { clase_contrato: 'CF', version: nonFirm.version } });
    expectError(toFirm, 400, 'APP_ERR_REQUEST_INVALID');
    expect(toFirm.json().details).toEqual([expect.objectContaining({ instancePath: '/clase_contrato', keyword: 'annexHolder' })]);
    const named = await w.as(ADMIN, {
      method: 'PATCH',
      url: `/anexos/api/v1/update/${holderless.id}`,
      payload: { titular_transmision: 'Transmisora Regional, S.A.', version: holderless.version },
    });
    expect(named.statusCode, named.body).toBe(200);
    const firmNow = await w.as(ADMIN, { method: 'PATCH', url: `/contratos/api/v1/update/${nonFirm.id}`, payload: { clase_contrato: 'CF', version: nonFirm.version } });
    expect(firmNow.statusCode, firmNow.body).toBe(200);
    expect(firmNow.json().data.clase_contrato).toBe('CF');
  });

  it('refuses an end before the start, a date not in the calendar, an unknown contract or file', async () => {
    const contract = await createContract(t, w, ADMIN);
    const backwards = await postAnnex(w, ADMIN, contract.id, { fecha_inicio: '2025-03-10', fecha_fin: '2025-03-09' });
    expectError(backwards, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(backwards)).toEqual(['/fecha_fin must be on or after fecha_inicio']);
    // One day is a valid annex.
    await createAnnex(w, ADMIN, contract.id, { fecha_inicio: '2025-03-10', fecha_fin: '2025-03-10' });

    // A day not in the calendar is the schema's refusal: the body goes no further.
    const notADay = await postAnnex(w, ADMIN, contract.id, { fecha_fin: '2025-02-31' });
    expectError(notADay, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(notADay)).toEqual(['/fecha_fin must be a calendar date (YYYY-MM-DD)']);

    const wrong = await postAnnex(w, ADMIN, 999_999, { archivo: 'f_00000000-0000-4000-8000-000000000000' });
    expectError(wrong, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(wrong).sort()).toEqual(['/archivo there is no file with this key', '/contrato_id there is no such contract'].sort());
    const badShapes = await postAnnex(w, ADMIN, contract.id, { unidad_potencia: 'GW', pmi: [], pmr: ['ok', 'bad code!'], potencia_contratada: '-5', archivo: 'http://evil.test/x.pdf' });
    expectError(badShapes, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(badShapes)).toEqual(new Set(['unidad_potencia', 'pmi', 'pmr', 'potencia_contratada', 'archivo']));
  });
});

describe('PATCH /anexos/api/v1/update/:id and POST /anexos/api/v1/delete', () => {
  it('updates with the version read, refuses a stale one, deletes, and audits each change', async () => {
    const contract = await createContract(t, w, ADMIN);
    const annex = await createAnnex(w, ADMIN, contract.id);
    const url = `/anexos/api/v1/update/${annex.id}`;
    const updated = await w.as(ADMIN, {
      method: 'PATCH',
      url,
      payload: { potencia_contratada: '800', unidad_potencia: 'kW', pmi: ['GT-ESC-230', 'GT-GUA-69'], version: 1 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ potencia_contratada: '800', unidad_potencia: 'kW', pmi: ['GT-ESC-230', 'GT-GUA-69'], version: 2 });
    expect(updated.json().data.fee).toBe('1.25');

    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { fee: '9', version: 1 } }), 409, 'APP_ERR_RECORD_STALE');
    const reversed = await w.as(ADMIN, { method: 'PATCH', url, payload: { fecha_fin: '2025-01-01', version: 2 } });
    expectError(reversed, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailsOf(reversed)).toEqual(['/fecha_fin must be on or after fecha_inicio']);
    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { pct_fpn: '101', version: 2 } }), 400, 'APP_ERR_REQUEST_INVALID');
    const negativeFee = await w.as(ADMIN, { method: 'PATCH', url, payload: { fee: '-5', version: 2 } });
    expectError(negativeFee, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(negativeFee)).toEqual(new Set(['fee']));
    // A right of 1500 in $ is fine; calling it a share (%) is not.
    expect((await w.as(ADMIN, { method: 'PATCH', url, payload: { derecho_transmision: '1500', derecho_transmision_tipo: '$', version: 2 } })).statusCode).toBe(200);
    const share = await w.as(ADMIN, { method: 'PATCH', url, payload: { derecho_transmision_tipo: '%', version: 3 } });
    expectError(share, 400, 'APP_ERR_REQUEST_INVALID');
    expect(detailFieldsOf(share)).toEqual(new Set(['derecho_transmision']));
    expect((await w.as(ADMIN, { method: 'GET', url: `/anexos/api/v1/get-once/${annex.id}` })).json().data).toMatchObject({
      fee: '1.25',
      derecho_transmision: '1500',
      derecho_transmision_tipo: '$',
      version: 3,
    });
    expectError(await w.as(ADMIN, { method: 'PATCH', url: '/anexos/api/v1/update/999999', payload: { fee: '1', version: 1 } }), 404, 'APP_ERR_ANNEX_NOT_FOUND');

    const deleted = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/delete', payload: { id: annex.id } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(anexos).where(eq(anexos.id, annex.id))).toEqual([]);
    expectError(await w.as(ADMIN, { method: 'GET', url: `/anexos/api/v1/get-once/${annex.id}` }), 404, 'APP_ERR_ANNEX_NOT_FOUND');
    expectError(await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/delete', payload: { id: annex.id } }), 404, 'APP_ERR_ANNEX_NOT_FOUND');

    const actions = [
      ...(await auditRows(t, 'annex.update')),
      ...(await auditRows(t, 'annex.delete')),
    ].filter((row) => row.entity_id === String(annex.id));
    expect(actions.map((row) => row.action)).toEqual(['annex.update', 'annex.update', 'annex.delete']);
    expect(actions[0]?.before).toMatchObject({ potencia_contratada: '12.5', unidad_potencia: 'MW', version: 1 });
    expect(actions[0]?.after).toMatchObject({ potencia_contratada: '800', unidad_potencia: 'kW', version: 2 });
    expect(actions[2]?.before).toMatchObject({ id: annex.id, version: 3 });
  });
});

describe('annex authorization', () => {
  const routes = [
    { method: 'GET', url: '/anexos/api/v1/get' },
    { method: 'GET', url: '/anexos/api/v1/get-once/1' },
    { method: 'POST', url: '/anexos/api/v1/create', payload: {} },
    { method: 'PATCH', url: '/anexos/api/v1/update/1', payload: { fee: '1', version: 1 } },
    { method: 'POST', url: '/anexos/api/v1/delete', payload: { id: 1 } },
  ] as const;

  it('answers 401 without a token and 403 without the relaciones view key', async () => {
    await userWith(t, 'solo-tablero@test.energy', ['dashboard'], w.fullRole);
    for (const route of routes) {
      expectError(await t.app.inject({ ...route }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
      expectError(await w.as('solo-tablero@test.energy', { ...route }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
  });

  it('answers 403 when the role may only view contracts', async () => {
    const permisos = uniformRolePermissions(false);
    permisos.Contracts = { create: false, edit: false, delete: false, view: true };
    await userWith(t, 'lee-anexos@test.energy', ['relaciones'], await insertRole(t, 'Lee anexos GT', 'GT', permisos));
    const contract = await createContract(t, w, ADMIN);
    const annex = await createAnnex(w, ADMIN, contract.id);
    const reader = (request: Parameters<AdminWorld['as']>[1]) => w.as('lee-anexos@test.energy', request);
    expect((await reader({ method: 'GET', url: `/anexos/api/v1/get-once/${annex.id}` })).statusCode).toBe(200);
    expectError(await reader({ method: 'POST', url: '/anexos/api/v1/create', payload: annexBody(contract.id) }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await reader({ method: 'PATCH', url: `/anexos/api/v1/update/${annex.id}`, payload: { fee: '2', version: 1 } }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await reader({ method: 'POST', url: '/anexos/api/v1/delete', payload: { id: annex.id } }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});
