// Roles (spec section 6): a country and a matrix of page actions. Users point at one role;
// server/authz checks a route's page action against it.
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { COUNTRY_CODES, type RolePermissions } from '../../../schemas/role.schema';
import { editedColumns } from './columns';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    /** ISO 3166-1 alpha-2 country the role applies to. */
    pais: text('pais', { enum: COUNTRY_CODES }).notNull(),
    /** The page x action matrix (schemas/role.schema.ts, validated before every write). */
    permisos_x_pagina: jsonb('permisos_x_pagina').$type<RolePermissions>().notNull(),
    ...editedColumns(),
  },
  (table) => [
    // One role name per country; the same name may exist in several countries.
    uniqueIndex('roles_nombre_pais_key').on(sql`lower(${table.nombre})`, table.pais),
    check('roles_pais_code', sql`${table.pais} ~ '^[A-Z]{2}$'`),
  ],
);

export type RoleRow = typeof roles.$inferSelect;
