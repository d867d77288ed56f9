// @vitest-environment node
// SERVER_PROCESSES=2 on PostgreSQL (docs/architecture.md, "Processes"): the real server started
// as `npm start` starts it, a primary and two server processes on one port. A company created
// through one process is in the very next list every process answers (each keeps that list: the
// database tells them of the change); a server process killed with SIGKILL is replaced while the
// other answers; SIGTERM to the primary drains both and ends everything with 0. The embedded
// PGlite belongs to one process: there the setting is refused (tests/server/config.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { seedDemo } from '../../server/db/seed/demo';
import { companyBody } from './companies-fixtures';
import { BASE_TEST_ENV } from './helpers';
import { until, useCrashWorld } from './support/crash-server';

const ADMIN = 'admin@demo.energy';
const LIST = '/empresas/api/v1/get';
/** Enough requests that each process answers some: the cluster hands connections round the processes. */
const ROUNDS = 8;

const world = useCrashWorld('server-processes');

/**
 * The live server processes forked by `pid` (Linux's /proc: field 4 of a process's stat is its
 * parent; tsx's esbuild is a child too, not a server).
 */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command's closing parenthesis: state, then the parent's pid.
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const server = readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/main.ts');
      if (Number(parent) === pid && state !== 'Z' && server) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children.sort((a, b) => a - b);
}

describe.skipIf(!process.env.DATABASE_URL)('SERVER_PROCESSES=2 on PostgreSQL', () => {
  it('serves one port from two processes that agree on every change, replaces one that dies, and stops both on SIGTERM', { timeout: 300_000 }, async () => {
    const crash = await world();
    const config = loadConfig(BASE_TEST_ENV);
    await crash.withDb((db) => seedDemo(db, { poolId: config.identity.poolId, withIdentities: false }));
    const server = await crash.startServer({
      // The bid runs' site must be one of its own: the built-in simulator lives in one process.
      env: { SERVER_PROCESSES: '2', MARKET_SITE_URL: 'http://127.0.0.1:9/market-sim', MARKET_SITE_USER: 'epwm', MARKET_SITE_PASSWORD: 'unused-here' },
    });
    const primary = server.process.pid!;
    const servers = await until('two server processes', async () => (childrenOf(primary).length === 2 ? childrenOf(primary) : null), 60_000);

    const names = async () => {
      const answer = await server.call<{ data: Array<{ razon_social: string }> }>('GET', LIST, { as: ADMIN });
      expect(answer?.status).toBe(200);
      return answer!.body.data.map((company) => company.razon_social);
    };
    // Every process reads the list, and keeps it.
    for (let round = 0; round < ROUNDS; round += 1) expect(await names()).not.toContain('Cluster Prueba, S.A.');
    const created = await server.call('POST', '/empresas/api/v1/post', { as: ADMIN, body: companyBody({ razon_social: 'Cluster Prueba, S.A.', nit: '9876543-2' }) });
    expect(created?.status, JSON.stringify(created?.body)).toBe(201);
    for (let round = 0; round < ROUNDS; round += 1) expect(await names()).toContain('Cluster Prueba, S.A.');

    // One process killed: the other answers meanwhile, and the primary starts another.
    const [killed, survivor] = servers as [number, number];
    process.kill(killed, 'SIGKILL');
    // Each kept-alive connection to the killed process fails once (as its requests in flight
    // would); new ones reach the survivor. A connection the primary was handing to the killed
    // process as it died is never answered (Node's round-robin handle drops it: the client's
    // timeout ends it), hence a short one here. Afterwards every read is answered.
    let answered = 0;
    await until('the survivor to answer every call', async () => {
      answered = (await server.call('GET', '/health', { timeoutMs: 2_000 }))?.status === 200 ? answered + 1 : 0;
      return answered === ROUNDS;
    }, 30_000, 0);
    for (let round = 0; round < ROUNDS; round += 1) expect(await names()).toContain('Cluster Prueba, S.A.');
    const replaced = await until(
      () => `a replacement for ${killed}\n${server.output()}`,
      async () => {
        const now = childrenOf(primary);
        return now.length === 2 && !now.includes(killed) && now.includes(survivor) ? now : null;
      },
      60_000,
    );
    expect(server.output()).toContain(`server process ${killed} ended (SIGKILL)`);

    // SIGTERM to the primary: both drain, then it ends with 0.
    await server.stop();
    expect(server.process.exitCode, server.output()).toBe(0);
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
  });
});
