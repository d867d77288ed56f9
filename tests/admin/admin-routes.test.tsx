// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uniformRolePermissions } from '../../schemas/role.schema';
import ShellRoutes from '../../src/app/shell/shell-routes';
import { initI18n } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';
import { session, signedIn, userWith } from '../app/helpers/session-double';

const adminApi = vi.hoisted(() => ({
  listUsers: vi.fn(async () => []),
  listRoles: vi.fn(async () => []),
  permissionCatalogue: vi.fn(async () => ['dashboard', 'admin']),
  listAudit: vi.fn(async () => ({ data: [], total: 0 })),
  getUser: vi.fn(),
  createUser: vi.fn(),
  updateUser: vi.fn(),
  changeUserStatus: vi.fn(),
  createRole: vi.fn(),
  updateRole: vi.fn(),
  userPermissions: vi.fn(),
  updateUserPermissions: vi.fn(),
}));
vi.mock('../../src/features/admin/admin-api', () => adminApi);
vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
// The top bar asks for the running jobs (tests/app/running-jobs.test.tsx): here none run.
vi.mock('../../src/lib/jobs/jobs-api', async (importOriginal) => ({ ...(await importOriginal<object>()), listRunningJobs: async () => [] }));

beforeEach(() => {
  initI18n({ search: '?lang=es-ES', storage: null });
  session.current = { ...signedIn(['admin']), user: { ...userWith(['admin']), permisos_x_pagina: uniformRolePermissions(true) } };
});
afterEach(cleanup);

/** Each page is its own chunk: the first to load in a test run takes a while to import. */
const PAGE_LOAD_MS = 10_000;

const menuEntry = (name: string) => within(screen.getByRole('navigation', { name: 'Navegación principal' })).getByRole('link', { name });

// The users page owns the addresses below /admin-usuario/ (its forms), but not the other
// administration pages that live under the same prefix.
describe('administration routes', () => {
  it('opens the users creation form below the users page, with Usuarios marked in the menu', async () => {
    renderWithApp(<ShellRoutes />, '/admin-usuario/nuevo');
    expect(await screen.findByRole('form', { name: 'Nuevo usuario' }, { timeout: PAGE_LOAD_MS })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeTruthy();
    expect(menuEntry('Usuarios').getAttribute('aria-current')).toBe('page');
  });

  it.each([
    ['/admin-usuario/roles/', 'Roles', 'Elige un rol para ver y cambiar sus permisos.'],
    ['/admin-usuario/asignar-vistas/', 'Asignar vistas', 'Elige un usuario para ver sus vistas.'],
    ['/admin-usuario/auditoria/', 'Auditoría', 'Buscar en la lista'],
  ])('keeps %s its own page, not a users sub-page', async (path, title, text) => {
    renderWithApp(<ShellRoutes />, path);
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: PAGE_LOAD_MS })).toBeTruthy();
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
    expect(menuEntry(title).getAttribute('aria-current')).toBe('page');
    expect(menuEntry('Usuarios').getAttribute('aria-current')).toBeNull();
  });
});
