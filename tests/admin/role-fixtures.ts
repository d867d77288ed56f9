import { uniformRolePermissions, type Role } from '../../schemas/role.schema';

/** A role as the API answers it: Guatemala's analyst, granted nothing yet, read at version 2. */
export const analyst: Role = {
  id: 3,
  nombre: 'Analista',
  pais: 'GT',
  permisos_x_pagina: uniformRolePermissions(false),
  version: 2,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
