// The rules that keep the product administrable: an admin cannot take away their own `admin`
// key nor switch themselves off, and the last active admin cannot lose `admin` or be switched
// off. Call inside the transaction of the change.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/app';
import { AppErrors } from '../errors/catalogue';

/** Whether a user in this state counts as an administrator who can act. */
function isActiveAdmin(user: Pick<UserRow, 'estado' | 'permisos_x_view'>): boolean {
  return user.estado === 'active' && user.permisos_x_view.includes('admin');
}

/**
 * Throws 409 when changing `target` into `next` would lock the actor out or leave no active
 * admin. Locks every active admin row, so two admins removing each other at the same time
 * cannot both succeed.
 */
export async function assertAdminsRemain(
  tx: Db,
  actorId: number | null,
  target: Pick<UserRow, 'id' | 'estado' | 'permisos_x_view'>,
  next: Pick<UserRow, 'estado' | 'permisos_x_view'>,
): Promise<void> {
  // Only a change that takes an active admin out of that set can break anything.
  if (!isActiveAdmin(target) || isActiveAdmin(next)) return;
  if (actorId === target.id) throw new AppErrors.userSelfLockout();
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.estado, 'active'), sql`'admin' = any(${users.permisos_x_view})`))
    .for('update');
  if (!admins.some((admin) => admin.id !== target.id)) throw new AppErrors.userLastAdmin();
}
