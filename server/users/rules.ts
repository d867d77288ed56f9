// The user rules a JSON Schema cannot state, as pure functions: who may read whose record, a
// user's values as stored, and the fit of a user's role (roles are per country).
import type { UserCreate, UserUpdate } from '../../schemas/user.schema';
import { roleOf } from '../authz/authorize';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/app';
import type { RoleRow } from '../db/schema/roles';
import { cleanedTexts, textOrNull, type EditColumns } from '../db/versioned';
import { AppErrors, withDetails, type ErrorDetail } from '../errors/catalogue';
import { normalisePermissions } from '../permissions/rules';
import { hasPermission } from '../plugins/auth';

/** A user's own column values: what a create writes. */
export type UserValues = Omit<UserRow, 'id' | keyof EditColumns>;

/** Whether `reader` may read the record of `email`: themselves always, anyone else with admin. */
export function mayReadUser(reader: UserRow, email: string): boolean {
  // Everyone may load their own record: the app shell needs it to start.
  if (reader.email === email.trim().toLowerCase()) return true;
  // Other people's records are user administration.
  return hasPermission(reader, 'admin');
}

/** A new user as stored: pending until the first sign-in, names trimmed, keys in menu order. */
export function newUserValues(fields: Omit<UserCreate, 'password'>, email: string): UserValues {
  return {
    email,
    nombre: fields.nombre.trim(),
    segundo_nombre: textOrNull(fields.segundo_nombre),
    primer_apellido: fields.primer_apellido.trim(),
    segundo_apellido: fields.segundo_apellido.trim(),
    telefono: fields.telefono.trim(),
    cargo: fields.cargo.trim(),
    pais: fields.pais,
    rol_id: fields.rol_id,
    sexo: fields.sexo ?? null,
    estado: 'pending',
    permisos_x_view: normalisePermissions(fields.permisos_x_view ?? []),
  };
}

/** An update's changes as stored: texts trimmed, a blank optional one null (the schema keeps required ones from being blank). */
export function userChanges(changes: Omit<UserUpdate, 'version'>): Partial<UserValues> {
  return cleanedTexts(changes) as Partial<UserValues>;
}

/**
 * The role a user is given must exist and belong to the user's country (roles are per
 * country): a detail on `/rol_id` otherwise, so the form marks the field. No role: nothing to fit.
 */
function roleFitProblems(rolId: number | null, pais: string | null, role: Pick<RoleRow, 'pais'> | undefined): ErrorDetail[] {
  if (rolId === null) return [];
  if (!role) return [{ instancePath: '/rol_id', keyword: 'exists', message: 'the role does not exist' }];
  if (role.pais !== pais) {
    return [{ instancePath: '/rol_id', keyword: 'country', message: `the role belongs to ${role.pais}, the user to ${pais ?? 'no country'}` }];
  }
  return [];
}

/** Which identity service accounts are written to (config.identity): the built-in one keeps them here too. */
export interface IdentityOptions {
  builtinIdentity: boolean;
  poolId: string;
}

/** 400 on `/rol_id` unless role `rolId` exists in country `pais`. */
export async function assertRoleFits(tx: Db, rolId: number | null, pais: string | null): Promise<void> {
  const problems = roleFitProblems(rolId, pais, await roleOf(tx, { rol_id: rolId }));
  if (problems.length > 0) throw withDetails(new AppErrors.userRoleInvalid(), problems);
}
