import type { FormValue } from '../../../machines/forms/record-form.machine';
import { PERMISSION_KEYS, type PermissionKey } from '../../../schemas/permission-key.schema';
import type { User } from '../../../schemas/user.schema';
import type { FieldErrors, MessageOverrides } from '../../lib/forms/field-errors';
import { validateForm, withoutEmptyFields } from '../../lib/forms/validate-form';
import userCreateSchema from 'virtual:form-validator/userCreate';
import userUpdateSchema from 'virtual:form-validator/userUpdate';

/** The text fields of the user form, in screen order. */
export const NAME_FIELDS = ['nombre', 'segundo_nombre', 'primer_apellido', 'segundo_apellido'] as const;
export const CONTACT_FIELDS = ['email', 'telefono', 'cargo'] as const;

/** Where the spec words a field's own rule (spec section 5, User creation). */
export const USER_MESSAGES: MessageOverrides = {
  email: { '*': 'admin.users.errors.email' },
  telefono: { '*': 'admin.users.errors.phone' },
  password: { '*': 'admin.users.errors.password' },
  rol_id: { exists: 'admin.users.errors.roleMissing', country: 'admin.users.errors.roleCountry' },
};

/** An empty create form. */
export function blankUser(): FormValue {
  return {
    nombre: '',
    segundo_nombre: '',
    primer_apellido: '',
    segundo_apellido: '',
    email: '',
    telefono: '',
    cargo: '',
    pais: '',
    rol_id: '',
    sexo: '',
    password: '',
    confirmacion: '',
    permisos_x_view: [] as PermissionKey[],
  };
}

/** The edit form of an existing user, with the version it was read at. */
export function userToForm(user: User): FormValue {
  return {
    nombre: user.nombre,
    segundo_nombre: user.segundo_nombre ?? '',
    primer_apellido: user.primer_apellido,
    segundo_apellido: user.segundo_apellido ?? '',
    email: user.email,
    telefono: user.telefono ?? '',
    cargo: user.cargo ?? '',
    pais: user.pais ?? '',
    rol_id: user.rol_id === null || user.rol_id === undefined ? '' : String(user.rol_id),
    sexo: user.sexo ?? '',
    version: user.version,
  };
}

function roleId(value: unknown): number | undefined {
  const id = Number(value);
  return value === '' || !Number.isInteger(id) ? undefined : id;
}

/** The `POST /api/v2/create-user` body of a create form (the confirmation stays in the browser). */
export function createBody(value: FormValue): Record<string, unknown> {
  const { confirmacion: _confirmation, rol_id, permisos_x_view, ...fields } = value;
  const keys = (permisos_x_view as PermissionKey[] | undefined) ?? [];
  return {
    ...withoutEmptyFields(fields),
    ...(roleId(rol_id) !== undefined ? { rol_id: roleId(rol_id) } : {}),
    // Catalogue order, as the server stores it.
    permisos_x_view: PERMISSION_KEYS.filter((key) => keys.includes(key)),
  };
}

/**
 * The `PATCH /api/v2/user/{id}` body of an edit form: required names stay even when emptied
 * (so the schema says "required"), an emptied middle name clears it, the e-mail is not editable.
 */
export function updateBody(value: FormValue): Record<string, unknown> {
  const { email: _email, rol_id, segundo_nombre, sexo, ...fields } = value;
  return {
    ...fields,
    segundo_nombre: segundo_nombre === '' ? null : segundo_nombre,
    ...(sexo === '' ? {} : { sexo }),
    ...(roleId(rol_id) !== undefined ? { rol_id: roleId(rol_id) } : {}),
  };
}

/** Field messages of a create form: the shared schema, then the confirmation ('Passwords do not match'). */
export function validateCreate(value: FormValue): FieldErrors {
  const errors = validateForm(userCreateSchema, createBody(value), USER_MESSAGES);
  if (value.password !== value.confirmacion && errors.confirmacion === undefined) {
    errors.confirmacion = { key: 'forms.errors.passwordMismatch' };
  }
  return errors;
}

export function validateUpdate(value: FormValue): FieldErrors {
  return validateForm(userUpdateSchema, updateBody(value), USER_MESSAGES);
}
