// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import { IdentityError } from '../../src/lib/identity/identity-errors';
import { renderWithApp } from '../app/helpers/render-with-app';

const identity = vi.hoisted(() => ({ forgotPassword: vi.fn(), confirmPassword: vi.fn() }));
vi.mock('../../src/lib/identity/identity-client', () => identity);
const notifications = vi.hoisted(() => ({ notify: vi.fn() }));
vi.mock('../../src/app/notifications', () => notifications);

const { default: ForgotPasswordPage } = await import('../../src/features/auth/forgot-password-page');

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function reachSecondStep(email = 'lector@demo.energy') {
  identity.forgotPassword.mockResolvedValue(undefined);
  const view = renderWithApp(<ForgotPasswordPage />, '/security/forgot-password');
  type('Correo electrónico', email);
  fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
  await screen.findByLabelText('Código de verificación');
  return view;
}

describe('forgot password page', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    act(() => setLocale('es-ES'));
  });

  it('names the browser tab in the page language, and follows a switch', () => {
    renderWithApp(<ForgotPasswordPage />, '/security/forgot-password');
    expect(document.title).toBe('Recuperar contraseña · Back-office de Energía');
    act(() => setLocale('en-US'));
    expect(document.title).toBe('Recover password · Energy Back-office');
  });

  it('refuses a malformed e-mail without asking for a code', () => {
    renderWithApp(<ForgotPasswordPage />, '/security/forgot-password');
    type('Correo electrónico', 'lector@');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(screen.getByText('Formato de correo electrónico no válido.')).toBeTruthy();
    expect(identity.forgotPassword).not.toHaveBeenCalled();
  });

  it('asks for a code by e-mail, then shows the code and new-password step', async () => {
    await reachSecondStep(' Lector@demo.energy ');
    expect(identity.forgotPassword).toHaveBeenCalledWith('Lector@demo.energy');
    expect(screen.getByRole('status').textContent).toContain('Lector@demo.energy');
    expect(screen.getByLabelText('Nueva contraseña')).toBeTruthy();
    expect(screen.getByLabelText('Confirmar contraseña')).toBeTruthy();
  });

  it('enforces the password policy and the confirmation before calling the service', async () => {
    await reachSecondStep();
    act(() => setLocale('en-US'));
    type('Verification code', '123456');
    type('New password', 'weakpass');
    type('Confirm password', 'weakpass');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(identity.confirmPassword).not.toHaveBeenCalled();

    type('New password', 'Strong1234!');
    type('Confirm password', 'Strong1234?');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(identity.confirmPassword).not.toHaveBeenCalled();
  });

  it('reports a wrong code from the identity service', async () => {
    await reachSecondStep();
    identity.confirmPassword.mockRejectedValue(new IdentityError('CodeMismatchException', 'Invalid code'));
    type('Código de verificación', '000000');
    type('Nueva contraseña', 'Strong1234!');
    type('Confirmar contraseña', 'Strong1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El código no es correcto.');
  });

  it('changes the password with the code and returns to / with a toast', async () => {
    const { history } = await reachSecondStep();
    identity.confirmPassword.mockResolvedValue(undefined);
    type('Código de verificación', '654321');
    type('Nueva contraseña', 'Strong1234!');
    type('Confirmar contraseña', 'Strong1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(identity.confirmPassword).toHaveBeenCalledWith('lector@demo.energy', '654321', 'Strong1234!');
    expect(notifications.notify).toHaveBeenCalledWith({ message: 'Contraseña cambiada. Ya puedes iniciar sesión.', type: 'success' });
  });
});
