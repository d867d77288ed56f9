// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uniformRolePermissions, type Role } from '../../schemas/role.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';
import { analyst } from './role-fixtures';

const adminApi = vi.hoisted(() => ({ listRoles: vi.fn(), updateRole: vi.fn(), createRole: vi.fn() }));
vi.mock('../../src/features/admin/admin-api', () => adminApi);
const notifications = vi.hoisted(() => ({ notify: vi.fn() }));
vi.mock('../../src/app/notifications', () => notifications);

const { default: RolesPage } = await import('../../src/features/admin/roles-page');

async function tick(action: () => void) {
  await act(async () => {
    action();
    // Chakra reports a checkbox change a task later.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function openAnalyst(roleLabel: string) {
  adminApi.listRoles.mockResolvedValue([analyst]);
  renderWithApp(<RolesPage />, '/admin-usuario/roles/');
  const select = await screen.findByLabelText(roleLabel);
  await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
  fireEvent.change(select, { target: { value: '3' } });
  return screen.findByRole('table');
}

describe('roles page', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    act(() => setLocale('es-ES'));
  });

  it('offers validate on Settlements only', async () => {
    act(() => setLocale('en-US'));
    await openAnalyst('Role');
    expect(screen.getByRole('checkbox', { name: 'Settlements: Validate' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Contracts: Validate' })).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(17);
  });

  it('saves the changed matrix with the version read and says so in English', async () => {
    act(() => setLocale('en-US'));
    adminApi.updateRole.mockImplementation(async (id: number, body: { permisos_x_pagina: Role['permisos_x_pagina'] }) => ({
      ...analyst,
      id,
      permisos_x_pagina: body.permisos_x_pagina,
      version: 3,
    }));
    await openAnalyst('Role');
    await tick(() => fireEvent.click(screen.getByRole('checkbox', { name: 'Settlements: Validate' })));
    await tick(() => fireEvent.click(screen.getByRole('checkbox', { name: 'Contracts: Edit' })));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notifications.notify).toHaveBeenCalledWith({ type: 'success', message: 'Role updated successfully!' }));
    // Validate and edit come with view on their page (a role cannot act on what it cannot see).
    const expected = uniformRolePermissions(false);
    expected.Settlements.validate = true;
    expected.Settlements.view = true;
    expected.Contracts.edit = true;
    expected.Contracts.view = true;
    expect(adminApi.updateRole).toHaveBeenCalledWith(3, { permisos_x_pagina: expected, version: 2 });
  });

  it('ticks view with any other action of its page, and unticks the rest of the page with view', async () => {
    await openAnalyst('Rol');
    const cell = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    await tick(() => fireEvent.click(cell('Empresas: Crear')));
    expect(cell('Empresas: Ver').checked).toBe(true);
    await tick(() => fireEvent.click(cell('Liquidaciones: Validar')));
    await tick(() => fireEvent.click(cell('Liquidaciones: Eliminar')));
    expect(cell('Liquidaciones: Ver').checked).toBe(true);

    await tick(() => fireEvent.click(cell('Liquidaciones: Ver')));
    expect([cell('Liquidaciones: Validar'), cell('Liquidaciones: Eliminar'), cell('Liquidaciones: Ver')].map((box) => box.checked)).toEqual([false, false, false]);
    expect(cell('Empresas: Crear').checked).toBe(true);
  });

  it('asks before a link leaves a changed matrix, and goes on only if the user drops the changes', async () => {
    adminApi.listRoles.mockResolvedValue([analyst]);
    const { history } = renderWithApp(
      <>
        <a href="/home">Inicio</a>
        <RolesPage />
      </>,
      '/admin-usuario/roles/',
    );
    const select = await screen.findByLabelText('Rol');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(select, { target: { value: '3' } });
    await screen.findByRole('table');
    await tick(() => fireEvent.click(screen.getByRole('checkbox', { name: 'Empresas: Crear' })));

    fireEvent.click(screen.getByRole('link', { name: 'Inicio' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('¿Descartar los cambios?')).toBeTruthy();
    expect(history.at(-1)).toBe('/admin-usuario/roles/');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(history.at(-1)).toBe('/home'));
  });

  it('says so in Spanish too', async () => {
    adminApi.updateRole.mockResolvedValue({ ...analyst, version: 3 });
    await openAnalyst('Rol');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(notifications.notify).toHaveBeenCalledWith({ type: 'success', message: '¡Rol actualizado correctamente!' }));
  });

  it('shows a stale-version refusal instead of a success', async () => {
    const { ApiError } = await import('../../src/lib/api/api-error');
    adminApi.updateRole.mockRejectedValue(
      new ApiError('clientError', 'stale', {
        statusCode: 409,
        body: { statusCode: 409, code: 'APP_ERR_RECORD_STALE', message: 'Someone else changed this record; reload it and try again' },
      }),
    );
    await openAnalyst('Rol');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Otra persona ha modificado este registro. Vuelve a cargarlo e inténtalo de nuevo.')).toBeTruthy();
    expect(notifications.notify).not.toHaveBeenCalled();
  });

  it('asks before a new role replaces unsaved changes, and keeps them when the user stays', async () => {
    await openAnalyst('Rol');
    await tick(() => fireEvent.click(screen.getByRole('checkbox', { name: 'Contratos: Editar' })));
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo rol' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Descartar los cambios?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Contratos: Editar' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo rol' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Descartar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nuevo rol' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Contratos: Editar' }) as HTMLInputElement).checked).toBe(false);
  });

  it('creates a role, refusing an empty name with the shared schema first', async () => {
    adminApi.createRole.mockImplementation(async (body: Omit<Role, 'id'>) => ({ ...analyst, ...body, id: 8, version: 1 }));
    adminApi.listRoles.mockResolvedValue([]);
    renderWithApp(<RolesPage />, '/admin-usuario/roles/');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo rol' }));
    fireEvent.click(screen.getByRole('button', { name: 'Crear rol' }));
    expect((await screen.findAllByText('Este campo es obligatorio.')).length).toBe(1);
    expect(await screen.findByText('Elige una de las opciones.')).toBeTruthy();
    expect(adminApi.createRole).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Nombre del rol/), { target: { value: 'Tesorería' } });
    const countries = screen.getAllByLabelText(/^País/);
    fireEvent.change(countries[countries.length - 1]!, { target: { value: 'SV' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear rol' }));
    await waitFor(() => expect(notifications.notify).toHaveBeenCalledWith({ type: 'success', message: 'Rol Tesorería creado.' }));
    expect(adminApi.createRole).toHaveBeenCalledWith({ nombre: 'Tesorería', pais: 'SV', permisos_x_pagina: uniformRolePermissions(false) });
  });
});
