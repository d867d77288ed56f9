// `npm test`: every check, side by side where they do not depend on each other and do not
// measure time, each section's time printed. Three phases on the two-core CI machine:
//   1. the type check, the lint and the build of the app (the Playwright servers serve it),
//      side by side;
//   2. Vitest (every unit, component and server suite);
//   3. Playwright (both languages, against the app built in phase 1; it never builds itself).
// Each check's output goes to its own log under .test-logs/ and is printed whole, under its
// name, once it ends (two suites' lines interleaved would be unreadable), with a line a minute
// meanwhile saying what still runs; a check that fails fails `npm test`, after every other check
// of its phase has ended.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';

const LOGS = '.test-logs';
mkdirSync(LOGS, { recursive: true });
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs `command` with its output in LOGS/<name>.log; answers its name, exit code and time. */
function run(name, command) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const log = join(LOGS, `${name}.log`);
    const out = createWriteStream(log);
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => {
        const took = Date.now() - begun;
        process.stdout.write(`\n==== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(took)} ====\n`);
        process.stdout.write(readFileSync(log, 'utf8'));
        resolve({ name, code, took });
      });
    });
  });
}

/** Runs the checks of a phase side by side; answers their outcomes. */
async function phase(title, checks) {
  process.stdout.write(`\n######## ${title} (at ${seconds(Date.now() - started)}) ########\n`);
  const running = new Set(Object.keys(checks));
  const heartbeat = setInterval(() => process.stdout.write(`  ... at ${seconds(Date.now() - started)}: ${[...running].join(', ')} running\n`), 60_000);
  try {
    return await Promise.all(
      Object.entries(checks).map(([name, command]) =>
        run(name, command).then((outcome) => {
          running.delete(name);
          return outcome;
        }),
      ),
    );
  } finally {
    clearInterval(heartbeat);
  }
}

const outcomes = [];
outcomes.push(...(await phase('Phase 1: type check, lint, build', { typecheck: 'npm run typecheck', lint: 'npm run lint', build: 'npm run build' })));
// Vitest, then Playwright: side by side on two cores, the suites' timing tests (a stop heard
// within half a second, a sign-in's SRP) failed for want of CPU in a trial run.
if (outcomes.every((outcome) => outcome.code === 0)) outcomes.push(...(await phase('Phase 2: Vitest', { vitest: 'npx vitest run --configLoader runner' })));
if (outcomes.every((outcome) => outcome.code === 0)) {
  outcomes.push(...(await phase('Phase 3: Playwright', { playwright: 'node scripts/require-chromium.mjs && npx playwright test' })));
}

process.stdout.write(`\n######## Sections ########\n`);
for (const { name, code, took } of outcomes) process.stdout.write(`  ${name.padEnd(10)} ${code === 0 ? 'passed' : 'FAILED'} ${seconds(took).padStart(7)}\n`);
process.stdout.write(`  total      ${seconds(Date.now() - started).padStart(14)}\n`);
process.exitCode = outcomes.every((outcome) => outcome.code === 0) && outcomes.length === 5 ? 0 : 1;
