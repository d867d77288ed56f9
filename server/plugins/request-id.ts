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
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });
}

export default fp(requestIdPlugin, { name: 'request-id', fastify: '5.x' });
