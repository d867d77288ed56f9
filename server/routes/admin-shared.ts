// Pieces shared by the administration routes (admin-users, admin-permissions, admin-roles).
import { eq, sql } from 'drizzle-orm';
import { PERMISSION_KEYS, type PermissionKey } from '../../schemas/permission-key.schema';
import type { User } from '../../schemas/user.schema';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/app';
import { roles } from '../db/schema/roles';
import { AppErrors, withDetails } from '../errors/catalogue';
import { toCurrentUser } from './users';

/** Path parameter `{id}`: a positive integer. */
export const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

/** Path parameter `{email}`. */
export const emailParamsSchema = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', minLength: 3, maxLength: 254 } },
} as const;

/** `{ data: <item> }`, the envelope of every user-admin answer (spec section 7). */
export function dataOf<S extends object>(item: S) {
  return { type: 'object', required: ['data'], properties: { data: item } } as const;
}

/** `{ data: <item>[] }`. */
export function dataListOf<S extends object>(item: S) {
  return { type: 'object', required: ['data'], properties: { data: { type: 'array', items: item } } } as const;
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** The admin view of a user row: the current-user view plus the admin fields; no identity data. */
export function toUser(row: UserRow, rolNombre: string | null = null): User {
  return {
    ...toCurrentUser(row),
    telefono: row.telefono,
    cargo: row.cargo,
    pais: row.pais,
    rol_id: row.rol_id,
    rol_nombre: rolNombre,
    sexo: row.sexo as User['sexo'],
    // Typed again: the admin schema requires estado and allows plain permission keys only.
    estado: row.estado as User['estado'],
    permisos_x_view: row.permisos_x_view as PermissionKey[],
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

/** The user with `id`, locked for the rest of the transaction; 404 when there is none. */
export async function lockUserById(tx: Db, id: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw new AppErrors.userNotFound();
  return row;
}

/** The user with `email` (any case), locked; 404 when there is none. */
export async function lockUserByEmail(tx: Db, email: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.email, email.trim().toLowerCase())).for('update');
  if (!row) throw new AppErrors.userNotFound();
  return row;
}

/** 409 when the editor read another version than the stored one. */
export function assertVersion(stored: number, sent: number | undefined): void {
  if (sent !== undefined && sent !== stored) throw new AppErrors.recordStale();
}

/**
 * The role a user is given must exist and belong to the user's country (roles are per
 * country): 400 with a detail on `/rol_id` otherwise, so the form marks the field.
 */
export async function assertRoleFits(tx: Db, rolId: number | null, pais: string | null): Promise<string | null> {
  if (rolId === null) return null;
  const [role] = await tx.select({ nombre: roles.nombre, pais: roles.pais }).from(roles).where(eq(roles.id, rolId)).limit(1);
  if (!role) {
    throw withDetails(new AppErrors.userRoleInvalid(), [
      { instancePath: '/rol_id', keyword: 'exists', message: 'the role does not exist' },
    ]);
  }
  if (role.pais !== pais) {
    throw withDetails(new AppErrors.userRoleInvalid(), [
      { instancePath: '/rol_id', keyword: 'country', message: `the role belongs to ${role.pais}, the user to ${pais ?? 'no country'}` },
    ]);
  }
  return role.nombre;
}

/** The name of the role `rolId`, for list rows. */
export async function roleName(db: Db, rolId: number | null): Promise<string | null> {
  if (rolId === null) return null;
  const [role] = await db.select({ nombre: roles.nombre }).from(roles).where(eq(roles.id, rolId)).limit(1);
  return role?.nombre ?? null;
}

/**
 * A permission list as submitted (keys or `{ id }` objects, spec section 3) as stored:
 * plain keys, each once, in catalogue (menu) order.
 */
export function normalisePermissions(items: ReadonlyArray<PermissionKey | { id: PermissionKey }>): PermissionKey[] {
  const wanted = new Set(items.map((item) => (typeof item === 'string' ? item : item.id)));
  return PERMISSION_KEYS.filter((key) => wanted.has(key));
}

/** Whether a database error is a unique-constraint violation (drizzle may wrap the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** SQL to bump the version and stamp the editor. */
export const touched = (actorEmail: string | null) => ({
  updated_at: sql`now()`,
  updated_by: actorEmail,
  version: sql`${users.version} + 1`,
});
