// Keeps the guarantee history (docs/guarantees.md): each process stores today's position soon
// after it starts and then every GUARANTEE_SNAPSHOT_MINUTES, and yesterday's once if a night
// without a running process left it out. Storing is an upsert, so processes never conflict; a
// failure is logged and tried again at the next turn.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, businessToday } from '../../schemas/date.schema';
import { queryRows, type Db } from '../db/client';
import { snapshotDay } from './snapshot';

/** The first turn after start-up: late enough not to slow the start, soon enough to be there when asked. */
const FIRST_TURN_MS = 10_000;

/** One turn: yesterday's position if it was never stored, and today's (again). */
export async function storeSnapshots(db: Db): Promise<void> {
  const today = businessToday();
  const yesterday = addDays(today, -1);
  const [stored] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from garantias_snapshot where fecha = ${yesterday}::date`);
  if (!stored?.n) await snapshotDay(db, yesterday);
  await snapshotDay(db, today);
}

/** Starts the turns when the app is ready and stops them when it closes; `minutes` 0 starts none. */
export function guaranteeSnapshots(app: FastifyInstance, db: Db, minutes: number): void {
  if (minutes === 0) return;
  const timers: NodeJS.Timeout[] = [];
  const run = () =>
    void storeSnapshots(db).catch((error: unknown) => app.log.error({ err: error }, 'the guarantee snapshot failed; it is tried again at the next turn'));
  app.addHook('onReady', async () => {
    timers.push(setTimeout(run, FIRST_TURN_MS).unref(), setInterval(run, minutes * 60_000).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
