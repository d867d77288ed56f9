// @vitest-environment node
// Contacts: creation through the gateway route (POST /gateway/contactos), then list, read,
// update and delete under /contact/api/v1.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { contactos, empresas } from '../../server/db/schema/relations-companies';
import { ADMIN, auditRows, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { contactBody, createCompany } from './companies-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;
let alpha: { id: number; razon_social: string };
let beta: { id: number; razon_social: string };

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

beforeAll(async () => {
  alpha = await createCompany(w, ADMIN, { nit: '9000001-1', razon_social: 'Alfa Energía, S.A.' });
  beta = await createCompany(w, ADMIN, { nit: '9000002-2', razon_social: 'Beta Power, S.A. de C.V.', pais: 'SV' });
});

const GATEWAY = '/gateway/contactos';

async function createContact(overrides: Record<string, unknown> = {}) {
  const response = await w.as(ADMIN, { method: 'POST', url: GATEWAY, payload: { empresa_id: alpha.id, ...contactBody(overrides) } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; version: number; nombre: string; empresa_id: number };
}

describe('POST /gateway/contactos', () => {
  it('creates a contact of an existing company, audited', async () => {
    const response = await w.as(ADMIN, {
      method: 'POST',
      url: GATEWAY,
      payload: { empresa_id: alpha.id, ...contactBody({ nombre: 'Carlos Soto', tipo_contacto: 'facturacion' }) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const contact = response.json().data;
    expect(contact).toMatchObject({
      empresa_id: alpha.id,
      empresa_razon_social: 'Alfa Energía, S.A.',
      nombre: 'Carlos Soto',
      tipo_contacto: 'facturacion',
      version: 1,
      created_by: ADMIN,
    });
    const audit = (await auditRows(t, 'contact.create')).at(-1);
    expect(audit).toMatchObject({ entity: 'contact', entity_id: String(contact.id), before: null, after: { nombre: 'Carlos Soto' } });
  });

  it('defaults the contact type to comercial', async () => {
    const { tipo_contacto: _omit, ...body } = contactBody();
    const response = await w.as(ADMIN, { method: 'POST', url: GATEWAY, payload: { empresa_id: alpha.id, ...body } });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.tipo_contacto).toBe('comercial');
  });

  it('answers 400 with details for bad fields and for an unknown company', async () => {
    const bad = await w.as(ADMIN, {
      method: 'POST',
      url: GATEWAY,
      payload: { empresa_id: alpha.id, ...contactBody({ email: 'x@', telefono: 'tel', cargo: '   ' }) },
    });
    expectError(bad, 400, 'APP_ERR_REQUEST_INVALID');
    expect(bad.json().details.map((detail: { instancePath: string }) => detail.instancePath)).toEqual(
      expect.arrayContaining(['/email', '/telefono', '/cargo']),
    );
    const unknown = await w.as(ADMIN, { method: 'POST', url: GATEWAY, payload: { empresa_id: 999999, ...contactBody() } });
    expectError(unknown, 400, 'APP_ERR_REQUEST_INVALID');
    expect(unknown.json().details).toEqual([expect.objectContaining({ instancePath: '/empresa_id', keyword: 'exists' })]);
  });

  it('answers 401 without a token, 403 without relaciones or without Companies/create', async () => {
    expectError(await t.app.inject({ method: 'POST', url: GATEWAY, payload: { empresa_id: alpha.id, ...contactBody() } }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'tablero@test.energy', ['dashboard'], w.fullRole);
    expectError(
      await w.as('tablero@test.energy', { method: 'POST', url: GATEWAY, payload: { empresa_id: alpha.id, ...contactBody() } }),
      403,
      'APP_ERR_AUTH_FORBIDDEN',
    );
    const viewOnly = uniformRolePermissions(false);
    viewOnly.Companies.view = true;
    await userWith(t, 'ver-contactos@test.energy', ['relaciones'], await insertRole(t, 'Ver contactos GT', 'GT', viewOnly));
    expectError(
      await w.as('ver-contactos@test.energy', { method: 'POST', url: GATEWAY, payload: { empresa_id: alpha.id, ...contactBody() } }),
      403,
      'APP_ERR_AUTH_FORBIDDEN',
    );
    expect((await w.as('ver-contactos@test.energy', { method: 'GET', url: '/contact/api/v1/get' })).statusCode).toBe(200);
  });
});

describe('GET /contact/api/v1/get and get-once', () => {
  it('lists every contact with its company name, or those of one company', async () => {
    const betaContact = await w.as(ADMIN, { method: 'POST', url: GATEWAY, payload: { empresa_id: beta.id, ...contactBody({ nombre: 'Beatriz' }) } });
    expect(betaContact.statusCode).toBe(201);
    const all = (await w.as(ADMIN, { method: 'GET', url: '/contact/api/v1/get' })).json().data as Array<{ empresa_id: number; empresa_razon_social: string }>;
    expect(new Set(all.map((contact) => contact.empresa_id))).toEqual(new Set([alpha.id, beta.id]));
    expect(all.find((contact) => contact.empresa_id === beta.id)?.empresa_razon_social).toBe('Beta Power, S.A. de C.V.');
    const onlyBeta = await w.as(ADMIN, { method: 'GET', url: `/contact/api/v1/get?empresa_id=${beta.id}` });
    expect(onlyBeta.statusCode).toBe(200);
    const betaRows = onlyBeta.json().data as Array<{ empresa_id: number; nombre: string }>;
    expect(betaRows.every((contact) => contact.empresa_id === beta.id)).toBe(true);
    expect(betaRows.map((contact) => contact.nombre)).toContain('Beatriz');
    expectError(await w.as(ADMIN, { method: 'GET', url: '/contact/api/v1/get?empresa_id=abc' }), 400, 'APP_ERR_REQUEST_INVALID');
  });

  it('reads one contact, 404 when unknown', async () => {
    const contact = await createContact({ nombre: 'Lectura' });
    const once = await w.as(ADMIN, { method: 'GET', url: `/contact/api/v1/get-once/${contact.id}` });
    expect(once.statusCode).toBe(200);
    expect(once.json().data).toMatchObject({ id: contact.id, nombre: 'Lectura', empresa_razon_social: 'Alfa Energía, S.A.' });
    expectError(await w.as(ADMIN, { method: 'GET', url: '/contact/api/v1/get-once/999999' }), 404, 'APP_ERR_CONTACT_NOT_FOUND');
  });
});

describe('POST /contact/api/v1/update', () => {
  it('updates with the version read, moves to another company, audited; a stale version gets 409', async () => {
    const contact = await createContact({ nombre: 'Antes' });
    const response = await w.as(ADMIN, {
      method: 'POST',
      url: '/contact/api/v1/update',
      payload: { id: contact.id, version: 1, nombre: ' Después ', empresa_id: beta.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ nombre: 'Después', empresa_id: beta.id, empresa_razon_social: 'Beta Power, S.A. de C.V.', version: 2, updated_by: ADMIN });
    const audit = (await auditRows(t, 'contact.update')).at(-1);
    expect(audit).toMatchObject({ entity_id: String(contact.id), before: { nombre: 'Antes', version: 1 }, after: { nombre: 'Después', version: 2 } });
    expectError(
      await w.as(ADMIN, { method: 'POST', url: '/contact/api/v1/update', payload: { id: contact.id, version: 1, cargo: 'Otro' } }),
      409,
      'APP_ERR_RECORD_STALE',
    );
    const [row] = await t.db.select().from(contactos).where(eq(contactos.id, contact.id));
    expect(row).toMatchObject({ cargo: 'Gerente comercial', version: 2 });
  });

  it('audits only what the edit changed: before and after have the same fields, and only cargo differs', async () => {
    const contact = await createContact({ nombre: 'Sin cambios' });
    const response = await w.as(ADMIN, { method: 'POST', url: '/contact/api/v1/update', payload: { id: contact.id, version: contact.version, cargo: 'Directora' } });
    expect(response.statusCode, response.body).toBe(200);
    const audit = (await auditRows(t, 'contact.update')).at(-1);
    const before = audit?.before as Record<string, unknown>;
    const after = audit?.after as Record<string, unknown>;
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // The edit columns change with every write; of the contact's own fields only cargo did.
    const editColumns = ['version', 'updated_at', 'updated_by'];
    const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]) && !editColumns.includes(key));
    expect(changed).toEqual(['cargo']);
    expect(before).toMatchObject({ cargo: 'Gerente comercial', empresa_razon_social: 'Alfa Energía, S.A.' });
    expect(after).toMatchObject({ cargo: 'Directora', empresa_razon_social: 'Alfa Energía, S.A.' });
  });

  it('answers 400 for bad fields, nothing to change or an unknown company; 404 for an unknown contact; 403 without Companies/edit', async () => {
    const contact = await createContact();
    const url = '/contact/api/v1/update';
    const bad = await w.as(ADMIN, { method: 'POST', url, payload: { id: contact.id, version: 1, celular: 'x' } });
    expectError(bad, 400, 'APP_ERR_REQUEST_INVALID');
    expect(bad.json().details).toEqual([expect.objectContaining({ instancePath: '/celular' })]);
    expectError(await w.as(ADMIN, { method: 'POST', url, payload: { id: contact.id, version: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    // A field the schema does not know is refused, not silently dropped.
    const unknown = await w.as(ADMIN, { method: 'POST', url, payload: { id: contact.id, version: 1, nombre: 'X', apodo: 'Chema' } });
    expectError(unknown, 400, 'APP_ERR_REQUEST_INVALID');
    expect(unknown.json().details).toEqual([expect.objectContaining({ keyword: 'additionalProperties' })]);
    expectError(await w.as(ADMIN, { method: 'POST', url, payload: { id: contact.id, version: 1, empresa_id: 999999 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await w.as(ADMIN, { method: 'POST', url, payload: { id: 999999, version: 1, nombre: 'X' } }), 404, 'APP_ERR_CONTACT_NOT_FOUND');
    const noEdit = uniformRolePermissions(true);
    noEdit.Companies.edit = false;
    await userWith(t, 'sin-editar@test.energy', ['relaciones'], await insertRole(t, 'Sin editar GT', 'GT', noEdit));
    expectError(await w.as('sin-editar@test.energy', { method: 'POST', url, payload: { id: contact.id, version: 1, nombre: 'X' } }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await t.app.inject({ method: 'POST', url, payload: { id: contact.id, version: 1, nombre: 'X' } }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
  });
});

describe('POST /contact/api/v1/delete', () => {
  it('deletes the contact, audited with the before image; 404 the second time', async () => {
    const contact = await createContact({ nombre: 'Para borrar' });
    const response = await w.as(ADMIN, { method: 'POST', url: '/contact/api/v1/delete', payload: { id: contact.id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.db.select().from(contactos).where(eq(contactos.id, contact.id))).toEqual([]);
    const audit = (await auditRows(t, 'contact.delete')).at(-1);
    expect(audit).toMatchObject({ entity_id: String(contact.id), before: { nombre: 'Para borrar' }, after: null });
    expectError(await w.as(ADMIN, { method: 'POST', url: '/contact/api/v1/delete', payload: { id: contact.id } }), 404, 'APP_ERR_CONTACT_NOT_FOUND');
  });

  it('answers 400 without an id, 401 and 403 without Companies/delete', async () => {
    const contact = await createContact();
    expectError(await w.as(ADMIN, { method: 'POST', url: '/contact/api/v1/delete', payload: {} }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await t.app.inject({ method: 'POST', url: '/contact/api/v1/delete', payload: { id: contact.id } }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    const noDelete = uniformRolePermissions(true);
    noDelete.Companies.delete = false;
    await userWith(t, 'no-borra@test.energy', ['relaciones'], await insertRole(t, 'No borra GT', 'GT', noDelete));
    expectError(await w.as('no-borra@test.energy', { method: 'POST', url: '/contact/api/v1/delete', payload: { id: contact.id } }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expect(await t.db.select().from(contactos).where(eq(contactos.id, contact.id))).toHaveLength(1);
  });
});

describe('contacts and their company', () => {
  async function companyVersion(id: number): Promise<number> {
    const [row] = await t.db.select({ version: empresas.version }).from(empresas).where(eq(empresas.id, id));
    return row!.version;
  }

  it('a contact created, changed or deleted raises its company version, so an older company edit gets 409 instead of undoing it', async () => {
    const company = await createCompany(w, ADMIN, { nit: '9000003-3', razon_social: 'Gamma Solar, S.A.' });
    const read = company.version;
    const added = await w.as(ADMIN, { method: 'POST', url: GATEWAY, payload: { empresa_id: company.id, ...contactBody({ nombre: 'Nueva' }) } });
    expect(added.statusCode, added.body).toBe(201);
    expect(await companyVersion(company.id)).toBe(read + 1);

    // The company's edit form, opened before the contact was added, sends the list it read.
    const stale = await w.as(ADMIN, {
      method: 'PATCH',
      url: `/empresas/api/v1/update/${company.id}`,
      payload: { version: read, contactos: company.contactos.map(({ id }) => ({ id, ...contactBody() })) },
    });
    expectError(stale, 409, 'APP_ERR_RECORD_STALE');
    expect(await t.db.select().from(contactos).where(eq(contactos.id, added.json().data.id))).toHaveLength(1);

    const contact = added.json().data as { id: number };
    const update = await w.as(ADMIN, { method: 'POST', url: '/contact/api/v1/update', payload: { id: contact.id, version: 1, cargo: 'Directora' } });
    expect(update.statusCode, update.body).toBe(200);
    expect(await companyVersion(company.id)).toBe(read + 2);
    expect((await w.as(ADMIN, { method: 'POST', url: '/contact/api/v1/delete', payload: { id: contact.id } })).statusCode).toBe(200);
    expect(await companyVersion(company.id)).toBe(read + 3);
  });

  it('refuses with 409 to delete or move away the last contact of a company, and changes nothing', async () => {
    const company = await createCompany(w, ADMIN, { nit: '9000004-4', razon_social: 'Delta Eólica, S.A.' });
    const [only] = company.contactos;
    const version = await companyVersion(company.id);
    expectError(await w.as(ADMIN, { method: 'POST', url: '/contact/api/v1/delete', payload: { id: only!.id } }), 409, 'APP_ERR_CONTACT_LAST');
    expectError(
      await w.as(ADMIN, { method: 'POST', url: '/contact/api/v1/update', payload: { id: only!.id, version: only!.version, empresa_id: beta.id } }),
      409,
      'APP_ERR_CONTACT_LAST',
    );
    const [row] = await t.db.select().from(contactos).where(eq(contactos.id, only!.id));
    expect(row).toMatchObject({ empresa_id: company.id, version: only!.version });
    expect(await companyVersion(company.id)).toBe(version);
  });
});
