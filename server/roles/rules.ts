// The role rules a JSON Schema cannot state, as pure functions of a role's values: the name
// is stored trimmed, and a role users hold keeps its country (users keep theirs, so moving the
// role would silently strip their actions).
import type { RoleCreate } from '../../schemas/role.schema';
import type { RoleRow } from '../db/schema/roles';
import type { EditColumns } from '../db/versioned';

/** A role's own column values: what a create or an update writes. */
export type RoleValues = Omit<RoleRow, 'id' | keyof EditColumns>;

/** The values of a create body as stored. */
export function roleValues(body: RoleCreate): RoleValues {
  return { nombre: body.nombre.trim(), pais: body.pais, permisos_x_pagina: body.permisos_x_pagina };
}

/** A stored role with an update's changes laid over it (a field left out keeps its value). */
export function updatedRole(stored: RoleValues, changes: Partial<RoleValues>): RoleValues {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return roleValues({ ...stored, ...given });
}

/** Whether an update moves the role to another country: refused while users hold it. */
export function movesCountry(stored: RoleValues, next: RoleValues): boolean {
  return stored.pais !== next.pais;
}
