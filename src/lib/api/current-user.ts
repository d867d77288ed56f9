import type { CurrentUser } from '../../../schemas/current-user.schema';
import { ApiError } from './api-error';
import { api, type ApiCall } from './client';

/**
 * The signed-in user's database record (spec sections 3-4): loaded once per session, and
 * concurrent callers share one pending lookup.
 */
export interface CurrentUserLoader {
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
  let entry: { email: string; promise: Promise<CurrentUser> } | null = null;
  return {
    load(email) {
      const key = email.trim().toLowerCase();
      if (entry?.email === key) return entry.promise;
      const promise = client<{ data: unknown }>({
        method: 'GET',
        path: `/api/v2/get-once/${encodeURIComponent(key)}`,
      }).then(({ data }) => {
        // Spec section 7: the lookup answers `{ data: [] }` when it fails.
        if (!isCurrentUser(data)) throw new ApiError('clientError', 'User not found', { statusCode: 404 });
        return data;
      });
      const current = { email: key, promise };
      entry = current;
      // A failed lookup is not cached: the next sign-in asks again.
      promise.catch(() => {
        if (entry === current) entry = null;
      });
      return promise;
    },
    forget() {
      entry = null;
    },
  };
}

/** The app's loader, on the app's API client. */
export const currentUserLoader = createCurrentUserLoader(api);
