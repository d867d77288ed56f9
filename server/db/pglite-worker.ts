// The embedded database's own thread (docs/architecture.md, "The embedded database"): PGlite
// runs here, so its WASM work never holds the HTTP event loop, and the main thread talks to it
// through `PGliteThread` (./pglite-thread.ts) with the messages below. PGlite's semantics are
// kept as they are in one thread: one statement at a time, a transaction holds the database
// until it ends (statements of other callers wait for it, as PGlite's own lock makes them),
// and a notification is posted before the answer of the statement that caused it (messages on
// one port keep their order).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { ThreadAnswer, ThreadError, ThreadRequest } from './pglite-thread';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread (PGliteThread starts it)');

const { dataDir } = workerData as { dataDir?: string };
// btree_gist: the exclusion constraint of the charge periods (migration 0013_charge_periods).
const pglite = new PGlite({ dataDir, extensions: { btree_gist } });

/** The open transactions by id, with how to end each (commit: true; rollback: false). */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
/** The promise of each open transaction's end (its commit, or its rollback). */
const pendingEnds = new Map<number, Promise<void>>();
/** A rollback asked for: thrown inside the transaction so PGlite rolls it back, never seen outside. */
const ROLLBACK = Symbol('rollback');

const answer = (message: ThreadAnswer) => port.postMessage(message);

/** An error as it crosses the thread: its message and every field the callers read (code, detail, constraint...). */
function serialised(error: unknown): ThreadError {
  if (error instanceof Error) {
    const fields = Object.fromEntries(Object.entries(error).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value)));
    return { ...fields, name: error.name, message: error.message, stack: error.stack };
  }
  return { name: 'Error', message: String(error) };
}

/** Identity parsers for the types the caller keeps as text (drizzle keeps dates, timestamps and intervals as PostgreSQL writes them). */
const textParsers = (oids: number[] | undefined) => (oids ? Object.fromEntries(oids.map((oid) => [oid, (value: string) => value])) : undefined);

async function handle(request: ThreadRequest): Promise<void> {
  const { id } = request;
  try {
    switch (request.op) {
      case 'query': {
        const target = request.tx === undefined ? pglite : open.get(request.tx)?.tx;
        if (!target) throw new Error(`transaction ${request.tx} is not open`);
        const parsers = textParsers(request.textOids);
        const result: Results = await target.query(request.sql, request.params, { rowMode: request.rowMode, ...(parsers ? { parsers } : {}) });
        answer({ id, ok: true, result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } });
        return;
      }
      case 'begin': {
        // The transaction's id is the begin message's: answered once PGlite holds it, ended by `end`.
        const ended = pglite.transaction(async (tx) => {
          const commit = await new Promise<boolean>((end) => {
            open.set(id, { tx, end });
            answer({ id, ok: true, result: null });
          });
          if (!commit) throw ROLLBACK;
        });
        ended.catch(() => undefined);
        pendingEnds.set(id, ended);
        return;
      }
      case 'end': {
        const transaction = open.get(request.tx);
        const ended = pendingEnds.get(request.tx);
        if (!transaction || !ended) throw new Error(`transaction ${request.tx} is not open`);
        open.delete(request.tx);
        pendingEnds.delete(request.tx);
        transaction.end(request.commit);
        try {
          await ended;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        answer({ id, ok: true, result: null });
        return;
      }
      case 'listen': {
        await pglite.listen(request.channel, (payload) => answer({ id: 0, ok: true, notification: { channel: request.channel, payload } }));
        answer({ id, ok: true, result: null });
        return;
      }
      case 'close': {
        await pglite.close();
        answer({ id, ok: true, result: null });
        return;
      }
    }
  } catch (error) {
    answer({ id, ok: false, error: serialised(error) });
  }
}

port.on('message', (request: ThreadRequest) => {
  // Each request on its own: a statement waiting for a transaction must not hold the others.
  void handle(request);
});

await pglite.waitReady;
answer({ id: 0, ok: true, ready: true });
