// @vitest-environment node
// Killing the server during a refresh: the real server
// (server/main.ts) runs as a child process on an embedded database in a data directory; a refresh
// of a few dozen settlements is under way when the process is killed with SIGKILL. Every
// settlement is then either exactly as before or fully recomputed (row count and totals), and
// exactly as many are recomputed as the job's committed progress says. Started again, the server
// takes the job up once its lease has run out (JOB_LEASE_SECONDS, short here), finishes it, and every settlement is then
// recomputed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../scripts/free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import type { Job } from '../../schemas/job.schema';
import { loadConfig } from '../../server/config';
import { openDatabase, queryRows, type Db } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/demo';
import { fillMissingMarketData } from '../../server/db/seed/market-fill';
import { ensureSigningKey } from '../../server/idp/keys';
import { registerJobTypes } from '../../server/jobs/registry';
import { REFRESH_JOBS, requestRefresh } from '../../server/settlements/refresh';
import { computeSettlementRows, insertSettlement } from '../../server/settlements/store';
import { BASE_TEST_ENV } from './helpers';
import { holdings, recomputedHoldings } from './support/settlement-holdings';

const ASKER = 'admin@demo.energy';
const SETTLEMENTS = 24;
/** Each contract's first annex is copied this many times: a settlement of many annexes takes a while. */
const ANNEX_COPIES = 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = mkdtempSync(path.join(tmpdir(), 'refresh-crash-'));
let child: ChildProcess | null = null;

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await exited(child, 10_000);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function exited(process: ChildProcess, withinMs: number): Promise<void> {
  if (process.exitCode !== null || process.signalCode !== null) return;
  await Promise.race([
    new Promise<void>((resolve) => process.once('exit', () => resolve())),
    sleep(withinMs).then(() => {
      throw new Error(`server did not exit within ${withinMs} ms`);
    }),
  ]);
}

/** Adds ANNEX_COPIES copies of each contract's first annex (every column but the id). */
async function copyFirstAnnexes(db: Db, contractIds: readonly number[]): Promise<void> {
  const columns = await queryRows<{ name: string }>(
    db,
    sql`select quote_ident(column_name) as name from information_schema.columns where table_name = 'anexos' and column_name <> 'id' order by ordinal_position`,
  );
  const list = sql.raw(columns.map((column) => column.name).join(', '));
  await db.execute(sql`
    insert into anexos (${list})
    select ${list} from (select distinct on (contrato_id) * from anexos
      where contrato_id in (${sql.join(contractIds.map((id) => sql`${id}`), sql`, `)}) order by contrato_id, fecha_inicio, id) first_annex,
      generate_series(1, ${ANNEX_COPIES}) copy`);
}

describe('killing the server during a refresh', () => {
  it('leaves every settlement as before or fully recomputed, and the job, taken up again, ends done', { timeout: 600_000 }, async () => {
    const port = await freePort();
    // The embedded database in dataDir, also when the suite itself runs on PostgreSQL (DATABASE_URL
    // set in this process's environment, which the child inherits): empty counts as unset.
    const env = { ...BASE_TEST_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0', JOB_WORKERS: '1', JOB_LEASE_SECONDS: '5' };
    const config = loadConfig(env);

    // The world, written straight into the data directory: the demo contracts, GT settlements of
    // the first two months of each one's first annex (it runs four), computed once; then new measurements, and the totals
    // a recompute gives on them (computed and rolled back); then the refresh, queued.
    let database = await openDatabase({ kind: 'pglite', dataDir });
    let db = database.db;
    await seedDemo(db, { poolId: config.identity.poolId, withIdentities: false });
    const months = await queryRows<{ contrato_id: number; anio: number; mes: number; dias: number }>(
      db,
      sql`select c.id as contrato_id, extract(year from m)::int as anio, extract(month from m)::int as mes,
            extract(day from (m + interval '1 month - 1 day'))::int as dias
          from contratos c
          join lateral (select a.fecha_inicio from anexos a where a.contrato_id = c.id order by a.fecha_inicio limit 1) a on true,
          lateral (select date_trunc('month', a.fecha_inicio) + k * interval '1 month' as m from generate_series(0, 1) k) month
          where c.sucursal = 'GT' and c.tipo_liquidacion is distinct from 'potencia'
          order by c.id, m limit ${SETTLEMENTS}`,
    );
    expect(months.length).toBeGreaterThanOrEqual(20);
    await copyFirstAnnexes(db, [...new Set(months.map((month) => month.contrato_id))]);
    const ids: number[] = [];
    for (const month of months) {
      await fillMissingMarketData(db, month.contrato_id, month.anio, month.mes, 'PE');
      ids.push(
        await db.transaction(async (tx) => {
          const id = await insertSettlement(tx, { ...month, version: 'PE' }, ASKER);
          await computeSettlementRows(tx, id, ASKER);
          return id;
        }),
      );
    }
    const before = await holdings(db, ids);
    await db.execute(sql`update energia_anexo set energia_fisica_mwh = energia_fisica_mwh + 1`);
    const recomputed = await recomputedHoldings(db, ids, ASKER);
    for (const id of ids) expect(recomputed.get(id)!.factura, `settlement ${id} changes`).not.toBe(before.get(id)!.factura);
    // The refresh is asked for here, outside the app whose jobs plugin registers its type.
    registerJobTypes(REFRESH_JOBS);
    const job = await requestRefresh(db, 'energia', 'GT', ASKER);
    expect([...(job.parametros as { liquidaciones: number[] }).liquidaciones].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const { kid, privateKey } = await ensureSigningKey(db);
    await database.close();

    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ email: ASKER, 'cognito:username': ASKER, token_use: 'id', aud: config.identity.clientId, auth_time: now })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(config.identity.issuer)
      .setSubject(`sub-${ASKER}`)
      .setIssuedAt(now - 60)
      .setExpirationTime(now + 600)
      .sign(privateKey);

    const output: string[] = [];
    const start = () => {
      // Node itself runs the server (tsx as a loader, not its CLI, which would run the server
      // in a grandchild that a kill of its parent leaves running).
      const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      // Kept to tell why, should the server not answer.
      server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child = server;
      return server;
    };
    /** The job as the server answers it, or null while the server is not answering. */
    const readJob = async (): Promise<Job | null> => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/trabajos/${job.id}`, { headers: { authorization: `Bearer ${token}` } });
        if (response.ok) return ((await response.json()) as { data: Job }).data;
        // Up, but refusing: a mistake of the test's, not a server still starting.
        throw new Error(`GET job answered ${response.status}: ${await response.text()}`);
      } catch (error) {
        if (error instanceof TypeError) return null;
        throw error;
      }
    };
    /** Polls `readJob` every `everyMs` until `enough` holds, for at most `withinMs`. */
    const waitFor = async (enough: (job: Job) => boolean, everyMs: number, withinMs: number): Promise<Job | null> => {
      const until = Date.now() + withinMs;
      let last: Job | null = null;
      while (Date.now() < until) {
        last = await readJob();
        if (last && enough(last)) return last;
        await sleep(everyMs);
      }
      return last;
    };
    // Run, and kill it once a few settlements are done but not all.
    const first = start();
    const seen = await waitFor((job) => job.hechos >= 2, 20, 150_000);
    first.kill('SIGKILL');
    await exited(first, 10_000);
    expect(seen?.estado, output.join('')).toBe('en_curso');
    expect(seen!.hechos).toBeLessThan(ids.length);

    database = await openDatabase({ kind: 'pglite', dataDir });
    db = database.db;
    const [stored] = await queryRows<{ hechos: number; estado: string }>(db, sql`select hechos, estado from trabajos where id = ${job.id}`);
    const afterKill = await holdings(db, ids);
    let done = 0;
    for (const id of ids) {
      const now = afterKill.get(id)!;
      // Never half-written: the rows and totals of one state or the other, whole.
      expect(now.factura, `settlement ${id}`).toBe(now.suma);
      const whole = now.factura === recomputed.get(id)!.factura ? recomputed.get(id) : before.get(id);
      expect(now, `settlement ${id}`).toEqual(whole);
      if (now.factura === recomputed.get(id)!.factura) done += 1;
    }
    // The progress commits with each settlement: it says exactly how many are recomputed.
    expect(stored).toMatchObject({ estado: 'en_curso', hechos: done });
    expect(done).toBeGreaterThanOrEqual(2);
    expect(done).toBeLessThan(ids.length);
    await database.close();
    // Started again: once the dead process's lease has run out, the job is taken up and ends done.
    const second = start();
    const last = await waitFor((job) => job.estado !== 'en_curso', 200, 180_000);
    expect(last).toMatchObject({ estado: 'terminado', hechos: ids.length, total: ids.length });
    second.kill('SIGTERM');
    await exited(second, 20_000);

    database = await openDatabase({ kind: 'pglite', dataDir });
    db = database.db;
    try {
      const finished = await holdings(db, ids);
      for (const id of ids) expect(finished.get(id), `settlement ${id}`).toEqual(recomputed.get(id));
      for (const [id, holding] of finished) {
        const month = months[ids.indexOf(id)]!;
        // Inside its first annex's months: that annex and its copies in force every day, 24 hours each.
        expect(holding.filas, `settlement ${id}`).toBe((ANNEX_COPIES + 1) * month.dias * 24);
      }
      const events = await queryRows<{ clave: string }>(db, sql`select clave from trabajo_eventos where trabajo_id = ${job.id} and tipo = 'estado' order by id`);
      expect(events.map((event) => event.clave)).toEqual(['jobs.events.pendiente', 'jobs.events.en_curso', 'jobs.events.retomado', 'jobs.events.terminado']);
    } finally {
      await database.close();
    }
  });
});
