// Records every refused request (403) as `access.denied` in the audit log. The log itself, and
// `recordAudit` that every mutation writes its row with, belong to the audit area's store.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordAudit } from '../audit/store';
import type { Db } from '../db/client';

interface AuditPluginOptions {
  db: Db;
}

async function auditPlugin(app: FastifyInstance, options: AuditPluginOptions) {
  const { db } = options;
  // onSend runs for error replies too, and before the response leaves, so the row exists by
  // the time the caller sees its 403. The auth plugin sets request.user before refusing, so
  // the row names who tried.
  // In callback style, so the answers that are not refusals (nearly all) pass straight on.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 403) return done(null, payload);
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    recordAudit(db, request, {
      action: 'access.denied',
      entity: 'route',
      entityId: route,
      after: { method: request.method, url: request.url.split('?')[0], route: request.routeOptions.url ?? null },
    })
      // Refusing the request already happened; a failed log write must not turn it into a 500.
      .catch((error: unknown) => request.log.error({ err: error }, 'could not record the refused request in the audit log'))
      .finally(() => done(null, payload));
  });
}

export default fp(auditPlugin, { name: 'audit', fastify: '5.x' });
