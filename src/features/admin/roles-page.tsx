import { Alert, Button, Card, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { COUNTRY_CODES, uniformRolePermissions, type Role, type RolePermissions } from '../../../schemas/role.schema';
import { notify } from '../../app/toaster';
import { FormField } from '../../lib/forms/form-field';
import { submitFailureOf, type SubmitFailure } from '../../lib/forms/server-errors';
import { validateForm } from '../../lib/forms/validate-form';
import roleCreateSchema from 'virtual:form-validator/roleCreate';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { useT } from '../../lib/i18n/use-t';
import { createRole, listRoles, updateRole } from './admin-api';
import { RoleMatrix } from './role-matrix';
import { useLoaded } from '../../lib/ui/use-loaded';

type Editor =
  | { kind: 'none' }
  | { kind: 'edit'; role: Role; matrix: RolePermissions }
  | { kind: 'create'; nombre: string; pais: string; matrix: RolePermissions; errors: FieldErrors };

/** `/admin-usuario/roles/`: pick a country and a role, edit its matrix, save; or create a role. */
export default function RolesPage() {
  const t = useT();
  const roles = useLoaded(listRoles);
  const [country, setCountry] = useState('');
  const [editor, setEditor] = useState<Editor>({ kind: 'none' });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  const countryRoles = (roles.data ?? []).filter((role) => country === '' || role.pais === country);

  function pickRole(id: string) {
    setFailure(null);
    const role = (roles.data ?? []).find((candidate) => String(candidate.id) === id);
    setEditor(role ? { kind: 'edit', role, matrix: role.permisos_x_pagina } : { kind: 'none' });
  }

  async function save() {
    setSaving(true);
    setFailure(null);
    try {
      if (editor.kind === 'edit') {
        const saved = await updateRole(editor.role.id, { permisos_x_pagina: editor.matrix, version: editor.role.version });
        setEditor({ kind: 'edit', role: saved, matrix: saved.permisos_x_pagina });
        roles.setData((roles.data ?? []).map((role) => (role.id === saved.id ? saved : role)));
        notify({ type: 'success', message: t('admin.roles.updated') });
      } else if (editor.kind === 'create') {
        const body = { nombre: editor.nombre.trim(), pais: editor.pais, permisos_x_pagina: editor.matrix };
        const errors = validateForm(roleCreateSchema, body);
        if (Object.keys(errors).length > 0) {
          setEditor({ ...editor, errors });
          return;
        }
        const saved = await createRole(body as Parameters<typeof createRole>[0]);
        roles.setData([...(roles.data ?? []), saved]);
        setCountry(saved.pais);
        setEditor({ kind: 'edit', role: saved, matrix: saved.permisos_x_pagina });
        notify({ type: 'success', message: t('admin.roles.created', { name: saved.nombre }) });
      }
    } catch (error) {
      const refused = submitFailureOf(error);
      setFailure(refused);
      if (editor.kind === 'create') setEditor({ ...editor, errors: refused.fields });
    } finally {
      setSaving(false);
    }
  }

  if (roles.errorKey) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t(roles.errorKey)}</Alert.Title>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="end">
        <FormField labelKey="admin.roles.country" error={undefined}>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={country}
              onChange={(event) => {
                setCountry(event.target.value);
                if (editor.kind === 'edit') setEditor({ kind: 'none' });
              }}
            >
              <option value="">{t('admin.roles.allCountries')}</option>
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`countries.${code}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField labelKey="admin.roles.role" error={undefined}>
          <NativeSelect.Root disabled={roles.data === null}>
            <NativeSelect.Field value={editor.kind === 'edit' ? String(editor.role.id) : ''} onChange={(event) => pickRole(event.target.value)}>
              <option value="">{t('forms.choose')}</option>
              {countryRoles.map((role) => (
                <option key={role.id} value={String(role.id)}>
                  {`${role.nombre} (${t(`countries.${role.pais}`)})`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button
          variant="outline"
          onClick={() => {
            setFailure(null);
            setEditor({ kind: 'create', nombre: '', pais: country, matrix: uniformRolePermissions(false), errors: {} });
          }}
        >
          {t('admin.roles.new')}
        </Button>
      </SimpleGrid>

      {editor.kind === 'none' ? <Text color="fg.muted">{t('admin.roles.pick')}</Text> : null}

      {editor.kind !== 'none' ? (
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">
              {editor.kind === 'edit'
                ? `${editor.role.nombre} (${t(`countries.${editor.role.pais}`)})`
                : t('admin.roles.createTitle')}
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <Stack gap="4">
              {failure ? (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{t(failure.messageKey)}</Alert.Title>
                </Alert.Root>
              ) : null}
              {editor.kind === 'create' ? (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField labelKey="admin.roles.name" error={editor.errors.nombre} required>
                    <Input name="nombre" value={editor.nombre} onChange={(event) => setEditor({ ...editor, nombre: event.target.value, errors: {} })} />
                  </FormField>
                  <FormField labelKey="admin.roles.country" error={editor.errors.pais} required>
                    <NativeSelect.Root>
                      <NativeSelect.Field name="pais" value={editor.pais} onChange={(event) => setEditor({ ...editor, pais: event.target.value, errors: {} })}>
                        <option value="">{t('forms.choose')}</option>
                        {COUNTRY_CODES.map((code) => (
                          <option key={code} value={code}>
                            {t(`countries.${code}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                </SimpleGrid>
              ) : null}
              <RoleMatrix matrix={editor.matrix} disabled={saving} onChange={(matrix) => setEditor({ ...editor, matrix })} />
              <HStack justify="flex-end">
                <Button colorPalette="blue" loading={saving} onClick={() => void save()}>
                  {t(editor.kind === 'create' ? 'admin.roles.create' : 'common.save')}
                </Button>
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : null}
    </Stack>
  );
}
