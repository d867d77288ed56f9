// `npm run dev`: the API (`tsx watch server/main.ts`, restarts on change) and Vite's dev server
// (hot reload; vite.config.ts proxies /api, /config.json, /idp, /gateway and /health to the API).
// Signals go to both; when either stops, the other is stopped too and dev exits with its code.
import { spawn } from 'node:child_process';
import { setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.PORT ?? '8080';
const webPort = process.env.VITE_PORT ?? '5173';

// The browser only ever talks to Vite's origin, so the identity endpoint and token issuer the
// API announces must be that origin too (the proxy carries the calls to the API).
const env = {
  ...process.env,
  PORT: apiPort,
  HOST: process.env.HOST ?? '127.0.0.1',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
};

const bin = (name) => `${root}node_modules/.bin/${name}`;
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(bin('vite'), ['--port', webPort, '--strictPort', '--configLoader', 'runner'], { cwd: root, env, stdio: 'inherit' }),
];

let exitCode;
const running = (child) => child.exitCode === null && child.signalCode === null;

// Ctrl-C in a terminal already signals every process of the group; a second signal would make
// the API skip its graceful shutdown. So pass a signal on only to children still running a
// moment later (the case where only this script was signalled).
function stopAllSoon(signal) {
  setTimeout(() => {
    for (const child of children) if (running(child)) child.kill(signal);
  }, 1_500).unref();
}

for (const child of children) {
  child.on('exit', (code, signal) => {
    exitCode ??= code ?? (signal ? 0 : 1);
    stopAllSoon('SIGTERM');
    if (!children.some(running)) process.exit(exitCode);
  });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAllSoon(signal));
}

console.log(`dev: API on http://${env.HOST}:${apiPort}, app on http://localhost:${webPort}`);
