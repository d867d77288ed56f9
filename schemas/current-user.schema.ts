import type { FromSchema } from 'json-schema-to-ts';
import { permissionKeySchema } from './permission-key.schema';

/**
 * The database user of spec section 3 as `GET /api/v2/get-once/{email}` returns it.
 * permisos_x_view items may be plain keys or objects with an id (spec section 3).
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
          permissionKeySchema,
          {
            type: 'object',
            required: ['id'],
            properties: { id: permissionKeySchema },
          },
        ],
      },
    },
  },
} as const;

export type CurrentUser = FromSchema<typeof currentUserSchema>;
