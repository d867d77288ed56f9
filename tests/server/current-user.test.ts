// @vitest-environment node
// GET /api/v2/get-once/:email (spec section 7) and the per-request permission reading.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentUserSchema } from '../../schemas/current-user.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { users } from '../../server/db/schema/app';
import { giveRole, insertRole } from './admin-fixtures';
import { bearer, startTestApp, TEST_PASSWORD, type TestApp } from './helpers';

const isCurrentUser = addFormats(new Ajv({ allErrors: true })).compile(currentUserSchema);

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

beforeEach(async () => {
  await t.resetUsers();
  await t.createUser({ email: 'admin@test.energy', permisos_x_view: ['admin', 'dashboard'], nombre: 'Ana', primer_apellido: 'Morales' });
  await t.createUser({ email: 'analista@test.energy', permisos_x_view: ['relaciones', 'liquidaciones'], nombre: 'Bruno', primer_apellido: 'Castillo' });
});

afterAll(async () => {
  await t?.close();
});

async function getOnce(readerEmail: string, email: string, tokenUse: 'id' | 'access' = 'id') {
  const token = await t.mintToken(readerEmail, { tokenUse });
  return t.app.inject({ method: 'GET', url: `/api/v2/get-once/${encodeURIComponent(email)}`, headers: bearer(token) });
}

describe('GET /api/v2/get-once/:email', () => {
  it('lets a user read themselves, with nombre, primer_apellido and permisos_x_view', async () => {
    const response = await getOnce('analista@test.energy', 'analista@test.energy');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(isCurrentUser(data), JSON.stringify(isCurrentUser.errors)).toBe(true);
    expect(data).toMatchObject({
      email: 'analista@test.energy',
      nombre: 'Bruno',
      primer_apellido: 'Castillo',
      permisos_x_view: ['relaciones', 'liquidaciones'],
      estado: 'active',
    });
    // Only current-user fields leave the server (no audit columns).
    for (const key of Object.keys(data)) expect(Object.keys(currentUserSchema.properties)).toContain(key);
    expect(data).not.toHaveProperty('created_by');
  });

  it("gives the page actions the user's role grants in the user's country, and none without a role or with another country's", async () => {
    const none = uniformRolePermissions(false);
    expect((await getOnce('analista@test.energy', 'analista@test.energy')).json().data.permisos_x_pagina).toEqual(none);

    const grants = uniformRolePermissions(false);
    grants.Contracts = { create: true, edit: true, delete: false, view: true };
    const role = await insertRole(t, `Analista ${Date.now()}`, 'GT', grants);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'analista@test.energy'));
    const withRole = await giveRole(t, row!, role);
    expect((await getOnce('analista@test.energy', 'analista@test.energy')).json().data.permisos_x_pagina).toEqual(grants);

    // A role acts only in the user's own country: the server would refuse, so nothing is offered.
    await t.db.update(users).set({ pais: 'SV' }).where(eq(users.id, withRole.id));
    expect((await getOnce('analista@test.energy', 'analista@test.energy')).json().data.permisos_x_pagina).toEqual(none);
  });

  it('matches the e-mail case-insensitively, in the URL and in the token', async () => {
    const response = await getOnce('ANALISTA@Test.Energy', 'Analista@TEST.energy', 'access');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe('analista@test.energy');
  });

  it('refuses a non-admin reading someone else with 403, whether or not that user exists', async () => {
    for (const other of ['admin@test.energy', 'nobody@test.energy']) {
      const response = await getOnce('analista@test.energy', other);
      expect(response.statusCode, other).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, code: 'APP_ERR_AUTH_FORBIDDEN' });
    }
  });

  it('lets an admin read another user', async () => {
    const response = await getOnce('admin@test.energy', 'analista@test.energy');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ nombre: 'Bruno', primer_apellido: 'Castillo' });
  });

  it('gives { data: [] } with 200 for an unknown user, as the spec says', async () => {
    const response = await getOnce('admin@test.energy', 'nobody@test.energy');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });
});

describe('permissions come from the database on every request', () => {
  it('applies a permission change on the very next request', async () => {
    const token = await t.mintToken('analista@test.energy');
    const read = () =>
      t.app.inject({ method: 'GET', url: '/api/v2/get-once/admin%40test.energy', headers: bearer(token) });
    expect((await read()).statusCode).toBe(403);
    await t.db.update(users).set({ permisos_x_view: ['admin'] }).where(eq(users.email, 'analista@test.energy'));
    expect((await read()).statusCode).toBe(200);
    await t.db.update(users).set({ permisos_x_view: [] }).where(eq(users.email, 'analista@test.energy'));
    expect((await read()).statusCode).toBe(403);
  });

  it('refuses a still-valid token once the user is inactive or removed', async () => {
    const token = await t.mintToken('analista@test.energy');
    const readSelf = () =>
      t.app.inject({ method: 'GET', url: '/api/v2/get-once/analista%40test.energy', headers: bearer(token) });
    expect((await readSelf()).statusCode).toBe(200);
    await t.db.update(users).set({ estado: 'inactive' }).where(eq(users.email, 'analista@test.energy'));
    expect((await readSelf()).statusCode).toBe(401);
    await t.db.delete(users).where(eq(users.email, 'analista@test.energy'));
    expect((await readSelf()).statusCode).toBe(401);
  });
});

describe('with tokens from the built-in identity service', () => {
  it('accepts the id token and the access token of a real sign-in', async () => {
    await t.createUser({ email: 'real@test.energy', permisos_x_view: ['dashboard'], password: TEST_PASSWORD });
    const result = await t.signIn('real@test.energy', TEST_PASSWORD);
    if (result.kind !== 'signed-in') throw new Error(`sign-in ended as ${JSON.stringify(result)}`);
    for (const token of [result.idToken, result.accessToken]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/get-once/real%40test.energy', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.permisos_x_view).toEqual(['dashboard']);
    }
  });

  it('activates a pending user when the first sign-in sets a new password', async () => {
    await t.createUser({ email: 'pendiente@test.energy', estado: 'pending', password: TEST_PASSWORD });
    const first = await t.signIn('pendiente@test.energy', TEST_PASSWORD);
    expect(first.kind).toBe('new-password-required');
    if (first.kind !== 'new-password-required') return;
    // The spec's client completes the challenge with the same password.
    const done = await first.complete(TEST_PASSWORD);
    expect(done.kind).toBe('signed-in');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'pendiente@test.energy'));
    expect(row?.estado).toBe('active');
    expect(row?.version).toBe(2);
  });
});
