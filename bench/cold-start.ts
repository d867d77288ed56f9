// `npm run bench:start`: seconds from launching `tsx server/main.ts` on an empty DATA_DIR
// (migrations, key pair, demo seed: what a fresh clone does on its first `npm start`) until
// `/health` answers, and until the SPA at `/` answers. The build is not included; run
// `npm run build` first (bench:start does) so `/` has something to serve.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/free-port';

const LIMIT_MS = 120_000;

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'energy-bench-data-'));
const base = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;

const startedAt = performance.now();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
let exited = false;
let exitStatus = '';
child.on('exit', (code, signal) => {
  exited = true;
  exitStatus = signal ?? `code ${code}`;
});

const seconds = (ms: number) => (ms / 1000).toFixed(2);
let healthMs: number | undefined;
let pageMs: number | undefined;
let exitedEarly = false;
try {
  while (performance.now() - startedAt < LIMIT_MS && !exited) {
    if (healthMs === undefined && (await answers(`${base}/health`))) healthMs = performance.now() - startedAt;
    if (healthMs !== undefined && (await answers(`${base}/`))) {
      pageMs = performance.now() - startedAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
} finally {
  exitedEarly = exited;
  child.kill('SIGTERM');
  await new Promise<void>((resolve) => {
    if (exited) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.on('exit', () => {
      clearTimeout(force);
      resolve();
    });
  });
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('Cold start of tsx server/main.ts on an empty DATA_DIR (embedded PGlite, demo seed)');
console.log(`  /health answered after ${healthMs === undefined ? 'never' : `${seconds(healthMs)} s`}`);
console.log(`  /       answered after ${pageMs === undefined ? 'never' : `${seconds(pageMs)} s`}`);
if (pageMs === undefined) {
  console.log(exitedEarly ? `  the server exited (${exitStatus}) before answering` : `  no answer within ${seconds(LIMIT_MS)} s`);
  process.exitCode = 1;
}
