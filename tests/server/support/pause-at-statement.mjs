// Loaded into a crash test's server process (`node --import`, by ./crash-server.ts) when the
// environment names a statement (CRASH_PAUSE, a `StatementPause` of ./crash-server.ts as JSON):
// the `occurrence`-th time (the first by default) that statement is about to run (`before`) or
// has run (`after`), the process
// tells its parent over the IPC channel (`{ paused: <its SQL> }`) and then waits for ever, inside
// whatever transaction the statement belongs to, for the parent's SIGKILL. So a kill lands at a
// chosen point in the middle of a unit of work, which no poll from outside can see on the
// embedded database (its one connection belongs to the unit's transaction until it ends).
// Nothing of the product changes: every statement of both drivers goes through drizzle's
// `queryWithCache`, which this wraps. Plain JavaScript: it loads beside tsx, not through it.
import { PgPreparedQuery } from 'drizzle-orm/pg-core/session';

const named = process.env.CRASH_PAUSE;
if (named) {
  const pause = JSON.parse(named);
  const statement = new RegExp(pause.statement, 'i');
  const params = pause.params === undefined ? null : new RegExp(pause.params);
  const occurrence = pause.occurrence ?? 1;
  const original = PgPreparedQuery.prototype.queryWithCache;
  let seen = 0;
  PgPreparedQuery.prototype.queryWithCache = async function (queryString, values, query) {
    const match = seen < occurrence && statement.test(queryString) && (!params || params.test(JSON.stringify(values)));
    if (!match || ++seen < occurrence) return original.call(this, queryString, values, query);
    if (pause.when === 'after') await original.call(this, queryString, values, query);
    process.send?.({ paused: queryString });
    return new Promise(() => undefined);
  };
}
