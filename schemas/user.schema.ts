import type { FromSchema } from 'json-schema-to-ts';
import { editColumnsProperties, recordIdSchema, versionSchema } from './record.schema';
import { EMAIL_PATTERN } from './email.schema';
import { passwordSchema } from './password.schema';
import { PERMISSION_KEYS } from './permission-key.schema';
import { COUNTRY_CODES } from './role.schema';

// Field rules of the User entity (spec sections 3 and 5). Schemas carry no $id: Fastify
// compiles each route's schema on one ajv, which refuses an $id seen twice.

/** A phone number: digits with an optional leading +, spaces, brackets and dashes. */
export const PHONE_PATTERN = '^\\+?[0-9 ()-]{7,20}$';

const { $id: _passwordId, ...passwordRules } = passwordSchema;

const name = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
const optionalName = { type: ['string', 'null'], maxLength: 100 } as const;
const permissionKey = { type: 'string', enum: PERMISSION_KEYS } as const;

/** The sexes of spec section 3 (User). */
export const USER_SEXES = ['male', 'female'] as const;

/** An account's status (spec section 4, User status; machines/users/user-status.machine.ts moves it). */
export const USER_STATUSES = ['pending', 'active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const userFields = {
  nombre: name,
  segundo_nombre: optionalName,
  primer_apellido: name,
  segundo_apellido: name,
  email: { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN },
  telefono: { type: 'string', pattern: PHONE_PATTERN },
  cargo: name,
  pais: { type: 'string', enum: COUNTRY_CODES },
  rol_id: recordIdSchema,
  sexo: { type: 'string', enum: USER_SEXES },
  permisos_x_view: { type: 'array', uniqueItems: true, maxItems: PERMISSION_KEYS.length, items: permissionKey },
} as const;

/**
 * `POST /api/v2/create-user` body. The password confirmation is checked by the form only
 * ('Passwords do not match'); it never reaches the server.
 */
export const userCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['nombre', 'primer_apellido', 'segundo_apellido', 'email', 'telefono', 'cargo', 'pais', 'rol_id', 'password'],
  properties: { ...userFields, password: passwordRules },
} as const;

export type UserCreate = FromSchema<typeof userCreateSchema>;

/**
 * `PATCH /api/v2/user/{id}` body: the fields to change plus the version the editor read.
 * The e-mail is the sign-in name and the status and views have their own calls, so none of
 * them is editable here.
 */
export const userUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version'],
  minProperties: 2,
  properties: {
    nombre: userFields.nombre,
    segundo_nombre: userFields.segundo_nombre,
    primer_apellido: userFields.primer_apellido,
    segundo_apellido: userFields.segundo_apellido,
    telefono: userFields.telefono,
    cargo: userFields.cargo,
    pais: userFields.pais,
    rol_id: userFields.rol_id,
    sexo: userFields.sexo,
    version: versionSchema,
  },
} as const;

export type UserUpdate = FromSchema<typeof userUpdateSchema>;

/** `POST /api/v2/user/{id}/status` body: an admin switches an account on or off. */
export const userStatusChangeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['estado', 'version'],
  properties: {
    estado: { type: 'string', enum: ['active', 'inactive'] },
    version: versionSchema,
  },
} as const;

export type UserStatusChange = FromSchema<typeof userStatusChangeSchema>;

/** A user as the admin API returns it (never a password or anything of the identity). */
export const userSchema = {
  type: 'object',
  required: ['id', 'email', 'nombre', 'primer_apellido', 'estado', 'permisos_x_view', 'version'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    nombre: { type: 'string' },
    segundo_nombre: { type: ['string', 'null'] },
    primer_apellido: { type: 'string' },
    segundo_apellido: { type: ['string', 'null'] },
    telefono: { type: ['string', 'null'] },
    cargo: { type: ['string', 'null'] },
    pais: { type: ['string', 'null'] },
    rol_id: { type: ['integer', 'null'] },
    rol_nombre: { type: ['string', 'null'] },
    sexo: { type: ['string', 'null'], enum: [...USER_SEXES, null] },
    estado: { type: 'string', enum: USER_STATUSES },
    permisos_x_view: { type: 'array', items: permissionKey },
    ...editColumnsProperties,
  },
} as const;

export type User = FromSchema<typeof userSchema>;
