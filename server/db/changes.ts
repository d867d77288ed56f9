// What changed in the database, for the copies a process keeps of what it reads often (who a
// token belongs to, what a role grants, lists everyone sees alike). Several processes may share
// one database, so the database announces every change itself: a trigger on each such table
// (migration 0008) sends the table's name on `energy_changes`, delivered to every listening
// connection when the transaction commits. Each process listens on one connection of its own
// and tells its caches. Two more rules keep the copies right:
// - a kept copy is used only after `caughtUp()`: a round trip on the listening connection, after
//   which PostgreSQL has delivered every change committed before the request came (it sends
//   pending notifications ahead of a query's answer). Requests arriving together share one round
//   trip. So a change committed anywhere applies to every request that starts after it;
// - the process that made a change hears it before it answers (`committed`: the same round trip
//   after its commit), so its caller's next read never meets a copy older than its own write,
//   and only the copies of the tables it changed drop (a new contact leaves the contract list);
// - while the listening connection is down (starting, or lost) nothing may be kept: a change
//   announced meanwhile would be missed. On (re)connection everything is dropped.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from './client';

const CHANNEL = 'energy_changes';
/** Waits before listening again after the connection was lost, doubling up to the last. */
const RETRY_DELAYS_MS = [100, 200, 500, 1_000, 2_000, 5_000];

/**
 * Which tables changed; `all` when anything may have (a lost connection). `stampsOnly`: the
 * change touched nothing but the rows' edit stamps (version, updated_at, updated_by; migration
 * 0027), which only an answer that shows them needs to hear.
 */
type Change = { tables: ReadonlySet<string>; stampsOnly?: boolean } | 'all';

/** What an UPDATE of nothing but edit stamps is announced as: `<table>.stamps` (migration 0027). */
const STAMPS_SUFFIX = '.stamps';

interface ChangeFeed {
  /** Hears every change from now on; returns how to stop. */
  subscribe(listener: (change: Change) => void): () => void;
  /**
   * This process just committed a change: resolves once it has heard it (the copies of the
   * tables it changed dropped), or, where it cannot be heard (not listening), every copy dropped.
   */
  committed(): Promise<void>;
  /**
   * Whether every change committed before `request` began has been heard (and its copies
   * dropped), so a kept copy may serve it: one round trip per request however many copies it
   * uses; false when the feed is not listening (or stopped meanwhile), and the copy must not be used.
   */
  caughtUpFor(request: object): Promise<boolean>;
  /** Whether the feed is listening: copies may be kept only while it is. */
  readonly live: boolean;
  /** Moves on every change: a read may be kept only if it is the same when the read ends as when it began. */
  readonly generation: number;
  close(): Promise<void>;
}

const feeds = new WeakMap<Db, ChangeFeed>();

/** The change feed of a database (one per `Db`, listening from the first call on). */
export function changesOf(db: Db): ChangeFeed {
  let feed = feeds.get(db);
  if (!feed) {
    feed = startFeed(db);
    feeds.set(db, feed);
  }
  return feed;
}

/** Stops listening (before the database closes). */
export async function closeChanges(db: Db): Promise<void> {
  await feeds.get(db)?.close();
  feeds.delete(db);
}

interface Listening {
  stop: () => Promise<void>;
  /** A round trip on the listening connection (none needed where notifications arrive with each answer). */
  barrier: (() => Promise<void>) | null;
}

function startFeed(db: Db): ChangeFeed {
  const listeners = new Set<(change: Change) => void>();
  let live = false;
  let closed = false;
  let generation = 0;
  let listening: Listening | null = null;
  /** The listening connection's round trips, shared by the requests waiting on them; none where notifications come with every answer. */
  let roundTrips: (() => Promise<boolean>) | null = null;
  const requestsCaughtUp = new WeakMap<object, Promise<boolean>>();

  function caughtUp(): Promise<boolean> {
    if (!live || !listening) return Promise.resolve(false);
    return roundTrips ? roundTrips() : Promise.resolve(true);
  }
  let retry: NodeJS.Timeout | null = null;

  function tell(change: Change): void {
    generation += 1;
    for (const listener of listeners) listener(change);
  }

  function lost(): void {
    live = false;
    tell('all');
    if (closed || retry) return;
    const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length - 1)]!;
    attempts += 1;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, delay);
  }

  let attempts = 0;
  async function listen(): Promise<void> {
    try {
      const started = await listenOn(
        db,
        (announced) =>
          tell(announced.endsWith(STAMPS_SUFFIX) ? { tables: new Set([announced.slice(0, -STAMPS_SUFFIX.length)]), stampsOnly: true } : { tables: new Set([announced]) }),
        lost,
      );
      if (closed) {
        await started.stop();
        return;
      }
      listening = started;
      const { barrier } = started;
      // A round trip that fails (the connection lost meanwhile) catches nobody up.
      roundTrips = barrier
        ? sharedRoundTrips(() =>
            barrier().then(
              () => live,
              () => false,
            ),
          )
        : null;
      attempts = 0;
      // What changed while nobody listened is unknown: start from nothing.
      tell('all');
      live = true;
    } catch {
      lost();
    }
  }
  void listen();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async committed() {
      if (!(await caughtUp())) tell('all');
    },
    caughtUpFor(request) {
      let caught = requestsCaughtUp.get(request);
      if (!caught) {
        caught = caughtUp();
        requestsCaughtUp.set(request, caught);
      }
      return caught;
    },
    get live() {
      return live;
    },
    get generation() {
      return generation;
    },
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      await listening?.stop().catch(() => undefined);
      listening = null;
    },
  };
}

/**
 * Shares `roundTrip` among the requests that wait on one: the returned function answers what
 * the round trip sent for the caller answers. A round trip sent before a request came says
 * nothing of what was committed since, so the request waits for the next one. That one goes
 * once the one on the wire is back (or, with none on the wire, on the next turn of the event
 * loop), so every request that came meanwhile shares it: one round trip at a time, however many
 * requests. `roundTrip` must not reject.
 */
export function sharedRoundTrips(roundTrip: () => Promise<boolean>): () => Promise<boolean> {
  let onTheWire: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;
  return () =>
    (next ??= new Promise<boolean>((resolve) => {
      const send = () => {
        next = null;
        const done = roundTrip();
        onTheWire = done;
        void done.then(() => {
          if (onTheWire === done) onTheWire = null;
        });
        resolve(done);
      };
      if (onTheWire) void onTheWire.then(send);
      else setImmediate(send);
    }));
}

/**
 * Listens on the driver underneath: PGlite's own `listen` (one process, and its notifications
 * arrive with the answer of the statement that caused them), or one connection of the pg pool.
 */
async function listenOn(db: Db, onTable: (table: string) => void, onLost: () => void): Promise<Listening> {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if ('listen' in client) return { stop: await client.listen(CHANNEL, onTable), barrier: null };
  const connection = await client.connect();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    connection.removeAllListeners('notification');
    connection.release(error);
  };
  connection.on('notification', (message) => {
    if (message.channel === CHANNEL && message.payload) onTable(message.payload);
  });
  connection.on('error', (error) => {
    release(error);
    onLost();
  });
  await connection.query(`LISTEN ${CHANNEL}`);
  return {
    async stop() {
      if (released) return;
      await connection.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      release();
    },
    barrier: async () => {
      await connection.query('SELECT 1');
    },
  };
}
