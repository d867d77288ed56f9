// Who is asking: the user behind a token's e-mail and the role they hold, read in one query and
// kept until the database announces that users or roles changed (server/db/changes.ts). A kept
// caller is used only once every change committed before the request has been heard, so a
// permission change applies to the very next request on every process. Nothing is kept while
// the change feed is not listening.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { changesOf } from '../db/changes';
import { users, type UserRow } from '../db/schema/app';
import { roles, type RoleRow } from '../db/schema/roles';

/** A signed-in caller: their database user and the role it points at (none: no role actions). */
interface Principal {
  user: UserRow;
  role: RoleRow | undefined;
}

const WATCHED = ['users', 'roles'];
/** The most callers kept; the oldest goes first (a few hundred staff accounts fit easily). */
const MAX_KEPT = 5_000;

interface Principals {
  /** The caller of `request` with this e-mail (any case), or undefined when there is no such user. */
  find(email: string, request: object): Promise<Principal | undefined>;
}

/** The principals of a database, one cache per database. */
export function principalsOf(db: Db): Principals {
  const feed = changesOf(db);
  const kept = new Map<string, Principal | undefined>();
  feed.subscribe((change) => {
    if (change === 'all' || WATCHED.some((table) => change.tables.has(table))) kept.clear();
  });

  async function read(email: string): Promise<Principal | undefined> {
    const [row] = await db.select({ user: users, role: roles }).from(users).leftJoin(roles, eq(roles.id, users.rol_id)).where(eq(users.email, email)).limit(1);
    return row ? { user: row.user, role: row.role ?? undefined } : undefined;
  }

  return {
    async find(email, request) {
      const key = email.trim().toLowerCase();
      // Only once every change committed before this request has been heard.
      if (kept.has(key) && (await feed.caughtUpFor(request)) && kept.has(key)) return kept.get(key);
      const generation = feed.generation;
      const principal = await read(key);
      // A change announced while it was read may not be in it: it is not kept.
      if (feed.live && feed.generation === generation) {
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(key, principal);
      }
      return principal;
    },
  };
}
