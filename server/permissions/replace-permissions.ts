// Replacing a user's view keys, refusing self-lockout and a lost last admin.
import type { SQL } from 'drizzle-orm';
import type { PermissionsUpdate, UserPermissions } from '../../schemas/permissions.schema';
import { assertAdminsRemain } from '../authz/admin-safety';
import { useCase } from '../kit/use-case';
import { normalisePermissions } from './rules';
import * as users from '../users/store';

/** PUT of the user `which` names (by id or by e-mail, the spec's two paths). */
export const replacePermissions = useCase<{ which: SQL; body: PermissionsUpdate }, UserPermissions>({
  audit: { action: 'user.permissions', entity: 'user' },
  async run(tx, { user }, { which, body }) {
    const permisos = normalisePermissions(body.permisos);
    const before = await users.lockUserPermissions(tx, which, body.version);
    await assertAdminsRemain(tx, user.id, { ...before, permisos_x_view: before.permisos }, { estado: before.estado, permisos_x_view: permisos });
    const after = await users.updateUserPermissions(tx, before.id, permisos, user.email);
    // The audit row keeps what changed: the keys and the version.
    const keysOf = (row: UserPermissions) => ({ permisos_x_view: row.permisos, version: row.version });
    return { id: before.id, before, after, audited: { before: keysOf(before), after: keysOf(after) } };
  },
});
