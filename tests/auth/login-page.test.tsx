// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionError } from '../../machines/session/session.machine';
import type { Session } from '../../src/app/session/use-session';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';

const session = vi.hoisted(() => ({ current: null as unknown as Session }));
vi.mock('../../src/app/session/use-session', () => ({ useSession: () => session.current }));

const { default: LoginPage } = await import('../../src/features/auth/login-page');

function sessionWith(overrides: Partial<Session> = {}): Session {
  return {
    status: 'signedOut',
    user: null,
    permissions: null,
    error: null,
    signedOutByUser: false,
    signIn: vi.fn(),
    signOut: vi.fn(),
    ...overrides,
  };
}

describe('login page', () => {
  beforeEach(() => {
    session.current = sessionWith();
  });
  afterEach(() => {
    cleanup();
    act(() => setLocale('es-ES'));
  });

  it('signs in with the typed username and password', () => {
    renderWithApp(<LoginPage />, '/');
    fireEvent.change(screen.getByLabelText('Usuario (correo electrónico)'), { target: { value: 'admin@demo.energy' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Demo1234!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(session.current.signIn).toHaveBeenCalledWith('admin@demo.energy', 'Demo1234!');
  });

  const messages: Array<[SessionError, string, string]> = [
    ['invalidCredentials', 'Contraseña o usuario no válido.', 'Password or username not valid.'],
    ['invalidEmail', 'Formato de correo electrónico no válido.', 'Email format not valid.'],
    ['connection', 'Error de conexión, por favor inténtalo más tarde.', 'Connection error, please try again later.'],
    [
      'mfaRequired',
      'La autenticación multifactor no está admitida en esta aplicación: se ha rechazado el inicio de sesión.',
      'Multi-factor authentication is not supported by this application: the sign-in was rejected.',
    ],
  ];

  it.each(messages)('shows the %s failure in Spanish and in English', (error, spanish, english) => {
    session.current = sessionWith({ error });
    renderWithApp(<LoginPage />, '/');
    expect(screen.getByRole('alert')).toHaveProperty('textContent', spanish);
    act(() => setLocale('en-US'));
    expect(screen.getByRole('alert')).toHaveProperty('textContent', english);
  });

  it('shows no message before a failed attempt', () => {
    renderWithApp(<LoginPage />, '/');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes to /home once signed in', () => {
    session.current = sessionWith({ status: 'signedIn' });
    const { history } = renderWithApp(<LoginPage />, '/');
    expect(history.at(-1)).toBe('/home');
  });

  it('names the browser tab in the page language, and follows a switch', () => {
    renderWithApp(<LoginPage />, '/');
    expect(document.title).toBe('Iniciar sesión · Back-office de Energía');
    act(() => setLocale('en-US'));
    expect(document.title).toBe('Sign in · Energy Back-office');
  });

  it('once signed in, goes on to the address the visitor first opened, search included', () => {
    session.current = sessionWith({ status: 'signedIn' });
    const next = '/contratos?sort=plazo%3Adesc&tipo=PF';
    const { history } = renderWithApp(<LoginPage />, `/?next=${encodeURIComponent(next)}`);
    const landed = new URL(history.at(-1)!, 'http://app.test');
    expect(landed.pathname).toBe('/contratos');
    expect(Object.fromEntries(landed.searchParams)).toEqual({ sort: 'plazo:desc', tipo: 'PF' });
  });

  it('once signed in, goes to /home instead of an address on another site', () => {
    session.current = sessionWith({ status: 'signedIn' });
    const { history } = renderWithApp(<LoginPage />, `/?next=${encodeURIComponent('//evil.example/contratos')}`);
    expect(history.at(-1)).toBe('/home');
  });

  it('links to password recovery', () => {
    const { history } = renderWithApp(<LoginPage />, '/');
    fireEvent.click(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    expect(history.at(-1)).toBe('/security/forgot-password');
  });
});
