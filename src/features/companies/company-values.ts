import { blankBank, blankContact, type CompanyDraft } from '../../../machines/companies/company-draft.machine';
import {
  bankFields,
  COMPANY_DOCUMENT_TYPES,
  companyFields,
  type Company,
  type CompanyCreate,
  type CompanyDocumentType,
  type CompanyUpdate,
} from '../../../schemas/company.schema';
import { contactFields } from '../../../schemas/contact.schema';
import { toFieldErrors, type FieldErrors, type MessageOverrides, type SchemaIssue } from '../../lib/forms/field-errors';
import { schemaIssues, withoutEmptyFields } from '../../lib/forms/validate-form';
import companyDataSchema from 'virtual:form-validator/companyData';
import companyUpdateSchema from 'virtual:form-validator/companyUpdate';

/** The company's own fields in screen order. */
export const COMPANY_FIELD_NAMES = Object.keys(companyFields) as Array<keyof typeof companyFields>;
export const CONTACT_FIELD_NAMES = Object.keys(contactFields) as Array<keyof typeof contactFields>;
export const BANK_FIELD_NAMES = Object.keys(bankFields) as Array<keyof typeof bankFields>;

/** Messages of spec section 5 worded for a field's own rule ("valid email"...), by the field's name. */
const RULE_MESSAGES: Readonly<Record<string, string>> = {
  email: 'companies.errors.email',
  email_notificacion_pago: 'companies.errors.email',
  telefono: 'companies.errors.phone',
  celular: 'companies.errors.cell',
  nit: 'companies.errors.taxId',
  swift_bic: 'companies.errors.swift',
  aba: 'companies.errors.aba',
  cuenta: 'companies.errors.account',
  extension: 'companies.errors.extension',
};

function missingPropertyOf(issue: SchemaIssue): string | undefined {
  const missing = issue.params?.missingProperty ?? /property '([^']+)'/.exec(issue.message ?? '')?.[1];
  return typeof missing === 'string' ? missing : undefined;
}

/**
 * Schema issues (ajv's, or the server's 400 `details`) as messages by dotted field path
 * (`razon_social`, `contactos.0.email`), so a message lands beside the exact row's field.
 */
export function toPathErrors(issues: readonly SchemaIssue[] | null | undefined): FieldErrors {
  const overrides: Record<string, Record<string, string>> = {};
  const nested = (issues ?? []).map((issue): SchemaIssue => {
    const segments = issue.instancePath.split('/').filter((segment) => segment !== '');
    const missing = issue.keyword === 'required' ? missingPropertyOf(issue) : undefined;
    const path = [...segments, ...(missing ? [missing] : [])].join('.');
    const name = path.split('.').at(-1) ?? '';
    const rule = RULE_MESSAGES[name];
    if (rule) overrides[path] = { '*': rule };
    // The server's duplicate check (same tax id in the same country) has its own words.
    if (name === 'nit') overrides[path] = { ...overrides[path], unique: 'errors.APP_ERR_COMPANY_DUPLICATE' };
    return missing ? { ...issue, params: { ...issue.params, missingProperty: path } } : { ...issue, instancePath: `/${path}` };
  });
  return toFieldErrors(nested, overrides as MessageOverrides);
}

function companyFieldsBody(draft: CompanyDraft): Record<string, unknown> {
  return withoutEmptyFields(Object.fromEntries(COMPANY_FIELD_NAMES.map((name) => [name, draft[name]])));
}

/** A row as the body carries it: empty optional fields left out, a stored row's id as a number. */
function rowBody(row: Record<string, string>): Record<string, unknown> {
  const { id, ...fields } = row;
  return { ...(id ? { id: Number(id) } : {}), ...withoutEmptyFields(fields) };
}

/** Step 1's value as the schema sees it: empty fields left out so they read "required". */
function dataBody(draft: CompanyDraft): Record<string, unknown> {
  return {
    ...companyFieldsBody(draft),
    contactos: draft.contactos.map(rowBody),
    coordenadas_bancarias: draft.coordenadas_bancarias.map(rowBody),
  };
}

/** The uploaded documents as the body lists them, in the wizard's order. */
function documentsBody(draft: CompanyDraft): Array<{ tipo: CompanyDocumentType; key: string }> {
  return COMPANY_DOCUMENT_TYPES.flatMap((tipo) => {
    const document = draft.documentos[tipo];
    return document ? [{ tipo, key: document.key }] : [];
  });
}

/** `POST /empresas/api/v1/post` body of a finished wizard. */
export function createBody(draft: CompanyDraft): CompanyCreate {
  return { ...dataBody(draft), documentos: documentsBody(draft) } as CompanyCreate;
}

/**
 * `PATCH /empresas/api/v1/update/{id}` body: every field and both lists (stored rows keep
 * their id, so they are updated, not replaced), the documents and the version read. Emptied
 * optional codes are sent as null so they are cleared.
 */
export function updateBody(draft: CompanyDraft, version: number): CompanyUpdate {
  const fields = companyFieldsBody(draft);
  for (const code of ['codigo_agente', 'codigo_cenace_importacion', 'codigo_cenace_exportacion'] as const) {
    if (draft[code] === '') fields[code] = null;
  }
  return { ...dataBody(draft), ...fields, documentos: documentsBody(draft), version } as CompanyUpdate;
}

/** Step 1's messages: the shared schema of the company data. */
export function validateData(draft: CompanyDraft): FieldErrors {
  return toPathErrors(schemaIssues(companyDataSchema, dataBody(draft)));
}

/** The edit form's messages: the shared update schema. */
export function validateUpdate(draft: CompanyDraft, version: number): FieldErrors {
  return toPathErrors(schemaIssues(companyUpdateSchema, updateBody(draft, version)));
}

const text = (value: string | null | undefined) => value ?? '';

/** A stored company as an editable draft; rows carry their id (as text) so they are kept. */
export function companyToDraft(company: Company): CompanyDraft {
  const draft: CompanyDraft = {
    ...Object.fromEntries(COMPANY_FIELD_NAMES.map((name) => [name, text(company[name] as string | null | undefined)])),
    contactos: company.contactos.map((contact) => ({
      ...blankContact(),
      ...Object.fromEntries(CONTACT_FIELD_NAMES.map((name) => [name, text(contact[name] as string | null | undefined)])),
      id: String(contact.id),
    })),
    coordenadas_bancarias: company.coordenadas_bancarias.map((bank) => ({
      ...blankBank(),
      ...Object.fromEntries(BANK_FIELD_NAMES.map((name) => [name, text(bank[name] as string | null | undefined)])),
      id: String(bank.id),
    })),
    documentos: Object.fromEntries(
      company.documentos.map((document) => [document.tipo, { key: document.key, nombre: document.nombre ?? document.tipo }]),
    ),
  };
  if (draft.contactos.length === 0) draft.contactos = [blankContact()];
  if (draft.coordenadas_bancarias.length === 0) draft.coordenadas_bancarias = [blankBank()];
  return draft;
}
