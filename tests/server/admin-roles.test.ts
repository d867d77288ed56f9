// @vitest-environment node
// Roles and the role-action authorization helper every later area uses.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniformRolePermissions, type RolePermissions } from '../../schemas/role.schema';
import { buildApp } from '../../server/app';
import { describeActionProblem, roleGrants } from '../../server/authz/authorize';
import { users } from '../../server/db/schema/app';
import { roles } from '../../server/db/schema/roles';
import { seedDemo } from '../../server/db/seed/demo';
import { DEMO_ROLE_OF } from '../../server/db/seed/demo-roles';
import { ADMIN, auditRows, expectError, insertRole, userWith, type AdminWorld, useAdminWorld } from './admin-fixtures';
import { bearer, type TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

function matrix(grants: Partial<Record<keyof RolePermissions, string[]>>): RolePermissions {
  const base = uniformRolePermissions(false) as unknown as Record<string, Record<string, boolean>>;
  for (const [page, actions] of Object.entries(grants)) for (const action of actions ?? []) base[page]![action] = true;
  return base as unknown as RolePermissions;
}

describe('role routes', () => {
  it('creates (201), lists, reads, updates and deletes a role, auditing each change', async () => {
    const created = await w.as(ADMIN, {
      method: 'POST',
      url: '/api/v2/roles',
      payload: { nombre: 'Liquidador SV', pais: 'SV', permisos_x_pagina: matrix({ Settlements: ['view', 'validate'] }) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({ nombre: 'Liquidador SV', pais: 'SV', version: 1, created_by: ADMIN });
    expect(role.permisos_x_pagina.Settlements.validate).toBe(true);

    const list = await w.as(ADMIN, { method: 'GET', url: '/api/v2/roles' });
    expect(list.json().data.map((entry: { nombre: string }) => entry.nombre)).toContain('Liquidador SV');
    expect((await w.as(ADMIN, { method: 'GET', url: `/api/v2/roles/${role.id}` })).json().data.id).toBe(role.id);

    const updated = await w.as(ADMIN, {
      method: 'PATCH',
      url: `/api/v2/roles/${role.id}`,
      payload: { permisos_x_pagina: matrix({ Settlements: ['view'] }), version: 1 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ version: 2, updated_by: ADMIN });
    expect(updated.json().data.permisos_x_pagina.Settlements.validate).toBe(false);
    expectError(
      await w.as(ADMIN, { method: 'PATCH', url: `/api/v2/roles/${role.id}`, payload: { nombre: 'Otro', version: 1 } }),
      409,
      'APP_ERR_RECORD_STALE',
    );

    const deleted = await w.as(ADMIN, { method: 'DELETE', url: `/api/v2/roles/${role.id}` });
    expect(deleted.statusCode).toBe(200);
    expectError(await w.as(ADMIN, { method: 'GET', url: `/api/v2/roles/${role.id}` }), 404, 'APP_ERR_ROLE_NOT_FOUND');

    const entries = [...(await auditRows(t, 'role.create')), ...(await auditRows(t, 'role.update')), ...(await auditRows(t, 'role.delete'))];
    expect(entries.filter((entry) => entry.entity_id === String(role.id)).map((entry) => entry.action)).toEqual([
      'role.create',
      'role.update',
      'role.delete',
    ]);
  });

  it('answers 409 to a duplicate name in the same country (any case), but allows it in another country', async () => {
    const body = { nombre: 'Duplicado', pais: 'MX', permisos_x_pagina: uniformRolePermissions(false) };
    expect((await w.as(ADMIN, { method: 'POST', url: '/api/v2/roles', payload: body })).statusCode).toBe(201);
    expectError(await w.as(ADMIN, { method: 'POST', url: '/api/v2/roles', payload: { ...body, nombre: 'DUPLICADO' } }), 409, 'APP_ERR_ROLE_DUPLICATE');
    const other = await w.as(ADMIN, { method: 'POST', url: '/api/v2/roles', payload: { ...body, pais: 'PA' } });
    expect(other.statusCode).toBe(201);
    const rename = await w.as(ADMIN, { method: 'PATCH', url: `/api/v2/roles/${other.json().data.id}`, payload: { pais: 'MX', version: 1 } });
    expectError(rename, 409, 'APP_ERR_ROLE_DUPLICATE');
  });

  it('refuses deleting a role users hold, or moving it to another country (409 APP_ERR_ROLE_IN_USE)', async () => {
    const held = await insertRole(t, 'En uso', 'GT', uniformRolePermissions(false));
    await userWith(t, 'titular@test.energy', ['dashboard'], held);
    expectError(await w.as(ADMIN, { method: 'DELETE', url: `/api/v2/roles/${held.id}` }), 409, 'APP_ERR_ROLE_IN_USE');
    expectError(await w.as(ADMIN, { method: 'PATCH', url: `/api/v2/roles/${held.id}`, payload: { pais: 'MX', version: 1 } }), 409, 'APP_ERR_ROLE_IN_USE');
    expect(await t.db.select().from(roles).where(eq(roles.id, held.id))).toHaveLength(1);
  });

  it('answers 400 with details to bad bodies: missing cells, unknown country, empty name', async () => {
    const missingCell = matrix({}) as unknown as Record<string, Record<string, boolean>>;
    delete missingCell.Settlements!.validate;
    const response = await w.as(ADMIN, {
      method: 'POST',
      url: '/api/v2/roles',
      payload: { nombre: ' ', pais: 'XX', permisos_x_pagina: missingCell },
    });
    expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    const paths = response.json().details.map((detail: { instancePath: string }) => detail.instancePath);
    expect(paths).toEqual(expect.arrayContaining(['/nombre', '/pais', '/permisos_x_pagina/Settlements']));
    expectError(await w.as(ADMIN, { method: 'PATCH', url: `/api/v2/roles/${w.fullRole.id}`, payload: { version: 1 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await w.as(ADMIN, { method: 'DELETE', url: '/api/v2/roles/999999' }), 404, 'APP_ERR_ROLE_NOT_FOUND');
  });

  it('refuses a matrix that grants create, edit, delete or validate without view: 400 APP_ERR_ROLE_NEEDS_VIEW with a detail per cell, nothing written', async () => {
    const refused = await w.as(ADMIN, {
      method: 'POST',
      url: '/api/v2/roles',
      payload: { nombre: 'Sin ver', pais: 'GT', permisos_x_pagina: matrix({ Companies: ['create'], Settlements: ['edit', 'validate'], Users: ['view', 'delete'] }) },
    });
    expectError(refused, 400, 'APP_ERR_ROLE_NEEDS_VIEW');
    expect(refused.json().details.map((detail: { instancePath: string }) => detail.instancePath)).toEqual([
      '/permisos_x_pagina/Companies/create',
      '/permisos_x_pagina/Settlements/edit',
      '/permisos_x_pagina/Settlements/validate',
    ]);
    expect(await t.db.select().from(roles).where(eq(roles.nombre, 'Sin ver'))).toHaveLength(0);

    const role = await insertRole(t, 'Solo ver', 'GT', matrix({ Contracts: ['view'] }));
    const update = await w.as(ADMIN, {
      method: 'PATCH',
      url: `/api/v2/roles/${role.id}`,
      payload: { permisos_x_pagina: matrix({ Contracts: ['delete'] }), version: 1 },
    });
    expectError(update, 400, 'APP_ERR_ROLE_NEEDS_VIEW');
    expect(update.json().details).toEqual([expect.objectContaining({ instancePath: '/permisos_x_pagina/Contracts/delete' })]);
    const [stored] = await t.db.select().from(roles).where(eq(roles.id, role.id));
    expect(stored).toMatchObject({ version: 1, permisos_x_pagina: matrix({ Contracts: ['view'] }) });
    expect((await auditRows(t, 'role.update')).filter((entry) => entry.entity_id === String(role.id))).toHaveLength(0);
  });

  it('answers 401 without a token and 403 to a non-admin', async () => {
    await userWith(t, 'norol@test.energy', ['relaciones'], w.fullRole);
    for (const route of [
      { method: 'GET', url: '/api/v2/roles' },
      { method: 'POST', url: '/api/v2/roles', payload: { nombre: 'x', pais: 'GT', permisos_x_pagina: uniformRolePermissions(true) } },
      { method: 'PATCH', url: `/api/v2/roles/${w.fullRole.id}`, payload: { nombre: 'x', version: 1 } },
      { method: 'DELETE', url: `/api/v2/roles/${w.emptyRole.id}` },
    ] as const) {
      expectError(await t.app.inject(route), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
      expectError(await w.as('norol@test.energy', route), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
    expect(await t.db.select().from(roles).where(eq(roles.id, w.emptyRole.id))).toHaveLength(1);
  });
});

describe('the authorization helper (server/authz)', () => {
  it('grants a page action only through the role, in the role country, and never validate outside Settlements', () => {
    const role = { pais: 'GT' as const, permisos_x_pagina: matrix({ Companies: ['create'], Settlements: ['validate'] }) };
    const user = { pais: 'GT', estado: 'active' } as const;
    expect(roleGrants(user, role, { page: 'Companies', action: 'create' })).toBe(true);
    expect(roleGrants(user, role, { page: 'Companies', action: 'delete' })).toBe(false);
    expect(roleGrants(user, role, { page: 'Settlements', action: 'validate' })).toBe(true);
    expect(roleGrants(user, role, { page: 'Contracts', action: 'validate' })).toBe(false);
    expect(roleGrants({ ...user, pais: 'MX' }, role, { page: 'Companies', action: 'create' })).toBe(false);
    expect(roleGrants(user, role, { page: 'Companies', action: 'create' }, 'MX')).toBe(false);
    expect(roleGrants({ ...user, estado: 'inactive' }, role, { page: 'Companies', action: 'create' })).toBe(false);
    expect(roleGrants(user, undefined, { page: 'Companies', action: 'create' })).toBe(false);
  });

  it('checks the view key and the role action of a route that declares both; admin alone grants no business action', async () => {
    const app = await buildApp({ config: t.config, db: t.db });
    try {
      app.post(
        '/api/v2/test-companies',
        { config: { permission: 'relaciones', action: { page: 'Companies', action: 'create' } } },
        async () => ({ ok: true }),
      );
      await app.ready();
      const creator = await insertRole(t, 'Creador GT', 'GT', matrix({ Companies: ['create'] }));
      const creatorMx = await insertRole(t, 'Creador MX', 'MX', matrix({ Companies: ['create'] }));
      await userWith(t, 'crea@test.energy', ['relaciones'], creator);
      await userWith(t, 'sin-vista@test.energy', ['dashboard'], creator);
      await userWith(t, 'solo-ver@test.energy', ['relaciones'], w.emptyRole);
      await userWith(t, 'admin-puro@test.energy', ['admin', 'relaciones'], w.emptyRole);
      const mx = await userWith(t, 'mx@test.energy', ['relaciones'], creatorMx);
      // A user whose country no longer matches the role's gets nothing from it.
      await t.db.update(users).set({ pais: 'GT' }).where(eq(users.id, mx.id));
      const call = async (email: string) =>
        (await app.inject({ method: 'POST', url: '/api/v2/test-companies', headers: bearer(await t.mintToken(email)) })).statusCode;
      expect(await call('crea@test.energy')).toBe(200);
      expect(await call('sin-vista@test.energy')).toBe(403);
      expect(await call('solo-ver@test.energy')).toBe(403);
      expect(await call('admin-puro@test.energy')).toBe(403);
      expect(await call('mx@test.energy')).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/api/v2/test-companies' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses to start with a route whose action names no known page action', async () => {
    expect(describeActionProblem({ page: 'Companies', action: 'validate' })).toMatch(/unknown page action/);
    expect(describeActionProblem({ page: 'Settlements', action: 'validate' })).toBeNull();
    // A list means any one of them; every one must be a known page action.
    expect(describeActionProblem([{ page: 'Companies', action: 'view' }, { page: 'Contracts', action: 'create' }])).toBeNull();
    expect(describeActionProblem([{ page: 'Companies', action: 'view' }, { page: 'Companies', action: 'validate' }])).toMatch(/unknown page action/);
    expect(describeActionProblem([])).toMatch(/empty list/);
    const app = await buildApp({ config: t.config, db: t.db });
    try {
      expect(() =>
        app.get('/api/v2/bad-action', { config: { permission: 'relaciones', action: { page: 'Invoices', action: 'view' } as never } }, async () => ({})),
      ).toThrow(/GET \/api\/v2\/bad-action declares an unknown page action/);
      expect(() =>
        app.get('/api/v2/public-action', { config: { public: true, action: { page: 'Companies', action: 'view' } } }, async () => ({})),
      ).toThrow(/public but declares a role action/);
    } finally {
      await app.close();
    }
  });
});

describe('the demo roles', () => {
  it('are seeded once, and each demo account gets its role and country GT; the demo admin may manage users', async () => {
    const options = { poolId: t.config.identity.poolId, withIdentities: false };
    await seedDemo(t.db, options);
    await seedDemo(t.db, options);
    const demo = await t.db.select().from(roles).where(eq(roles.pais, 'GT'));
    for (const nombre of ['Administrador GT', 'Analista GT', 'Supervisor GT', 'Lector GT']) {
      expect(demo.filter((role) => role.nombre === nombre), nombre).toHaveLength(1);
    }
    const rows = await t.db.select({ email: users.email, pais: users.pais, rol: roles.nombre }).from(users).leftJoin(roles, eq(users.rol_id, roles.id));
    for (const [email, nombre] of Object.entries(DEMO_ROLE_OF)) {
      expect(rows.find((row) => row.email === email), email).toEqual({ email, pais: 'GT', rol: nombre });
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/user', headers: bearer(await t.mintToken('admin@demo.energy')) });
    expect(list.statusCode).toBe(200);
    const analyst = await t.app.inject({ method: 'GET', url: '/api/v2/user', headers: bearer(await t.mintToken('analista@demo.energy')) });
    expect(analyst.statusCode).toBe(403);
    // Four eyes in the demo: the analyst prepares settlements, the supervisor also validates them.
    const settlements = (nombre: string) => demo.find((role) => role.nombre === nombre)?.permisos_x_pagina.Settlements;
    expect(settlements('Analista GT')).toMatchObject({ create: true, validate: false });
    expect(settlements('Supervisor GT')).toMatchObject({ create: true, validate: true });
  });
});
