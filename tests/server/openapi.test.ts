// @vitest-environment node
// The API reference (docs/api-reference.md): GET /api/openapi.json lists every route the app
// records (the auth plugin's onRoute hook, so a route added later is checked without anyone
// writing a test for it) with its method, its permission, its security, its success answer's
// content (a response schema or the route's `config.answers`), its error answers and, for a route
// that reads an upload, its multipart body (`config.upload`), serves it to administrators only,
// and is a valid OpenAPI 3.1 document.
import { validate, compileErrors } from '@readme/openapi-parser';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES, FILE_MIME_TYPES, fileUploadTypeSchema } from '../../schemas/file.schema';
import { PREDESPACHO_MAX_BYTES } from '../../schemas/logbook.schema';
import { MARKET_DATA_MAX_BYTES, marketDataKindSchema } from '../../schemas/market-data.schema';
import { PERMISSION_KEYS } from '../../schemas/permission-key.schema';
import { errorBodySchema } from '../../schemas/error-body.schema';
import { userCreateSchema } from '../../schemas/user.schema';
import { readMultipart } from '../../server/files/upload';
import { API_AREAS } from '../../server/openapi/areas';
import type { DeclaredRoute } from '../../server/plugins/auth';
import { bearer, startTestApp, type TestApp } from './helpers';
import { routeLabel } from './support/route-callers';

const ADMIN = 'referencia.admin@test.energy';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NOT_ADMIN = 'referencia.todo-menos-admin@test.energy';

/** A multipart body as the reference states it (server/openapi/uploads.ts). */
interface MultipartMedia {
  schema: { type: string; required: string[]; properties: Record<string, Record<string, unknown>> };
  encoding?: Record<string, { contentType?: string }>;
}

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  'x-permission'?: unknown;
  'x-role-action'?: unknown;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { required?: boolean; content: Record<string, MultipartMedia | undefined> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }>; headers?: Record<string, { description?: string }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string }> } & Record<string, unknown>;

/** Why a recorded route is not looked for in the document, or null when it is. */
function leftOutBecause(route: DeclaredRoute): string | null {
  // Fastify adds a HEAD route to every GET (exposeHeadRoutes): the same handler, answered without
  // a body; the reference lists the GET.
  if (route.method === 'HEAD') return 'the automatic HEAD of a GET';
  // The SPA's catch-all serves the app's pages and files, not an API (server/plugins/spa.ts).
  if (route.url === '/*') return "the web app's pages and files";
  return null;
}

/** A Fastify route pattern as an OpenAPI path (`/x/:id` -> `/x/{id}`). */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let t: TestApp;
let adminToken: string;
let documented: DeclaredRoute[];
let doc: Document;
const userCreateBefore = JSON.stringify(userCreateSchema);
const errorBodyBefore = JSON.stringify(errorBodySchema);

beforeAll(async () => {
  t = await startTestApp({ env: { JOB_WORKERS: '0' } });
  await t.app.ready();
  await t.createUser({ email: ADMIN, permisos_x_view: ['admin'] });
  await t.createUser({ email: NOT_ADMIN, permisos_x_view: PERMISSION_KEYS.filter((key) => key !== 'admin') });
  adminToken = await t.mintToken(ADMIN);
  documented = t.app.declaredRoutes.filter((route) => leftOutBecause(route) === null);
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: bearer(adminToken) });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});

afterAll(async () => {
  await t?.close();
});

/**
 * The document's operation of a route. A plugin's `/` route answers both `/idp` and `/idp/`:
 * Fastify runs onRoute once, for `/idp`, then adds `/idp/` with the same options object, which
 * is the one @fastify/swagger keeps; either spelling is the route.
 */
function operationOf(route: DeclaredRoute): Operation | undefined {
  const method = route.method.toLowerCase();
  const path = openapiPath(route.url);
  return doc.paths[path]?.[method] ?? doc.paths[`${path}/`]?.[method];
}

describe('GET /api/openapi.json', () => {
  it('answers 401 APP_ERR_AUTH_UNAUTHENTICATED without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('APP_ERR_AUTH_UNAUTHENTICATED');
  });

  it('answers 403 APP_ERR_AUTH_FORBIDDEN to a user holding every view key but admin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: bearer(await t.mintToken(NOT_ADMIN)) });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('APP_ERR_AUTH_FORBIDDEN');
  });

  it('answers an administrator with a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // The validator dereferences what it is given: it gets a copy.
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('resolves every $ref inside the document', () => {
    const refs = new Set(JSON.stringify(doc).match(/"\$ref":"[^"]*"/g)?.map((match) => match.slice(8, -1)));
    expect(refs.size).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect(target, ref).toBeDefined();
    }
  });
});

describe('the reference', () => {
  it('lists every route Fastify has, with its method, and nothing else', () => {
    expect(documented.map(routeLabel)).toContain('GET /api/openapi.json');
    const missing = documented.filter((route) => operationOf(route) === undefined).map(routeLabel);
    expect(missing).toEqual([]);
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(documented.length);
  });

  it("states each route's permission, role action and security as the route declares them", () => {
    for (const route of documented) {
      const operation = operationOf(route)!;
      expect(operation['x-permission'], routeLabel(route)).toEqual(route.public ? 'public' : route.permission);
      expect(operation['x-role-action'], routeLabel(route)).toEqual(route.action);
      expect(operation.security, routeLabel(route)).toEqual(route.public ? [] : [{ bearer: [] }]);
    }
  });

  it('gives each route the error body for 401, for 403 where a view key or role action applies, and for 400 where it checks a request schema', () => {
    const errorBody = { $ref: '#/components/schemas/error-body' };
    const ownProtocol = API_AREAS.filter((area) => area.ownProtocol).flatMap((area) => area.prefixes);
    for (const route of documented) {
      if (ownProtocol.some((prefix) => route.url.startsWith(prefix))) continue;
      const { responses } = operationOf(route)!;
      const answer = (status: string) => responses[status]?.content?.['application/json']?.schema;
      if (!route.public) expect(answer('401'), routeLabel(route)).toEqual(errorBody);
      if (!route.public && (route.permission !== 'signed-in' || route.action !== undefined)) expect(answer('403'), routeLabel(route)).toEqual(errorBody);
      if (route.schema.body || route.schema.querystring || route.schema.params) expect(answer('400'), routeLabel(route)).toEqual(errorBody);
      expect(answer('default'), routeLabel(route)).toEqual(errorBody);
    }
  });

  it("states every route's success answer with its content: a response schema, or the route's config.answers", () => {
    // A route that declares neither gets a 200 without content (describe-route.ts): it fails here.
    const unstated = documented
      .filter((route) => {
        const successes = Object.entries(operationOf(route)!.responses).filter(([status]) => /^2/.test(status));
        const stated = ([status, answer]: (typeof successes)[number]) =>
          status === '204' || (Object.keys(answer.content ?? {}).length > 0 && Object.values(answer.content ?? {}).every((media) => media.schema !== undefined));
        return successes.length === 0 || !successes.every(stated);
      })
      .map(routeLabel);
    expect(unstated, 'declare a response schema, or config.answers (server/openapi/answers.ts)').toEqual([]);
  });

  it('states a download as its bytes of each content type it may have, named by Content-Disposition, and an event stream as text/event-stream', () => {
    const success = (path: string, method: string) => doc.paths[path]![method]!.responses['200']!;
    // `x-answer-kind` names the text the app's page words in the reader's language (server/openapi/answers.ts).
    const bytes = (type: string, kind: string) => ({ schema: { type: 'string', format: 'binary', contentMediaType: type }, 'x-answer-kind': kind });
    const workbook = success('/estado_de_cuenta/api/v1/excel', 'post');
    expect(workbook.content).toEqual({ [XLSX]: bytes(XLSX, 'download') });
    expect(workbook.headers?.['Content-Disposition']?.description).toMatch(/^`attachment; filename=/);
    expect(success('/facturacion/api/v1/facturas/{id}/pdf', 'get').content).toEqual({ 'application/pdf': bytes('application/pdf', 'download') });
    const storedFile = success('/files/api/v1/get-file', 'post');
    expect(storedFile.content).toEqual(Object.fromEntries(FILE_MIME_TYPES.map((type) => [type, bytes(type, 'stored-file')])));
    expect(storedFile.headers?.['Content-Disposition']?.description).toContain('`inline`');
    for (const path of ['/api/v1/trabajos/{id}/eventos', '/procesos/api/v1/ejecuciones/{id}/eventos']) {
      expect(success(path, 'get').content, path).toEqual({ 'text/event-stream': { schema: { type: 'string' }, 'x-answer-kind': 'job-events' } });
    }
  });

  it('states the status and content type a route without a response schema sends', async () => {
    const calls = [
      { method: 'GET' as const, url: `/idp/${t.config.identity.poolId}/.well-known/jwks.json`, path: '/idp/{poolId}/.well-known/jwks.json' },
      { method: 'GET' as const, url: '/market-sim/original/admin/config', path: '/market-sim/{sitio}/admin/config', headers: bearer(adminToken) },
      { method: 'POST' as const, url: '/market-sim/original/admin/reset', path: '/market-sim/{sitio}/admin/reset', headers: bearer(adminToken) },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ method: call.method, url: call.url, headers: call.headers });
      const stated = doc.paths[call.path]![call.method.toLowerCase()]!.responses[String(response.statusCode)];
      expect(stated, `${call.method} ${call.path} ${response.statusCode}`).toBeDefined();
      const type = response.headers['content-type']?.toString().split(';')[0];
      expect(Object.keys(stated!.content ?? {}), `${call.method} ${call.path}`).toEqual(type === undefined ? [] : [type]);
    }
  });

  it('states the multipart body of every route that reads an upload, and of no other', () => {
    // A route reads an upload when its scope parses multipart/form-data and it takes a body that
    // no JSON schema describes (the route table, not a list: a new upload route is checked too);
    // its reader refuses to read without `config.upload` (the test below), which the document states.
    const readsUpload = (route: DeclaredRoute) => route.multipart && ['POST', 'PUT', 'PATCH'].includes(route.method) && route.schema.body === undefined;
    const uploads = documented.filter(readsUpload).map(routeLabel);
    expect(uploads).toEqual(
      expect.arrayContaining(['POST /files/api/v1/once-file-updload', 'POST /liquidacion/api/v3/datos-mercado', 'POST /ercot/api/v1/precios-dam', 'POST /bitacoras/api/v1/predespacho/importar']),
    );
    const stated = documented.filter((route) => operationOf(route)!.requestBody?.content['multipart/form-data'] !== undefined).map(routeLabel);
    expect(stated.sort(), 'declare config.upload (server/openapi/uploads.ts) on every route that reads a multipart body').toEqual([...uploads].sort());
    for (const route of documented.filter(readsUpload)) {
      const { requestBody, responses } = operationOf(route)!;
      expect(requestBody?.required, routeLabel(route)).toBe(true);
      expect(Object.keys(requestBody!.content), routeLabel(route)).toEqual(['multipart/form-data']);
      const { schema, encoding = {} } = requestBody!.content['multipart/form-data']!;
      // One part of bytes, required, with its content types in its encoding and its cap.
      const files = Object.entries(schema.properties).filter(([, part]) => part.format === 'binary');
      expect(files.map(([name]) => name), routeLabel(route)).toEqual(['file']);
      expect(schema.required, routeLabel(route)).toContain('file');
      expect(encoding.file?.contentType, routeLabel(route)).toMatch(/^[\w.+-]+\/[\w.+-]+(, [\w.+-]+\/[\w.+-]+)*$/);
      expect(files[0]![1]['x-max-bytes'], routeLabel(route)).toBeGreaterThan(0);
      // What its reader refuses, in the error body.
      for (const status of ['400', '413', '415']) expect(responses[status]?.content?.['application/json']?.schema, `${routeLabel(route)} ${status}`).toEqual({ $ref: '#/components/schemas/error-body' });
    }
  });

  it("states an upload's text parts with the route's own schemas, its content types and the cap its reader enforces", () => {
    const body = (path: string) => doc.paths[path]!.post!.requestBody!.content['multipart/form-data']!;
    const XLSX_OR_CSV = `text/csv, ${XLSX}`;
    const marketData = body('/liquidacion/api/v3/datos-mercado');
    expect(marketData.schema.required).toEqual(['file', 'tipo']);
    expect(marketData.schema.properties.tipo).toEqual(marketDataKindSchema);
    expect(marketData.schema.properties.file).toMatchObject({ type: 'string', format: 'binary', 'x-max-bytes': MARKET_DATA_MAX_BYTES });
    expect(marketData.schema.properties.file!.description).toMatch(/At most 32 MB\.$/);
    expect(marketData.encoding).toEqual({ file: { contentType: XLSX_OR_CSV } });
    const stored = body('/files/api/v1/once-file-updload');
    expect(stored.schema.required).toEqual(['file']);
    expect(stored.schema.properties.tipo).toEqual(fileUploadTypeSchema);
    expect(stored.schema.properties.file!['x-max-bytes']).toBe(FILE_MAX_BYTES);
    expect(stored.encoding).toEqual({ file: { contentType: FILE_MIME_TYPES.join(', ') } });
    // The predespacho's day stays its query parameter; its body is the one workbook.
    const predespacho = doc.paths['/bitacoras/api/v1/predespacho/importar']!.post!;
    expect(predespacho.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(['query fecha']);
    const workbook = body('/bitacoras/api/v1/predespacho/importar');
    expect(Object.keys(workbook.schema.properties)).toEqual(['file']);
    expect(workbook.schema.properties.file).toMatchObject({ contentMediaType: XLSX, 'x-max-bytes': PREDESPACHO_MAX_BYTES });
  });

  it('refuses to read a multipart body for a route that declares no config.upload', async () => {
    const request = { method: 'POST', url: '/x', routeOptions: { url: '/x', config: {} }, isMultipart: () => true } as unknown as FastifyRequest;
    await expect(readMultipart(request, () => new Error('too large'))).rejects.toThrow(/POST \/x reads a multipart body but declares no config\.upload/);
  });

  it("tags every operation with an area of its own, each linking that area's document", () => {
    const tags = new Set(doc.tags.map((tag) => tag.name));
    for (const route of documented) expect(tags.has(operationOf(route)!.tags?.[0] ?? ''), routeLabel(route)).toBe(true);
  });

  it("lists every code of the error catalogue with its status", () => {
    const catalogue = doc['x-error-codes'] as Array<{ code: string; statusCode: number }>;
    expect(catalogue).toContainEqual(expect.objectContaining({ code: 'APP_ERR_REQUEST_INVALID', statusCode: 400 }));
    expect(catalogue).toContainEqual(expect.objectContaining({ code: 'APP_ERR_RECORD_STALE', statusCode: 409 }));
  });

  it("leaves the routes' own shared schemas as they were", () => {
    expect(JSON.stringify(userCreateSchema)).toBe(userCreateBefore);
    expect(JSON.stringify(errorBodySchema)).toBe(errorBodyBefore);
  });
});
