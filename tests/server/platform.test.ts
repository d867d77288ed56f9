// @vitest-environment node
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../schemas/error-body.schema';
import { permissionKeySchema } from '../../schemas/permission-key.schema';
import { publicConfigSchema } from '../../schemas/public-config.schema';
import { loadConfig } from '../../server/config';
import { publicConfig } from '../../server/platform/routes';
import { bearer, startTestApp, type TestApp } from './helpers';

const ajv = addFormats(new Ajv({ allErrors: true }));
ajv.addSchema(permissionKeySchema);
const isErrorBody = ajv.compile(errorBodySchema);
const isPublicConfig = ajv.compile(publicConfigSchema);

function expectErrorBody(body: unknown, statusCode: number, code: string) {
  expect(isErrorBody(body), JSON.stringify(isErrorBody.errors)).toBe(true);
  expect(body).toMatchObject({ statusCode, code });
}

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'energy-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log("app")');
  t = await startTestApp({
    env: { LOG_LEVEL: 'info', BODY_LIMIT_BYTES: '2048' },
    app: { distDir, logStream },
  });
  // A signed-in echo route to exercise body parsing, validation and size limits.
  t.app.post<{ Body: { nombre: string; email: string } }>(
    '/api/test/echo',
    {
      config: { permission: 'signed-in' },
      schema: {
        body: {
          type: 'object',
          required: ['nombre', 'email'],
          properties: { nombre: { type: 'string', minLength: 1 }, email: { type: 'string', format: 'email' } },
        },
      },
    },
    async (request) => request.body,
  );
  t.app.get('/api/test/boom', { config: { permission: 'signed-in' } }, async () => {
    throw new Error('database password is hunter2');
  });
  await t.createUser({ email: 'someone@test.energy' });
});

afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('public platform routes', () => {
  it('GET /config.json gives the built-in identity endpoint, pool, client and gateway', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(isPublicConfig(body)).toBe(true);
    expect(body).toEqual({
      userPoolId: 'local_EnergyPool',
      clientId: 'energy-backoffice-web',
      endpoint: 'http://127.0.0.1:8080/idp/',
      gatewayUrl: 'http://127.0.0.1:8080/gateway',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('without PUBLIC_URL, /config.json points the browser at the origin it loaded the page from', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(publicConfig(config, 'http://127.0.0.1:8080')).toMatchObject({
      endpoint: 'http://127.0.0.1:8080/idp/',
      gatewayUrl: 'http://127.0.0.1:8080/gateway',
    });
    expect(publicConfig(config, 'https://backoffice.example')).toMatchObject({
      endpoint: 'https://backoffice.example/idp/',
    });
    // The token issuer stays fixed whatever host name the browser used.
    expect(config.identity.mode === 'builtin' && config.identity.issuer).toBe('http://localhost:8080/idp/local_EnergyPool');
  });

  it('GET /health answers ok without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('security headers and request ids', () => {
  it('sends a CSP that allows only our own scripts plus the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/home' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // Plain http: no HSTS and no upgrade of requests, which would break a local deployment.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('echoes a caller-supplied x-request-id and generates one otherwise', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'trace-42.a' } });
    expect(given.headers['x-request-id']).toBe('trace-42.a');
    const generated = await t.app.inject({ method: 'GET', url: '/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // An id that could forge log lines is replaced, not echoed.
    const hostile = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'a b\u0007c' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line per answered request: its id, method, address, status and time', async () => {
    logLines.length = 0;
    // (Not /health: a load balancer's probes are logged only at warn.)
    await t.app.inject({ method: 'GET', url: '/config.json?probe=1', headers: { 'x-request-id': 'log-line-1' } });
    const lines = logLines.flatMap((chunk) => chunk.split('\n')).filter((line) => line.includes('log-line-1'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: 'log-line-1', msg: 'request completed', method: 'GET', url: '/config.json?probe=1', statusCode: 200, responseTime: expect.any(Number) });
  });

  it('never writes the authorization header or request bodies to the log', async () => {
    const token = await t.mintToken('someone@test.energy');
    logLines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer(token), 'x-request-id': 'log-check-1' },
      payload: { nombre: 'secreto-del-cuerpo', email: 'someone@test.energy' },
    });
    const logged = logLines.join('');
    expect(logged).toContain('log-check-1');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('secreto-del-cuerpo');
  });
});

describe('the one error body', () => {
  it('an unknown API path is a JSON 404 APP_ERR_ROUTE_NOT_FOUND, never the SPA', async () => {
    for (const url of ['/api/v2/nothing-here', '/api', '/idp/unknown/path', '/gateway/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expectErrorBody(response.json(), 404, 'APP_ERR_ROUTE_NOT_FOUND');
    }
    const post = await t.app.inject({ method: 'POST', url: '/anything' });
    expectErrorBody(post.json(), 404, 'APP_ERR_ROUTE_NOT_FOUND');
  });

  it('a body that fails its schema is a 400 APP_ERR_REQUEST_INVALID with a detail per field', async () => {
    const token = await t.mintToken('someone@test.energy');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: bearer(token),
      payload: { nombre: '', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectErrorBody(body, 400, 'APP_ERR_REQUEST_INVALID');
    expect(body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ instancePath: '/nombre', keyword: 'minLength' }),
        expect.objectContaining({ instancePath: '/email', keyword: 'format' }),
      ]),
    );
  });

  it('broken JSON is a 400 APP_ERR_REQUEST_MALFORMED', async () => {
    const token = await t.mintToken('someone@test.energy');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"nombre": ',
    });
    expectErrorBody(response.json(), 400, 'APP_ERR_REQUEST_MALFORMED');
  });

  it('a body over BODY_LIMIT_BYTES is a 413 APP_ERR_REQUEST_TOO_LARGE', async () => {
    const token = await t.mintToken('someone@test.energy');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: bearer(token),
      payload: { nombre: 'x'.repeat(4096), email: 'someone@test.energy' },
    });
    expect(response.statusCode).toBe(413);
    expectErrorBody(response.json(), 413, 'APP_ERR_REQUEST_TOO_LARGE');
  });

  it('an unsupported content type is a 415 APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE', async () => {
    const token = await t.mintToken('someone@test.energy');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...bearer(token), 'content-type': 'application/xml' },
      payload: '<nombre/>',
    });
    expect(response.statusCode).toBe(415);
    expectErrorBody(response.json(), 415, 'APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE');
  });

  it('an unexpected failure is a 500 APP_ERR_SERVER_INTERNAL that leaks nothing', async () => {
    const token = await t.mintToken('someone@test.energy');
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: bearer(token) });
    expect(response.statusCode).toBe(500);
    expectErrorBody(response.json(), 500, 'APP_ERR_SERVER_INTERNAL');
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('stack');
  });
});

describe('the built SPA', () => {
  it('serves index.html for app routes (history fallback) without caching it', async () => {
    for (const url of ['/', '/home', '/contabilidad/flujo-caja/', '/pais/panama/6?lang=en-US']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body).toContain('<title>SPA</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable files and a missing asset as a 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-0000.js' });
    expectErrorBody(missing.json(), 404, 'APP_ERR_ROUTE_NOT_FOUND');
    const escape = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(escape.body).not.toContain('root:');
  });
});
