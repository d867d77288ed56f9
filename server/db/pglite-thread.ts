// The embedded database on a thread of its own (docs/architecture.md, "The embedded database").
// PGlite is PostgreSQL compiled to WASM: a statement runs on the thread that holds it. In the
// server's own thread, every statement held the HTTP event loop, and under load requests waited
// seconds before they were even read. `PGliteThread` runs PGlite in a worker thread
// (./pglite-worker.ts) and answers the part of PGlite's interface Drizzle and the change feed
// use (`query`, `transaction`, `listen`, `close`), so `drizzle-orm/pglite` and everything above
// it run unchanged. PGlite's rules hold as they do in one thread: one statement at a time, a
// transaction holds the database until it ends, a notification arrives before the answer of
// the statement that caused it.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** What the main thread asks the database's thread. A transaction is named by its `begin` message's id. */
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textOids?: number[]; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' };

/** An error as it crosses the threads: its name, message and the driver's fields (code, detail, constraint...). */
export interface ThreadError {
  name: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

/** What the database's thread answers: a request's outcome (by its id), a notification, or that it is ready (id 0). */
export type ThreadAnswer =
  | { id: number; ok: true; result?: Pick<Results, 'rows' | 'fields' | 'affectedRows'> | null; ready?: true; notification?: { channel: string; payload: string } }
  | { id: number; ok: false; error: ThreadError };

type Ask = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The statements of a transaction (what Drizzle calls on the transaction PGlite hands it). */
interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** An error of the database's thread as the driver's own: the same message, code and fields. */
function rebuilt(error: ThreadError): Error {
  const { name, message, stack, ...fields } = error;
  return Object.assign(new Error(message), fields, { name, stack: `${stack ?? message}\n    (in the embedded database's thread)` });
}

/** The type ids of the parsers Drizzle passes: each keeps its type as text (they are identity parsers). */
const textOidsOf = (options?: QueryOptions) => (options?.parsers ? Object.keys(options.parsers).map(Number) : undefined);

export class PGliteThread {
  private readonly waiting = new Map<number, { resolve: (answer: ThreadAnswer & { ok: true }) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: ThreadAnswer) => this.hear(answer));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the embedded database's thread exited (code ${code})`)));
  }

  /** Starts PGlite on its thread (in memory without `dataDir`) and answers once it is ready. */
  static async start(dataDir?: string): Promise<PGliteThread> {
    // The entry registers tsx in the thread, then runs the TypeScript worker.
    const worker = new Worker(new URL('./pglite-worker-entry.mjs', import.meta.url), { workerData: { dataDir } });
    const thread = new PGliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      thread.waiting.set(0, { resolve: () => resolve(), reject });
    });
    return thread;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.statement<T>(sql, params, options);
  }

  /** Runs `work` in a transaction that holds the database until it ends: committed when `work` resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.nextId;
    await this.ask({ op: 'begin' });
    const transaction: ThreadTransaction = { query: (sql, params, options) => this.statement(sql, params, options, tx) };
    let result: T;
    try {
      result = await work(transaction);
    } catch (error) {
      await this.ask({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.ask({ op: 'end', tx, commit: true });
    return result;
  }

  /** Hears `channel`'s notifications; answers how to stop. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.ask({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      callbacks.delete(callback);
    };
  }

  async close(): Promise<void> {
    if (!this.failure) await this.ask({ op: 'close' });
    await this.worker.terminate();
  }

  private async statement<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number): Promise<Results<T>> {
    const answer = await this.ask({ op: 'query', sql, params, rowMode: options?.rowMode, textOids: textOidsOf(options), ...(tx === undefined ? {} : { tx }) });
    return answer.result as Results<T>;
  }

  private ask(request: Ask): Promise<ThreadAnswer & { ok: true }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as ThreadRequest);
    });
  }

  private hear(answer: ThreadAnswer): void {
    if (answer.ok && answer.notification) {
      for (const callback of this.listeners.get(answer.notification.channel) ?? []) callback(answer.notification.payload);
      return;
    }
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    this.waiting.delete(answer.id);
    if (answer.ok) waiting.resolve(answer);
    else waiting.reject(rebuilt(answer.error));
  }

  /** The thread is gone: every request waiting fails, and every later one. */
  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
