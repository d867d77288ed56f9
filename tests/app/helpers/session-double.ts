import { vi } from 'vitest';
import type { CurrentUser } from '../../../schemas/current-user.schema';
import type { PermissionKey } from '../../../schemas/permission-key.schema';
import { PERMISSION_KEYS } from '../../../schemas/permission-key.schema';
import type { Session } from '../../../src/app/session/use-session';

/**
 * Test double of `useSession()` (src/app/session/use-session.ts): the shell only reads the
 * session and calls signOut, so each test sets the state it needs here before rendering.
 */
type SessionDouble = Session;

export function userWith(permissions: PermissionKey[]): CurrentUser {
  return {
    id: 7,
    email: 'ada@demo.energy',
    nombre: 'Ada',
    primer_apellido: 'Lovelace',
    permisos_x_view: permissions,
  };
}

export const ALL_KEYS: PermissionKey[] = [...PERMISSION_KEYS];

export const session: { current: SessionDouble } = { current: signedIn([]) };

/** A signed-in session holding exactly these view keys. */
export function signedIn(permissions: PermissionKey[]): SessionDouble {
  return {
    status: 'signedIn',
    user: userWith(permissions),
    permissions,
    error: null,
    signedOutByUser: false,
    signIn: vi.fn(),
    signOut: vi.fn(),
  };
}

/** The module shape that replaces use-session.ts in tests (see `vi.mock` in each file). */
export const sessionModule = { useSession: () => session.current };
