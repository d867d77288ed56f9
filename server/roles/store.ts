// The SQL of the roles area: a role is read, locked and written as the API shows it (its own
// columns), so a write answers without reading again.
import { asc, count, eq } from 'drizzle-orm';
import type { Role } from '../../schemas/role.schema';
import type { Db } from '../db/client';
import { users } from '../db/schema/app';
import { roles, type RoleRow } from '../db/schema/roles';
import { createStamp, editStamp, lockedRow, ownValues, wireRow } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';
import type { RoleValues } from './rules';

/** A role as the API returns it. */
export function toRole(row: RoleRow): Role {
  return wireRow(row);
}

/** A role's own column values (what an update lays its changes over). */
export function valuesOf(role: Role): RoleValues {
  return ownValues(roles, role);
}

/** Every role, by country and name. */
export async function listRoles(db: Db): Promise<Role[]> {
  const rows = await db.select().from(roles).orderBy(asc(roles.pais), asc(roles.nombre));
  return rows.map(toRole);
}

/** The role `id`; 404 when there is none. */
export async function readRole(db: Db, id: number): Promise<Role> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  if (!row) throw new AppErrors.roleNotFound();
  return toRole(row);
}

/** The role `id` locked for the rest of the transaction, after the version check of an edit (`sent`). */
export async function lockRole(tx: Db, id: number, sent?: number): Promise<Role> {
  const rows = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  return toRole(lockedRow(rows, sent, AppErrors.roleNotFound));
}

export async function insertRole(tx: Db, values: RoleValues, actor: string | null): Promise<Role> {
  const [row] = await tx
    .insert(roles)
    .values({ ...values, ...createStamp(actor) })
    .returning();
  return toRole(row!);
}

export async function updateRole(tx: Db, id: number, values: RoleValues, actor: string | null): Promise<Role> {
  const [row] = await tx
    .update(roles)
    .set({ ...values, ...editStamp(roles, actor) })
    .where(eq(roles.id, id))
    .returning();
  return toRole(row!);
}

export async function deleteRole(tx: Db, id: number): Promise<void> {
  await tx.delete(roles).where(eq(roles.id, id));
}

/** How many users hold role `id`. */
export async function holderCount(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.rol_id, id));
  return Number(row?.n ?? 0);
}
