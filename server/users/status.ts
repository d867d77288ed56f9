// Status changes of an account, decided by the shared machine (machines/users) and applied
// with their effect on the built-in identity: an administrator's switch on or off, and the
// first sign-in that activates a pending user.
import { adminEventFor, nextUserStatus } from '../../machines/users/user-status.machine';
import { assertAdminsRemain } from '../authz/admin-safety';
import type { Db } from '../db/client';
import { AppErrors } from '../errors/catalogue';
import { setIdentityEnabled } from '../idp/identities';
import { recordAudit, type AuditActor } from '../audit/store';
import { findLockedUser, updateUser, userByEmail, type UserWire } from './store';

/**
 * pending -> active once the identity service reports that the first sign-in set a new
 * password (the user's own doing, so the user is the actor). False when the user was not pending.
 */
export async function activateAfterFirstSignIn(db: Db, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const user = await findLockedUser(tx, userByEmail(email));
    if (!user) return false;
    const next = nextUserStatus(user.estado, { type: 'firstSignIn.completed' });
    // Any state but pending stays as it is: an inactive account must stay off.
    if (!next) return false;
    const updated = await updateUser(tx, user.id, { estado: next }, user.email);
    await recordAudit(tx, { email: user.email, id: user.id, requestId: null }, {
      action: 'user.status',
      entity: 'user',
      entityId: user.id,
      before: { estado: user.estado, version: user.version },
      after: { estado: updated.estado, version: updated.version },
    });
    return true;
  });
}

/**
 * An administrator's status change (active <-> inactive) of a locked `target` inside `tx`.
 * Switching off disables the built-in identity and revokes its refresh tokens; switching on
 * enables it again. With the hosted service only the row changes: the API refuses inactive
 * users' tokens anyway (401).
 */
export async function applyAdminStatusChange(
  tx: Db,
  actor: Pick<AuditActor, 'id' | 'email'>,
  target: UserWire,
  wanted: 'active' | 'inactive',
  options: { builtinIdentity: boolean },
): Promise<UserWire> {
  const next = nextUserStatus(target.estado, adminEventFor(wanted));
  if (next !== wanted) throw new AppErrors.userStatusTransition();
  await assertAdminsRemain(tx, actor.id, target, { estado: next, permisos_x_view: target.permisos_x_view });
  const updated = await updateUser(tx, target.id, { estado: next }, actor.email);
  if (options.builtinIdentity) await setIdentityEnabled(tx, target.email, next === 'active');
  return updated;
}
