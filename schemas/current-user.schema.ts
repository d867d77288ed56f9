import type { FromSchema } from 'json-schema-to-ts';
import { PERMISSION_KEYS } from './permission-key.schema';
import { rolePermissionsSchema } from './role.schema';

// The key schema without its $id: ajv refuses one $id appearing twice inside a schema.
const permissionKey = { type: 'string', enum: PERMISSION_KEYS } as const;

/**
 * The database user of spec section 3 as `GET /api/v2/get-once/{email}` returns it.
 * permisos_x_view items may be plain keys or objects with an id (spec section 3).
 * `permisos_x_pagina` is what the user's role grants them on each page, as the server checks
 * it (country and status applied): the app hides what they may not do.
 */
export const currentUserSchema = {
  $id: 'current-user',
  type: 'object',
  required: ['id', 'email', 'nombre', 'primer_apellido', 'permisos_x_view'],
  properties: {
    id: { type: 'integer' },
    email: { type: 'string', format: 'email' },
    nombre: { type: 'string' },
    segundo_nombre: { type: ['string', 'null'] },
    primer_apellido: { type: 'string' },
    segundo_apellido: { type: ['string', 'null'] },
    estado: { type: 'string', enum: ['active', 'inactive', 'pending'] },
    permisos_x_view: {
      type: 'array',
      items: {
        anyOf: [
          permissionKey,
          {
            type: 'object',
            required: ['id'],
            properties: { id: permissionKey },
          },
        ],
      },
    },
    permisos_x_pagina: rolePermissionsSchema,
  },
} as const;

export type CurrentUser = FromSchema<typeof currentUserSchema>;
