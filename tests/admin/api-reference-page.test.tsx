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

const errorAnswer = { description: 'Refused', content: { 'application/json': { schema: { $ref: '#/components/schemas/error-body' } } } };

/** A file's bytes as the server states them (server/openapi/answers.ts). */
const bytes = (type: string) => ({ schema: { type: 'string', format: 'binary', contentMediaType: type } });

/** A document shaped as the server writes it (server/openapi/), with three areas. */
const reference: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Energy back-office API', version: '0.1.0' },
  tags: [
    { name: 'administration', description: 'Users, roles, view keys and the audit log.', 'x-doc': 'docs/api-admin.md' },
    { name: 'platform', description: 'Start-up configuration.', 'x-doc': 'docs/api-reference.md' },
    { name: 'files', description: 'Uploaded documents.', 'x-doc': 'docs/api-files.md' },
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
          401: errorAnswer,
          default: errorAnswer,
        },
      },
    },
    '/health': {
      get: { tags: ['platform'], 'x-permission': 'public', responses: { 200: { description: 'Success.' } } },
    },
    '/files/api/v1/get-file': {
      post: {
        tags: ['files'],
        'x-permission': ['relaciones', 'facturacion'],
        responses: {
          200: {
            description: "The file's bytes: `application/pdf` or `image/png`.",
            headers: { 'Content-Disposition': { description: '`attachment` with the file\'s name.' } },
            content: { 'application/pdf': bytes('application/pdf'), 'image/png': bytes('image/png') },
          },
          default: errorAnswer,
        },
      },
    },
  },
  'x-error-codes': [{ code: 'APP_ERR_RECORD_STALE', statusCode: 409, message: 'Someone else changed this record' }],
};

const open = (path = '/admin-usuario/referencia-api/') => renderWithApp(<ApiReferencePage />, path);

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
    expect(within(trigger).getByText('Users / edit')).toBeTruthy();
    const platform = screen.getByRole('region', { name: 'Plataforma' });
    expect(within(platform).getByText('Pública')).toBeTruthy();
    expect(screen.getByText('3 operaciones mostradas')).toBeTruthy();
  });

  it("opens an operation's parameters, body fields with their rules, and answers", async () => {
    open();
    openOperation(await screen.findByRole('button', { name: /PATCH/ }));
    const body = await screen.findByRole('table', { name: 'Cuerpo de PATCH /api/v2/user/{id}' });
    const pais = within(body).getByRole('rowheader', { name: 'pais' }).closest('tr')!;
    expect(within(pais).getByText('one of "GT", "SV"')).toBeTruthy();
    const version = within(body).getByRole('rowheader', { name: 'version' }).closest('tr')!;
    expect(within(version).getByText('Sí')).toBeTruthy();
    const parameters = screen.getByRole('table', { name: 'Parámetros de PATCH /api/v2/user/{id}' });
    expect(within(parameters).getByText('ruta')).toBeTruthy();
    const answer = screen.getByRole('table', { name: 'Respuesta 200 de PATCH /api/v2/user/{id}' });
    expect(within(answer).getByRole('rowheader', { name: 'data.id' })).toBeTruthy();
    expect(screen.getAllByText('error-body')).toHaveLength(2);
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
    expect(screen.getByText(/^Cabecera:/).textContent).toBe("Cabecera: Content-Disposition attachment with the file's name.");
    expect(screen.queryByText('Sin esquema declarado.')).toBeNull();
    expect(screen.queryByText('string')).toBeNull();
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
    expect(screen.getByText('3 operations shown')).toBeTruthy();
  });
});
