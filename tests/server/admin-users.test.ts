// @vitest-environment node
// User administration: list, read, create (with the pending identity), edit, status changes.
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../server/db/schema/app';
import { idpRefreshTokens } from '../../server/db/schema/idp';
import { findIdentity } from '../../server/idp/identities';
import { adminWorld, ADMIN, auditRows, expectError, insertRole, userWith, type AdminWorld, useAdminWorld } from './admin-fixtures';
import { bearer, startTestApp, TEST_PASSWORD, type TestApp } from './helpers';
import { uniformRolePermissions } from '../../schemas/role.schema';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const NEW_PASSWORD = 'Nueva#Clave9';

function newUserBody(overrides: Record<string, unknown> = {}) {
  return {
    nombre: 'Carla',
    segundo_nombre: 'Inés',
    primer_apellido: 'Pérez',
    segundo_apellido: 'Gómez',
    email: 'carla@test.energy',
    telefono: '+502 2345-6789',
    cargo: 'Analista',
    pais: 'GT',
    rol_id: w.fullRole.id,
    sexo: 'female',
    password: 'Inicial#2024',
    permisos_x_view: ['dashboard', 'relaciones'],
    ...overrides,
  };
}

describe('GET /api/v2/user', () => {
  it('lists every user with role name and without any identity data', async () => {
    const response = await w.as(ADMIN, { method: 'GET', url: '/api/v2/user' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const admin = data.find((user: { email: string }) => user.email === ADMIN);
    expect(admin).toMatchObject({ rol_id: w.fullRole.id, rol_nombre: 'Todo GT', pais: 'GT', estado: 'active', version: 1 });
    expect(JSON.stringify(data)).not.toMatch(/srp|verifier|password/i);
  });

  it('answers 401 without a token and 403 (logged) to a user without admin', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v2/user' }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'plain@test.energy', ['dashboard'], w.fullRole);
    expectError(await w.as('plain@test.energy', { method: 'GET', url: '/api/v2/user' }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    const denied = (await auditRows(t, 'access.denied')).at(-1);
    expect(denied).toMatchObject({ actor_email: 'plain@test.energy', entity: 'route', entity_id: 'GET /api/v2/user' });
  });

  it('answers 403 to an admin whose role does not grant Users/view (role actions are enforced)', async () => {
    await userWith(t, 'admin-sin-rol@test.energy', ['admin'], w.emptyRole);
    await userWith(t, 'admin-ninguno@test.energy', ['admin'], null);
    expectError(await w.as('admin-sin-rol@test.energy', { method: 'GET', url: '/api/v2/user' }), 403, 'APP_ERR_AUTH_FORBIDDEN');
    expectError(await w.as('admin-ninguno@test.energy', { method: 'GET', url: '/api/v2/user' }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('POST /api/v2/create-user', () => {
  it('creates a pending user and a FORCE_CHANGE_PASSWORD identity; the first sign-in demands a new password and activates the user', async () => {
    const response = await w.as(ADMIN, { method: 'POST', url: '/api/v2/create-user', payload: newUserBody() });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({
      email: 'carla@test.energy',
      estado: 'pending',
      rol_nombre: 'Todo GT',
      segundo_apellido: 'Gómez',
      permisos_x_view: ['dashboard', 'relaciones'],
      created_by: ADMIN,
    });
    expect(created).not.toHaveProperty('password');
    expect((await findIdentity(t.db, 'carla@test.energy'))?.status).toBe('FORCE_CHANGE_PASSWORD');

    const [audit] = await auditRows(t, 'user.create');
    expect(audit).toMatchObject({ actor_email: ADMIN, entity: 'user', entity_id: String(created.id) });
    expect(JSON.stringify(audit)).not.toContain('Inicial#2024');

    // The real client: the first sign-in answers NEW_PASSWORD_REQUIRED.
    const first = await t.signIn('carla@test.energy', 'Inicial#2024');
    expect(first.kind).toBe('new-password-required');
    if (first.kind !== 'new-password-required') return;
    const done = await first.complete(NEW_PASSWORD);
    expect(done.kind).toBe('signed-in');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'carla@test.energy'));
    expect(row?.estado).toBe('active');
    const activation = (await auditRows(t, 'user.status')).find((entry) => entry.entity_id === String(created.id));
    expect(activation).toMatchObject({ actor_email: 'carla@test.energy', before: { estado: 'pending' }, after: { estado: 'active' } });
  });

  it('answers 409 APP_ERR_USER_DUPLICATE_EMAIL for an e-mail in use, whatever its case, and writes nothing', async () => {
    const before = (await auditRows(t, 'user.create')).length;
    const response = await w.as(ADMIN, { method: 'POST', url: '/api/v2/create-user', payload: newUserBody({ email: 'CARLA@test.energy' }) });
    expectError(response, 409, 'APP_ERR_USER_DUPLICATE_EMAIL');
    expect((await auditRows(t, 'user.create')).length).toBe(before);
  });

  it('answers 400 with one detail per bad field', async () => {
    const response = await w.as(ADMIN, {
      method: 'POST',
      url: '/api/v2/create-user',
      payload: newUserBody({ segundo_apellido: undefined, email: 'no-es-correo', telefono: 'abc', password: 'corta', sexo: 'x', pais: 'ZZ' }),
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    const details: Array<{ instancePath: string; message: string }> = response.json().details;
    const paths = new Set(details.map((detail) => detail.instancePath));
    for (const path of ['/email', '/telefono', '/password', '/sexo', '/pais']) expect(paths, path).toContain(path);
    expect(details.some((detail) => detail.instancePath === '' && /segundo_apellido/.test(detail.message))).toBe(true);
    expect(await findIdentity(t.db, 'no-es-correo')).toBeUndefined();
  });

  it('refuses a role that does not exist or belongs to another country (400 on /rol_id), creating nothing', async () => {
    const mexico = await insertRole(t, 'Todo MX', 'MX', uniformRolePermissions(true));
    for (const rol_id of [999_999, mexico.id]) {
      const response = await w.as(ADMIN, {
        method: 'POST',
        url: '/api/v2/create-user',
        payload: newUserBody({ email: `rol${rol_id}@test.energy`, rol_id }),
      });
      expectError(response, 400, 'APP_ERR_USER_ROLE_INVALID');
      expect(response.json().details[0].instancePath).toBe('/rol_id');
      expect(await findIdentity(t.db, `rol${rol_id}@test.energy`)).toBeUndefined();
    }
  });

  it('answers 401 without a token and 403 to a non-admin', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/v2/create-user', payload: newUserBody() }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'lector@test.energy', ['dashboard'], w.fullRole);
    expectError(await w.as('lector@test.energy', { method: 'POST', url: '/api/v2/create-user', payload: newUserBody({ email: 'x@test.energy' }) }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('PATCH /api/v2/user/:id', () => {
  it('updates fields, bumps the version and audits before and after; a stale version gets 409', async () => {
    const target = await userWith(t, 'editar@test.energy', ['dashboard'], w.emptyRole);
    const response = await w.as(ADMIN, {
      method: 'PATCH',
      url: `/api/v2/user/${target.id}`,
      payload: { cargo: 'Jefa de mercado', rol_id: w.fullRole.id, version: target.version },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ cargo: 'Jefa de mercado', rol_id: w.fullRole.id, version: target.version + 1, updated_by: ADMIN });
    const audit = (await auditRows(t, 'user.update')).at(-1);
    expect(audit).toMatchObject({ entity_id: String(target.id), before: { cargo: null, rol_id: w.emptyRole.id }, after: { cargo: 'Jefa de mercado' } });

    const stale = await w.as(ADMIN, { method: 'PATCH', url: `/api/v2/user/${target.id}`, payload: { cargo: 'Otra', version: target.version } });
    expectError(stale, 409, 'APP_ERR_RECORD_STALE');
  });

  it('answers 404 for an unknown user and 400 for a body without changes or with a bad phone', async () => {
    expectError(await w.as(ADMIN, { method: 'PATCH', url: '/api/v2/user/999999', payload: { cargo: 'x', version: 1 } }), 404, 'APP_ERR_USER_NOT_FOUND');
    expectError(await w.as(ADMIN, { method: 'PATCH', url: `/api/v2/user/${w.admin.id}`, payload: { version: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    const badPhone = await w.as(ADMIN, { method: 'PATCH', url: `/api/v2/user/${w.admin.id}`, payload: { telefono: '12', version: 1 } });
    expectError(badPhone, 400, 'APP_ERR_REQUEST_INVALID');
    expect(badPhone.json().details[0].instancePath).toBe('/telefono');
  });
});

describe('POST /api/v2/user/:id/status', () => {
  it('deactivating disables the identity, revokes refresh tokens, turns the token away (401) and refuses sign-in; reactivating restores sign-in', async () => {
    const target = await userWith(t, 'baja@test.energy', ['dashboard'], w.fullRole, TEST_PASSWORD);
    const signedIn = await t.signIn('baja@test.energy', TEST_PASSWORD);
    expect(signedIn.kind).toBe('signed-in');
    if (signedIn.kind !== 'signed-in') return;
    const ownRecord = () => t.app.inject({ method: 'GET', url: '/api/v2/get-once/baja%40test.energy', headers: bearer(signedIn.idToken) });
    expect((await ownRecord()).statusCode).toBe(200);

    const off = await w.as(ADMIN, { method: 'POST', url: `/api/v2/user/${target.id}/status`, payload: { estado: 'inactive', version: target.version } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ estado: 'inactive', version: target.version + 1 });
    expect((await findIdentity(t.db, 'baja@test.energy'))?.enabled).toBe(false);
    const live = await t.db.select().from(idpRefreshTokens).where(eq(idpRefreshTokens.username, 'baja@test.energy'));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((token) => token.revoked_at !== null)).toBe(true);
    expectError(await ownRecord(), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expect(await t.signIn('baja@test.energy', TEST_PASSWORD)).toMatchObject({ kind: 'failed', code: 'NotAuthorizedException' });
    expect((await auditRows(t, 'user.status')).at(-1)).toMatchObject({ before: { estado: 'active' }, after: { estado: 'inactive' } });

    const on = await w.as(ADMIN, { method: 'POST', url: `/api/v2/user/${target.id}/status`, payload: { estado: 'active', version: target.version + 1 } });
    expect(on.statusCode, on.body).toBe(200);
    expect((await t.signIn('baja@test.energy', TEST_PASSWORD)).kind).toBe('signed-in');
  });

  it('refuses changes the status machine does not allow (a pending user, a no-op) and stale versions', async () => {
    const pending = await t.createUser({ email: 'pendiente@test.energy', estado: 'pending' });
    expectError(
      await w.as(ADMIN, { method: 'POST', url: `/api/v2/user/${pending.id}/status`, payload: { estado: 'inactive', version: pending.version } }),
      409,
      'APP_ERR_USER_STATUS_TRANSITION',
    );
    const active = await t.createUser({ email: 'activo@test.energy' });
    expectError(
      await w.as(ADMIN, { method: 'POST', url: `/api/v2/user/${active.id}/status`, payload: { estado: 'active', version: active.version } }),
      409,
      'APP_ERR_USER_STATUS_TRANSITION',
    );
    expectError(
      await w.as(ADMIN, { method: 'POST', url: `/api/v2/user/${active.id}/status`, payload: { estado: 'inactive', version: active.version + 5 } }),
      409,
      'APP_ERR_RECORD_STALE',
    );
    expectError(
      await w.as(ADMIN, { method: 'POST', url: `/api/v2/user/${active.id}/status`, payload: { estado: 'pending', version: active.version } }),
      400,
      'APP_ERR_REQUEST_INVALID',
    );
  });

  it('refuses an admin deactivating themselves (409 APP_ERR_USER_SELF_LOCKOUT)', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.email, ADMIN));
    expectError(
      await w.as(ADMIN, { method: 'POST', url: `/api/v2/user/${me?.id}/status`, payload: { estado: 'inactive', version: me?.version } }),
      409,
      'APP_ERR_USER_SELF_LOCKOUT',
    );
    const [after] = await t.db.select().from(users).where(eq(users.email, ADMIN));
    expect(after?.estado).toBe('active');
  });

  it('answers 401 without a token and 403 to a non-admin', async () => {
    expectError(await t.app.inject({ method: 'POST', url: `/api/v2/user/${w.admin.id}/status`, payload: { estado: 'inactive', version: 1 } }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    await userWith(t, 'otro@test.energy', ['relaciones'], w.fullRole);
    expectError(await w.as('otro@test.energy', { method: 'POST', url: `/api/v2/user/${w.admin.id}/status`, payload: { estado: 'inactive', version: 1 } }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('with the hosted identity service', () => {
  it('answers 501 APP_ERR_USER_HOSTED_IDENTITY to create-user instead of pretending, and creates nothing', async () => {
    const issuer = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbC123';
    const clientId = '1h2j3k4l5m6n7o8p9q';
    // Stand in for the hosted service's JWKS endpoint (jose fetches it with the global fetch).
    const pair = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'hosted-1', alg: 'RS256', use: 'sig' };
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url === `${issuer}/.well-known/jwks.json`) {
        return new Response(JSON.stringify({ keys: [jwk] }), { headers: { 'content-type': 'application/json' } });
      }
      return realFetch(input, init);
    });
    const hosted = await startTestApp({
      env: { COGNITO_USER_POOL_ID: 'us-east-1_AbC123', COGNITO_CLIENT_ID: clientId, COGNITO_REGION: 'us-east-1' },
    });
    try {
      const world = await adminWorld(hosted);
      const token = await new SignJWT({ email: ADMIN, token_use: 'id', aud: clientId })
        .setProtectedHeader({ alg: 'RS256', kid: 'hosted-1' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(pair.privateKey);
      const response = await hosted.app.inject({
        method: 'POST',
        url: '/api/v2/create-user',
        headers: bearer(token),
        payload: { ...newUserBody(), rol_id: world.fullRole.id },
      });
      expectError(response, 501, 'APP_ERR_USER_HOSTED_IDENTITY');
      expect(await hosted.db.select().from(users).where(eq(users.email, 'carla@test.energy'))).toEqual([]);
    } finally {
      spy.mockRestore();
      await hosted.close();
    }
  });
});
