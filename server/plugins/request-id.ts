// Request ids and the request log: a caller's `x-request-id` is kept (so a trace spans
// services), otherwise one is generated; either way it is echoed on the response and appears
// in every log line. Each request is logged once, when it has been answered (method, address,
// status and time), instead of Fastify's two lines per request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const REQUEST_ID_HEADER = 'x-request-id';

// Only short, plain ids are trusted: anything else could forge or break log lines.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's id when it is safe, else a fresh UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

async function requestIdPlugin(app: FastifyInstance) {
  // Hooks in callback style: they do nothing asynchronous, and every request runs them.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Plain fields, not Fastify's `req`/`res` serializers: a request object in a log line goes
  // through the redaction of its headers (server/app.ts), a third of the line's cost.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, remoteAddress: request.ip, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}

export default fp(requestIdPlugin, { name: 'request-id', fastify: '5.x' });
