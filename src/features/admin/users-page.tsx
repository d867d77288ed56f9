import { Alert, Button, Card, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { adminTargetsFrom } from '../../../machines/users/user-status.machine';
import type { User } from '../../../schemas/user.schema';
import { notify } from '../../app/toaster';
import { ApiError } from '../../lib/api/api-error';
import { leaveTarget } from '../../lib/forms/use-leave-guard';
import { DataGrid } from '../../lib/grid/data-grid';
import { StatusBadge } from '../../lib/grid/status-badge';
import { useT } from '../../lib/i18n/use-t';
import { changeUserStatus, createUser, listRoles, listUsers, permissionCatalogue, updateUser } from './admin-api';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { UserForm } from './user-form';
import { useLoaded } from '../../lib/ui/use-loaded';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; user: User } | { kind: 'created'; user: User };

const fullName = (user: User) => [user.nombre, user.primer_apellido, user.segundo_apellido].filter(Boolean).join(' ');

/** `/admin-usuario/`: the users (search, sort, filter, status), create, edit, switch on or off. */
export default function UsersPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const users = useLoaded(listUsers);
  const setup = useLoaded(() => Promise.all([listRoles(), permissionCatalogue()]));
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [statusChange, setStatusChange] = useState<{ user: User; target: 'active' | 'inactive' } | null>(null);
  const [changing, setChanging] = useState(false);

  async function confirmStatusChange() {
    if (!statusChange) return;
    const { user, target } = statusChange;
    setChanging(true);
    try {
      await changeUserStatus(user.id, { estado: target, version: user.version });
      notify({ type: 'success', message: t(`admin.users.statusChanged.${target}`, { name: fullName(user) }) });
      users.reload();
    } catch (error) {
      notify({ type: 'error', message: t(error instanceof ApiError && error.code ? `errors.${error.code}` : 'forms.errors.connection') });
    } finally {
      setChanging(false);
      setStatusChange(null);
    }
  }

  const columns = useMemo<ColDef<User>[]>(
    () => [
      { colId: 'nombre', headerName: t('admin.users.columns.name'), valueGetter: ({ data }) => (data ? fullName(data) : '') },
      { field: 'email', headerName: t('admin.users.columns.email') },
      {
        field: 'pais',
        headerName: t('admin.users.columns.country'),
        valueFormatter: ({ value }) => (value ? t(`countries.${value as string}`) : ''),
        // Search and filters match the text on screen, not the code.
        getQuickFilterText: ({ value }) => (value ? t(`countries.${value as string}`) : ''),
      },
      { field: 'rol_nombre', headerName: t('admin.users.columns.role') },
      {
        field: 'estado',
        headerName: t('admin.users.columns.status'),
        filterValueGetter: ({ data }) => (data ? t(`admin.users.status.${data.estado}`) : ''),
        getQuickFilterText: ({ value }) => t(`admin.users.status.${value as string}`),
        cellRenderer: ({ value }: ICellRendererParams<User, string>) => <StatusBadge status={value ?? ''} labelPrefix="admin.users.status" />,
      },
      {
        colId: 'actions',
        headerName: t('admin.users.columns.actions'),
        sortable: false,
        filter: false,
        minWidth: 220,
        cellRenderer: ({ data }: ICellRendererParams<User>) =>
          data ? (
            <HStack gap="2" height="full">
              <Button size="xs" variant="outline" aria-label={t('admin.users.editUser', { name: fullName(data) })} onClick={() => setMode({ kind: 'edit', user: data })}>
                {t('common.edit')}
              </Button>
              {adminTargetsFrom(data.estado).map((target) => (
                <Button
                  key={target}
                  size="xs"
                  variant="outline"
                  colorPalette={target === 'inactive' ? 'red' : 'green'}
                  aria-label={t(`admin.users.statusAction.${target}User`, { name: fullName(data) })}
                  onClick={() => setStatusChange({ user: data, target })}
                >
                  {t(`admin.users.statusAction.${target}`)}
                </Button>
              ))}
            </HStack>
          ) : null,
      },
    ],
    [t],
  );

  if (users.errorKey || setup.errorKey) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t(users.errorKey ?? setup.errorKey ?? '')}</Alert.Title>
      </Alert.Root>
    );
  }

  const [roles, catalogue] = setup.data ?? [[], []];

  if (mode.kind === 'create' || mode.kind === 'edit') {
    return (
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t(mode.kind === 'create' ? 'admin.users.createTitle' : 'admin.users.editTitle')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <UserForm
            key={mode.kind === 'edit' ? mode.user.id : 'new'}
            user={mode.kind === 'edit' ? mode.user : undefined}
            roles={roles}
            catalogue={catalogue}
            effects={{ create: createUser, update: updateUser }}
            onSaved={(saved) => {
              users.reload();
              notify({ type: 'success', message: t(mode.kind === 'create' ? 'admin.users.created' : 'admin.users.updated', { name: fullName(saved) }) });
              setMode(mode.kind === 'create' ? { kind: 'created', user: saved } : { kind: 'list' });
            }}
            onLeft={(href) => (href === null ? setMode({ kind: 'list' }) : navigate(leaveTarget(href, '/')))}
          />
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Stack gap="4">
      {mode.kind === 'created' ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('admin.users.created', { name: fullName(mode.user) })}</Alert.Title>
            <Alert.Description>
              <Text as="span">{t('admin.users.createdHint')} </Text>
              <ChakraLink asChild color="brand.fg">
                <Link href={`/admin-usuario/asignar-vistas/?user=${mode.user.id}`}>{t('admin.users.assignViews')}</Link>
              </ChakraLink>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <HStack justify="flex-end">
        <Button colorPalette="blue" onClick={() => setMode({ kind: 'create' })} disabled={setup.data === null}>
          {t('admin.users.new')}
        </Button>
      </HStack>
      <DataGrid<User>
        rows={users.data}
        columns={columns}
        rowId={(user) => String(user.id)}
        emptyKey="admin.users.empty"
        searchLabelKey="admin.users.search"
      />
      <ConfirmDialog
        open={statusChange !== null}
        titleKey={`admin.users.confirmStatus.${statusChange?.target ?? 'inactive'}.title`}
        textKey={`admin.users.confirmStatus.${statusChange?.target ?? 'inactive'}.text`}
        textParams={{ name: statusChange ? fullName(statusChange.user) : '' }}
        confirmKey={`admin.users.statusAction.${statusChange?.target ?? 'inactive'}`}
        busy={changing}
        onConfirm={() => void confirmStatusChange()}
        onCancel={() => setStatusChange(null)}
      />
    </Stack>
  );
}
