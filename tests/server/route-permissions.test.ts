// @vitest-environment node
// Walks every route the app registers (recorded by the auth plugin's onRoute hook, so routes
// added by later issues are walked too) and proves the token and permission checks: no token,
// bad tokens, no permissions at all, and everything but the one view key or role action the
// route declares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fp from 'fastify-plugin';
import type { InjectOptions } from 'fastify';
import { PERMISSION_KEYS, type PermissionKey } from '../../schemas/permission-key.schema';
import { buildApp } from '../../server/app';
import type { DeclaredRoute } from '../../server/plugins/auth';
import { bearer, startTestApp, type TestApp } from './helpers';
import { actionsOf, createCaller, grantsExcept, viewKeysOf, type RouteAction } from './support/route-callers';

const NO_PERMISSIONS = 'sin-permisos@test.energy';

let t: TestApp;
let protectedRoutes: DeclaredRoute[];

beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  await t.createUser({ email: NO_PERMISSIONS, permisos_x_view: [] });
  protectedRoutes = t.app.declaredRoutes.filter((route) => !route.public);
});

afterAll(async () => {
  await t?.close();
});

/** A concrete URL for a route pattern: e-mail parameters get the caller's own e-mail. */
function concreteUrl(url: string): string {
  return url
    .replace(/:email\b/g, encodeURIComponent(NO_PERMISSIONS))
    .replace(/:[A-Za-z_]\w*/g, '1')
    .replace(/\*/g, 'x');
}

function requestFor(route: DeclaredRoute, headers: Record<string, string> = {}): InjectOptions {
  return { method: route.method as InjectOptions['method'], url: concreteUrl(route.url), headers };
}

const label = (route: DeclaredRoute) => `${route.method} ${route.url}`;

describe('every non-public route', () => {
  it('is walked: the walk covers the routes of this issue', () => {
    const names = protectedRoutes.map(label);
    expect(names).toContain('GET /api/v2/get-once/:email');
    // Nothing is protected by accident only: each one states its permission.
    for (const route of protectedRoutes) expect(route.permission, label(route)).toBeDefined();
  });

  it('answers 401 APP_ERR_AUTH_UNAUTHENTICATED without a token', async () => {
    for (const route of protectedRoutes) {
      const response = await t.app.inject(requestFor(route));
      expect(response.statusCode, label(route)).toBe(401);
      if (route.method !== 'HEAD') expect(response.json().code, label(route)).toBe('APP_ERR_AUTH_UNAUTHENTICATED');
    }
  });

  it('answers 401 to malformed authorization headers', async () => {
    const valid = await t.mintToken(NO_PERMISSIONS);
    const malformed = ['Bearer', 'Bearer not-a-jwt', 'Bearer a.b.c', `Basic ${valid}`, `Bearer ${valid}x`, `Bearer ${valid.split('.').slice(0, 2).join('.')}.`];
    for (const route of protectedRoutes) {
      for (const authorization of malformed) {
        const response = await t.app.inject(requestFor(route, { authorization }));
        expect(response.statusCode, `${label(route)} with '${authorization.slice(0, 20)}…'`).toBe(401);
      }
    }
  });

  it('answers 401 to a token signed by a key the server does not publish', async () => {
    const forged = await t.mintToken(NO_PERMISSIONS, { foreignKey: true });
    for (const route of protectedRoutes) {
      expect((await t.app.inject(requestFor(route, bearer(forged)))).statusCode, label(route)).toBe(401);
    }
  });

  it('answers 401 to an expired token', async () => {
    const expired = await t.mintToken(NO_PERMISSIONS, { expiresIn: -5 });
    for (const route of protectedRoutes) {
      expect((await t.app.inject(requestFor(route, bearer(expired)))).statusCode, label(route)).toBe(401);
    }
  });

  it('answers 401 to tokens from another issuer or for another client', async () => {
    const tokens = [
      await t.mintToken(NO_PERMISSIONS, { issuer: 'http://evil.example/idp/local_EnergyPool' }),
      await t.mintToken(NO_PERMISSIONS, { audience: 'another-client' }),
      await t.mintToken(NO_PERMISSIONS, { tokenUse: 'access', audience: 'another-client' }),
    ];
    for (const route of protectedRoutes) {
      for (const token of tokens) {
        expect((await t.app.inject(requestFor(route, bearer(token)))).statusCode, label(route)).toBe(401);
      }
    }
  });

  it('answers 403 APP_ERR_AUTH_FORBIDDEN to a valid token of a user with no permissions, unless any signed-in user may call it', async () => {
    for (const tokenUse of ['id', 'access'] as const) {
      const token = await t.mintToken(NO_PERMISSIONS, { tokenUse });
      for (const route of protectedRoutes) {
        const response = await t.app.inject(requestFor(route, bearer(token)));
        if (route.permission === 'signed-in') {
          expect(response.statusCode, `${label(route)} (${tokenUse} token)`).not.toBe(401);
          expect(response.statusCode, `${label(route)} (${tokenUse} token)`).not.toBe(403);
        } else {
          expect(response.statusCode, `${label(route)} (${tokenUse} token)`).toBe(403);
          if (route.method !== 'HEAD') expect(response.json().code).toBe('APP_ERR_AUTH_FORBIDDEN');
        }
      }
    }
  });
});

/**
 * Tokens of callers made on demand, one per distinct set of withheld permissions: each holds
 * every view key but `withheldKeys` and a role (in the caller's country) granting every page
 * action but `withheldActions`.
 */
const callerTokens = new Map<string, Promise<string>>();

function tokenOfCallerWithout(withheldKeys: readonly PermissionKey[], withheldActions: readonly RouteAction[]): Promise<string> {
  const name = [...withheldKeys, ...withheldActions.map(({ page, action }) => `${page}-${action}`)].join('.').toLowerCase() || 'todo';
  let token = callerTokens.get(name);
  if (!token) {
    const email = `sin.${name}@test.energy`;
    token = createCaller(t, {
      email,
      viewKeys: PERMISSION_KEYS.filter((key) => !withheldKeys.includes(key)),
      grants: grantsExcept(withheldActions),
    }).then(() => t.mintToken(email));
    callerTokens.set(name, token);
  }
  return token;
}

async function expectForbidden(route: DeclaredRoute, token: string, who: string) {
  const response = await t.app.inject(requestFor(route, bearer(token)));
  expect(response.statusCode, `${label(route)} ${who}`).toBe(403);
  if (route.method !== 'HEAD') expect(response.json().code, `${label(route)} ${who}`).toBe('APP_ERR_AUTH_FORBIDDEN');
}

describe('every route that declares a view key or a role action', () => {
  const withViewKey = () => protectedRoutes.filter((route) => viewKeysOf(route).length > 0);
  const withAction = () => protectedRoutes.filter((route) => actionsOf(route).length > 0);

  it('is not refused to a user holding every view key and a role granting every page action', async () => {
    // The control of the two walks below: their 403s come from the one thing withheld.
    const token = await tokenOfCallerWithout([], []);
    for (const route of protectedRoutes) {
      const response = await t.app.inject(requestFor(route, bearer(token)));
      expect(response.statusCode, `${label(route)}: ${response.body}`).not.toBe(401);
      expect(response.statusCode, `${label(route)}: ${response.body}`).not.toBe(403);
    }
  });

  it('answers 403 APP_ERR_AUTH_FORBIDDEN to a user holding every other view key, whose role grants every page action', async () => {
    const routes = withViewKey();
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const keys = viewKeysOf(route);
      await expectForbidden(route, await tokenOfCallerWithout(keys, []), `without ${keys.join(', ')}`);
    }
  });

  it("answers 403 APP_ERR_AUTH_FORBIDDEN to a user holding every view key, whose role grants every page action but the route's own", async () => {
    const routes = withAction();
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const actions = actionsOf(route);
      const withheld = actions.map(({ page, action }) => `${page}.${action}`).join(', ');
      await expectForbidden(route, await tokenOfCallerWithout([], actions), `without ${withheld}`);
    }
  });
});

describe('route declarations', () => {
  it('refuses a route that declares neither public nor a permission, naming it', async () => {
    const other = await buildApp({ config: t.config, db: t.db });
    try {
      expect(() => other.get('/api/v2/undeclared', async () => ({}))).toThrow(/GET \/api\/v2\/undeclared/);
      expect(() =>
        other.post('/api/v2/typo', { config: { permission: 'administrador' as never } }, async () => ({})),
      ).toThrow(/POST \/api\/v2\/typo declares an unknown permission/);
      expect(() =>
        other.get('/api/v2/empty-list', { config: { permission: [] } }, async () => ({})),
      ).toThrow(/empty-list/);
    } finally {
      await other.close();
    }
  });

  it('makes the server refuse to start when a plugin adds an undeclared route', async () => {
    const app = await buildApp({ config: t.config, db: t.db });
    app.register(
      fp(async (instance) => {
        instance.put('/api/v2/forgotten', async () => ({}));
      }),
    );
    await expect(app.ready()).rejects.toThrow(/PUT \/api\/v2\/forgotten declares neither/);
    await app.close().catch(() => undefined);
  });
});
