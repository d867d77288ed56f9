// Shared set-up of the company and contact API tests (and of any test that needs a company,
// such as the contracts tests): valid request bodies, an uploaded file, a company made
// through the API.
import { randomUUID, createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { CompanyCreate } from '../../schemas/company.schema';
import { fileBlobs, files } from '../../server/db/schema/files';
import type { AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';

/** A contact as the company wizard sends it. */
export function contactBody(overrides: Record<string, unknown> = {}) {
  return {
    tipo_contacto: 'comercial',
    nombre: 'María López',
    email: 'maria.lopez@energia-gt.test',
    telefono: '+502 2233-4455',
    extension: '12',
    celular: '+502 5566-7788',
    cargo: 'Gerente comercial',
    ...overrides,
  };
}

/** A bank account with every field (all are required). */
export function bankBody(overrides: Record<string, unknown> = {}) {
  return {
    nombre_beneficiario: 'Energía del Pacífico, S.A.',
    direccion: '5a avenida 5-55 zona 14, Ciudad de Guatemala',
    pais_destino: 'GT',
    codigo_postal: '01014',
    telefono: '+502 2233-4400',
    cuenta: '0012345678',
    email_notificacion_pago: 'tesoreria@energia-gt.test',
    banco_beneficiario: 'Banco Industrial',
    swift_bic: 'INDLGTGC',
    banco_intermediario: 'Citibank N.A.',
    direccion_banco_intermediario: '388 Greenwich St, New York, NY',
    aba: '021000089',
    moneda: 'USD',
    ...overrides,
  };
}

/** A valid company create body; `overrides` replaces top-level fields. */
export function companyBody(overrides: Record<string, unknown> = {}): CompanyCreate & Record<string, unknown> {
  return {
    razon_social: 'Energía del Pacífico, S.A.',
    codigo_agente: 'EPAC',
    pais: 'GT',
    nit: '1234567-8',
    representante_legal: 'Jorge Méndez',
    direccion_legal: '5a avenida 5-55 zona 14, Ciudad de Guatemala',
    tipo_identificacion: 'dpi',
    identificacion_representante: '2456 78901 0101',
    tipo_contrato: 'regional',
    relacion_comercial: 'Guatemala',
    codigo_cenace_importacion: null,
    codigo_cenace_exportacion: null,
    contactos: [contactBody()],
    coordenadas_bancarias: [bankBody()],
    documentos: [],
    ...overrides,
  } as CompanyCreate & Record<string, unknown>;
}

/** Stores a (fake PDF) file the way the upload route does and answers its key. */
export async function storedFileKey(t: TestApp, nombre = 'escritura.pdf'): Promise<string> {
  const content = Buffer.from(`%PDF-1.4\n% ${nombre} ${randomUUID()}\n%%EOF\n`);
  const sha256 = createHash('sha256').update(content).digest('hex');
  await t.db.insert(fileBlobs).values({ sha256, content, size: content.length }).onConflictDoNothing();
  const key = `f_${randomUUID()}`;
  await t.db.insert(files).values({ key, sha256, nombre, tipo_mime: 'application/pdf', tamano: content.length, created_by: 'test' });
  return key;
}

/** Creates a company through the API as `email` and answers the created company. */
export async function createCompany(w: AdminWorld, email: string, overrides: Record<string, unknown> = {}) {
  const response = await w.as(email, { method: 'POST', url: '/empresas/api/v1/post', payload: companyBody(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: number;
    version: number;
    razon_social: string;
    contactos: Array<{ id: number; version: number; nombre: string }>;
    coordenadas_bancarias: Array<{ id: number; version: number; cuenta: string }>;
    documentos: Array<{ id: number; tipo: string; key: string; nombre: string | null }>;
  };
}
