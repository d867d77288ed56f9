// The one authorization helper of role actions (ARCHITECTURE.md, Identity and access: the
// second layer after view keys). A route declares
//   config: { permission: 'relaciones', action: { page: 'Companies', action: 'create' } }
// and the authz plugin checks, after the auth plugin has checked the view key, that the
// user's role grants that page action for the user's country. Code that needs a finer check
// (the country of the record being changed, a second action) calls `assertCallerMayPerform`.
//
// Decision: the `admin` view key grants NO business action by itself. An administrator may do
// on Companies, Contracts, Settlements and Users exactly what their role grants (the demo admin
// holds the role "Administrador GT", which grants everything). Managing roles and assigning
// views needs only the `admin` key, so an administrator can always repair a role.
import { eq } from 'drizzle-orm';
import { isPageAction, ROLE_PAGE_ACTIONS, ROLE_PAGES, type CountryCode, type RoleAction, type RolePage, type RolePermissions } from '../../schemas/role.schema';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/app';
import { roles, type RoleRow } from '../db/schema/roles';
import { AppErrors } from '../errors/catalogue';
import { hasPermission } from '../plugins/auth';
import type { Caller } from './caller';

/** A page action a route (or a finer check) demands. */
export interface RouteAction {
  page: RolePage;
  action: RoleAction;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The role action the route needs on top of its view key (server/authz); a list means any
     * one of them (a read that several pages' forms need).
     */
    action?: RouteAction | readonly RouteAction[];
  }
}

/** Why a route's `action` declaration is wrong, or null when it names known page actions. */
export function describeActionProblem(action: unknown): string | null {
  if (action === undefined) return null;
  if (Array.isArray(action)) {
    if (action.length === 0) return 'declares an empty list of actions';
    return action.map(describeActionProblem).find((problem) => problem !== null) ?? null;
  }
  if (typeof action !== 'object' || action === null) return `declares an action that is not { page, action }: ${JSON.stringify(action)}`;
  const { page, action: verb } = action as { page?: unknown; action?: unknown };
  if (typeof page !== 'string' || typeof verb !== 'string' || !isPageAction(page, verb)) {
    return `declares an unknown page action ${JSON.stringify(action)}`;
  }
  return null;
}

/** The role a user holds, or undefined. */
export async function roleOf(db: Db, user: Pick<UserRow, 'rol_id'>): Promise<RoleRow | undefined> {
  if (user.rol_id === null) return undefined;
  const [role] = await db.select().from(roles).where(eq(roles.id, user.rol_id)).limit(1);
  return role;
}

/**
 * Whether `role` lets `user` do `wanted`: the role must belong to the user's country, and
 * when the record being acted on has a country, that country too (roles are per country).
 */
export function roleGrants(
  user: Pick<UserRow, 'pais' | 'estado'>,
  role: Pick<RoleRow, 'pais' | 'permisos_x_pagina'> | undefined,
  wanted: RouteAction,
  recordCountry?: CountryCode | string | null,
): boolean {
  // No role, or an account that is switched off: no business action at all.
  if (!role || user.estado === 'inactive') return false;
  // A role acts only in its own country, which must be the user's.
  if (!user.pais || role.pais !== user.pais) return false;
  if (recordCountry && recordCountry !== role.pais) return false;
  // Only true grants: a cell that does not exist for the page (validate outside Settlements) is no grant.
  const cells = role.permisos_x_pagina[wanted.page] as Partial<Record<RoleAction, boolean>> | undefined;
  return cells?.[wanted.action] === true;
}

/** Every page action as `roleGrants` answers it for `user` (what the app may offer them). */
export function grantedPageActions(user: Pick<UserRow, 'pais' | 'estado'>, role: Pick<RoleRow, 'pais' | 'permisos_x_pagina'> | undefined): RolePermissions {
  return Object.fromEntries(
    ROLE_PAGES.map((page) => [
      page,
      Object.fromEntries(ROLE_PAGE_ACTIONS[page].map((action) => [action, roleGrants(user, role, { page, action })])),
    ]),
  ) as RolePermissions;
}

/** `roleGrants` for one page action or a list of them (a list: whether the role grants any). */
export function mayPerform(
  user: Pick<UserRow, 'pais' | 'estado'>,
  role: Pick<RoleRow, 'pais' | 'permisos_x_pagina'> | undefined,
  wanted: RouteAction | readonly RouteAction[],
  recordCountry?: string | null,
): boolean {
  const list: readonly RouteAction[] = Array.isArray(wanted) ? wanted : [wanted as RouteAction];
  return list.some((one) => roleGrants(user, role, one, recordCountry));
}

/**
 * Throws 403 unless the caller holds `viewKey` (when given) and their role grants `wanted` (for
 * `recordCountry` when given). For checks inside a use case.
 */
export function assertCallerMayPerform(
  { user, role }: Caller,
  wanted: RouteAction,
  options: { viewKey?: Parameters<typeof hasPermission>[1]; recordCountry?: string | null } = {},
): void {
  if (options.viewKey !== undefined && !hasPermission(user, options.viewKey)) throw new AppErrors.authForbidden();
  if (!mayPerform(user, role, wanted, options.recordCountry)) throw new AppErrors.authForbidden();
}
