// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/api-error';

const identity = vi.hoisted(() => ({
  restoreSession: vi.fn(),
  signIn: vi.fn(),
  completeNewPassword: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock('../../src/lib/identity/identity-client', () => identity);
const loader = vi.hoisted(() => ({ load: vi.fn(), forget: vi.fn() }));
vi.mock('../../src/lib/api/current-user', () => ({ currentUserLoader: loader }));

const { SessionProvider } = await import('../../src/app/session/session-provider');
const { announceSessionLost } = await import('../../src/lib/identity/session-lost');
const { useSession } = await import('../../src/app/session/use-session');

const grant = { email: 'lector@demo.energy', expiresAt: Date.now() + 3_600_000 };
const user = { id: 3, email: 'lector@demo.energy', nombre: 'Luis', primer_apellido: 'Lector', permisos_x_view: [{ id: 'dashboard' }] };

let latest: ReturnType<typeof useSession> | null = null;
function Probe() {
  latest = useSession();
  return <p role="status">{`${latest.status} ${latest.error ?? ''} ${latest.permissions?.join(',') ?? 'none'}`}</p>;
}

/** What the identity client keeps in localStorage for a signed-in user (amazon-cognito-identity-js). */
const STORED_USER_KEY = 'CognitoIdentityServiceProvider.test-client.LastAuthUser';

function renderSession({ stored = true } = {}) {
  if (stored) localStorage.setItem(STORED_USER_KEY, grant.email);
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
  return { sessionLost: () => announceSessionLost() };
}

describe('SessionProvider and useSession', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('starts signed out without loading the identity client when no session is stored', async () => {
    renderSession({ stored: false });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('signedOut  none'));
    expect(identity.restoreSession).not.toHaveBeenCalled();
  });

  it('signs in through the identity client and exposes the user and normalised permissions', async () => {
    identity.restoreSession.mockResolvedValue(null);
    identity.signIn.mockResolvedValue({ kind: 'tokens', tokens: grant });
    loader.load.mockResolvedValue(user);
    renderSession();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('signedOut  none'));

    act(() => latest?.signIn('lector@demo.energy', 'Demo1234!'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('signedIn  dashboard'));
    expect(identity.signIn).toHaveBeenCalledWith('lector@demo.energy', 'Demo1234!');
    expect(loader.load).toHaveBeenCalledWith('lector@demo.energy');
    expect(latest?.user?.nombre).toBe('Luis');
  });

  it('signs out when the database user cannot be found, reporting wrong credentials', async () => {
    identity.restoreSession.mockResolvedValue(grant);
    identity.signOut.mockResolvedValue(undefined);
    loader.load.mockRejectedValue(new ApiError('clientError', 'User not found', { statusCode: 404 }));
    renderSession();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('signedOut invalidCredentials none'));
    expect(identity.signOut).toHaveBeenCalledTimes(1);
    expect(loader.forget).toHaveBeenCalled();
  });

  it('signs out and forgets the cached user when a token refresh is refused', async () => {
    identity.restoreSession.mockResolvedValue(grant);
    identity.signOut.mockResolvedValue(undefined);
    loader.load.mockResolvedValue(user);
    const { sessionLost } = renderSession();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('signedIn  dashboard'));

    act(() => sessionLost());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('signedOut expired none'));
    expect(loader.forget).toHaveBeenCalled();
    expect(latest?.user).toBeNull();
  });

  it('signs out on request, clearing the cached database user', async () => {
    identity.restoreSession.mockResolvedValue(grant);
    identity.signOut.mockResolvedValue(undefined);
    loader.load.mockResolvedValue(user);
    renderSession();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('signedIn  dashboard'));
    act(() => latest?.signOut());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('signedOut  none'));
    expect(identity.signOut).toHaveBeenCalledTimes(1);
    expect(loader.forget).toHaveBeenCalledTimes(1);
  });
});
