// The role rules a JSON Schema cannot state, as pure functions of a role's values: the name
// is stored trimmed, a role users hold keeps its country (users keep theirs, so moving the
// role would silently strip their actions), and no action is granted on a page without view.
import { grantsWithoutView, type RoleCreate, type RolePermissions } from '../../schemas/role.schema';
import type { RoleRow } from '../db/schema/roles';
import { laidOver, type EditColumns } from '../db/versioned';
import { errorForCode, withDetails } from '../errors/catalogue';

/** A role's own column values: what a create or an update writes. */
type RoleValues = Omit<RoleRow, 'id' | keyof EditColumns>;

/** The values of a create body as stored. */
export function roleValues(body: RoleCreate): RoleValues {
  return { nombre: body.nombre.trim(), pais: body.pais, permisos_x_pagina: body.permisos_x_pagina };
}

/** A stored role with an update's changes laid over it (a field left out keeps its value). */
export function updatedRole(stored: RoleValues, changes: Partial<RoleValues>): RoleValues {
  return roleValues(laidOver(stored, changes));
}

/** Whether an update moves the role to another country: refused while users hold it. */
export function movesCountry(stored: RoleValues, next: RoleValues): boolean {
  return stored.pais !== next.pais;
}

/** The refusal code of deleting, or moving to another country, a role `holders` users hold; null when none does. */
export function heldRoleRefusal(holders: number): string | null {
  return holders > 0 ? 'APP_ERR_ROLE_IN_USE' : null;
}

/**
 * The 400 refusing a matrix that grants an action on a page without view, one detail per such
 * cell (so a caller sees which to fix); null when the matrix keeps the rule.
 */
export function viewRuleRefusal(matrix: RolePermissions): Error | null {
  const cells = grantsWithoutView(matrix);
  if (cells.length === 0) return null;
  return withDetails(
    errorForCode('APP_ERR_ROLE_NEEDS_VIEW'),
    cells.map(({ page, action }) => ({
      instancePath: `/permisos_x_pagina/${page}/${action}`,
      keyword: 'needsView',
      message: `${action} on ${page} needs view on ${page}`,
    })),
  );
}
