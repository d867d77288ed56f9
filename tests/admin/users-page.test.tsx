// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { PermissionKey } from '../../schemas/permission-key.schema';
import { uniformRolePermissions, type Role, type RolePermissions } from '../../schemas/role.schema';
import type { User } from '../../schemas/user.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';
import { session, signedIn, userWith } from '../app/helpers/session-double';

const adminApi = vi.hoisted(() => ({
  listUsers: vi.fn(),
  getUser: vi.fn(),
  createUser: vi.fn(),
  updateUser: vi.fn(),
  changeUserStatus: vi.fn(),
  listRoles: vi.fn(),
  permissionCatalogue: vi.fn(),
}));
vi.mock('../../src/features/admin/admin-api', () => adminApi);
const notifications = vi.hoisted(() => ({ notify: vi.fn() }));
vi.mock('../../src/app/notifications', () => notifications);
vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);

const { default: UsersPage } = await import('../../src/features/admin/users-page');

const roles: Role[] = [{ id: 2, nombre: 'Analista GT', pais: 'GT', permisos_x_pagina: uniformRolePermissions(false), version: 1, created_at: '', updated_at: '' }];

const eva: User = {
  id: 12,
  email: 'eva@demo.energy',
  nombre: 'Eva',
  segundo_nombre: null,
  primer_apellido: 'Prueba',
  segundo_apellido: 'Gómez',
  telefono: '+502 5555 0101',
  cargo: 'Analista',
  pais: 'GT',
  rol_id: 2,
  rol_nombre: 'Analista GT',
  sexo: null,
  estado: 'active',
  permisos_x_view: ['dashboard'],
  version: 4,
};

/** A signed-in administrator whose role grants `users` on the Users page (everything by default). */
function signInWith(users: RolePermissions['Users'] = { create: true, edit: true, delete: true, view: true }) {
  const views: PermissionKey[] = ['admin'];
  session.current = { ...signedIn(views), user: { ...userWith(views), permisos_x_pagina: { ...uniformRolePermissions(false), Users: users } } };
}

/** The page as the shell mounts it: a nested router below `/admin-usuario`. */
function openAt(path: string) {
  return renderWithApp(
    <Router base="/admin-usuario">
      <UsersPage />
    </Router>,
    path,
  );
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('users page', () => {
  beforeEach(() => {
    signInWith();
    adminApi.listUsers.mockResolvedValue([eva]);
    adminApi.listRoles.mockResolvedValue(roles);
    adminApi.permissionCatalogue.mockResolvedValue(['dashboard', 'admin']);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    act(() => setLocale('es-ES'));
  });

  it('opens the creation form at its own address, which the browser can go back from', async () => {
    const { history } = openAt('/admin-usuario/');
    fireEvent.click(await screen.findByRole('link', { name: 'Nuevo usuario' }));
    expect(history.at(-1)).toBe('/admin-usuario/nuevo');
    expect(await screen.findByRole('form', { name: 'Nuevo usuario' })).toBeTruthy();
    expect(adminApi.permissionCatalogue).toHaveBeenCalled();
  });

  it('creates a user, says so, and goes back to the list with the new user named in the address', async () => {
    adminApi.createUser.mockResolvedValue({ ...eva, id: 31, estado: 'pending' });
    const { history } = openAt('/admin-usuario/nuevo');
    await screen.findByRole('form', { name: 'Nuevo usuario' });
    type(/^Nombre\s*\*?$/, 'Eva');
    type(/^Primer apellido\s*\*?$/, 'Prueba');
    type(/^Segundo apellido\s*\*?$/, 'Gómez');
    type(/^Correo electrónico\s*\*?$/, 'eva@demo.energy');
    type(/^Teléfono\s*\*?$/, '+502 5555 0101');
    type(/^Cargo\s*\*?$/, 'Analista');
    type(/^País\s*\*?$/, 'GT');
    type(/^Rol\s*\*?$/, '2');
    type(/^Contraseña\s*\*?$/, 'Inicio2025!');
    type(/^Confirmar contraseña\s*\*?$/, 'Inicio2025!');
    fireEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));

    await waitFor(() => expect(history.at(-1)).toBe('/admin-usuario/?creado=31'));
    expect(notifications.notify).toHaveBeenCalledWith({ type: 'success', message: 'Usuario Eva Prueba Gómez creado.' });
  });

  it('after a creation, names the new user above the list with a link to assign their views', async () => {
    adminApi.listUsers.mockResolvedValue([eva]);
    openAt('/admin-usuario/?creado=12');
    expect(await screen.findByText('Usuario Eva Prueba Gómez creado.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Asignar vistas' });
    expect(link.getAttribute('href')).toBe('/admin-usuario/asignar-vistas/?user=12');
  });

  // Spec section 4: the first sign-in answers the new-password challenge with the same password,
  // so the new user never picks another one; that sign-in is what activates the account.
  it('after a creation, says what the first sign-in really does, in both languages', async () => {
    adminApi.listUsers.mockResolvedValue([{ ...eva, estado: 'pending' }]);
    openAt('/admin-usuario/?creado=12');
    const hint = (await screen.findByRole('link', { name: 'Asignar vistas' })).parentElement!;
    expect(hint.textContent).toBe(
      'Iniciará sesión con la contraseña que has indicado, sin tener que cambiarla; ese primer inicio de sesión activa la cuenta (hasta entonces figura como Pendiente). Ya puedes ajustar sus vistas: Asignar vistas',
    );
    act(() => setLocale('en-US'));
    expect(hint.textContent).toBe(
      'They will sign in with the password you set, without having to change it; that first sign-in activates the account (Pending until then). You can adjust their views now: Assign permissions',
    );
  });

  it('edits a user loaded by the id in the address and goes back to the list', async () => {
    adminApi.getUser.mockResolvedValue(eva);
    adminApi.updateUser.mockResolvedValue({ ...eva, cargo: 'Jefa', version: 5 });
    const { history } = openAt('/admin-usuario/12/editar');
    const form = await screen.findByRole('form', { name: 'Editar usuario' });
    expect(adminApi.getUser).toHaveBeenCalledWith(12);
    expect((within(form).getByLabelText(/^Correo electrónico/) as HTMLInputElement).value).toBe('eva@demo.energy');
    type(/^Cargo\s*\*?$/, 'Jefa');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(history.at(-1)).toBe('/admin-usuario/'));
    expect(adminApi.updateUser).toHaveBeenCalledWith(12, expect.objectContaining({ cargo: 'Jefa', version: 4 }));
    expect(notifications.notify).toHaveBeenCalledWith({ type: 'success', message: 'Usuario Eva Prueba Gómez actualizado.' });
  });

  it('links each row to its edit address', async () => {
    openAt('/admin-usuario/');
    const edit = await screen.findByRole('link', { name: 'Editar a Eva Prueba Gómez' });
    expect(edit.getAttribute('href')).toBe('/admin-usuario/12/editar');
  });

  it('deactivates a user only once the question is answered, then reloads the list', async () => {
    adminApi.changeUserStatus.mockResolvedValue({ ...eva, estado: 'inactive', version: 5 });
    openAt('/admin-usuario/');
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar a Eva Prueba Gómez' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Desactivar el usuario?' });
    expect(adminApi.changeUserStatus).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(notifications.notify).toHaveBeenCalledWith({ type: 'success', message: 'Eva Prueba Gómez está inactivo.' }));
    expect(adminApi.changeUserStatus).toHaveBeenCalledWith(12, { estado: 'inactive', version: 4 });
    await waitFor(() => expect(adminApi.listUsers).toHaveBeenCalledTimes(2));
  });

  it("offers no way to deactivate the admin's own account (the server refuses it), but still to edit it", async () => {
    const self: User = { ...eva, id: 7, email: 'ada@demo.energy', nombre: 'Ada', primer_apellido: 'Lovelace', segundo_apellido: null };
    adminApi.listUsers.mockResolvedValue([eva, self]);
    openAt('/admin-usuario/');
    expect(await screen.findByRole('button', { name: 'Desactivar a Eva Prueba Gómez' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar a Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Desactivar a Ada Lovelace' })).toBeNull();
  });

  it('explains a refused status change above the list', async () => {
    const { ApiError } = await import('../../src/lib/api/api-error');
    adminApi.changeUserStatus.mockRejectedValue(
      new ApiError('clientError', 'last admin', {
        statusCode: 409,
        body: { statusCode: 409, code: 'APP_ERR_RECORD_STALE', message: 'Someone else changed this record' },
      }),
    );
    openAt('/admin-usuario/');
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar a Eva Prueba Gómez' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Otra persona ha modificado este registro. Vuelve a cargarlo e inténtalo de nuevo.')).toBeTruthy();
  });

  it('offers only what the role grants: no new user or row actions without create and edit, and their addresses refuse', async () => {
    signInWith({ create: false, edit: false, delete: false, view: true });
    openAt('/admin-usuario/');
    await screen.findByRole('gridcell', { name: 'eva@demo.energy' });
    expect(screen.queryByRole('link', { name: 'Nuevo usuario' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar a Eva Prueba Gómez' })).toBeNull();
    cleanup();
    openAt('/admin-usuario/nuevo');
    expect(await screen.findByRole('heading', { name: 'No tienes autorización' })).toBeTruthy();
  });
});
