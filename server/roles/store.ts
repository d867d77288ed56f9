// The SQL of the roles area: a role is read, locked and written as the API shows it (its own
// columns), so a write answers without reading again (the record kit's store).
import { asc } from 'drizzle-orm';
import type { Role } from '../../schemas/role.schema';
import type { Db } from '../db/client';
import { roles } from '../db/schema/roles';
import { recordStore } from '../kit/record-store';

/** Roles read, locked, inserted, updated and deleted as the API shows them. */
export const roleStore = recordStore({ table: roles, notFound: 'APP_ERR_ROLE_NOT_FOUND' });

/** Every role, by country and name. */
export function listRoles(db: Db): Promise<Role[]> {
  return roleStore.list(db, undefined, [asc(roles.pais), asc(roles.nombre)]);
}
