// Status changes of an account, decided by the shared machine (machines/users) and applied
// with their effect on the built-in identity and an audit row, in one transaction.
import { eq, sql } from 'drizzle-orm';
import { adminEventFor, nextUserStatus, type UserStatus } from '../../machines/users/user-status.machine';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/app';
import { AppErrors } from '../errors/catalogue';
import { setIdentityEnabled } from '../idp/identities';
import { recordAudit, type AuditActor } from '../plugins/audit';
import { assertAdminsRemain } from './admin-safety';

/**
 * pending -> active once the identity service reports that the first sign-in set a new
 * password (the user's own doing, so the user is the actor). False when the user was not pending.
 */
export async function activateAfterFirstSignIn(db: Db, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .for('update');
    if (!row) return false;
    const next = nextUserStatus(row.estado as UserStatus, { type: 'firstSignIn.completed' });
    // Any state but pending stays as it is: an inactive account must stay off.
    if (!next) return false;
    const [updated] = await tx
      .update(users)
      .set({ estado: next, updated_at: sql`now()`, updated_by: row.email, version: sql`${users.version} + 1` })
      .where(eq(users.id, row.id))
      .returning();
    await recordAudit(tx, { email: row.email, id: row.id, requestId: null }, {
      action: 'user.status',
      entity: 'user',
      entityId: row.id,
      before: { estado: row.estado, version: row.version },
      after: { estado: updated?.estado, version: updated?.version },
    });
    return true;
  });
}

/**
 * An administrator's status change (active <-> inactive) of a locked `target` row inside `tx`.
 * Switching off disables the built-in identity and revokes its refresh tokens; switching on
 * enables it again. With the hosted service only the row changes: the API refuses inactive
 * users' tokens anyway (401).
 */
export async function applyAdminStatusChange(
  tx: Db,
  actor: AuditActor,
  target: UserRow,
  wanted: 'active' | 'inactive',
  options: { builtinIdentity: boolean },
): Promise<UserRow> {
  const next = nextUserStatus(target.estado as UserStatus, adminEventFor(wanted));
  if (next !== wanted) throw new AppErrors.userStatusTransition();
  await assertAdminsRemain(tx, actor.id, target, { estado: next, permisos_x_view: target.permisos_x_view });
  const [updated] = await tx
    .update(users)
    .set({ estado: next, updated_at: sql`now()`, updated_by: actor.email, version: sql`${users.version} + 1` })
    .where(eq(users.id, target.id))
    .returning();
  if (!updated) throw new AppErrors.userNotFound();
  if (options.builtinIdentity) await setIdentityEnabled(tx, target.email, next === 'active');
  return updated;
}
