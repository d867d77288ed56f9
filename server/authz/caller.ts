// The signed-in caller of a route, the one way a handler reads it. The auth plugin has already
// refused a request without a valid session on every non-public route; this narrows the type
// and still refuses, should a public route ask.
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/app';
import type { RoleRow } from '../db/schema/roles';
import { AppErrors } from '../errors/catalogue';

/** Who a use case acts for: the signed-in user and the role the auth plugin resolved for them. */
export interface Caller {
  user: UserRow;
  /** None when the user holds no role (then no page action is granted). */
  role: RoleRow | undefined;
}

export function requireCaller(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppErrors.authUnauthenticated();
  return request.user;
}

/** The request's caller with their role, as a use case takes it. */
export function requireCallerWithRole(request: FastifyRequest): Caller {
  return { user: requireCaller(request), role: request.role };
}
