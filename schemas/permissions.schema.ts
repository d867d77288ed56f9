import type { FromSchema } from 'json-schema-to-ts';
import { PERMISSION_KEYS } from './permission-key.schema';
import { versionSchema } from './record.schema';

const permissionKey = { type: 'string', enum: PERMISSION_KEYS } as const;

/**
 * Body of the permission updates (`PUT /api/v2/update-permisos-usuarios/{id}` and
 * `PUT /api/v2/permisos/usuario/{email}`): the whole new list of view keys. Items may be keys
 * or objects with an id (spec section 3). `version` is optional: a client that sends the
 * version it read gets 409 when someone changed the user meanwhile.
 */
export const permissionsUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['permisos'],
  properties: {
    permisos: {
      type: 'array',
      maxItems: 50,
      items: {
        anyOf: [
          permissionKey,
          { type: 'object', required: ['id'], additionalProperties: false, properties: { id: permissionKey } },
        ],
      },
    },
    version: versionSchema,
  },
} as const;

export type PermissionsUpdate = FromSchema<typeof permissionsUpdateSchema>;

/** One user's view keys as the permission calls return them. */
export const userPermissionsSchema = {
  type: 'object',
  required: ['id', 'permisos'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    nombre: { type: 'string' },
    primer_apellido: { type: 'string' },
    estado: { type: 'string' },
    version: { type: 'integer' },
    permisos: { type: 'array', items: permissionKey },
  },
} as const;

export type UserPermissions = FromSchema<typeof userPermissionsSchema>;

/** One entry of the view-key catalogue (spec section 6), in menu order. */
export const permissionCatalogueEntrySchema = {
  type: 'object',
  required: ['id', 'orden'],
  properties: { id: permissionKey, orden: { type: 'integer' } },
} as const;

export type PermissionCatalogueEntry = FromSchema<typeof permissionCatalogueEntrySchema>;
