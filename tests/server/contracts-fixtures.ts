// Shared set-up of the contract and annex API tests: valid request bodies and a contract made
// through the API (on a company made through the companies API).
import { expect } from 'vitest';
import type { Annex, AnnexCreate } from '../../schemas/annex.schema';
import type { Contract, ContractCreate } from '../../schemas/contract.schema';
import type { AdminWorld } from './admin-fixtures';
import { createCompany, storedFileKey } from './companies-fixtures';
import type { TestApp } from './helpers';

let nitCounter = 500;

/** A company of its own (one company per tax id and country). */
export async function freshCompany(w: AdminWorld, email: string) {
  nitCounter += 1;
  return createCompany(w, email, { nit: `${nitCounter}0002-C`, razon_social: `Generadora ${nitCounter}, S.A.` });
}

/** A valid contract create body for `empresaId` with the signed file `fileKey`. */
export function contractBody(empresaId: number, fileKey: string, overrides: Record<string, unknown> = {}) {
  return {
    empresa_id: empresaId,
    sucursal: 'GT',
    tipo_contrato: 'PF',
    tipo_transaccion: 'I',
    tipo_oferta: 'firme',
    clase_contrato: 'CNFFF',
    incoterm: 'DAP',
    fecha_inicio: '2025-01-01',
    plazo: 12,
    codigo_contraparte: 'CP-0001',
    codigo_agente: 'EPWM-GT',
    tripartito: false,
    tipo_factura: 'mensual',
    dias_factura: 5,
    tipo_credito: 'dias_calendario',
    dias_credito: 30,
    tipo_garantia: 'carta_credito',
    monto_garantia: '250000.00',
    moneda: 'USD',
    archivo_firmado: fileKey,
    local_regional: 'regional',
    tipo_liquidacion: 'energia',
    pmi: ['GT-ESC-230'],
    pmr: ['SV-AHU-115'],
    poc: '95.50',
    margen: '3.25',
    fee: '1.50',
    precio_fijo: '88.00',
    energia: '7200',
    potencia: '10',
    firmantes: [{ nombre: 'Jorge Méndez', cargo: 'Representante legal', email: 'jorge@energia-gt.test' }],
    ...overrides,
  } as ContractCreate & Record<string, unknown>;
}

/** POSTs a valid contract with `overrides`, on a fresh company and signed file, as `email`: the company, the file key and the response, unchecked. */
export async function postContract(t: TestApp, w: AdminWorld, email: string, overrides: Record<string, unknown> = {}, fileName?: string) {
  const company = await freshCompany(w, email);
  const key = await storedFileKey(t, fileName);
  const response = await w.as(email, { method: 'POST', url: '/contratos/api/v1/create', payload: contractBody(company.id, key, overrides) });
  return { company, key, response };
}

/** Creates a contract (on a fresh company) through the API and answers it. */
export async function createContract(t: TestApp, w: AdminWorld, email: string, overrides: Record<string, unknown> = {}): Promise<Contract> {
  const { response } = await postContract(t, w, email, overrides, 'contrato-firmado.pdf');
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Contract;
}

/** A valid annex create body for `contratoId`. */
export function annexBody(contratoId: number, overrides: Record<string, unknown> = {}) {
  return {
    contrato_id: contratoId,
    fecha_inicio: '2025-02-01',
    fecha_fin: '2025-02-28',
    tripartito: false,
    potencia_contratada: '12.5',
    unidad_potencia: 'MW',
    pmr: ['SV-AHU-115', 'SV-NEJ-230'],
    pmi: ['GT-ESC-230'],
    fee: '1.25',
    precio_fijo: '90.10',
    margen_pct: '4.5',
    derecho_transmision: '15',
    derecho_transmision_tipo: '%',
    participacion_pct: '100',
    titular_transmision: 'Energía del Pacífico, S.A.',
    pct_cargos_mmi: '50',
    pct_cargos_mmr: '50',
    pct_fpn: '0',
    ...overrides,
  } as AnnexCreate & Record<string, unknown>;
}

/** POSTs an annex of `contratoId` (a valid body with `overrides`) as `email`, and answers the response as it is. */
export function postAnnex(w: AdminWorld, email: string, contratoId: number, overrides: Record<string, unknown> = {}) {
  return w.as(email, { method: 'POST', url: '/anexos/api/v1/create', payload: annexBody(contratoId, overrides) });
}

/** Creates an annex of `contratoId` through the API and answers it. */
export async function createAnnex(w: AdminWorld, email: string, contratoId: number, overrides: Record<string, unknown> = {}): Promise<Annex> {
  const response = await postAnnex(w, email, contratoId, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Annex;
}

/** `path message` of each detail of an error answer, for readable assertions. */
export const detailsOf = (response: { json(): unknown }) =>
  ((response.json() as { details?: Array<{ instancePath: string; message: string }> }).details ?? []).map(
    (detail) => `${detail.instancePath} ${detail.message}`,
  );

/** The fields an error answer's details point at (a missing property counts as its field). */
export const detailFieldsOf = (response: { json(): unknown }) =>
  new Set(
    ((response.json() as { details?: Array<{ instancePath: string; keyword?: string; message: string }> }).details ?? []).map(
      (detail) =>
        (detail.keyword === 'required' ? /property '([^']+)'/.exec(detail.message)?.[1] : undefined) ??
        detail.instancePath.split('/')[1] ??
        '',
    ),
  );
