import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import type { E2eOptions } from './e2e/support/fixtures';
import { freePort } from './scripts/free-port';

// Playwright loads this file in the runner AND in every worker. The runner picks the ports once
// and leaves them in process.env, which the workers inherit, so every process agrees on where
// each server listens.
async function pickPort(name: string, taken: string[]): Promise<string> {
  let port = process.env[name];
  while (port === undefined || taken.includes(port)) port = String(await freePort());
  process.env[name] = port;
  taken.push(port);
  return port;
}
const taken: string[] = [];

/**
 * One product server per project: tests that change state (new password, forgot password)
 * cannot disturb the other language, and the expiry server runs with a short token lifetime
 * that would make every other test race the clock.
 */
const servers = {
  es: { port: await pickPort('E2E_PORT_ES', taken), ttl: undefined },
  en: { port: await pickPort('E2E_PORT_EN', taken), ttl: undefined },
  expiry: { port: await pickPort('E2E_PORT_EXPIRY', taken), ttl: '30' },
};
// Only named here: start-server.ts creates each folder with its server and removes it after.
const mailDirs = Object.fromEntries(
  Object.entries(servers).map(([name, { port }]) => [name, join(tmpdir(), `energy-e2e-mail-${name}-${port}`)]),
) as Record<keyof typeof servers, string>;

const baseUrl = (port: string) => `http://127.0.0.1:${port}`;

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Server = keyof typeof servers;

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

function webServer(name: Server): WebServer {
  const { port, ttl } = servers[name];
  return {
    name,
    // The product as `npm start` runs it (test:e2e builds first), on a fresh temporary DATA_DIR.
    command: 'node --import tsx e2e/support/start-server.ts',
    url: `${baseUrl(port)}/health`,
    env: {
      E2E_PORT: port,
      E2E_MAIL_DIR: mailDirs[name],
      ...(ttl ? { ACCESS_TOKEN_TTL_SECONDS: ttl } : {}),
    },
    reuseExistingServer: !process.env.CI,
    // Three servers seed their demo at once on two cores (market data, the demo's settlements
    // and invoices): a first start takes well over a minute there.
    timeout: 240_000,
    // SIGTERM lets the wrapper stop the server and delete its temporary data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  };
}

function project(name: string, server: Server, use: Pick<E2eOptions, 'lang'>, match: { testMatch?: string; testIgnore?: string[] }) {
  return {
    name,
    ...match,
    use: { ...use, mailDir: mailDirs[server], baseURL: baseUrl(servers[server].port) },
  };
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Two cores on the CI machine: one browser per core at most.
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // A sign-in runs SRP in the page and on the server; on two busy cores a flow of several
  // sign-ins can take 20-30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    viewport: { width: 1280, height: 800 },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    project('es-ES', 'es', { lang: 'es-ES' }, { testIgnore: ['**/session-expiry.spec.ts'] }),
    // The language spec checks both languages itself; running it twice proves nothing more.
    project('en-US', 'en', { lang: 'en-US' }, { testIgnore: ['**/session-expiry.spec.ts', '**/language.spec.ts'] }),
    project('expiry', 'expiry', { lang: 'es-ES' }, { testMatch: '**/session-expiry.spec.ts' }),
  ],
  webServer: [webServer('es'), webServer('en'), webServer('expiry')],
});
