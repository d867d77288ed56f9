// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import ShellRoutes from '../../src/app/shell/shell-routes';
import { initI18n } from '../../src/lib/i18n/i18n';
import { chooseMenuItem } from './helpers/choose-menu-item';
import { renderWithApp } from './helpers/render-with-app';
import { ALL_KEYS, session, signedIn } from './helpers/session-double';

vi.mock('../../src/app/session/use-session', async () => (await import('./helpers/session-double')).sessionModule);
// The top bar asks for the running jobs (tests/app/running-jobs.test.tsx): here none run.
vi.mock('../../src/lib/jobs/jobs-api', async (importOriginal) => ({ ...(await importOriginal<object>()), listRunningJobs: async () => [] }));

beforeEach(() => {
  initI18n({ search: '?lang=es-ES', storage: null });
  // The drawer remembers open or collapsed: every test starts from a first visit.
  localStorage.clear();
});
afterEach(cleanup);

const navigation = () => screen.getByRole('navigation', { name: 'Navegación principal' });

describe('app shell menu', () => {
  it('shows an admin every section, with Inicio and its Home entry open by default', async () => {
    session.current = signedIn(ALL_KEYS);
    renderWithApp(<ShellRoutes />, '/home');
    const nav = navigation();
    for (const name of ['Inicio', 'Dashboard', 'Relaciones Comerciales', 'Liquidaciones', 'Acciones', 'Facturación', 'Países', 'Contabilidad', 'Monitoreo', 'Mercados', 'Administración']) {
      expect(within(nav).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('button', { name: 'Inicio' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Inicio' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Relaciones Comerciales' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a dashboard-only reader just Inicio and Dashboard', () => {
    session.current = signedIn(['dashboard']);
    renderWithApp(<ShellRoutes />, '/home');
    const sections = within(navigation()).getAllByRole('button').map((button) => button.textContent);
    expect(sections).toEqual(['Inicio', 'Dashboard']);
  });

  it('expands a section to its entries and follows an entry', () => {
    session.current = signedIn(['relaciones']);
    const { history } = renderWithApp(<ShellRoutes />, '/home');
    fireEvent.click(within(navigation()).getByRole('button', { name: 'Relaciones Comerciales' }));
    const entries = within(navigation()).getAllByRole('link').map((link) => link.textContent);
    expect(entries).toEqual(['Inicio', 'Empresas', 'Contratos', 'Contactos', 'Anexos']);
    fireEvent.click(within(navigation()).getByRole('link', { name: 'Contratos' }));
    expect(history.at(-1)).toBe('/contratos');
    expect(screen.getByRole('heading', { level: 1, name: 'Contratos' })).toBeTruthy();
  });

  it('also opens the section of the page the user arrived on, marking its entry', () => {
    session.current = signedIn(['relaciones']);
    renderWithApp(<ShellRoutes />, '/anexos');
    const nav = navigation();
    expect(within(nav).getByRole('button', { name: 'Relaciones Comerciales' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Anexos' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Empresas' }).getAttribute('aria-current')).toBeNull();
  });

  it('renders no menu and no guarded page while permissions load', () => {
    session.current = { ...signedIn([]), permissions: null };
    renderWithApp(<ShellRoutes />, '/empresas');
    expect(within(navigation()).queryAllByRole('button')).toEqual([]);
    expect(within(navigation()).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('collapses to icons only, a section icon opening a popup whose entry navigates', async () => {
    session.current = signedIn(['relaciones', 'admin']);
    const { history } = renderWithApp(<ShellRoutes />, '/home');
    const toggle = screen.getByRole('button', { name: 'Mostrar u ocultar el menú' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const nav = navigation();
    // Icon-only: the sections keep accessible names but show no text and no entry links.
    expect(nav.textContent).toBe('');
    expect(within(nav).queryAllByRole('link')).toEqual([]);
    const sections = within(nav).getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    expect(sections).toEqual(['Inicio', 'Relaciones Comerciales', 'Administración']);

    fireEvent.click(within(nav).getByRole('button', { name: 'Administración' }));
    const popup = await screen.findByRole('menu');
    const items = within(popup).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Usuarios', 'Roles', 'Asignar vistas', 'Auditoría']);
    await chooseMenuItem(within(popup).getByRole('menuitem', { name: 'Roles' }));
    await waitFor(() => expect(history.at(-1)).toBe('/admin-usuario/roles/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' })).toBeTruthy();
  });

  it('stays collapsed, or open, as the user left it when the page is loaded again', () => {
    session.current = signedIn(['relaciones']);
    renderWithApp(<ShellRoutes />, '/home');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar u ocultar el menú' }));
    cleanup();

    renderWithApp(<ShellRoutes />, '/home');
    const toggle = screen.getByRole('button', { name: 'Mostrar u ocultar el menú' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(navigation().textContent).toBe('');
    fireEvent.click(toggle);
    cleanup();

    renderWithApp(<ShellRoutes />, '/home');
    expect(screen.getByRole('button', { name: 'Mostrar u ocultar el menú' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(navigation()).getByRole('button', { name: 'Relaciones Comerciales' }).textContent).toBe('Relaciones Comerciales');
  });
});

describe('page guards', () => {
  it('shows the not-authorised page for a page whose permission the user lacks, with a way home', async () => {
    session.current = signedIn(['dashboard']);
    const { history } = renderWithApp(<ShellRoutes />, '/empresas');
    expect(screen.getByRole('heading', { level: 2, name: 'No tienes autorización' })).toBeTruthy();
    expect(screen.getByText('Ponte en contacto con un administrador para solicitar acceso.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Empresas' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Volver al inicio' }));
    expect(history.at(-1)).toBe('/home');
  });

  it('opens a page whose permission the user holds, with its translated title', () => {
    session.current = signedIn(['paises']);
    renderWithApp(<ShellRoutes />, '/pais/panama/6');
    expect(screen.getByRole('heading', { level: 1, name: 'Cargos Panamá' })).toBeTruthy();
    expect(document.title).toContain('Cargos Panamá');
  });

  it('accepts a menu url with or without its trailing slash', () => {
    session.current = signedIn(['acciones']);
    renderWithApp(<ShellRoutes />, '/procesos/supresion');
    expect(screen.getByRole('heading', { level: 1, name: 'Supresión Planilla' })).toBeTruthy();
  });

  it('shows a translated not-found page for an unknown path inside the shell', () => {
    session.current = signedIn(ALL_KEYS);
    renderWithApp(<ShellRoutes />, '/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
  });

  it('sends a signed-out visitor to /', () => {
    session.current = { ...signedIn([]), status: 'signedOut', user: null, permissions: null };
    const { history } = renderWithApp(<ShellRoutes />, '/home');
    expect(history.at(-1)).toBe('/');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('sends a signed-out visitor of a deep link to / carrying the address, search included', () => {
    session.current = { ...signedIn([]), status: 'signedOut', user: null, permissions: null };
    const { history } = renderWithApp(<ShellRoutes />, '/contratos?sort=plazo%3Adesc');
    expect(history.at(-1)).toBe(`/?next=${encodeURIComponent('/contratos?sort=plazo%3Adesc')}`);
  });

  it('also keeps the address when the session expired there', () => {
    session.current = signedIn(['relaciones']);
    const { history, rerender } = renderWithApp(<ShellRoutes />, '/contratos/5');
    session.current = { ...session.current, status: 'signedOut', user: null, permissions: null, error: 'expired' };
    rerender(<ShellRoutes />);
    expect(history.at(-1)).toBe(`/?next=${encodeURIComponent('/contratos/5')}`);
  });

  it('renders nothing while the session is being restored', () => {
    session.current = { ...signedIn([]), status: 'restoring', user: null, permissions: null };
    const { container, history } = renderWithApp(<ShellRoutes />, '/home');
    expect(container.textContent).toBe('');
    expect(history.at(-1)).toBe('/home');
  });
});

describe('account menu', () => {
  it('shows the user name, switches the language and signs out to / once the session has ended', async () => {
    session.current = signedIn(['dashboard']);
    const { history, rerender } = renderWithApp(<ShellRoutes />, '/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await chooseMenuItem(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contract Performance' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');

    fireEvent.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await chooseMenuItem(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(session.current.signOut).toHaveBeenCalledTimes(1);
    // Still signing out (the tokens may still be stored): the page stays.
    expect(history.at(-1)).toBe('/dashboard');
    // Signed out by choice: the next sign-in starts afresh at /home, not on this page.
    session.current = { ...session.current, status: 'signedOut', user: null, permissions: null, signedOutByUser: true };
    rerender(<ShellRoutes />);
    await waitFor(() => expect(history.at(-1)).toBe('/'));
  });
});
