// Authentication and authorization for every API route (ARCHITECTURE.md, Identity and access).
//
// Each route says in its config who may call it: `{ public: true }` or
// `{ permission: 'signed-in' | PermissionKey | PermissionKey[] }`. A route that says neither
// stops the server from starting. On each request the bearer token is verified and the user's
// permissions are those the database holds: a verified token is remembered until it expires
// (a token never changes), and the user with their role is kept until the database announces
// a change to users or roles (server/authz/principals.ts), so a permission change applies at once.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { PERMISSION_KEYS, type PermissionKey } from '../../schemas/permission-key.schema';
import type { RouteAction } from '../authz/authorize';
import { principalsOf } from '../authz/principals';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/app';
import type { RoleRow } from '../db/schema/roles';
import { AppErrors } from '../errors/catalogue';

/** What a route may demand: any valid token, one view key, or any one of several. */
type RoutePermission = 'signed-in' | PermissionKey | readonly PermissionKey[];

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    /** The database user behind the bearer token; null on public routes. */
    user: UserRow | null;
    /** The role that user holds (what server/authz checks page actions against); none without a role. */
    role: RoleRow | undefined;
  }
  interface FastifyInstance {
    /** Every route registered so far with its declaration (the permission walk reads it). */
    declaredRoutes: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  public: boolean;
  permission: RoutePermission | undefined;
  /** The role action(s) the authz plugin checks on top of the view key (server/authz). */
  action: RouteAction | readonly RouteAction[] | undefined;
  /** The request schemas Fastify validates with, so tests can derive requests from them, and the declared answers. */
  schema: DeclaredRouteSchema;
  /**
   * Whether the route's scope parses `multipart/form-data` (@fastify/multipart registered there):
   * such a route without a JSON `body` schema reads an upload, which the reference test checks is declared.
   */
  multipart: boolean;
}

/** The parts of a route's schema that describe the request, and its answers by status. */
interface DeclaredRouteSchema {
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
  response?: Record<string, unknown>;
}

interface AuthOptions {
  db: Db;
  /** The key set tokens are checked against: the built-in service's keys or the hosted JWKS. */
  keys: JWTVerifyGetKey;
  issuer: string;
  clientId: string;
}

/**
 * Whether `user` may do what `required` demands. Later areas call this for finer checks
 * than the route's own declaration.
 */
export function hasPermission(
  user: Pick<UserRow, 'permisos_x_view' | 'estado'> | null | undefined,
  required: RoutePermission,
): boolean {
  // No user means no valid session: nothing is allowed.
  if (!user) return false;
  // An inactive account keeps its row for the record but may do nothing.
  if (user.estado === 'inactive') return false;
  // Any holder of a valid token passes a 'signed-in' route.
  if (required === 'signed-in') return true;
  const held = new Set(user.permisos_x_view);
  // A list is satisfied by any one of its keys (spec section 6); an empty list by none.
  if (Array.isArray(required)) return required.some((key) => held.has(key));
  // A single key must be held as is.
  return held.has(required as PermissionKey);
}

function describeDeclarationProblem(config: RouteOptions['config']): string | null {
  const declaration = (config ?? {}) as { public?: unknown; permission?: unknown };
  const isPublic = declaration.public === true;
  const permission = declaration.permission;
  if (isPublic && permission !== undefined) return 'declares both public: true and a permission';
  if (isPublic) return null;
  if (permission === undefined) return 'declares neither config.public: true nor config.permission';
  const valid = (key: unknown) => (PERMISSION_KEYS as readonly unknown[]).includes(key);
  if (permission === 'signed-in' || valid(permission)) return null;
  if (Array.isArray(permission) && permission.length > 0 && permission.every(valid)) return null;
  return `declares an unknown permission ${JSON.stringify(permission)}`;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  // The scheme name is case-insensitive (RFC 9110); the token must look like a compact JWS.
  const match = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The e-mail the token speaks for, after checking it is a token of our client. */
function tokenEmail(payload: JWTPayload, clientId: string): string | null {
  const tokenUse = payload.token_use;
  if (tokenUse === 'id') {
    // Id tokens name the client in `aud` (a string for Cognito, but accept a list).
    const aud = payload.aud;
    if (!(aud === clientId || (Array.isArray(aud) && aud.includes(clientId)))) return null;
  } else if (tokenUse === 'access') {
    // Access tokens carry no `aud`; Cognito puts the client in `client_id`.
    if (payload.client_id !== clientId) return null;
  } else {
    return null;
  }
  const claim = typeof payload.email === 'string' ? payload.email : payload.username;
  return typeof claim === 'string' && claim.length > 0 ? claim.toLowerCase() : null;
}

/** The most verified tokens remembered; the oldest goes first. */
const MAX_REMEMBERED_TOKENS = 10_000;

async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  const { db, keys, issuer, clientId } = options;
  const principals = principalsOf(db);
  // A token's signature, issuer, client and e-mail never change: once checked, only its expiry can
  // make it fail. Keys are only ever added, never withdrawn.
  const verified = new Map<string, { email: string; expiresAt: number }>();
  app.decorate('declaredRoutes', [] as DeclaredRoute[]);
  app.decorateRequest('user', null);
  app.decorateRequest('role', undefined);

  app.addHook('onRoute', function recordRoute(route) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const problem = describeDeclarationProblem(route.config);
    if (problem) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} ${problem}: every route must say who may call it (server/plugins/auth.ts)`,
      );
    }
    const { body, params, querystring, response } = (route.schema ?? {}) as DeclaredRouteSchema;
    for (const method of methods) {
      app.declaredRoutes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        permission: route.config?.permission,
        action: route.config?.action,
        schema: { body, params, querystring, response },
        // `this` is the instance the route is added to: its own scope's parsers.
        multipart: this.hasContentTypeParser('multipart/form-data'),
      });
    }
  });

  /** The e-mail a valid token speaks for; 401 for any token problem. */
  async function verifiedEmail(request: FastifyRequest, token: string): Promise<string> {
    const remembered = verified.get(token);
    if (remembered && remembered.expiresAt > Date.now()) return remembered.email;
    verified.delete(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'token_use'],
      }));
    } catch (error) {
      // Every token problem is the caller's (bad, foreign or expired token); anything else,
      // such as the hosted JWKS being unreachable, is ours and must surface as a 500.
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) {
        request.log.info({ reason: error.code }, 'bearer token refused');
        throw new AppErrors.authUnauthenticated();
      }
      throw error;
    }
    const email = tokenEmail(payload, clientId);
    if (!email) throw new AppErrors.authUnauthenticated();
    if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
    // `exp` is required above, in seconds.
    verified.set(token, { email, expiresAt: (payload.exp as number) * 1000 });
    return email;
  }

  async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw new AppErrors.authUnauthenticated();
    const principal = await principals.find(await verifiedEmail(request, token), request);
    // A token for someone without an account here, or whose account is switched off.
    if (!principal || principal.user.estado === 'inactive') throw new AppErrors.authUnauthenticated();
    return principal;
  }

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Public routes and unmatched URLs (answered by the not-found handler) need no token.
    if (config.public === true || config.permission === undefined) return;
    const { user, role } = await authenticate(request);
    // Set before the check so a refusal can be attributed (the audit log records 403s).
    request.user = user;
    request.role = role;
    if (!hasPermission(user, config.permission)) throw new AppErrors.authForbidden();
  });
}

export default fp(authPlugin, { name: 'auth', fastify: '5.x' });
