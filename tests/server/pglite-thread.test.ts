// @vitest-environment node
// The embedded database on its own thread (server/db/pglite-thread.ts): migrated and read as
// the product reads it, PGlite's rules kept (a transaction commits or rolls back whole and holds
// the database until it ends, a refusal keeps its SQLSTATE, a notification arrives before the
// answer of the statement that caused it), and, what it is for, a long statement no longer
// holds the caller's event loop.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../../server/db/client';
import { pgRefusalOf } from '../../server/db/versioned';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite', thread: 'worker' });
  await handle.db.execute(sql`create table hilo_prueba (id int primary key, nombre text not null)`);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

const names = async () => (await queryRows<{ nombre: string }>(handle.db, sql`select nombre from hilo_prueba order by id`)).map((row) => row.nombre);

describe('the embedded database on its own thread', () => {
  it('is migrated and answers reads as drizzle reads them (numbers exact as text, dates as written)', async () => {
    const [row] = await queryRows<{ usuarios: number; monto: string; dia: string }>(
      handle.db,
      sql`select (select count(*)::int from users) as usuarios, 1234.50::numeric as monto, '2026-03-01'::date as dia`,
    );
    expect(row).toEqual({ usuarios: 0, monto: '1234.50', dia: '2026-03-01' });
  });

  it('commits a transaction whole, rolls one back whole, and keeps a refusal\u2019s SQLSTATE', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into hilo_prueba values (1, 'uno')`);
      await tx.execute(sql`insert into hilo_prueba values (2, 'dos')`);
    });
    const refused = await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into hilo_prueba values (3, 'tres')`);
        await tx.execute(sql`insert into hilo_prueba values (1, 'otra vez uno')`);
      })
      .catch((error: unknown) => error);
    expect(pgRefusalOf(refused)).toBe('unique');
    expect(await names()).toEqual(['uno', 'dos']);
  });

  it('holds the database for an open transaction: a statement from outside waits for its end and sees it committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into hilo_prueba values (4, 'cuatro')`);
      await held;
    });
    // Give the transaction time to begin before the outside read is sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    let read: string[] | null = null;
    const outside = names().then((rows) => (read = rows));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read).toBeNull();
    release();
    await Promise.all([transaction, outside]);
    expect(read).toEqual(['uno', 'dos', 'cuatro']);
  });

  it('delivers a notification before the answer of the statement that caused it', async () => {
    const client = (handle.db as unknown as { $client: { listen(channel: string, callback: (payload: string) => void): Promise<unknown> } }).$client;
    const heard: string[] = [];
    await client.listen('hilo_prueba', (payload) => heard.push(payload));
    await handle.db.execute(sql`select pg_notify('hilo_prueba', 'cambio')`);
    expect(heard).toEqual(['cambio']);
  });

  it('leaves the caller\u2019s event loop free while a long statement runs', async () => {
    const ticks: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      ticks.push(now - last);
      last = now;
    }, 10);
    const started = performance.now();
    await queryRows(handle.db, sql`select count(*) from generate_series(1, 3000000) g, lateral (select g * 2) x`);
    const took = performance.now() - started;
    clearInterval(timer);
    // The statement is long enough to matter, and the loop went on ticking meanwhile.
    expect(took).toBeGreaterThan(150);
    expect(ticks.length).toBeGreaterThan(5);
    expect(Math.max(...ticks)).toBeLessThan(100);
  });
});
