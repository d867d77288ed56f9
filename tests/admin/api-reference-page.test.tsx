// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { OpenApiDocument } from '../../src/features/admin/openapi-reading';
import { ACCOUNT_ROUTES } from '../../src/app/menu/menu-tree';
import { isServerPath } from '../../server/plugins/spa';
import { renderWithApp } from '../app/helpers/render-with-app';

const adminApi = vi.hoisted(() => ({ getApiReference: vi.fn() }));
vi.mock('../../src/features/admin/admin-api', () => adminApi);

const { default: ApiReferencePage } = await import('../../src/features/admin/api-reference-page');

/** An error answer as the server states it (server/openapi/describe-route.ts), in its English words. */
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/error-body' } } } });
const UNAUTHENTICATED = errorAnswer('`APP_ERR_AUTH_UNAUTHENTICATED`: no bearer token, or an invalid or expired one, or an inactive user.');
const OTHER_FAILURE = errorAnswer('Any other failure: the error body with a code of the catalogue (`x-error-codes` at the top of this document).');

/** A file's bytes as the server states them (server/openapi/answers.ts), `x-answer-kind` naming how the file is named. */
const bytes = (type: string) => ({ schema: { type: 'string', format: 'binary', contentMediaType: type }, 'x-answer-kind': 'stored-file' });

/** The server's English sentences the page must not show in either language: it words them from the document's structure. */
const SERVER_SENTENCES = [/Needs the view key/, /the role action/, /Users, roles, view keys and the audit log/, /^Success\.$/, /the caller lacks/, /no bearer token/, /Any other failure/, /The file's bytes/, /the file's name, as ASCII/];

/** A document shaped as the server writes it (server/openapi/), with three areas. */
const reference: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Energy back-office API', version: '0.1.0' },
  tags: [
    { name: 'administration', description: 'Users, roles, view keys and the audit log.', 'x-doc': 'docs/api-admin.md' },
    { name: 'platform', description: "The browser's start-up configuration, the readiness probe and this reference.", 'x-doc': 'docs/api-reference.md' },
    { name: 'files', description: 'Uploaded documents, kept in the database by key.', 'x-doc': 'docs/api-files.md' },
    { name: 'identity', description: 'The built-in, Cognito-compatible identity service.', 'x-doc': 'docs/architecture.md' },
  ],
  components: { schemas: { 'error-body': { type: 'object', properties: { code: { type: 'string' } } } } },
  paths: {
    '/api/v2/user/{id}': {
      patch: {
        tags: ['administration'],
        description: 'Needs the view key `admin` and the role action Users / edit.',
        'x-permission': 'admin',
        'x-role-action': { page: 'Users', action: 'edit' },
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['version'],
                properties: {
                  nombre: { type: 'string', minLength: 1, maxLength: 100 },
                  pais: { type: 'string', enum: ['GT', 'SV'] },
                  version: { type: 'integer', minimum: 1 },
                },
              },
            },
          },
        },
        responses: {
          200: { description: 'Success.', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'object', properties: { id: { type: 'integer' } } } } } } } },
          401: UNAUTHENTICATED,
          403: errorAnswer('`APP_ERR_AUTH_FORBIDDEN`: the caller lacks what the route needs. Needs the view key `admin` and the role action Users / edit.'),
          default: OTHER_FAILURE,
        },
      },
    },
    '/health': {
      get: {
        tags: ['platform'],
        description: 'Public: no token needed.',
        'x-permission': 'public',
        // A success without content: what the server states for a route that declares nothing (the server's test fails on any).
        responses: { 200: { description: "Success. The answer has no declared schema (a file, a page, or a shape the area's document describes)." } },
      },
    },
    '/files/api/v1/get-file': {
      post: {
        tags: ['files'],
        description: 'Needs one of the view keys `relaciones`, `facturacion`.',
        'x-permission': ['relaciones', 'facturacion'],
        responses: {
          200: {
            description: "The file's bytes: `application/pdf` or `image/png`.",
            headers: {
              'Content-Disposition': {
                description: "`attachment; filename=\"<name>\"; filename*=UTF-8''<name>`: the name the file was stored with, as ASCII (accents dropped) and exactly (RFC 8187).",
              },
            },
            content: { 'application/pdf': bytes('application/pdf'), 'image/png': bytes('image/png') },
          },
          default: OTHER_FAILURE,
        },
      },
    },
    '/idp/{poolId}/.well-known/jwks.json': {
      get: {
        tags: ['identity'],
        description: 'Public: no token needed.',
        'x-permission': 'public',
        responses: {
          // Another protocol's body, which only the server's own words describe: shown as they are, in English.
          200: { description: '`{ keys: [JWK] }`: the public RSA keys the service signs tokens with.', content: { 'application/json': { schema: {} } } },
          default: { description: 'Failures as Amazon Cognito answers them, JSON `{ __type, message }`.' },
        },
      },
    },
  },
  'x-error-codes': [{ code: 'APP_ERR_RECORD_STALE', statusCode: 409, message: 'Someone else changed this record' }],
};

/** The document with an upload as the server states it (server/openapi/uploads.ts): a multipart body, its file part's types and cap, and its refusals. */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const withUpload: OpenApiDocument = {
  ...reference,
  tags: [...reference.tags!, { name: 'settlements', description: 'Market data, settlements, their reports and refresh jobs.', 'x-doc': 'docs/api-settlements.md' }],
  paths: {
    ...reference.paths,
    '/liquidacion/api/v3/datos-mercado': {
      post: {
        tags: ['settlements'],
        description: 'Needs the view key `liquidaciones` and the role action Settlements / create.',
        'x-permission': 'liquidaciones',
        'x-role-action': { page: 'Settlements', action: 'create' },
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file', 'tipo'],
                properties: {
                  file: { type: 'string', format: 'binary', description: 'The market data of kind `tipo`: a CSV text or an Excel workbook. At most 32 MB.', 'x-max-bytes': 32 * 1024 * 1024 },
                  tipo: { type: 'string', enum: ['precios', 'cargos'] },
                },
              },
              encoding: { file: { contentType: `text/csv, ${XLSX}` } },
            },
          },
        },
        responses: {
          200: { description: 'Success.', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'object', properties: { filas: { type: 'integer' } } } } } } } },
          400: errorAnswer('The upload is not valid: no part `file` (`APP_ERR_FILE_MISSING`), a text part outside its rules.'),
          413: errorAnswer('The body is too large: a file beyond 32 MB or more parts than the call reads (`APP_ERR_REQUEST_TOO_LARGE`).'),
          415: errorAnswer('The body is not `multipart/form-data` (`APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE`).'),
          default: OTHER_FAILURE,
        },
      },
    },
  },
};

/** The upload's English sentences, which the page words itself. */
const UPLOAD_SENTENCES = [/The upload is not valid/, /The body is too large/, /The body is not/, /The market data of kind/, /At most 32 MB/];

const open = (path = '/admin-usuario/referencia-api/') => renderWithApp(<ApiReferencePage />, path);

/** The paragraph whose whole text (its code spans included) is `text`. */
const paragraph = (text: string | RegExp) =>
  screen.getByText((_, element) => element?.tagName === 'P' && (typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? '')));

/** Fails when the page shows one of the document's English sentences it should word itself. */
function expectNoServerSentence() {
  const shown = document.body.textContent ?? '';
  for (const sentence of SERVER_SENTENCES) expect(shown).not.toMatch(sentence);
}

/** Opens an operation as a pointer does: the trigger takes the focus, then the click (the accordion acts on a focused trigger). */
function openOperation(trigger: HTMLElement) {
  act(() => trigger.focus());
  fireEvent.click(trigger);
}

describe('API reference page', () => {
  beforeEach(() => adminApi.getApiReference.mockResolvedValue(reference));
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    act(() => setLocale('es-ES'));
  });

  it('lists the operations by area, each with its method, path and who may call it', async () => {
    open();
    const administration = await screen.findByRole('region', { name: 'Administración' });
    const trigger = within(administration).getByRole('button', { name: /PATCH.*\/api\/v2\/user\/\{id\}/ });
    expect(within(trigger).getByText('admin')).toBeTruthy();
    expect(within(trigger).getByText('Usuarios / Editar')).toBeTruthy();
    const platform = screen.getByRole('region', { name: 'Plataforma' });
    expect(within(platform).getByText('Pública')).toBeTruthy();
    expect(screen.getByText('4 operaciones mostradas')).toBeTruthy();
  });

  it("opens an operation's parameters, body fields with their rules, and answers", async () => {
    open();
    openOperation(await screen.findByRole('button', { name: /PATCH/ }));
    const body = await screen.findByRole('table', { name: 'Cuerpo de PATCH /api/v2/user/{id}' });
    const pais = within(body).getByRole('rowheader', { name: 'pais' }).closest('tr')!;
    expect(within(pais).getByText('uno de "GT", "SV"')).toBeTruthy();
    const nombre = within(body).getByRole('rowheader', { name: 'nombre' }).closest('tr')!;
    expect(within(nombre).getByText('1..100 caracteres')).toBeTruthy();
    const version = within(body).getByRole('rowheader', { name: 'version' }).closest('tr')!;
    expect(within(version).getByText('Sí')).toBeTruthy();
    const parameters = screen.getByRole('table', { name: 'Parámetros de PATCH /api/v2/user/{id}' });
    expect(within(parameters).getByText('ruta')).toBeTruthy();
    const answer = screen.getByRole('table', { name: 'Respuesta 200 de PATCH /api/v2/user/{id}' });
    expect(within(answer).getByRole('rowheader', { name: 'data.id' })).toBeTruthy();
    expect(screen.getAllByText('error-body')).toHaveLength(3);
  });

  it('says when an answer declares no schema', async () => {
    open();
    openOperation(await screen.findByRole('button', { name: /GET.*\/health/ }));
    expect(await screen.findByText('Sin esquema declarado.')).toBeTruthy();
  });

  it("shows a file's content types and its Content-Disposition, not 'no declared schema'", async () => {
    open();
    openOperation(await screen.findByRole('button', { name: /POST.*\/files\/api\/v1\/get-file/ }));
    const types = await screen.findByText(/^Tipo de contenido:/);
    expect(types.textContent).toBe('Tipo de contenido: application/pdf, image/png');
    expect(screen.getByText('El archivo: un PDF o una imagen PNG.')).toBeTruthy();
    // The files service's Content-Disposition (`x-answer-kind: stored-file`), in the reader's language.
    expect(screen.getByText(/^Cabecera:/).textContent).toMatch(/^Cabecera: Content-Disposition attachment; .*: el nombre con que se guardó el archivo, en ASCII \(sin acentos\)/);
    expect(screen.queryByText('Sin esquema declarado.')).toBeNull();
    expect(screen.queryByText('string')).toBeNull();
  });

  it("shows an upload's multipart body: its text parts with their rules, its file part with its types and cap, and its refusals, in Spanish", async () => {
    adminApi.getApiReference.mockResolvedValue(withUpload);
    open();
    openOperation(await screen.findByRole('button', { name: /POST.*\/liquidacion\/api\/v3\/datos-mercado/ }));
    const body = await screen.findByRole('table', { name: 'Cuerpo de POST /liquidacion/api/v3/datos-mercado' });
    expect(paragraph('Tipo de contenido: multipart/form-data')).toBeTruthy();
    const file = within(body).getByRole('rowheader', { name: 'file' }).closest('tr')!;
    expect(within(file).getByText('archivo')).toBeTruthy();
    expect(within(file).getByText('Sí')).toBeTruthy();
    expect(within(file).getByText('un texto CSV o un libro de Excel; hasta 32 MB')).toBeTruthy();
    const tipo = within(body).getByRole('rowheader', { name: 'tipo' }).closest('tr')!;
    expect(within(tipo).getByText('uno de "precios", "cargos"')).toBeTruthy();
    expect(within(tipo).getByText('Sí')).toBeTruthy();
    expect(paragraph(/^La subida no es válida: falta la parte del archivo \(APP_ERR_FILE_MISSING\)/)).toBeTruthy();
    expect(paragraph(/^El cuerpo es demasiado grande: .*APP_ERR_REQUEST_TOO_LARGE/)).toBeTruthy();
    expect(paragraph(/^El cuerpo no es multipart\/form-data \(APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE\)/)).toBeTruthy();
    const shown = document.body.textContent ?? '';
    for (const sentence of UPLOAD_SENTENCES) expect(shown).not.toMatch(sentence);
    expect(shown).not.toMatch(/\bbinary\b/);
  });

  it("shows an upload's multipart body in English from its own words", async () => {
    act(() => setLocale('en-US'));
    adminApi.getApiReference.mockResolvedValue(withUpload);
    open();
    openOperation(await screen.findByRole('button', { name: /POST.*\/liquidacion\/api\/v3\/datos-mercado/ }));
    const body = await screen.findByRole('table', { name: 'Body of POST /liquidacion/api/v3/datos-mercado' });
    expect(paragraph('Content type: multipart/form-data')).toBeTruthy();
    const file = within(body).getByRole('rowheader', { name: 'file' }).closest('tr')!;
    expect(within(file).getByText('file', { selector: 'td' })).toBeTruthy();
    expect(within(file).getByText('a CSV text or an Excel workbook; at most 32 MB')).toBeTruthy();
    expect(within(body).getByText('one of "precios", "cargos"')).toBeTruthy();
    expect(paragraph(/^The upload is not valid: no file part \(APP_ERR_FILE_MISSING\)/)).toBeTruthy();
    expect(paragraph(/^The body is too large: a file beyond the size the body's rules give/)).toBeTruthy();
    expect(paragraph(/^The body is not multipart\/form-data \(APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE\); the files service/)).toBeTruthy();
  });

  it('keeps the search in the address and shows only what matches it', async () => {
    open('/admin-usuario/referencia-api/?q=health');
    expect(await screen.findByRole('button', { name: /GET.*\/health/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /PATCH/ })).toBeNull();
    expect(screen.getByText('1 operación mostrada')).toBeTruthy();
  });

  it('has an address the server leaves to the app, so a reload or a shared link opens the page', () => {
    const entry = ACCOUNT_ROUTES.find((route) => route.label === 'menu.apiReference');
    expect(entry?.permission).toBe('admin');
    expect(isServerPath(entry!.url)).toBe(false);
  });

  it('lists the error codes with their message in the reader’s language', async () => {
    act(() => setLocale('en-US'));
    open();
    const codes = await screen.findByRole('table', { name: 'Error codes' });
    expect(within(codes).getByRole('rowheader', { name: 'APP_ERR_RECORD_STALE' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Administration' })).toBeTruthy();
    expect(screen.getByText('4 operations shown')).toBeTruthy();
  });

  it('words who may call an operation, its area and its answers in Spanish, never in the English of the document', async () => {
    open();
    const administration = await screen.findByRole('region', { name: 'Administración' });
    expect(within(administration).getByText('Usuarios, roles, claves de vista y el registro de auditoría.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Archivos' })).getByText('Los documentos subidos, guardados en la base de datos por clave.')).toBeTruthy();
    openOperation(within(administration).getByRole('button', { name: /PATCH/ }));
    const who = 'Necesita la clave de vista admin (Administración) y la acción del rol Usuarios / Editar.';
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === who)).toBeTruthy();
    expect(screen.getByText('Correcto.')).toBeTruthy();
    expect(paragraph('APP_ERR_AUTH_UNAUTHENTICATED: sin token bearer, con uno no válido o caducado, o de un usuario inactivo.')).toBeTruthy();
    expect(paragraph(`APP_ERR_AUTH_FORBIDDEN: a quien llama le falta lo que la ruta necesita. ${who}`)).toBeTruthy();
    expect(paragraph('Cualquier otro fallo: el cuerpo de error con otro código del catálogo (los códigos de error, al final de esta página).')).toBeTruthy();
    // The rules of the fields, which the page writes itself.
    expect(screen.getByText('uno de "GT", "SV"')).toBeTruthy();
    openOperation(screen.getByRole('button', { name: /POST.*\/files\/api\/v1\/get-file/ }));
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === 'Necesita una de las claves de vista relaciones (Relaciones Comerciales) o facturacion (Facturación).')).toBeTruthy();
    expectNoServerSentence();
    expect(document.body.textContent).not.toMatch(/\bone of\b|\bchars\b/);
  });

  it('words them in English from its own words too, not by showing the document’s sentences', async () => {
    act(() => setLocale('en-US'));
    open();
    const administration = await screen.findByRole('region', { name: 'Administration' });
    expect(within(administration).getByText('Users, roles, view keys and the audit log.')).toBeTruthy();
    // The catalogue's description of the area, not the (shorter) one this document gives.
    expect(paragraph('The built-in, Cognito-compatible identity service (the AWS JSON protocol: X-Amz-Target names the operation).')).toBeTruthy();
    const trigger = within(administration).getByRole('button', { name: /PATCH/ });
    expect(within(trigger).getByText('Users / Edit')).toBeTruthy();
    openOperation(trigger);
    const who = 'Needs the view key admin (Administration) and the role action Users / Edit.';
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === who)).toBeTruthy();
    expect(paragraph(`APP_ERR_AUTH_FORBIDDEN: the caller lacks what the route needs. ${who}`)).toBeTruthy();
    expect(paragraph('Any other failure: the error body with another code of the catalogue (the error codes, at the end of this page).')).toBeTruthy();
    expect(screen.getByText('one of "GT", "SV"')).toBeTruthy();
    expect(screen.getByText('1..100 chars')).toBeTruthy();
    openOperation(screen.getByRole('button', { name: /POST.*\/files\/api\/v1\/get-file/ }));
    expect(await screen.findByText('The file: a PDF or a PNG image.')).toBeTruthy();
    const shown = document.body.textContent ?? '';
    // The document's own wording: its lower-case role action, its pointer to `x-error-codes`.
    expect(shown).not.toMatch(/Users \/ edit|x-error-codes|The file's bytes/);
    expect(shown).not.toMatch(/Needs the view key `admin`/);
  });

  it('says once, to a Spanish reader, that the notes only the document words are in English, and marks them so', async () => {
    open();
    const note = await screen.findByText(/se muestran en inglés, como en el documento\.$/);
    expect(note).toBeTruthy();
    openOperation(screen.getByRole('button', { name: /GET.*\/idp\// }));
    const jwks = await screen.findByText(/the public RSA keys the service signs tokens with/);
    expect(jwks.closest('[lang="en"]')).not.toBeNull();
    // The identity service's own area description is worded all the same.
    expect(screen.getByText(/^El servicio de identidad integrado, compatible con Cognito/)).toBeTruthy();
    cleanup();

    // An area whose texts are all worded: no note.
    open('/admin-usuario/referencia-api/?area=administration');
    await screen.findByRole('region', { name: 'Administración' });
    expect(screen.queryByText(/se muestran en inglés/)).toBeNull();
    cleanup();

    act(() => setLocale('en-US'));
    open();
    await screen.findByRole('region', { name: 'Administration' });
    expect(screen.queryByText(/shown in English/)).toBeNull();
  });

  it('finds an operation by the names of its view keys and role actions in the reader’s language', async () => {
    open('/admin-usuario/referencia-api/?q=usuarios%20editar');
    expect(await screen.findByRole('button', { name: /PATCH/ })).toBeTruthy();
    expect(screen.getByText('1 operación mostrada')).toBeTruthy();
  });
});
