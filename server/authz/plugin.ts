// Enforces route `action` declarations (see authorize.ts): refuses at start a route whose
// action names no known page action, and on each request checks the user's role after the
// auth plugin has verified the token and the view key. Register it right after the auth plugin.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppErrors } from '../errors/catalogue';
import { describeActionProblem, mayPerform } from './authorize';

async function authzPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: unknown; action?: unknown };
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).join(',');
    const problem = describeActionProblem(config.action);
    if (problem) throw new Error(`Route ${methods} ${route.url} ${problem} (server/authz/authorize.ts)`);
    // A role action needs a signed-in user to hold the role.
    if (config.action !== undefined && config.public === true) {
      throw new Error(`Route ${methods} ${route.url} is public but declares a role action (server/authz/authorize.ts)`);
    }
  });

  // Runs after the auth plugin's onRequest hook (registered earlier), which set request.user
  // and request.role or refused the request.
  // In callback style: nothing asynchronous, and every request runs it.
  app.addHook('onRequest', (request, _reply, done) => {
    const wanted = request.routeOptions.config.action;
    if (!wanted) return done();
    const user = request.user;
    if (!user) return done(new AppErrors.authUnauthenticated());
    if (!mayPerform(user, request.role, wanted)) return done(new AppErrors.authForbidden());
    done();
  });
}

export default fp(authzPlugin, { name: 'authz', fastify: '5.x', dependencies: ['auth'] });
