import type { FromSchema } from 'json-schema-to-ts';

/** The view keys of spec section 6: a user's permisos_x_view holds some of them. */
export const PERMISSION_KEYS = [
  'dashboard',
  'relaciones',
  'liquidaciones',
  'acciones',
  'facturacion',
  'paises',
  'contabilidad',
  'monitoreo',
  'mercados',
  'admin',
] as const;

export const permissionKeySchema = {
  $id: 'permission-key',
  type: 'string',
  enum: PERMISSION_KEYS,
} as const;

export type PermissionKey = FromSchema<typeof permissionKeySchema>;
