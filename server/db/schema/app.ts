// The database users and the view-key catalogue.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PERMISSION_KEYS } from '../../../schemas/permission-key.schema';
import { COUNTRY_CODES } from '../../../schemas/role.schema';
import { USER_SEXES, USER_STATUSES } from '../../../schemas/user.schema';
import { editedColumns } from './columns';
import { roles } from './roles';

/**
 * The database user of spec section 3: the identity token's e-mail finds the row and its
 * permisos_x_view decides what the user may see. The e-mail is stored lower-case so the
 * unique index also makes the look-up case-insensitive.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    nombre: text('nombre').notNull(),
    segundo_nombre: text('segundo_nombre'),
    primer_apellido: text('primer_apellido').notNull(),
    segundo_apellido: text('segundo_apellido'),
    telefono: text('telefono'),
    cargo: text('cargo'),
    pais: text('pais', { enum: COUNTRY_CODES }),
    sexo: text('sexo', { enum: USER_SEXES }),
    /** The user's role (spec section 6); a role in use cannot be deleted. */
    rol_id: integer('rol_id').references(() => roles.id, { onDelete: 'restrict' }),
    estado: text('estado', { enum: USER_STATUSES }).notNull().default('active'),
    permisos_x_view: text('permisos_x_view', { enum: PERMISSION_KEYS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...editedColumns(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_estado_valid', sql`${table.estado} in ('active', 'inactive', 'pending')`),
    check('users_sexo_valid', sql`${table.sexo} is null or ${table.sexo} in ('male', 'female')`),
  ],
);

/** The view keys that exist (spec section 6), in menu order: the admin screens list them. */
export const permissionsCatalogue = pgTable('permissions_catalogue', {
  id: text('id').primaryKey(),
  orden: integer('orden').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
