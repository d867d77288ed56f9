// Public platform routes: the browser's start-up configuration and the readiness probe.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { publicConfigSchema, type PublicConfig } from '../../schemas/public-config.schema';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';

interface PlatformRoutesOptions {
  config: AppConfig;
  db: Db;
}

/**
 * What `GET /config.json` answers: one SPA build runs against any identity setup.
 * Without PUBLIC_URL the browser-facing URLs use the origin the page was loaded from, so
 * opening the product as `127.0.0.1` or by a host name works without configuration
 * (the identity calls stay same-origin and need no CORS).
 */
export function publicConfig(config: AppConfig, requestOrigin: string): PublicConfig {
  const { identity } = config;
  const base = config.publicUrlConfigured ? config.publicUrl : requestOrigin;
  const body: PublicConfig = {
    userPoolId: identity.poolId,
    clientId: identity.clientId,
    gatewayUrl: config.gatewayUrlConfigured ? config.gatewayUrl : `${base}/gateway`,
  };
  // The hosted service is reached at its default URL, so the browser gets no endpoint.
  if (identity.mode === 'builtin') body.endpoint = config.publicUrlConfigured ? identity.endpoint : `${base}/idp/`;
  return body;
}

export default async function platformRoutes(app: FastifyInstance, options: PlatformRoutesOptions) {
  app.get(
    '/config.json',
    {
      config: { public: true },
      schema: { response: { 200: { $ref: `${publicConfigSchema.$id}#` } } },
    },
    async (request, reply) => {
      // Configuration may change with a redeploy: the browser must not keep an old copy.
      reply.header('cache-control', 'no-store');
      return publicConfig(options.config, `${request.protocol}://${request.host}`);
    },
  );

  app.get(
    '/health',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: {
        response: {
          200: { type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ok' } } },
        },
      },
    },
    async (_request, reply) => {
      // Ready means the database answers; a failure becomes the usual 500 error body.
      await options.db.execute(sql`select 1`);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
}
