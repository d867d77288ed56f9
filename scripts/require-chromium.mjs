// Runs first in `npm test`: the Playwright suite at its end needs a Chromium, and finding out
// after the type check, lint and every Vitest suite wastes minutes. Where one is missing and
// this is root on Debian, it is installed as .ci/run does; anywhere else the run stops at once
// with the one line to run.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const path = process.env.CHROMIUM_PATH ?? DEFAULT_PATH;

function runnable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command, args) {
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
}

if (runnable(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${path} is not an executable file: point it at a Chromium or Chrome binary.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && runnable('/usr/bin/apt-get')) {
  console.log('Chromium is missing: installing Debian\'s chromium for the browser tests (apt-get install -y chromium).');
  if (run('apt-get', ['update']) && run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']) && runnable(DEFAULT_PATH)) process.exit(0);
  console.error('Installing chromium failed; see the messages above.');
  process.exit(1);
}

console.error(
  [
    'The browser tests need Chromium, and none is installed. Run:',
    '',
    '  sudo apt-get install -y chromium',
    '',
    'or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.',
  ].join('\n'),
);
process.exit(1);
