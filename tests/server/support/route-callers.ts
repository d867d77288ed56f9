// Callers for the generated route tests (route-permissions, route-bad-input): users made
// directly in the database with exactly the view keys and role grants a test wants, so a test
// can ask "everything except what this route needs" of any route the app records.
import { eq } from 'drizzle-orm';
import type { PermissionKey } from '../../../schemas/permission-key.schema';
import { ROLE_PAGE_ACTIONS, ROLE_PAGES, type RolePermissions } from '../../../schemas/role.schema';
import { users, type UserRow } from '../../../server/db/schema/app';
import { roles } from '../../../server/db/schema/roles';
import type { DeclaredRoute } from '../../../server/plugins/auth';
import type { TestApp } from '../helpers';

/** One page action a route demands (server/authz), as the auth plugin records it. */
export type RouteAction = Exclude<DeclaredRoute['action'], readonly unknown[] | undefined>;

/** The country of every caller and role made here: a role acts only in its user's country. */
export const CALLER_COUNTRY = 'GT';

/** `METHOD /url`, the name a route goes by in test titles and messages. */
export const routeLabel = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** A route's role actions as a list (none when it declares no `action`). */
export function actionsOf(route: Pick<DeclaredRoute, 'action'>): RouteAction[] {
  if (route.action === undefined) return [];
  return Array.isArray(route.action) ? [...route.action] : [route.action as RouteAction];
}

/** A route's view keys as a list ('signed-in' and undeclared routes need none). */
export function viewKeysOf(route: Pick<DeclaredRoute, 'permission'>): PermissionKey[] {
  const permission = route.permission;
  if (permission === undefined || permission === 'signed-in') return [];
  return Array.isArray(permission) ? [...permission] : [permission as PermissionKey];
}

/** A page x action matrix granting every cell except `withheld`. */
export function grantsExcept(withheld: readonly RouteAction[]): RolePermissions {
  const refused = new Set(withheld.map(({ page, action }) => `${page}.${action}`));
  return Object.fromEntries(
    ROLE_PAGES.map((page) => [
      page,
      Object.fromEntries(ROLE_PAGE_ACTIONS[page].map((action) => [action, !refused.has(`${page}.${action}`)])),
    ]),
  ) as RolePermissions;
}

interface CallerSpec {
  email: string;
  viewKeys: readonly PermissionKey[];
  /** The role's matrix; the role is named after the caller and set in CALLER_COUNTRY. */
  grants: RolePermissions;
}

/** Inserts a role and an active user holding it (same country), and answers the user. */
export async function createCaller(t: TestApp, spec: CallerSpec): Promise<UserRow> {
  const [role] = await t.db
    .insert(roles)
    .values({ nombre: `Rol de ${spec.email}`, pais: CALLER_COUNTRY, permisos_x_pagina: spec.grants, created_by: 'test' })
    .returning();
  if (!role) throw new Error('role insert returned no row');
  const user = await t.createUser({ email: spec.email, permisos_x_view: [...spec.viewKeys] });
  const [row] = await t.db.update(users).set({ rol_id: role.id, pais: CALLER_COUNTRY }).where(eq(users.id, user.id)).returning();
  if (!row) throw new Error('user vanished');
  return row;
}
