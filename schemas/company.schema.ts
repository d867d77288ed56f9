import type { FromSchema } from 'json-schema-to-ts';
import { editColumnsProperties, recordIdSchema, versionSchema } from './record.schema';
import { companyContactSchema, contactFields, contactSchema, CONTACT_REQUIRED } from './contact.schema';
import { EMAIL_PATTERN } from './email.schema';
import { fileKeySchema } from './file.schema';
import { COUNTRY_CODES } from './role.schema';
import { PHONE_PATTERN } from './user.schema';

// Field rules of the Company and Bank coordinates entities (spec section 3) and the required
// fields of spec section 5 (company creation; every bank field required). Schemas carry no
// $id: Fastify compiles each route's schema on one ajv, which refuses an $id seen twice.

/** Local (one national market) or regional (the regional market) company contracts. */
export const COMPANY_CONTRACT_TYPES = ['local', 'regional'] as const;

/**
 * Kinds of identity document of the legal representative: DPI (Guatemala), DUI (El Salvador),
 * cedula (Panama and others), INE (Mexico), passport, other.
 */
export const ID_TYPES = ['dpi', 'dui', 'cedula', 'ine', 'pasaporte', 'otro'] as const;

/** Currencies of a bank account. */
export const CURRENCIES = ['USD', 'MXN'] as const;

/** The four legal documents of step 2 of the company wizard; each at most once per company. */
export const COMPANY_DOCUMENT_TYPES = [
  'escritura_constitucion',
  'registro_tributario',
  'nombramiento_representante',
  'identificacion_representante',
] as const;
export type CompanyDocumentType = (typeof COMPANY_DOCUMENT_TYPES)[number];

/** A tax registration id (NIT, RFC, EIN, RUC): letters, digits and dashes. */
const TAX_ID_PATTERN = '^[0-9A-Za-z][0-9A-Za-z-]{1,29}$';
/** SWIFT/BIC: 4 bank letters, 2 country letters, 2 location characters, optional branch. */
const SWIFT_BIC_PATTERN = '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$';
/** ABA routing number: nine digits. */
const ABA_PATTERN = '^[0-9]{9}$';
/** A bank account number or IBAN / CLABE: letters and digits, 4 to 34. */
const ACCOUNT_PATTERN = '^[0-9A-Za-z]{4,34}$';

/**
 * How many contact and bank rows a company has: at least one of each (spec section 5 asks for
 * a commercial contact and the bank coordinates), and at most these. The schemas below, the
 * company-draft machine and the forms all read them from here.
 */
export const COMPANY_ROW_LIMITS = {
  contactos: { min: 1, max: 20 },
  coordenadas_bancarias: { min: 1, max: 10 },
} as const;

export type CompanyRowList = keyof typeof COMPANY_ROW_LIMITS;

const optionalCode = { type: ['string', 'null'], maxLength: 50 } as const;
const country = { type: 'string', enum: COUNTRY_CODES } as const;

/** The company's own fields (spec section 3). */
export const companyFields = {
  razon_social: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  codigo_agente: optionalCode,
  pais: country,
  nit: { type: 'string', pattern: TAX_ID_PATTERN },
  representante_legal: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
  direccion_legal: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
  tipo_identificacion: { type: 'string', enum: ID_TYPES },
  identificacion_representante: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' },
  tipo_contrato: { type: 'string', enum: COMPANY_CONTRACT_TYPES },
  relacion_comercial: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  codigo_cenace_importacion: optionalCode,
  codigo_cenace_exportacion: optionalCode,
} as const;

/** Required company fields of spec section 5. */
export const COMPANY_REQUIRED = [
  'relacion_comercial',
  'razon_social',
  'pais',
  'nit',
  'representante_legal',
  'direccion_legal',
  'tipo_identificacion',
  'identificacion_representante',
  'tipo_contrato',
] as const;

/** The fields of one bank account of a company. */
export const bankFields = {
  nombre_beneficiario: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
  direccion: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
  pais_destino: country,
  codigo_postal: { type: 'string', minLength: 1, maxLength: 20, pattern: '\\S' },
  telefono: { type: 'string', pattern: PHONE_PATTERN },
  cuenta: { type: 'string', pattern: ACCOUNT_PATTERN },
  email_notificacion_pago: { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN },
  banco_beneficiario: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
  swift_bic: { type: 'string', pattern: SWIFT_BIC_PATTERN },
  banco_intermediario: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
  direccion_banco_intermediario: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
  aba: { type: 'string', pattern: ABA_PATTERN },
  moneda: { type: 'string', enum: CURRENCIES },
} as const;

/** Every bank field is required (spec section 5), the intermediary bank's too. */
export const BANK_REQUIRED = [
  'nombre_beneficiario',
  'direccion',
  'pais_destino',
  'codigo_postal',
  'telefono',
  'cuenta',
  'email_notificacion_pago',
  'banco_beneficiario',
  'swift_bic',
  'banco_intermediario',
  'direccion_banco_intermediario',
  'aba',
  'moneda',
] as const;

/** One bank account in a company create body (`coordenadas_bancarias[]`). */
const bankCoordinatesSchema = {
  type: 'object',
  additionalProperties: false,
  required: BANK_REQUIRED,
  properties: bankFields,
} as const;

export type BankCoordinatesInput = FromSchema<typeof bankCoordinatesSchema>;

/** One uploaded legal document: its kind and the key `once-file-updload` answered. */
const companyDocumentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tipo', 'key'],
  properties: {
    tipo: { type: 'string', enum: COMPANY_DOCUMENT_TYPES },
    key: fileKeySchema,
  },
} as const;

export type CompanyDocumentInput = FromSchema<typeof companyDocumentSchema>;

const documentos = {
  type: 'array',
  maxItems: COMPANY_DOCUMENT_TYPES.length,
  items: companyDocumentSchema,
} as const;

/**
 * Step 1 of the company wizard: the company's data with at least one commercial contact and
 * one bank account. The browser validates this step on its own before step 2.
 */
export const companyDataSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...COMPANY_REQUIRED, 'contactos', 'coordenadas_bancarias'],
  properties: {
    ...companyFields,
    contactos: { type: 'array', minItems: COMPANY_ROW_LIMITS.contactos.min, maxItems: COMPANY_ROW_LIMITS.contactos.max, items: companyContactSchema },
    coordenadas_bancarias: {
      type: 'array',
      minItems: COMPANY_ROW_LIMITS.coordenadas_bancarias.min,
      maxItems: COMPANY_ROW_LIMITS.coordenadas_bancarias.max,
      items: bankCoordinatesSchema,
    },
  },
} as const;

/**
 * `POST /empresas/api/v1/post` body: the company, its contacts, bank accounts and documents,
 * written in one transaction. `documentos` may be empty; a kind given twice is refused (400).
 */
export const companyCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: companyDataSchema.required,
  properties: { ...companyDataSchema.properties, documentos },
} as const;

export type CompanyCreate = FromSchema<typeof companyCreateSchema>;

const childId = recordIdSchema;

/**
 * `PATCH /empresas/api/v1/update/{id}` body: the version the editor read and the fields to
 * change. A child list that is given replaces the stored one: an item with the `id` of a
 * stored child updates it, an item without `id` is added, a stored child not in the list is
 * removed. A list that is absent is left alone.
 */
export const companyUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version'],
  minProperties: 2,
  properties: {
    ...companyFields,
    contactos: {
      type: 'array',
      minItems: COMPANY_ROW_LIMITS.contactos.min,
      maxItems: COMPANY_ROW_LIMITS.contactos.max,
      items: {
        type: 'object',
        additionalProperties: false,
        required: CONTACT_REQUIRED,
        properties: { id: childId, ...contactFields },
      },
    },
    coordenadas_bancarias: {
      type: 'array',
      minItems: COMPANY_ROW_LIMITS.coordenadas_bancarias.min,
      maxItems: COMPANY_ROW_LIMITS.coordenadas_bancarias.max,
      items: {
        type: 'object',
        additionalProperties: false,
        required: BANK_REQUIRED,
        properties: { id: childId, ...bankFields },
      },
    },
    documentos,
    version: versionSchema,
  },
} as const;

export type CompanyUpdate = FromSchema<typeof companyUpdateSchema>;

/** A stored bank account as the API returns it. */
const bankCoordinatesRowSchema = {
  type: 'object',
  required: ['id', 'empresa_id', ...BANK_REQUIRED],
  properties: { id: { type: 'integer' }, empresa_id: { type: 'integer' }, ...bankFields, ...editColumnsProperties },
} as const;

export type BankCoordinates = FromSchema<typeof bankCoordinatesRowSchema>;

/** A stored document as the API returns it, with the file's name and type for the view. */
const companyDocumentRowSchema = {
  type: 'object',
  required: ['id', 'empresa_id', 'tipo', 'key'],
  properties: {
    id: { type: 'integer' },
    empresa_id: { type: 'integer' },
    tipo: { type: 'string', enum: COMPANY_DOCUMENT_TYPES },
    key: { type: 'string' },
    nombre: { type: ['string', 'null'] },
    tipo_mime: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    created_by: { type: ['string', 'null'] },
  },
} as const;

export type CompanyDocument = FromSchema<typeof companyDocumentRowSchema>;

const companyRowProperties = {
  id: { type: 'integer' },
  razon_social: { type: 'string' },
  codigo_agente: { type: ['string', 'null'] },
  pais: country,
  nit: { type: 'string' },
  representante_legal: { type: 'string' },
  direccion_legal: { type: 'string' },
  tipo_identificacion: { type: 'string', enum: ID_TYPES },
  identificacion_representante: { type: 'string' },
  tipo_contrato: { type: 'string', enum: COMPANY_CONTRACT_TYPES },
  relacion_comercial: { type: 'string' },
  codigo_cenace_importacion: { type: ['string', 'null'] },
  codigo_cenace_exportacion: { type: ['string', 'null'] },
  ...editColumnsProperties,
} as const;

/**
 * One row of `GET /empresas/api/v1/get`: the company's columns plus counts of its contacts,
 * bank accounts and contracts (a company with contracts cannot be deleted).
 */
export const companyListItemSchema = {
  type: 'object',
  required: ['id', ...COMPANY_REQUIRED, 'version', 'contactos_count', 'coordenadas_count'],
  properties: {
    ...companyRowProperties,
    contactos_count: { type: 'integer' },
    coordenadas_count: { type: 'integer' },
    /** Always sent by the server; optional so older list fixtures still type. */
    contratos_count: { type: 'integer' },
  },
} as const;

export type CompanyListItem = FromSchema<typeof companyListItemSchema>;

/** A company with its children: `get-once`, create and update answers. */
export const companySchema = {
  type: 'object',
  required: ['id', ...COMPANY_REQUIRED, 'version', 'contactos', 'coordenadas_bancarias', 'documentos'],
  properties: {
    ...companyRowProperties,
    contactos: { type: 'array', items: contactSchema },
    coordenadas_bancarias: { type: 'array', items: bankCoordinatesRowSchema },
    documentos: { type: 'array', items: companyDocumentRowSchema },
  },
} as const;

export type Company = FromSchema<typeof companySchema>;
