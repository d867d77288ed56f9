// The API reference (docs/api-reference.md): @fastify/swagger collects every route as it is
// added (an onRoute hook, so register this plugin before any route) and builds an OpenAPI 3.1
// document from the routes' own JSON Schemas, with what describe-route.ts adds (who may call,
// the token, the error answers, an upload's multipart body). Served to administrators at GET /api/openapi.json.
import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CATALOGUE } from '../errors/catalogue';
import { API_AREAS } from './areas';
import { BEARER_SCHEME, describeRoute, placeRequestBodies } from './describe-route';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const DESCRIPTION = [
  'Every route of the energy back-office, generated from the JSON Schemas the server validates with.',
  "Each operation says who may call it (`x-permission`: `public`, `signed-in`, a view key or a list of them; `x-role-action`: the role's page action on top).",
  'Every failure answers the error body `{ statusCode, code, message, details? }`; `x-error-codes` lists every code with its status.',
  "What a schema cannot say (lifecycles, rules, examples) is in each area's document under docs/ (the tag's `x-doc`).",
].join('\n\n');

/** The document's own schema: an OpenAPI object, passed through whole. */
const openapiDocumentSchema = {
  type: 'object',
  required: ['openapi', 'info', 'paths'],
  properties: { openapi: { type: 'string' } },
  additionalProperties: true,
} as const;

async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Energy back-office API', version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The id token (or access token) the identity service gave at sign-in: `Authorization: Bearer <token>`.',
          },
        },
      },
      // `x-doc`: the area's hand-written document, for what a schema cannot say.
      tags: API_AREAS.map((area) => ({ name: area.tag, description: area.description, 'x-doc': `docs/${area.doc}` })),
      'x-error-codes': ERROR_CATALOGUE.map(({ code, statusCode, message }) => ({ code, statusCode, message })),
    } as Record<string, unknown>,
    transform: describeRoute,
    // The request bodies swagger cannot build from a `body` schema (an upload's), as describeRoute left them.
    transformObject: (document) => ('openapiObject' in document ? placeRequestBodies(document.openapiObject) : document.swaggerObject),
    // Shared schemas (app.addSchema) keep their $id as their name under components.schemas.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });

  app.get(
    '/api/openapi.json',
    // The reference describes every route, the administration's included: administrators only.
    { config: { permission: 'admin' }, schema: { response: { 200: openapiDocumentSchema } } },
    async () => app.swagger(),
  );
}

export default fp(openapiPlugin, { name: 'openapi', fastify: '5.x', dependencies: ['auth'] });
