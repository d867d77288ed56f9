// @vitest-environment node
// View-key administration: by id (spec section 7) and by e-mail (the second set), immediate
// effect, self-lockout and last-admin rules.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '../../schemas/permission-key.schema';
import { users } from '../../server/db/schema/app';
import { assertAdminsRemain } from '../../server/authz/admin-safety';
import { ADMIN, auditRows, expectError, userWith, type AdminWorld, useAdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

describe('by id (spec section 7)', () => {
  it('GET /api/v2/get-permisos-catalogo lists the ten view keys in menu order', async () => {
    const response = await w.as(ADMIN, { method: 'GET', url: '/api/v2/get-permisos-catalogo' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((entry: { id: string }) => entry.id)).toEqual([...PERMISSION_KEYS]);
  });

  it('GET /api/v2/get-permisos-usuario/:id gives the id and the keys; 404 for an unknown id', async () => {
    const user = await userWith(t, 'ver@test.energy', ['facturacion', 'dashboard'], null);
    const response = await w.as(ADMIN, { method: 'GET', url: `/api/v2/get-permisos-usuario/${user.id}` });
    expect(response.json().data).toMatchObject({ id: user.id, email: 'ver@test.energy', permisos: ['facturacion', 'dashboard'] });
    expectError(await w.as(ADMIN, { method: 'GET', url: '/api/v2/get-permisos-usuario/999999' }), 404, 'APP_ERR_USER_NOT_FOUND');
  });

  it('PUT /api/v2/update-permisos-usuarios/:id stores keys and { id } objects once, in menu order, audits, and applies at once', async () => {
    const user = await userWith(t, 'efecto@test.energy', ['admin'], w.fullRole);
    const catalogue = { method: 'GET', url: '/api/v2/get-permisos-catalogo' } as const;
    expect((await w.as('efecto@test.energy', catalogue)).statusCode).toBe(200);

    const response = await w.as(ADMIN, {
      method: 'PUT',
      url: `/api/v2/update-permisos-usuarios/${user.id}`,
      payload: { permisos: ['mercados', { id: 'dashboard' }, 'mercados'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: user.id, permisos: ['dashboard', 'mercados'], version: user.version + 1 });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.permisos_x_view).toEqual(['dashboard', 'mercados']);
    expect((await auditRows(t, 'user.permissions')).at(-1)).toMatchObject({
      actor_email: ADMIN,
      entity_id: String(user.id),
      before: { permisos_x_view: ['admin'] },
      after: { permisos_x_view: ['dashboard', 'mercados'] },
    });
    // The very next request follows the new list.
    expectError(await w.as('efecto@test.energy', catalogue), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });

  it('answers 400 with details to unknown keys and a missing list, and 409 to a stale version', async () => {
    const user = await userWith(t, 'malo@test.energy', ['dashboard'], null);
    const unknown = await w.as(ADMIN, { method: 'PUT', url: `/api/v2/update-permisos-usuarios/${user.id}`, payload: { permisos: ['superpoderes'] } });
    expectError(unknown, 400, 'APP_ERR_REQUEST_INVALID');
    expect(unknown.json().details.some((detail: { instancePath: string }) => detail.instancePath === '/permisos/0')).toBe(true);
    expectError(await w.as(ADMIN, { method: 'PUT', url: `/api/v2/update-permisos-usuarios/${user.id}`, payload: {} }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(
      await w.as(ADMIN, { method: 'PUT', url: `/api/v2/update-permisos-usuarios/${user.id}`, payload: { permisos: [], version: user.version + 1 } }),
      409,
      'APP_ERR_RECORD_STALE',
    );
  });

  it('refuses an admin removing their own admin key (409 APP_ERR_USER_SELF_LOCKOUT) but lets them change their other keys', async () => {
    const selfLockout = await w.as(ADMIN, { method: 'PUT', url: `/api/v2/update-permisos-usuarios/${w.admin.id}`, payload: { permisos: ['dashboard'] } });
    expectError(selfLockout, 409, 'APP_ERR_USER_SELF_LOCKOUT');
    const fine = await w.as(ADMIN, { method: 'PUT', url: `/api/v2/update-permisos-usuarios/${w.admin.id}`, payload: { permisos: ['admin', 'dashboard'] } });
    expect(fine.statusCode).toBe(200);
    await w.as(ADMIN, { method: 'PUT', url: `/api/v2/update-permisos-usuarios/${w.admin.id}`, payload: { permisos: [...PERMISSION_KEYS] } });
  });

  it('answers 401 without a token and 403 (logged) to a non-admin on every permission route', async () => {
    await userWith(t, 'curioso@test.energy', ['dashboard', 'relaciones'], w.fullRole);
    const routes = [
      { method: 'GET', url: '/api/v2/get-permisos-catalogo' },
      { method: 'GET', url: `/api/v2/get-permisos-usuario/${w.admin.id}` },
      { method: 'PUT', url: `/api/v2/update-permisos-usuarios/${w.admin.id}`, payload: { permisos: [] } },
      { method: 'GET', url: '/api/v2/permisos/usuarios' },
      { method: 'GET', url: '/api/v2/permisos/catalogo' },
      { method: 'GET', url: `/api/v2/permisos/usuario/${encodeURIComponent(ADMIN)}` },
      { method: 'PUT', url: `/api/v2/permisos/usuario/${encodeURIComponent(ADMIN)}`, payload: { permisos: [] } },
    ] as const;
    for (const route of routes) {
      expectError(await t.app.inject(route), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
      const before = (await auditRows(t, 'access.denied')).length;
      expectError(await w.as('curioso@test.energy', route), 403, 'APP_ERR_AUTH_FORBIDDEN');
      expect((await auditRows(t, 'access.denied')).length, route.url).toBe(before + 1);
    }
    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN));
    expect(admin?.permisos_x_view).toEqual([...PERMISSION_KEYS]);
  });
});

describe('by e-mail (the second set)', () => {
  it('lists users with their keys, the catalogue, one user by e-mail (any case) and updates by e-mail', async () => {
    const user = await userWith(t, 'correo@test.energy', ['dashboard'], null);
    const list = await w.as(ADMIN, { method: 'GET', url: '/api/v2/permisos/usuarios' });
    expect(list.json().data).toContainEqual(expect.objectContaining({ id: user.id, email: 'correo@test.energy', permisos: ['dashboard'] }));
    const catalogue = await w.as(ADMIN, { method: 'GET', url: '/api/v2/permisos/catalogo' });
    expect(catalogue.json().data).toHaveLength(PERMISSION_KEYS.length);
    const one = await w.as(ADMIN, { method: 'GET', url: '/api/v2/permisos/usuario/Correo%40Test.energy' });
    expect(one.json().data).toMatchObject({ id: user.id, permisos: ['dashboard'] });

    const updated = await w.as(ADMIN, { method: 'PUT', url: '/api/v2/permisos/usuario/correo%40test.energy', payload: { permisos: ['liquidaciones'] } });
    expect(updated.json().data).toMatchObject({ id: user.id, permisos: ['liquidaciones'] });
    expect((await auditRows(t, 'user.permissions')).at(-1)).toMatchObject({ entity_id: String(user.id), after: { permisos_x_view: ['liquidaciones'] } });
  });

  it('answers 404 for an unknown e-mail and 400 for a bad body', async () => {
    expectError(await w.as(ADMIN, { method: 'GET', url: '/api/v2/permisos/usuario/nadie%40test.energy' }), 404, 'APP_ERR_USER_NOT_FOUND');
    expectError(await w.as(ADMIN, { method: 'PUT', url: '/api/v2/permisos/usuario/nadie%40test.energy', payload: { permisos: ['admin'] } }), 404, 'APP_ERR_USER_NOT_FOUND');
    expectError(await w.as(ADMIN, { method: 'PUT', url: `/api/v2/permisos/usuario/${encodeURIComponent(ADMIN)}`, payload: { permisos: { id: 'nada' } } }), 400, 'APP_ERR_REQUEST_INVALID');
  });
});

describe('the last-admin rule', () => {
  // Over HTTP the caller is always an active admin, so taking `admin` from someone else never
  // leaves zero admins and the self rule answers for the caller's own account; the rule
  // itself guards system actors (actor null) and future callers.
  it('refuses taking admin away from, or switching off, the last active admin', async () => {
    const lone = await t.createUser({ email: 'solo@test.energy', permisos_x_view: ['admin'] });
    // Two admins exist (ADMIN and solo): removing one is fine.
    await expect(t.db.transaction((tx) => assertAdminsRemain(tx, null, lone, { estado: 'active', permisos_x_view: [] }))).resolves.toBeUndefined();
    // With ADMIN switched off, solo is the last one.
    await t.db.update(users).set({ estado: 'inactive' }).where(eq(users.email, ADMIN));
    try {
      for (const next of [
        { estado: 'active' as const, permisos_x_view: ['dashboard' as const] },
        { estado: 'inactive' as const, permisos_x_view: ['admin' as const] },
      ]) {
        await expect(t.db.transaction((tx) => assertAdminsRemain(tx, null, lone, next))).rejects.toMatchObject({
          code: 'APP_ERR_USER_LAST_ADMIN',
          statusCode: 409,
        });
      }
      // Nothing that keeps solo an active admin is refused.
      await expect(t.db.transaction((tx) => assertAdminsRemain(tx, null, lone, { estado: 'active', permisos_x_view: ['admin'] }))).resolves.toBeUndefined();
    } finally {
      await t.db.update(users).set({ estado: 'active' }).where(eq(users.email, ADMIN));
    }
  });

  it('answers the self rule first when the caller is the target', async () => {
    await expect(
      t.db.transaction((tx) => assertAdminsRemain(tx, w.admin.id, w.admin, { estado: 'inactive', permisos_x_view: w.admin.permisos_x_view })),
    ).rejects.toMatchObject({ code: 'APP_ERR_USER_SELF_LOCKOUT' });
  });
});
