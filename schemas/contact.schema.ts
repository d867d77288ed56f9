import type { FromSchema } from 'json-schema-to-ts';
import { editColumnsProperties, idBodySchema, recordIdSchema, versionSchema } from './record.schema';
import { EMAIL_PATTERN } from './email.schema';
import { PHONE_PATTERN } from './user.schema';

// Field rules of the Contact entity (spec section 3; required fields of spec section 5,
// company creation). Schemas carry no $id: Fastify compiles each route's schema on one ajv,
// which refuses an $id seen twice.

/** Kinds of contact a company has; the company wizard adds commercial ones. */
export const CONTACT_TYPES = ['comercial', 'facturacion', 'operaciones', 'legal'] as const;

/** A phone extension: digits only; blank (a form's empty input) means none. */
const EXTENSION_PATTERN = '^[0-9]{0,8}$';

const requiredText = { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' } as const;

/** The fields of one contact, as the company wizard and the contact form send them. */
export const contactFields = {
  tipo_contacto: { type: 'string', enum: CONTACT_TYPES },
  nombre: requiredText,
  email: { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN },
  telefono: { type: 'string', pattern: PHONE_PATTERN },
  extension: { type: ['string', 'null'], pattern: EXTENSION_PATTERN },
  celular: { type: 'string', pattern: PHONE_PATTERN },
  cargo: requiredText,
} as const;

/** Required fields of a contact (spec section 5): name, valid email, cell, phone, position. */
export const CONTACT_REQUIRED = ['nombre', 'email', 'telefono', 'celular', 'cargo'] as const;

/** One contact inside a company create body (`contactos[]`); its company is the new one. */
export const companyContactSchema = {
  type: 'object',
  additionalProperties: false,
  required: CONTACT_REQUIRED,
  properties: contactFields,
} as const;

export type CompanyContactInput = FromSchema<typeof companyContactSchema>;

/**
 * `POST <gatewayUrl>/contactos` body: a contact of an existing company. `tipo_contacto`
 * defaults to `comercial`.
 */
export const contactCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['empresa_id', ...CONTACT_REQUIRED],
  properties: { empresa_id: recordIdSchema, ...contactFields },
} as const;

export type ContactCreate = FromSchema<typeof contactCreateSchema>;

/**
 * `POST /contact/api/v1/update` body: the contact id, the version the editor read and the
 * fields to change (moving a contact to another company is allowed).
 */
export const contactUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'version'],
  minProperties: 3,
  properties: {
    id: recordIdSchema,
    version: versionSchema,
    empresa_id: recordIdSchema,
    ...contactFields,
  },
} as const;

export type ContactUpdate = FromSchema<typeof contactUpdateSchema>;

/** `POST /contact/api/v1/delete` body. */
export const contactDeleteSchema = idBodySchema;

/** A contact as the API returns it (get-once, create, update, and the list rows). */
export const contactSchema = {
  type: 'object',
  required: ['id', 'empresa_id', 'tipo_contacto', 'nombre', 'email', 'telefono', 'celular', 'cargo', 'version'],
  properties: {
    id: { type: 'integer' },
    empresa_id: { type: 'integer' },
    /** The company's business name, joined for lists and views. */
    empresa_razon_social: { type: 'string' },
    tipo_contacto: { type: 'string', enum: CONTACT_TYPES },
    nombre: { type: 'string' },
    email: { type: 'string' },
    telefono: { type: 'string' },
    extension: { type: ['string', 'null'] },
    celular: { type: 'string' },
    cargo: { type: 'string' },
    ...editColumnsProperties,
  },
} as const;

export type Contact = FromSchema<typeof contactSchema>;
