// Roles on the record kit: the generic create, update and delete with the role rules plugged
// in (rules.ts) over the role store (store.ts).
import type { Role, RoleCreate } from '../../schemas/role.schema';
import { errorForCode } from '../errors/catalogue';
import { recordMutations } from '../kit/record-mutations';
import type { RecordRouteSpec } from '../kit/record-handlers';
import { heldRoleRefusal, movesCountry, roleValues, updatedRole, viewRuleRefusal } from './rules';
import { countUsersWithRole } from '../users/store';
import { roleStore } from './store';

const roleMutations = recordMutations({
  store: roleStore,
  createValues: roleValues,
  updatedValues: updatedRole,
  // Only a matrix the request gives is judged: a role stored before the rule can still be renamed.
  refuseRequest: (given) => (given.permisos_x_pagina ? viewRuleRefusal(given.permisos_x_pagina) : null),
  check: async (tx, values, { id, stored }) => {
    const refusal = stored && id !== null && movesCountry(stored, values) ? heldRoleRefusal(await countUsersWithRole(tx, id)) : null;
    if (refusal) throw errorForCode(refusal);
    return [];
  },
  deleteRefusal: async (tx, role) => heldRoleRefusal(await countUsersWithRole(tx, role.id)),
});

/** The role routes' record: its read, the kit's use cases with the role rules, and what the database refuses. */
export const roleRecord: RecordRouteSpec<Role, RoleCreate> = {
  entity: 'role',
  read: roleStore.read,
  ...roleMutations,
  refusals: {
    // One name per country, whatever its case: the unique index decides, also between two editors.
    write: { unique: 'APP_ERR_ROLE_DUPLICATE' },
    // A user given the role between the count and the delete: the foreign key refuses it.
    delete: { foreignKey: 'APP_ERR_ROLE_IN_USE' },
  },
};
