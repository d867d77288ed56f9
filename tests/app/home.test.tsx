// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import ShellRoutes from '../../src/app/shell/shell-routes';
import { initI18n } from '../../src/lib/i18n/i18n';
import { renderWithApp } from './helpers/render-with-app';
import { session, signedIn } from './helpers/session-double';

vi.mock('../../src/app/session/use-session', async () => (await import('./helpers/session-double')).sessionModule);
// The top bar asks for the running jobs (tests/app/running-jobs.test.tsx): here none run.
vi.mock('../../src/lib/jobs/jobs-api', async (importOriginal) => ({ ...(await importOriginal<object>()), listRunningJobs: async () => [] }));

beforeEach(() => initI18n({ search: '?lang=es-ES', storage: null }));
afterEach(cleanup);

const main = () => screen.getByRole('main');

describe('home page', () => {
  it('welcomes the user by name with one card per section they may open', async () => {
    session.current = signedIn(['relaciones', 'liquidaciones', 'facturacion']);
    const { history } = renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bienvenido, Ada Lovelace' })).toBeTruthy();
    const cards = within(main()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(cards).toEqual(['Relaciones Comerciales', 'Liquidaciones', 'Facturación']);
    fireEvent.click(within(main()).getByRole('link', { name: 'Reporte de facturación' }));
    expect(history.at(-1)).toBe('/facturacion/reporte-facturacion/');
  });

  it('tells a user without any section to ask for access', async () => {
    session.current = signedIn([]);
    renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByText(/Todavía no tienes acceso a ninguna sección/)).toBeTruthy();
    expect(within(main()).queryAllByRole('link')).toEqual([]);
  });

  it('shows no cards while permissions load', async () => {
    session.current = { ...signedIn(['admin']), permissions: null };
    renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bienvenido, Ada Lovelace' })).toBeTruthy();
    expect(within(main()).queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(within(main()).queryByText(/ninguna sección/)).toBeNull();
  });
});
