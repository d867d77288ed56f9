// `npm run bench:monitoring`: the energy totals of every counterparty over a year of hourly
// data. The book: the demo data set (300 annexes over 120 contracts, buyers and sellers) with
// its energy replaced by a year of hours for every annex, ending yesterday: 300 × 365 × 24 =
// 2,628,000 rows, DF for the first ten months and PE for the last two (so the best-version rule
// has both to choose from), written set-based (server/db/seed/market-values.ts). Not timed.
//
// Measured: `POST /monitoreo/api/v1/energia-total` over the year through the real app (buildApp
// with every plugin, Fastify inject, as the demo admin with an id token signed by the
// database's key: auth, permission check, validation, the query and the JSON serialisation
// all count), against the store's SQL alone (energyTotals, no HTTP or JSON) in the same run,
// RUNS times each after WARMUP runs; the medians and their ratio. Goals: ratio <= 1.5, and the
// call under 1 s on PostgreSQL.
//
// Runs on the embedded PGlite (a fresh data directory, seeded like `npm start`) and then, when
// DATABASE_URL is set, on a fresh database of its own created on that server and dropped after.
// BENCH_ONLY=postgres or BENCH_ONLY=pglite runs one of them.
import { sql } from 'drizzle-orm';
import { addDays, businessToday } from '../schemas/date.schema';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { bulkInsert } from '../server/db/bulk-load';
import { queryRows, type Db } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { insertAnnexEnergy } from '../server/db/seed/market-values';
import { energyTotals } from '../server/monitoring/store';
import { adminToken, DEMO_ADMIN, onEachDatabase, median, sample } from './bench-support';

const DAYS = 365;
/** The last days of the year in PE (not yet DF). */
const PE_DAYS = 61;
const WARMUP = 2;
const RUNS = 9;
const RATIO_GOAL = 1.5;
const POSTGRES_GOAL_MS = 1000;

/** Every demo annex's every hour of desde..hasta: DF up to `peFrom`, PE from it. */
async function writeYear(db: Db, desde: string, hasta: string, peFrom: string): Promise<number> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from "energia_anexo"`);
    await bulkInsert(
      tx,
      'energia_anexo',
      insertAnnexEnergy(
        sql`select a.id as anexo_id, d::date as fecha, p::smallint as periodo, case when d < ${peFrom}::date then 'DF' else 'PE' end as version
            from anexos a, generate_series(${desde}::timestamp, ${hasta}::timestamp, interval '1 day') d, generate_series(1, 24) p`,
        'bench:monitoring',
      ),
    );
  });
  await db.execute(sql`analyze "energia_anexo", "anexos", "contratos", "empresas"`);
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from "energia_anexo"`);
  return count!.n;
}

interface Measured {
  label: string;
  rows: number;
  annexes: number;
  call: number[];
  store: number[];
  bytes: number;
}

async function run(label: string, db: Db): Promise<Measured> {
  const startedAt = performance.now();
  await seedDemo(db, { poolId: 'local_EnergyPool', withIdentities: false });
  const hasta = addDays(businessToday(), -1);
  const desde = addDays(hasta, -(DAYS - 1));
  const rows = await writeYear(db, desde, hasta, addDays(hasta, -(PE_DAYS - 1)));
  const [annexes] = await queryRows<{ n: number }>(db, sql`select count(distinct "anexo_id")::int as n from "energia_anexo"`);
  console.log(`${label}: seeded and ${rows.toLocaleString('en-US')} hours written in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; measuring`);

  const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080', LOG_LEVEL: 'silent' });
  const token = await adminToken(db, config);
  const app = await buildApp({ config, db });
  try {
    const range = { desde, hasta };
    let bytes = 0;
    const call = async () => {
      const response = await app.inject({ method: 'POST', url: '/monitoreo/api/v1/energia-total', headers: { authorization: `Bearer ${token}` }, payload: range });
      if (response.statusCode !== 200) throw new Error(`energia-total: ${response.statusCode} ${response.body.slice(0, 300)}`);
      bytes = response.rawPayload.length;
    };
    // Interleaved, so both see the same cache and machine load.
    const callTimes: number[] = [];
    const storeTimes: number[] = [];
    for (let round = 0; round < RUNS; round += 1) {
      callTimes.push(...(await sample(call, 1, round === 0 ? WARMUP : 0)));
      storeTimes.push(...(await sample(() => energyTotals(db, range), 1, round === 0 ? WARMUP : 0)));
    }
    return { label, rows, annexes: annexes!.n, call: callTimes.sort((a, b) => a - b), store: storeTimes.sort((a, b) => a - b), bytes };
  } finally {
    await app.close();
  }
}

const results = await onEachDatabase('energy_bench_monitoring', run, process.env.BENCH_ONLY);

console.log(`\nEnergy totals of every counterparty over ${DAYS} days (POST /monitoreo/api/v1/energia-total), as ${DEMO_ADMIN}; ${RUNS} runs each after ${WARMUP} warm-up runs`);
let failed = false;
for (const result of results) {
  const ratio = median(result.call) / median(result.store);
  const goals = [ratio <= RATIO_GOAL, result.label !== 'PostgreSQL' || median(result.call) < POSTGRES_GOAL_MS];
  failed ||= goals.includes(false);
  console.log(
    `  ${result.label}: ${result.rows.toLocaleString('en-US')} hourly rows of ${result.annexes} annexes; ` +
      `app ${median(result.call).toFixed(0)} ms (max ${result.call.at(-1)!.toFixed(0)}), SQL alone ${median(result.store).toFixed(0)} ms, ` +
      `ratio ${ratio.toFixed(2)} (goal <= ${RATIO_GOAL}${result.label === 'PostgreSQL' ? `, app < ${POSTGRES_GOAL_MS} ms` : ''}): ${goals.every(Boolean) ? 'met' : 'NOT MET'}; ${(result.bytes / 1024).toFixed(0)} KB`,
  );
}
if (!process.env.DATABASE_URL) console.log('  PostgreSQL: not measured (set DATABASE_URL to measure it).');
if (failed) process.exitCode = 1;
