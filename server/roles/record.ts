// Roles on the record kit: the generic create, update and delete with the role rules plugged
// in (rules.ts) over the role store (store.ts).
import { errorForCode } from '../errors/catalogue';
import { recordMutations } from '../kit/record-mutations';
import { heldRoleRefusal, movesCountry, roleValues, updatedRole, viewRuleRefusal } from './rules';
import { holderCount, roleStore } from './store';

export const roleMutations = recordMutations({
  store: roleStore,
  createValues: roleValues,
  updatedValues: updatedRole,
  // Only a matrix the request gives is judged: a role stored before the rule can still be renamed.
  refuseRequest: (given) => (given.permisos_x_pagina ? viewRuleRefusal(given.permisos_x_pagina) : null),
  check: async (tx, values, { id, stored }) => {
    const refusal = stored && id !== null && movesCountry(stored, values) ? heldRoleRefusal(await holderCount(tx, id)) : null;
    if (refusal) throw errorForCode(refusal);
    return [];
  },
  deleteRefusal: async (tx, role) => heldRoleRefusal(await holderCount(tx, role.id)),
});
