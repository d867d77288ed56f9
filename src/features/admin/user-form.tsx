import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { PermissionKey } from '../../../schemas/permission-key.schema';
import { COUNTRY_CODES, type Role } from '../../../schemas/role.schema';
import { userCreateSchema, type User, type UserCreate, type UserUpdate } from '../../../schemas/user.schema';
import { requiredFields } from '../../lib/forms/required-fields';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { formIsDirty, recordFormMachine } from '../../../machines/forms/record-form.machine';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { DiscardChangesDialog, FormActions, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { useT } from '../../lib/i18n/use-t';
import { ViewKeysField } from './view-keys-field';
import {
  blankUser,
  CONTACT_FIELDS,
  createBody,
  NAME_FIELDS,
  updateBody,
  USER_MESSAGES,
  userToForm,
  validateCreate,
  validateUpdate,
} from './user-values';

/**
 * What a user must have, created or edited (the edit form sends every name, so an emptied one
 * is refused too): the create schema's rule. The confirmation never reaches the server; it is
 * needed exactly when the password is.
 */
const REQUIRED = requiredFields(userCreateSchema);
const isRequired = (field: string) => REQUIRED.has(field === 'confirmacion' ? 'password' : field);

export interface UserFormEffects {
  create: (body: UserCreate) => Promise<User>;
  update: (id: number, body: UserUpdate) => Promise<User>;
}

/**
 * Create or edit a user (spec sections 3 and 5) through the record-form machine: the shared
 * schema checks the value first, the server's refusal comes back beside the fields.
 */
export function UserForm({
  user,
  roles,
  catalogue,
  effects,
  onSaved,
  onLeft,
}: {
  /** The user to edit; absent for a new one. */
  user?: User;
  roles: Role[];
  catalogue: PermissionKey[];
  effects: UserFormEffects;
  onSaved: (user: User) => void;
  /** The form was left: by Cancel (`href` null) or for the in-app address `href`. */
  onLeft: (href: string | null) => void;
}) {
  const t = useT();
  const creating = user === undefined;
  const form = useFormMachine(recordFormMachine, {
    input: { initial: creating ? blankUser() : userToForm(user) },
    effects: {
      validate: creating ? validateCreate : validateUpdate,
      submit: (input) => (creating ? effects.create(createBody(input) as UserCreate) : effects.update(user.id, updateBody(input) as UserUpdate)),
    },
    fields: USER_MESSAGES,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { value, busy, change, failure, errors } = form;

  const { text, textInput, select } = useRecordFields({
    value,
    errors,
    change,
    labelPrefix: 'admin.users.fields',
    isRequired,
  });
  const selectedKeys = (value.permisos_x_view as PermissionKey[] | undefined) ?? [];
  const countryRoles = roles.filter((role) => role.pais === text('pais'));

  return (
    <form
      noValidate
      aria-label={t(creating ? 'admin.users.createTitle' : 'admin.users.editTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="5">
        {failure ? <SubmitFailureAlert failure={failure} /> : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {NAME_FIELDS.map((field) => textInput(field))}
          {CONTACT_FIELDS.map((field) =>
            textInput(field, { type: field === 'email' ? 'email' : field === 'telefono' ? 'tel' : 'text', disabled: field === 'email' && !creating }),
          )}
          {select('sexo', ['male', 'female'], (sexo) => t(`admin.users.sexo.${sexo}`))}
          {/* Roles are per country: a role of the old country no longer fits. */}
          {select('pais', COUNTRY_CODES, (code) => t(`countries.${code}`), { onChosen: () => change('rol_id', '') })}
          {select(
            'rol_id',
            countryRoles.map((role) => String(role.id)),
            (id) => countryRoles.find((role) => String(role.id) === id)?.nombre ?? id,
            { helperKey: 'admin.users.roleHelp' },
          )}
          {creating ? (
            <>
              {textInput('password', { type: 'password', autoComplete: 'new-password' })}
              {textInput('confirmacion', { type: 'password', autoComplete: 'new-password' })}
            </>
          ) : null}
        </SimpleGrid>
        {creating ? (
          <ViewKeysField
            legendKey="admin.users.fields.permisos_x_view"
            catalogue={catalogue}
            selected={selectedKeys}
            onToggle={(key, checked) => change('permisos_x_view', checked ? [...selectedKeys, key] : selectedKeys.filter((item) => item !== key))}
          />
        ) : null}
        <FormActions busy={busy} submitKey={creating ? 'admin.users.create' : 'common.save'} onCancel={form.cancel} />
      </Stack>
      <DiscardChangesDialog {...form.leaveDialog} />
    </form>
  );
}

