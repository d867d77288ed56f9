// Answers kept for reads every allowed caller gets alike (a list such as the companies): a GET
// route declares `config: { cache: { tables: [...] } }`, the tables its answer is read from,
// and its serialized answer is kept until the database announces a change to one of them
// (server/db/changes.ts), and used only once every change committed before the request has
// been heard: a reader never sees an answer older than the last change it could know of.
// The caller's token and permissions are still checked first on every request: only the work
// behind them is spared. An answer read while a change was announced is not kept, and nothing
// is kept while the change feed is not listening.
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { changesOf } from '../db/changes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Keep this GET route's answer until one of `tables` changes; only for answers that do not
     * depend on who asks. `showsNoStampsOf`: tables of which the answer shows no edit stamp
     * (version, updated_at, updated_by), so an update of nothing but their stamps keeps it.
     */
    cache?: { tables: readonly string[]; showsNoStampsOf?: readonly string[] };
  }
}

interface Kept {
  /** The answer's bytes: sent as they are, not encoded and measured again on every use. */
  payload: Buffer;
  contentType: string;
  tables: readonly string[];
  showsNoStampsOf: readonly string[];
}

/** The most answers kept (a query string makes another answer); the oldest goes first. */
const MAX_KEPT = 1_000;

const startedAt = new WeakMap<FastifyRequest, number>();

async function readCachePlugin(app: FastifyInstance, options: { db: Db }) {
  const feed = changesOf(options.db);
  const kept = new Map<string, Kept>();
  feed.subscribe((change) => {
    if (change === 'all') return kept.clear();
    for (const [key, entry] of kept) {
      const concerned = entry.tables.filter((table) => change.tables.has(table));
      if (concerned.length > 0 && !(change.stampsOnly && concerned.every((table) => entry.showsNoStampsOf.includes(table)))) kept.delete(key);
    }
  });

  /** Each keeping route's tables, checked once the app is ready. */
  const declared = new Map<string, readonly string[]>();
  app.addHook('onRoute', (route) => {
    const cache = (route.config as FastifyContextConfig | undefined)?.cache;
    const methods = [route.method].flat();
    if (cache !== undefined && methods.some((method) => method !== 'GET' && method !== 'HEAD')) {
      throw new Error(`Route ${methods.join(',')} ${route.url} keeps its answer but is not a read (server/plugins/read-cache.ts)`);
    }
    const strays = cache?.showsNoStampsOf?.filter((table) => !cache.tables.includes(table)) ?? [];
    if (strays.length > 0) throw new Error(`Route GET ${route.url} names ${strays.join(', ')} in showsNoStampsOf but not in its tables (server/plugins/read-cache.ts)`);
    if (cache !== undefined) declared.set(route.url, cache.tables);
  });
  // A table without its announcing trigger (migrations 0008, 0009...) would keep an answer past
  // its change: the server refuses to start with one.
  app.addHook('onReady', async () => {
    const rows = await queryRows<{ table: string }>(options.db, sql`select tgrelid::regclass::text as "table" from pg_trigger where tgname like '%\_announce\_change'`);
    const announced = new Set(rows.map((row) => row.table.replace(/"/g, '')));
    for (const [url, tables] of declared) {
      const silent = tables.filter((table) => !announced.has(table));
      if (silent.length > 0) throw new Error(`Route GET ${url} keeps its answer until ${silent.join(', ')} change, but no trigger announces their changes (server/plugins/read-cache.ts)`);
    }
  });

  // After the token, the permissions and the request's schema were checked.
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.cache) return;
    // A kept answer only once every change committed before this request has been heard.
    const entry = kept.has(request.url) && (await feed.caughtUpFor(request)) ? kept.get(request.url) : undefined;
    if (entry) return reply.type(entry.contentType).send(entry.payload);
    startedAt.set(request, feed.generation);
  });

  // In callback style: nothing asynchronous, and every answer passes here.
  app.addHook('onSend', (request, reply, payload, done) => {
    const cache = request.routeOptions.config.cache;
    const started = startedAt.get(request);
    if (!cache || started === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    if (feed.live && feed.generation === started) {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(request.url, { payload: Buffer.from(payload), contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), tables: cache.tables, showsNoStampsOf: cache.showsNoStampsOf ?? [] });
    }
    done(null, payload);
  });
}

export default fp(readCachePlugin, { name: 'read-cache', fastify: '5.x' });
