import { Button, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'wouter';
import { permissionAssignmentMachine } from '../../../machines/admin/permission-assignment.machine';
import { notify } from '../../app/notifications';
import type { Failure } from '../../lib/api/read-failure';
import { useRequest } from '../../lib/api/use-request';
import { FormField } from '../../lib/forms/form-field';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { ViewKeysField } from './view-keys-field';
import { listUsers, permissionCatalogue, updateUserPermissions, userPermissions } from './admin-api';

/** `/admin-usuario/asignar-vistas/`: pick a user (`?user=<id>`), check their view keys, save. */
export default function AssignViewsPage() {
  const t = useT();
  const users = useRequest(() => listUsers(), { load: [] });
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('user') ?? '');
  const userId = Number.isInteger(selected) && selected > 0 ? selected : null;

  return (
    <Stack gap="5">
      <FormField labelKey="admin.views.user" error={undefined}>
        <NativeSelect.Root maxW="md" disabled={users.data === null}>
          <NativeSelect.Field
            value={userId === null ? '' : String(userId)}
            onChange={(event) =>
              setParams((previous) => {
                const next = new URLSearchParams(previous);
                if (event.target.value) next.set('user', event.target.value);
                else next.delete('user');
                return next;
              })
            }
          >
            <option value="">{t('forms.choose')}</option>
            {(users.data ?? []).map((user) => (
              <option key={user.id} value={String(user.id)}>
                {`${user.nombre} ${user.primer_apellido} <${user.email}>`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {users.failure ? <ErrorAlert messageKey={users.failure.messageKey} /> : null}
      {userId === null ? <Text color="fg.muted">{t('admin.views.pick')}</Text> : <ViewAssignment key={userId} userId={userId} />}
    </Stack>
  );
}

/** One user's view keys, run by the permission-assignment machine. */
function ViewAssignment({ userId }: { userId: number }) {
  const t = useT();
  const { snapshot, send } = useFormMachine(permissionAssignmentMachine, {
    input: { userId },
    effects: {
      load: async ({ userId: id }) => {
        const [catalogue, user] = await Promise.all([permissionCatalogue(), userPermissions(id)]);
        return { catalogue, permisos: user.permisos, version: user.version };
      },
      save: ({ userId: id, permisos, version }) => updateUserPermissions(id, { permisos, version }),
    },
  });
  const { catalogue, selected } = snapshot.context;
  const error = snapshot.context.error as Failure | null;
  const saved = snapshot.matches('saved');

  const notifySaved = useEffectEvent(() => notify({ type: 'success', message: t('admin.views.saved') }));
  useEffect(() => {
    if (saved) notifySaved();
  }, [saved]);

  if (snapshot.matches('loading')) return <Spinner role="status" aria-label={t('common.loading')} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <ErrorAlert messageKey={error?.messageKey ?? 'forms.errors.connection'}>
        <Button size="sm" onClick={() => send({ type: 'assignment.retry' })}>
          {t('common.retry')}
        </Button>
      </ErrorAlert>
    );
  }

  const failure = snapshot.matches('failed') ? error : null;
  return (
    <Stack gap="4">
      {failure ? (
        <ErrorAlert messageKey={failure.messageKey} />
      ) : null}
      <ViewKeysField
        legendKey="admin.views.catalogue"
        catalogue={catalogue}
        selected={selected}
        disabled={snapshot.matches('saving')}
        onToggle={(key) => send({ type: 'permission.toggle', key })}
      />
      <HStack justify="flex-end">
        <Button colorPalette="blue" loading={snapshot.matches('saving')} disabled={saved} onClick={() => send({ type: 'assignment.save' })}>
          {t('common.save')}
        </Button>
      </HStack>
    </Stack>
  );
}
