// The signed-in caller of a route, the one way a handler reads it. The auth plugin has already
// refused a request without a valid session on every non-public route; this narrows the type
// and still refuses, should a public route ask.
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/app';
import { AppErrors } from '../errors/catalogue';

export function requireCaller(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppErrors.authUnauthenticated();
  return request.user;
}
