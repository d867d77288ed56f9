// @vitest-environment node
// Companies API: list, read, create (one transaction with contacts, banks and documents),
// update (version, child lists replaced), delete (refused while something refers to it).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { contactos, coordenadasBancarias, empresaDocumentos, empresas } from '../../server/db/schema/relations-companies';
import { contratos } from '../../server/db/schema/relations-contracts';
import { ADMIN, auditRows, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { bankBody, companyBody, contactBody, createCompany, storedFileKey } from './companies-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

let nitCounter = 100;
/** A tax id not used yet in this file (one company per tax id and country). */
const freshNit = () => `${(nitCounter += 1)}0001-K`;

const details = (response: { json(): unknown }) =>
  ((response.json() as { details?: Array<{ instancePath: string; message: string }> }).details ?? []).map(
    (detail) => `${detail.instancePath} ${detail.message}`,
  );

describe('POST /empresas/api/v1/post', () => {
  it('creates the company with its contacts, bank accounts and documents, and audits it', async () => {
    const deed = await storedFileKey(t, 'escritura.pdf');
    const tax = await storedFileKey(t, 'rtu.pdf');
    const response = await w.as(ADMIN, {
      method: 'POST',
      url: '/empresas/api/v1/post',
      payload: companyBody({
        nit: freshNit(),
        contactos: [contactBody(), contactBody({ nombre: '  Pedro Ruiz ', email: 'pedro@energia-gt.test', extension: '' })],
        coordenadas_bancarias: [bankBody(), bankBody({ moneda: 'MXN', cuenta: '012180001234567897' })],
        documentos: [
          { tipo: 'escritura_constitucion', key: deed },
          { tipo: 'registro_tributario', key: tax },
        ],
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const company = response.json().data;
    expect(company).toMatchObject({ razon_social: 'Energía del Pacífico, S.A.', pais: 'GT', version: 1, created_by: ADMIN });
    expect(company.contactos).toHaveLength(2);
    // Stored trimmed; a blank extension is no extension.
    expect(company.contactos[1]).toMatchObject({ nombre: 'Pedro Ruiz', extension: null, tipo_contacto: 'comercial', empresa_id: company.id });
    expect(company.coordenadas_bancarias.map((bank: { moneda: string }) => bank.moneda)).toEqual(['USD', 'MXN']);
    expect(company.documentos).toEqual([
      expect.objectContaining({ tipo: 'escritura_constitucion', key: deed, nombre: 'escritura.pdf', tipo_mime: 'application/pdf' }),
      expect.objectContaining({ tipo: 'registro_tributario', key: tax, nombre: 'rtu.pdf' }),
    ]);
    const audit = (await auditRows(t, 'company.create')).at(-1);
    expect(audit).toMatchObject({ actor_email: ADMIN, entity: 'company', entity_id: String(company.id), before: null });
    expect(audit?.after).toMatchObject({ id: company.id, contactos: [{ nombre: 'María López' }, { nombre: 'Pedro Ruiz' }] });
  });

  it('answers 401 without a token', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/empresas/api/v1/post', payload: companyBody() }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
  });

  it('answers 403 to a user without relaciones and to one whose role lacks Companies/create', async () => {
    await userWith(t, 'sin-relaciones@test.energy', ['dashboard'], w.fullRole);
    expectError(
      await w.as('sin-relaciones@test.energy', { method: 'POST', url: '/empresas/api/v1/post', payload: companyBody({ nit: freshNit() }) }),
      403,
      'APP_ERR_AUTH_FORBIDDEN',
    );
    const viewOnly = uniformRolePermissions(false);
    viewOnly.Companies.view = true;
    await userWith(t, 'solo-ver@test.energy', ['relaciones'], await insertRole(t, 'Solo ver GT', 'GT', viewOnly));
    expectError(
      await w.as('solo-ver@test.energy', { method: 'POST', url: '/empresas/api/v1/post', payload: companyBody({ nit: freshNit() }) }),
      403,
      'APP_ERR_AUTH_FORBIDDEN',
    );
    // The same user may read.
    expect((await w.as('solo-ver@test.energy', { method: 'GET', url: '/empresas/api/v1/get' })).statusCode).toBe(200);
    expect(await auditRows(t, 'access.denied')).toContainEqual(
      expect.objectContaining({ actor_email: 'solo-ver@test.energy', entity_id: 'POST /empresas/api/v1/post' }),
    );
  });

  it('answers 400 with a detail for every bad field, the children included', async () => {
    const { razon_social: _omit, ...withoutName } = companyBody();
    const response = await w.as(ADMIN, {
      method: 'POST',
      url: '/empresas/api/v1/post',
      payload: {
        ...withoutName,
        pais: 'XX',
        tipo_contrato: 'global',
        contactos: [contactBody({ email: 'no-es-correo', celular: 'abc' })],
        coordenadas_bancarias: [{ ...bankBody({ swift_bic: 'bad', moneda: 'EUR' }), aba: undefined }],
      },
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    const found = details(response);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ .*razon_social/),
        expect.stringMatching(/^\/pais /),
        expect.stringMatching(/^\/tipo_contrato /),
        expect.stringMatching(/^\/contactos\/0\/email /),
        expect.stringMatching(/^\/contactos\/0\/celular /),
        expect.stringMatching(/^\/coordenadas_bancarias\/0 .*aba/),
        expect.stringMatching(/^\/coordenadas_bancarias\/0\/swift_bic /),
        expect.stringMatching(/^\/coordenadas_bancarias\/0\/moneda /),
      ]),
    );
  });

  it('requires at least one contact and one bank account', async () => {
    const response = await w.as(ADMIN, {
      method: 'POST',
      url: '/empresas/api/v1/post',
      payload: companyBody({ nit: freshNit(), contactos: [], coordenadas_bancarias: [] }),
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect(details(response)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/contactos /), expect.stringMatching(/^\/coordenadas_bancarias /)]),
    );
  });

  it('refuses a document key that was never uploaded and a document kind given twice, writing nothing', async () => {
    const key = await storedFileKey(t);
    const nit = freshNit();
    const response = await w.as(ADMIN, {
      method: 'POST',
      url: '/empresas/api/v1/post',
      payload: companyBody({
        nit,
        documentos: [
          { tipo: 'escritura_constitucion', key },
          { tipo: 'escritura_constitucion', key: 'f_00000000-0000-4000-8000-000000000000' },
        ],
      }),
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect(details(response)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/documentos\/1\/tipo /), expect.stringMatching(/^\/documentos\/1\/key /)]),
    );
    expect(await t.db.select().from(empresas).where(eq(empresas.nit, nit))).toEqual([]);
  });

  it('refuses a path or an outside URL as a document key', async () => {
    for (const key of ['../../etc/passwd', 'https://example.com/x.pdf']) {
      const response = await w.as(ADMIN, {
        method: 'POST',
        url: '/empresas/api/v1/post',
        payload: companyBody({ nit: freshNit(), documentos: [{ tipo: 'registro_tributario', key }] }),
      });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(details(response)).toEqual([expect.stringMatching(/^\/documentos\/0\/key /)]);
    }
  });

  it('is one transaction: a child that fails to insert leaves no company, contact, bank or audit row', async () => {
    // A constraint only this test's rows break makes the bank insert fail after the company
    // and its contacts were written.
    await t.db.execute(sql`alter table coordenadas_bancarias add constraint test_no_rompe check (cuenta <> 'ROMPE0001')`);
    try {
      const nit = freshNit();
      const auditBefore = (await auditRows(t, 'company.create')).length;
      const contactsBefore = (await t.db.select().from(contactos)).length;
      const response = await w.as(ADMIN, {
        method: 'POST',
        url: '/empresas/api/v1/post',
        payload: companyBody({ nit, coordenadas_bancarias: [bankBody({ cuenta: 'ROMPE0001' })] }),
      });
      expectError(response, 500, 'APP_ERR_SERVER_INTERNAL');
      expect(await t.db.select().from(empresas).where(eq(empresas.nit, nit))).toEqual([]);
      expect((await t.db.select().from(contactos)).length).toBe(contactsBefore);
      expect((await auditRows(t, 'company.create')).length).toBe(auditBefore);
    } finally {
      await t.db.execute(sql`alter table coordenadas_bancarias drop constraint test_no_rompe`);
    }
  });

  it('answers 409 to a second company with the same tax id in the same country, not in another', async () => {
    const nit = freshNit();
    await createCompany(w, ADMIN, { nit });
    const response = await w.as(ADMIN, { method: 'POST', url: '/empresas/api/v1/post', payload: companyBody({ nit: nit.toLowerCase() }) });
    expectError(response, 409, 'APP_ERR_COMPANY_DUPLICATE');
    expect(details(response)).toEqual([expect.stringMatching(/^\/nit /)]);
    await createCompany(w, ADMIN, { nit, pais: 'SV' });
  });
});

describe('GET /empresas/api/v1/get and get-once', () => {
  it('lists companies with their child counts, and reads one with its children', async () => {
    const created = await createCompany(w, ADMIN, {
      nit: freshNit(),
      razon_social: 'Aaa Listado, S.A.',
      contactos: [contactBody(), contactBody({ nombre: 'Otro' })],
    });
    const list = await w.as(ADMIN, { method: 'GET', url: '/empresas/api/v1/get' });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((item: { id: number }) => item.id === created.id);
    expect(row).toMatchObject({ razon_social: 'Aaa Listado, S.A.', contactos_count: 2, coordenadas_count: 1, version: 1 });
    expect(row).not.toHaveProperty('contactos');
    const once = await w.as(ADMIN, { method: 'GET', url: `/empresas/api/v1/get-once/${created.id}` });
    expect(once.statusCode).toBe(200);
    expect(once.json().data).toMatchObject({ id: created.id, contactos: [{}, {}], coordenadas_bancarias: [{}], documentos: [] });
  });

  it('answers 404 for an unknown company, 400 for a bad id, 401 and 403', async () => {
    expectError(await w.as(ADMIN, { method: 'GET', url: '/empresas/api/v1/get-once/999999' }), 404, 'APP_ERR_COMPANY_NOT_FOUND');
    expectError(await w.as(ADMIN, { method: 'GET', url: '/empresas/api/v1/get-once/abc' }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await t.app.inject({ method: 'GET', url: '/empresas/api/v1/get' }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'lector-empresas@test.energy', ['dashboard'], w.fullRole);
    expectError(await w.as('lector-empresas@test.energy', { method: 'GET', url: '/empresas/api/v1/get' }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    await userWith(t, 'sin-rol@test.energy', ['relaciones'], w.emptyRole);
    expectError(await w.as('sin-rol@test.energy', { method: 'GET', url: '/empresas/api/v1/get-once/1' }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });

  it('lists the companies to whoever may write contracts (the contract form picks one), not to a contracts reader', async () => {
    const contractsWriter = uniformRolePermissions(false);
    contractsWriter.Contracts = { create: true, edit: false, delete: false, view: true };
    await userWith(t, 'contratos@test.energy', ['relaciones'], await insertRole(t, 'Contratos GT', 'GT', contractsWriter));
    const list = await w.as('contratos@test.energy', { method: 'GET', url: '/empresas/api/v1/get' });
    expect(list.statusCode, list.body).toBe(200);
    // One company's page stays with Companies/view.
    expectError(await w.as('contratos@test.energy', { method: 'GET', url: '/empresas/api/v1/get-once/1' }), 403, 'APP_ERR_AUTH_FORBIDDEN');

    const contractsReader = uniformRolePermissions(false);
    contractsReader.Contracts.view = true;
    await userWith(t, 'lee-contratos@test.energy', ['relaciones'], await insertRole(t, 'Lee contratos GT', 'GT', contractsReader));
    expectError(await w.as('lee-contratos@test.energy', { method: 'GET', url: '/empresas/api/v1/get' }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('PATCH /empresas/api/v1/update/:id', () => {
  it('updates fields and replaces the child lists given (edit kept ids, add new, drop missing), audited', async () => {
    const created = await createCompany(w, ADMIN, {
      nit: freshNit(),
      contactos: [contactBody({ nombre: 'Uno' }), contactBody({ nombre: 'Dos' })],
    });
    const [first, second] = created.contactos;
    const key = await storedFileKey(t, 'dpi.pdf');
    const response = await w.as(ADMIN, {
      method: 'PATCH',
      url: `/empresas/api/v1/update/${created.id}`,
      payload: {
        version: created.version,
        razon_social: 'Energía del Pacífico Renovada, S.A.',
        contactos: [{ ...contactBody({ nombre: 'Uno editado' }), id: first?.id }, contactBody({ nombre: 'Tres' })],
        documentos: [{ tipo: 'identificacion_representante', key }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const company = response.json().data;
    expect(company).toMatchObject({ razon_social: 'Energía del Pacífico Renovada, S.A.', version: 2, updated_by: ADMIN });
    expect(company.contactos.map((contact: { nombre: string }) => contact.nombre)).toEqual(['Uno editado', 'Tres']);
    expect(company.contactos[0]).toMatchObject({ id: first?.id, version: 2 });
    expect(await t.db.select().from(contactos).where(eq(contactos.id, second?.id ?? 0))).toEqual([]);
    // Bank accounts were not in the body: left alone.
    expect(company.coordenadas_bancarias).toEqual([expect.objectContaining({ id: created.coordenadas_bancarias[0]?.id, version: 1 })]);
    expect(company.documentos).toEqual([expect.objectContaining({ tipo: 'identificacion_representante', key })]);
    const audit = (await auditRows(t, 'company.update')).at(-1);
    expect(audit).toMatchObject({ entity_id: String(created.id), actor_email: ADMIN });
    expect(audit?.before).toMatchObject({ razon_social: 'Energía del Pacífico, S.A.', version: 1 });
    expect(audit?.after).toMatchObject({ razon_social: 'Energía del Pacífico Renovada, S.A.', version: 2 });
  });

  it('answers 409 APP_ERR_RECORD_STALE on an old version and changes nothing', async () => {
    const created = await createCompany(w, ADMIN, { nit: freshNit() });
    const url = `/empresas/api/v1/update/${created.id}`;
    expect((await w.as(ADMIN, { method: 'PATCH', url, payload: { version: 1, relacion_comercial: 'El Salvador' } })).statusCode).toBe(200);
    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { version: 1, relacion_comercial: 'Panamá' } }), 409, 'APP_ERR_RECORD_STALE');
    const [row] = await t.db.select().from(empresas).where(eq(empresas.id, created.id));
    expect(row).toMatchObject({ relacion_comercial: 'El Salvador', version: 2 });
  });

  it("refuses another company's child id with a detail and rolls back", async () => {
    const mine = await createCompany(w, ADMIN, { nit: freshNit() });
    const other = await createCompany(w, ADMIN, { nit: freshNit() });
    const response = await w.as(ADMIN, {
      method: 'PATCH',
      url: `/empresas/api/v1/update/${mine.id}`,
      payload: { version: mine.version, razon_social: 'No debe quedar', coordenadas_bancarias: [{ ...bankBody(), id: other.coordenadas_bancarias[0]?.id }] },
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    expect(details(response)).toEqual([expect.stringMatching(/^\/coordenadas_bancarias\/0\/id /)]);
    const [row] = await t.db.select().from(empresas).where(eq(empresas.id, mine.id));
    expect(row).toMatchObject({ razon_social: mine.razon_social, version: 1 });
    expect(await t.db.select().from(coordenadasBancarias).where(eq(coordenadasBancarias.empresa_id, other.id))).toHaveLength(1);
  });

  it('answers 400 without a version or with nothing to change, 404 for an unknown company, 403 without Companies/edit', async () => {
    const created = await createCompany(w, ADMIN, { nit: freshNit() });
    const url = `/empresas/api/v1/update/${created.id}`;
    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { razon_social: 'X' } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await w.as(ADMIN, { method: 'PATCH', url, payload: { version: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(
      await w.as(ADMIN, { method: 'PATCH', url: '/empresas/api/v1/update/999999', payload: { version: 1, razon_social: 'X' } }),
      404,
      'APP_ERR_COMPANY_NOT_FOUND',
    );
    const createOnly = uniformRolePermissions(false);
    createOnly.Companies.create = true;
    await userWith(t, 'solo-crear@test.energy', ['relaciones'], await insertRole(t, 'Solo crear GT', 'GT', createOnly));
    expectError(await w.as('solo-crear@test.energy', { method: 'PATCH', url, payload: { version: 1, razon_social: 'X' } }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('DELETE /empresas/api/v1/delete/:id', () => {
  it('deletes the company with its contacts, banks and documents, audited with the before image', async () => {
    const key = await storedFileKey(t);
    const created = await createCompany(w, ADMIN, { nit: freshNit(), documentos: [{ tipo: 'registro_tributario', key }] });
    const response = await w.as(ADMIN, { method: 'DELETE', url: `/empresas/api/v1/delete/${created.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: created.id });
    expect(await t.db.select().from(empresas).where(eq(empresas.id, created.id))).toEqual([]);
    expect(await t.db.select().from(contactos).where(eq(contactos.empresa_id, created.id))).toEqual([]);
    expect(await t.db.select().from(empresaDocumentos).where(eq(empresaDocumentos.empresa_id, created.id))).toEqual([]);
    const audit = (await auditRows(t, 'company.delete')).at(-1);
    expect(audit).toMatchObject({ entity_id: String(created.id), after: null });
    expect(audit?.before).toMatchObject({ id: created.id, contactos: [{}], documentos: [{ key }] });
    expectError(await w.as(ADMIN, { method: 'DELETE', url: `/empresas/api/v1/delete/${created.id}` }), 404, 'APP_ERR_COMPANY_NOT_FOUND');
  });

  it('answers 409 APP_ERR_RECORD_IN_USE while a contract refers to the company, and keeps it', async () => {
    const created = await createCompany(w, ADMIN, { nit: freshNit() });
    await insertContract(created.id);
    const listed = (await w.as(ADMIN, { method: 'GET', url: '/empresas/api/v1/get' })).json().data;
    expect(listed.find((row: { id: number }) => row.id === created.id)).toMatchObject({ contratos_count: 1 });
    const response = await w.as(ADMIN, { method: 'DELETE', url: `/empresas/api/v1/delete/${created.id}` });
    expectError(response, 409, 'APP_ERR_RECORD_IN_USE');
    expect(await t.db.select().from(empresas).where(eq(empresas.id, created.id))).toHaveLength(1);
    expect(await t.db.select().from(contactos).where(eq(contactos.empresa_id, created.id))).toHaveLength(1);
    expect((await auditRows(t, 'company.delete')).filter((row) => row.entity_id === String(created.id))).toEqual([]);
  });

  it('answers 409 APP_ERR_RECORD_IN_USE too when any other foreign key refers to the company', async () => {
    const created = await createCompany(w, ADMIN, { nit: freshNit() });
    await insertDependent(created.id);
    try {
      const response = await w.as(ADMIN, { method: 'DELETE', url: `/empresas/api/v1/delete/${created.id}` });
      expectError(response, 409, 'APP_ERR_RECORD_IN_USE');
      expect(await t.db.select().from(empresas).where(eq(empresas.id, created.id))).toHaveLength(1);
      expect(await t.db.select().from(contactos).where(eq(contactos.empresa_id, created.id))).toHaveLength(1);
    } finally {
      // A shared DATABASE_URL test database keeps tables between runs: leave none behind.
      await t.db.execute(sql`drop table test_dependientes`);
    }
  });

  it('answers 403 to a role without Companies/delete', async () => {
    const created = await createCompany(w, ADMIN, { nit: freshNit() });
    const noDelete = uniformRolePermissions(true);
    noDelete.Companies.delete = false;
    await userWith(t, 'sin-borrar@test.energy', ['relaciones'], await insertRole(t, 'Sin borrar GT', 'GT', noDelete));
    expectError(await w.as('sin-borrar@test.energy', { method: 'DELETE', url: `/empresas/api/v1/delete/${created.id}` }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

/** A contract of company `empresaId`, written straight to its table. */
async function insertContract(empresaId: number): Promise<void> {
  const key = await storedFileKey(t, 'contrato-firmado.pdf');
  await t.db.insert(contratos).values({
    empresa_id: empresaId,
    sucursal: 'GT',
    tipo_contrato: 'PF',
    tipo_transaccion: 'I',
    clase_contrato: 'CNFFF',
    incoterm: 'FOB',
    fecha_inicio: '2025-01-01',
    plazo: 12,
    codigo_contraparte: 'CP-01',
    codigo_agente: 'EPAC',
    tipo_factura: 'mensual',
    dias_factura: 10,
    dias_credito: 30,
    tipo_garantia: 'carta_credito',
    monto_garantia: '150000.00',
    archivo_firmado: key,
    local_regional: 'regional',
    poc: '1',
    margen: '2.5',
    fee: '1.25',
    precio_fijo: '85.40',
    energia: '1000',
    potencia: '10',
    created_by: 'test',
  });
}

/**
 * Makes a row of a test-only table refer to company `empresaId` (a foreign key the delete
 * route does not know of, as a later issue's table would be).
 */
async function insertDependent(empresaId: number): Promise<void> {
  await t.db.execute(
    sql`create table test_dependientes (id serial primary key, empresa_id integer not null references empresas(id))`,
  );
  await t.db.execute(sql`insert into test_dependientes (empresa_id) values (${empresaId})`);
}
