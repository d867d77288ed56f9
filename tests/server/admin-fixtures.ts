// Shared set-up of the administration tests: roles, an administrator whose role grants
// everything, and helpers to call the API as someone.
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { PERMISSION_KEYS, type PermissionKey } from '../../schemas/permission-key.schema';
import { uniformRolePermissions, type CountryCode, type RolePermissions } from '../../schemas/role.schema';
import { users, type UserRow } from '../../server/db/schema/app';
import { auditLog } from '../../server/db/schema/audit';
import { roles, type RoleRow } from '../../server/db/schema/roles';
import { seedPermissionsCatalogue } from '../../server/db/seed/demo';
import { bearer, startTestApp, TEST_PASSWORD, type TestApp } from './helpers';

export const ADMIN = 'admin@test.energy';

export interface AdminWorld {
  fullRole: RoleRow;
  emptyRole: RoleRow;
  admin: UserRow;
  /** Calls the API as `email` (an id token minted for it). */
  as(email: string, request: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function insertRole(t: TestApp, nombre: string, pais: CountryCode, permisos: RolePermissions): Promise<RoleRow> {
  const [role] = await t.db.insert(roles).values({ nombre, pais, permisos_x_pagina: permisos, created_by: 'test' }).returning();
  if (!role) throw new Error('role insert returned no row');
  return role;
}

/** Gives a test user a role and country (the test helper creates users without them). */
export async function giveRole(t: TestApp, user: UserRow, role: RoleRow): Promise<UserRow> {
  const [row] = await t.db.update(users).set({ rol_id: role.id, pais: role.pais }).where(eq(users.id, user.id)).returning();
  if (!row) throw new Error('user vanished');
  return row;
}

export async function adminWorld(t: TestApp): Promise<AdminWorld> {
  // The migration fills the catalogue; the shared-database test mode empties every table first.
  await seedPermissionsCatalogue(t.db);
  const fullRole = await insertRole(t, 'Todo GT', 'GT', uniformRolePermissions(true));
  const emptyRole = await insertRole(t, 'Nada GT', 'GT', uniformRolePermissions(false));
  const admin = await giveRole(
    t,
    await t.createUser({ email: ADMIN, permisos_x_view: [...PERMISSION_KEYS], password: TEST_PASSWORD }),
    fullRole,
  );
  return {
    fullRole,
    emptyRole,
    admin,
    async as(email, request) {
      const token = await t.mintToken(email);
      return t.app.inject({ ...request, headers: { ...request.headers, ...bearer(token) } });
    },
  };
}

/**
 * The set-up of an administration test file: one test app (started with `options`) with the
 * admin world before its tests, closed after them. `ready` hands both to the file's own
 * variables, so the tests keep reading `t` and `w` directly.
 */
export function useAdminWorld(ready: (t: TestApp, w: AdminWorld) => void, options?: Parameters<typeof startTestApp>[0]): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(options);
    ready(t, await adminWorld(t));
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** A user with these keys and role (GT), optionally with an identity. */
export async function userWith(
  t: TestApp,
  email: string,
  keys: PermissionKey[],
  role: RoleRow | null,
  password?: string,
): Promise<UserRow> {
  const user = await t.createUser({ email, permisos_x_view: keys, ...(password ? { password } : {}) });
  return role ? giveRole(t, user, role) : user;
}

/** The audit rows with this action, oldest first. */
export async function auditRows(t: TestApp, action: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
}

/** Asserts a 4xx/5xx error body with this status and code. */
export function expectError(response: LightMyRequestResponse, statusCode: number, code: string) {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.json()).toMatchObject({ statusCode, code });
}
