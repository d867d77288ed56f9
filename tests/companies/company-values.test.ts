// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { blankDraft } from '../../machines/companies/company-draft.machine';
import type { Company } from '../../schemas/company.schema';
import { companyToDraft, createBody, toPathErrors, updateBody } from '../../src/features/companies/company-values';
import { VALID_COMPANY } from './company-fixtures';

function draftOf(values: Readonly<Record<string, string>>) {
  const draft = blankDraft();
  for (const [path, value] of Object.entries(values)) {
    const [head, index, field] = path.split('.');
    if (field !== undefined && (head === 'contactos' || head === 'coordenadas_bancarias')) draft[head][Number(index)]![field] = value;
    else draft[head!] = value;
  }
  return draft;
}

describe('company values', () => {
  it('puts the server details of nested rows beside the exact field', () => {
    const errors = toPathErrors([
      { instancePath: '/contactos/1', keyword: 'required', message: "must have required property 'celular'" },
      { instancePath: '/coordenadas_bancarias/0/aba', keyword: 'pattern', message: 'must match pattern' },
      { instancePath: '/nit', keyword: 'unique', message: 'a company with this tax id exists in this country' },
      { instancePath: '', keyword: 'required', message: "must have required property 'razon_social'" },
    ]);
    expect(errors).toEqual({
      'contactos.1.celular': { key: 'forms.errors.required' },
      'coordenadas_bancarias.0.aba': { key: 'companies.errors.aba' },
      nit: { key: 'errors.APP_ERR_COMPANY_DUPLICATE' },
      razon_social: { key: 'forms.errors.required' },
    });
  });

  it('leaves empty optional fields out of a create body and lists the documents in wizard order', () => {
    const draft = draftOf(VALID_COMPANY);
    draft.documentos = {
      identificacion_representante: { key: 'f_2', nombre: 'dpi.pdf' },
      escritura_constitucion: { key: 'f_1', nombre: 'escritura.pdf' },
    };
    const body = createBody(draft) as unknown as Record<string, unknown>;
    expect(body).not.toHaveProperty('codigo_agente');
    expect((body.contactos as Array<Record<string, unknown>>)[0]).not.toHaveProperty('extension');
    expect(body.documentos).toEqual([
      { tipo: 'escritura_constitucion', key: 'f_1' },
      { tipo: 'identificacion_representante', key: 'f_2' },
    ]);
  });

  it('keeps stored rows by id and clears emptied codes on update', () => {
    const company = {
      id: 9,
      ...Object.fromEntries(Object.entries(VALID_COMPANY).filter(([path]) => !path.includes('.'))),
      codigo_agente: 'EAND',
      codigo_cenace_importacion: null,
      codigo_cenace_exportacion: null,
      version: 3,
      contactos: [{ id: 31, empresa_id: 9, tipo_contacto: 'comercial', nombre: 'Luis', email: 'l@a.gt', telefono: '+502 2222 3333', extension: null, celular: '+502 5555 6666', cargo: 'Gerente', version: 1 }],
      coordenadas_bancarias: [],
      documentos: [],
    } as unknown as Company;
    const draft = companyToDraft(company);
    draft.codigo_agente = '';
    const body = updateBody(draft, company.version) as unknown as Record<string, unknown>;
    expect(body.version).toBe(3);
    expect(body.codigo_agente).toBeNull();
    expect((body.contactos as Array<Record<string, unknown>>)[0]).toMatchObject({ id: 31, nombre: 'Luis' });
    // A company stored without accounts gets one empty row to fill, sent without an id.
    expect((body.coordenadas_bancarias as Array<Record<string, unknown>>)[0]).not.toHaveProperty('id');
  });
});
