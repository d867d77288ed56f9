import { createStore } from '@xstate/store';
import type { CurrentUser } from '../../../schemas/current-user.schema';
import { ApiError } from './api-error';
import { api, type ApiCall } from './client';

/**
 * The signed-in user's database record (spec sections 3-4): loaded once per session, and
 * concurrent callers share one pending lookup (kept in a small store, not in React state:
 * the session machine and any later caller read the same cache).
 */
interface CurrentUserLoader {
  load(email: string): Promise<CurrentUser>;
  /** Drops the cached user (sign-out, refused refresh): the next `load` asks the server again. */
  forget(): void;
}

function isCurrentUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const user = value as Record<string, unknown>;
  return typeof user.nombre === 'string' && typeof user.primer_apellido === 'string' && Array.isArray(user.permisos_x_view);
}

export function createCurrentUserLoader(client: ApiCall): CurrentUserLoader {
  // The cache: the lookup of one e-mail, pending or done; a failed one leaves it.
  const cache = createStore({
    context: { entry: null as { email: string; user: Promise<CurrentUser> } | null },
    on: {
      requested: (_, event: { email: string; user: Promise<CurrentUser> }) => ({ entry: { email: event.email, user: event.user } }),
      failed: (context, event: { user: Promise<CurrentUser> }) => (context.entry?.user === event.user ? { entry: null } : context),
      forgotten: () => ({ entry: null }),
    },
  });
  return {
    load(email) {
      const key = email.trim().toLowerCase();
      const cached = cache.getSnapshot().context.entry;
      if (cached?.email === key) return cached.user;
      const user = client<{ data: unknown }>({
        method: 'GET',
        path: `/api/v2/get-once/${encodeURIComponent(key)}`,
      }).then(({ data }) => {
        // Spec section 7: the lookup answers `{ data: [] }` when it fails.
        if (!isCurrentUser(data)) throw new ApiError('clientError', 'User not found', { statusCode: 404 });
        return data;
      });
      cache.trigger.requested({ email: key, user });
      // A failed lookup is not cached: the next sign-in asks again.
      user.catch(() => cache.trigger.failed({ user }));
      return user;
    },
    forget() {
      cache.trigger.forgotten();
    },
  };
}

/** The app's loader, on the app's API client. */
export const currentUserLoader = createCurrentUserLoader(api);
