import { Alert, Button, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { adminTargetsFrom } from '../../../machines/users/user-status.machine';
import type { User } from '../../../schemas/user.schema';
import { usePageActions } from '../../app/session/use-page-actions';
import { useSession } from '../../app/session/use-session';
import { notify } from '../../app/notifications';
import { useRequest } from '../../lib/api/use-request';
import { leaveTarget } from '../../lib/forms/use-leave-guard';
import { DataGrid } from '../../lib/grid/data-grid';
import { StatusBadge } from '../../lib/grid/status-badge';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import {RecordFormRoute, RecordListLayout, RecordRoutes } from '../../lib/ui/record-page';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { changeUserStatus, createUser, getUser, listRoles, listUsers, permissionCatalogue, updateUser } from './admin-api';
import { UserForm } from './user-form';

const EFFECTS = { create: createUser, update: updateUser };

/** The list's query parameter naming the user just created (the list then offers to assign their views). */
const CREATED_PARAM = 'creado';

const fullName = (user: User) => [user.nombre, user.primer_apellido, user.segundo_apellido].filter(Boolean).join(' ');

interface StatusChange {
  user: User;
  target: 'active' | 'inactive';
}

/** After a creation: the user is created, and their views can be adjusted next. */
function CreatedAlert({ user }: { user: User }) {
  const t = useT();
  return (
    <Alert.Root status="success">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('admin.users.created', { name: fullName(user) })}</Alert.Title>
        <Alert.Description>
          <Text as="span">{t('admin.users.createdHint')} </Text>
          <ChakraLink asChild color="brand.fg">
            <Link href={`~/admin-usuario/asignar-vistas/?user=${user.id}`}>{t('admin.users.assignViews')}</Link>
          </ChakraLink>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The users (search, sort, filter, status), with edit links and switching an account off or on. */
function ListRoute() {
  const t = useT();
  const actions = usePageActions('Users');
  const selfId = useSession().user?.id;
  const [params] = useSearchParams();
  const users = useRequest(() => listUsers(), { load: [] });
  const statusChange = useConfirmedAction(
    ({ user, target }: StatusChange) => changeUserStatus(user.id, { estado: target, version: user.version }),
    (_, { user, target }) => {
      notify({ type: 'success', message: t(`admin.users.statusChanged.${target}`, { name: fullName(user) }) });
      users.send();
    },
  );
  const asked = statusChange.subject;
  const askStatusChange = statusChange.ask;
  const created = users.data?.find((user) => String(user.id) === params.get(CREATED_PARAM));

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
        // Editing and switching an account off or on are both the role's "edit" on Users.
        hide: !actions.edit,
        sortable: false,
        filter: false,
        minWidth: 220,
        cellRenderer: ({ data }: ICellRendererParams<User>) =>
          data ? (
            <HStack gap="2" height="full">
              <Button size="xs" variant="outline" asChild>
                <Link href={`/${data.id}/editar`} aria-label={t('admin.users.editUser', { name: fullName(data) })}>
                  {t('common.edit')}
                </Link>
              </Button>
              {/* The server refuses switching one's own account off (a self-lockout): not offered. */}
              {(data.id === selfId ? [] : adminTargetsFrom(data.estado)).map((target) => (
                <Button
                  key={target}
                  size="xs"
                  variant="outline"
                  colorPalette={target === 'inactive' ? 'red' : 'green'}
                  aria-label={t(`admin.users.statusAction.${target}User`, { name: fullName(data) })}
                  onClick={() => askStatusChange({ user: data, target })}
                >
                  {t(`admin.users.statusAction.${target}`)}
                </Button>
              ))}
            </HStack>
          ) : null,
      },
    ],
    [t, actions.edit, selfId, askStatusChange],
  );

  if (users.failure) return <ErrorAlert messageKey={users.failure.messageKey} />;
  return (
    <RecordListLayout newKey="admin.users.new" canCreate={actions.create}>
      {created ? <CreatedAlert user={created} /> : null}
      {statusChange.failure ? <ErrorAlert messageKey={statusChange.failure.messageKey} /> : null}
      <DataGrid<User>
        rows={users.data}
        columns={columns}
        i18nPrefix="admin.users"
      />
      {asked ? (
        <ConfirmDialog
          titleKey={`admin.users.confirmStatus.${asked.target}.title`}
          textKey={`admin.users.confirmStatus.${asked.target}.text`}
          textParams={{ name: fullName(asked.user) }}
          confirmKey={`admin.users.statusAction.${asked.target}`}
          // Switching an account off ends its sessions; switching it on only gives access back.
          tone={asked.target === 'inactive' ? 'danger' : 'primary'}
          {...statusChange.dialog}
        />
      ) : null}
    </RecordListLayout>
  );
}

/**
 * The create (no `id`) or edit form of a user, with the roles (and, to create, the view keys)
 * it offers. Both go back to the list; a creation names the new user there (`?creado=<id>`),
 * so the list can offer to assign their views.
 */
function FormRoute({ id }: { id?: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const creating = id === undefined;
  const load = () => Promise.all([creating ? undefined : getUser(id), listRoles(), creating ? permissionCatalogue() : []]);
  return (
    <RecordFormRoute titleKey={creating ? 'admin.users.createTitle' : 'admin.users.editTitle'} load={load}>
      {([user, roles, catalogue]) => (
        <UserForm
          user={user}
          roles={roles}
          catalogue={catalogue}
          effects={EFFECTS}
          onSaved={(saved) => {
            notify({ type: 'success', message: t(creating ? 'admin.users.created' : 'admin.users.updated', { name: fullName(saved) }) });
            navigate(creating ? `/?${CREATED_PARAM}=${saved.id}` : '/');
          }}
          onLeft={(href) => navigate(leaveTarget(href, '/'))}
        />
      )}
    </RecordFormRoute>
  );
}

/**
 * `/admin-usuario/` and below (nested route): `/` the users, `/nuevo` the creation form,
 * `/:id/editar` a user's edit form. The other administration pages under the same prefix
 * (roles, views, audit) are routes of their own, matched before this one.
 */
export default function UsersPage() {
  return <RecordRoutes list={<ListRoute />} create={<FormRoute />} edit={FormRoute} allowed={usePageActions('Users')} notFoundKey="errors.APP_ERR_USER_NOT_FOUND" />;
}
