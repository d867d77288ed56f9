// Starts the built product for one Playwright project (see playwright.config.ts): a fresh
// temporary DATA_DIR (embedded PGlite, so the demo seed runs), an SMTP sink whose mails land as
// JSON files in E2E_MAIL_DIR, and `tsx server/main.ts` on 127.0.0.1:E2E_PORT. On SIGTERM it stops
// the server and removes the data directory, so runs leave nothing behind.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink } from './smtp-sink';

const port = process.env.E2E_PORT;
const mailDir = process.env.E2E_MAIL_DIR;
if (!port || !mailDir) throw new Error('start-server needs E2E_PORT and E2E_MAIL_DIR (set by playwright.config.ts)');

const dataDir = mkdtempSync(join(tmpdir(), 'energy-e2e-data-'));
mkdirSync(mailDir, { recursive: true });
let mailCount = 0;
const sink = await startSmtpSink((mail) => {
  mailCount += 1;
  writeFileSync(join(mailDir, `${Date.now()}-${mailCount}.json`), JSON.stringify(mail));
});

// The embedded defaults only: a DATABASE_URL or hosted-identity setting from the caller's shell
// would point the tests at something they must not touch.
const env: NodeJS.ProcessEnv = { ...process.env };
for (const name of ['DATABASE_URL', 'SEED_DEMO', 'COGNITO_USER_POOL_ID', 'COGNITO_CLIENT_ID', 'COGNITO_REGION', 'GATEWAY_URL']) {
  delete env[name];
}
Object.assign(env, {
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'inherit' });

// Playwright signals the whole process group, so the server usually gets the signal itself and
// a second one would mean "exit now" to it. Forward only if it is still running a moment later
// (someone signalled this wrapper alone).
let stopping = false;
function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => server.kill(signal), 3_000).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

server.on('exit', async (code, signal) => {
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
