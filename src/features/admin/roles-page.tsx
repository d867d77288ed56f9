import { Button, Card, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { roleEditorIsDirty, roleEditorMachine, type RoleValue } from '../../../machines/admin/role-editor.machine';
import { COUNTRY_CODES, type Role, type RoleCreate } from '../../../schemas/role.schema';
import { notify } from '../../app/notifications';
import type { Failure } from '../../lib/api/read-failure';
import { useRequest } from '../../lib/api/use-request';
import { DiscardChangesDialog } from '../../lib/forms/form-actions';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { FormField } from '../../lib/forms/form-field';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { validateForm } from '../../lib/forms/validate-form';
import roleCreateSchema from 'virtual:form-validator/roleCreate';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { createRole, listRoles, updateRole } from './admin-api';
import { RoleMatrix } from './role-matrix';

/** The `POST /api/v2/roles` body of a new role. */
function createBody(value: RoleValue): RoleCreate {
  return { nombre: value.nombre.trim(), pais: value.pais, permisos_x_pagina: value.matrix } as RoleCreate;
}

/** The list as loaded, with the role open in its latest saved state (a new one included before the list reloads). */
function withOpenRole(roles: Role[], open: Role | null): Role[] {
  if (open === null) return roles;
  return roles.some((role) => role.id === open.id) ? roles.map((role) => (role.id === open.id ? open : role)) : [...roles, open];
}

/** A country choice of the page, every country by name. */
function CountryOptions({ firstKey }: { firstKey: string }) {
  const t = useT();
  return (
    <>
      <option value="">{t(firstKey)}</option>
      {COUNTRY_CODES.map((code) => (
        <option key={code} value={code}>
          {t(`countries.${code}`)}
        </option>
      ))}
    </>
  );
}

/** `/admin-usuario/roles/`: pick a country and a role, edit its matrix, save; or create a role (the role-editor machine). */
export default function RolesPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const roles = useRequest(() => listRoles(), { load: [] });
  const { snapshot, send } = useFormMachine(roleEditorMachine, {
    effects: {
      validate: (value) => validateForm(roleCreateSchema, createBody(value)),
      save: ({ role, value }) =>
        role === null ? createRole(createBody(value)) : updateRole(role.id, { permisos_x_pagina: value.matrix, version: role.version }),
    },
    actions: {
      notifySaved: (_, { role, created }) => {
        notify({ type: 'success', message: created ? t('admin.roles.created', { name: role.nombre }) : t('admin.roles.updated') });
        roles.send();
      },
      leave: (_, { to }) => navigate(to),
    },
    isDirty: roleEditorIsDirty,
    leaveEvent: (to) => ({ type: 'editor.leave' as const, to }),
  });
  const { context } = snapshot;

  if (roles.failure) return <ErrorAlert messageKey={roles.failure.messageKey} />;

  const { country, role, value } = context;
  const countryRoles = withOpenRole(roles.data ?? [], role).filter((candidate) => country === '' || candidate.pais === country);
  const open = snapshot.matches('open') || snapshot.matches('confirmingDiscard');
  const creating = role === null;
  const busy = snapshot.hasTag('busy');
  const failure = snapshot.matches({ open: 'failed' }) ? (context.failure as Failure) : null;
  const errors: FieldErrors = { ...(context.fieldErrors as FieldErrors), ...(failure?.fields ?? {}) };

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end">
        <FormField labelKey="admin.roles.country" error={undefined}>
          <NativeSelect.Root>
            <NativeSelect.Field value={country} onChange={(event) => send({ type: 'country.pick', country: event.target.value })}>
              <CountryOptions firstKey="admin.roles.allCountries" />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField labelKey="admin.roles.role" error={undefined}>
          <NativeSelect.Root disabled={roles.data === null}>
            <NativeSelect.Field
              value={role === null ? '' : String(role.id)}
              onChange={(event) => send({ type: 'role.pick', role: countryRoles.find((candidate) => String(candidate.id) === event.target.value) ?? null })}
            >
              <option value="">{t('forms.choose')}</option>
              {countryRoles.map((candidate) => (
                <option key={candidate.id} value={String(candidate.id)}>
                  {`${candidate.nombre} (${t(`countries.${candidate.pais}`)})`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button variant="outline" onClick={() => send({ type: 'role.new' })}>
          {t('admin.roles.new')}
        </Button>
      </SimpleGrid>

      {open ? null : <Text color="fg.muted">{t('admin.roles.pick')}</Text>}

      {open ? (
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">{creating ? t('admin.roles.createTitle') : `${role.nombre} (${t(`countries.${role.pais}`)})`}</Card.Title>
          </Card.Header>
          <Card.Body>
            <Stack gap="4">
              {failure ? (
                <ErrorAlert messageKey={failure.messageKey} />
              ) : null}
              {creating ? (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField labelKey="admin.roles.name" error={errors.nombre} required>
                    <Input name="nombre" value={value.nombre} onChange={(event) => send({ type: 'draft.change', field: 'nombre', value: event.target.value })} />
                  </FormField>
                  <FormField labelKey="admin.roles.country" error={errors.pais} required>
                    <NativeSelect.Root>
                      <NativeSelect.Field name="pais" value={value.pais} onChange={(event) => send({ type: 'draft.change', field: 'pais', value: event.target.value })}>
                        <CountryOptions firstKey="forms.choose" />
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                </SimpleGrid>
              ) : null}
              <RoleMatrix matrix={value.matrix} disabled={busy} onCellChange={(cell, checked) => send({ type: 'cell.change', ...cell, checked })} />
              <HStack justify="flex-end">
                <Button colorPalette="blue" loading={busy} onClick={() => send({ type: 'role.save' })}>
                  {t(creating ? 'admin.roles.create' : 'common.save')}
                </Button>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : null}
      <DiscardChangesDialog
        open={snapshot.matches('confirmingDiscard')}
        onConfirm={() => send({ type: 'discard.confirm' })}
        onCancel={() => send({ type: 'discard.dismiss' })}
      />
    </Stack>
  );
}
