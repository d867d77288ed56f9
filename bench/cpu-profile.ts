// `tsx bench/cpu-profile.ts <dir | file.cpuprofile [window.json]> [top]`: where a V8 CPU profile's
// main-thread time went, for reading the profiles `BENCH_CPU_PROF=<dir> npm run bench:api` writes
// (<dir>/product-pglite, <dir>/product-postgres: give one of those directories). With the window
// (window.json, written there by bench/api.ts) only the samples of the 64-connection run count,
// and times are also given per request. It prints self time by
// category (each sample goes to the nearest frame, from the leaf up, that belongs to a known
// package or to our code: node internals called by jose count as JWT work), by file and by function.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Owners of frames, matched against `<url>#<function>`. A sample goes to the first owner found
 * walking from the leaf up, so node internals called by jose count as JWT work and fast-json-
 * stringify's generated (url-less) serializer counts as serialization.
 */
const OWNERS: Array<[string, RegExp]> = [
  ['PGlite WASM (Postgres on the event loop)', /^wasm:\/\//],
  ['PGlite JS (protocol, results)', /node_modules\/@electric-sql\/pglite\//],
  ['pg driver (pg, pg-protocol, pg-pool, pg-types)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-[a-z]+)\//],
  ['Drizzle ORM (query building, row mapping)', /node_modules\/drizzle-orm\//],
  ['JWT verification (jose + WebCrypto)', /node_modules\/jose\//],
  ['logging (pino)', /node_modules\/(pino|pino-std-serializers|sonic-boom|fast-redact|@pinojs\/redact)\//],
  ['JSON serialization (fast-json-stringify)', /node_modules\/(fast-json-stringify|@fastify\/fast-json-stringify-compiler)\/|fastify\/lib\/reply\.js#serialize$/],
  ['helmet headers', /node_modules\/(@fastify\/helmet|helmet)\//],
  ['Fastify (router, hooks, reply)', /node_modules\/(fastify|find-my-way|avvio|@fastify\/[a-z-]+|fast-querystring|toad-cache|fastify-plugin|secure-json-parse)\//],
  ['server/ (our code: hooks, handler, row shaping)', /\/server\//],
  ['schemas/ (our code)', /\/schemas\//],
  ['tsx loader', /node_modules\/(tsx|esbuild|get-tsconfig)\//],
  ['other packages', /node_modules\//],
];
/** For samples no owner claims: the leaf-most node internal. */
const NODE_PARTS: Array<[string, RegExp]> = [
  ['Node http', /^node:(_http_|http#|internal\/http)/],
  ['Node net, streams, timers, events', /^node:(net|stream|events|buffer|internal\/(streams|stream_base_commons|timers|process\/task_queues|buffer))/],
  ['Node crypto', /^node:(crypto|internal\/crypto)/],
];
/** Native leaves that are kernel work whoever asked for it. */
const SOCKET_WRITES = /^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeString)$/;

const usage = 'usage: tsx bench/cpu-profile.ts <dir | file.cpuprofile [window.json]> [top]';
const args = process.argv.slice(2);
let file: string | undefined;
let windowFile: string | undefined;
let topArg: string | undefined;
if (args[0] && statSync(args[0]).isDirectory()) {
  // The main thread's profile (thread id 0); tsx's loader worker writes another one.
  const dir = args[0];
  const main = readdirSync(dir).find((name) => /^CPU\..*\.\d+\.0\.\d+\.cpuprofile$/.test(name));
  if (!main) throw new Error(`${dir} holds no main-thread profile (CPU.*.<pid>.0.*.cpuprofile)`);
  file = join(dir, main);
  windowFile = readdirSync(dir).includes('window.json') ? join(dir, 'window.json') : undefined;
  topArg = args[1];
} else {
  [file, windowFile, topArg] = args;
  if (windowFile && /^\d+$/.test(windowFile)) [windowFile, topArg] = [undefined, windowFile];
}
if (!file) {
  console.error(usage);
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const window = windowFile
  ? (JSON.parse(readFileSync(windowFile, 'utf8')) as { startUs: number; endUs: number; completed?: number })
  : undefined;

const byId = new Map<number, ProfileNode>();
const parent = new Map<number, number>();
for (const node of profile.nodes) {
  byId.set(node.id, node);
  for (const child of node.children ?? []) parent.set(child, node.id);
}

const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '').replace(/^.*?\/(server|schemas|bench|scripts)\//, '$1/');
const label = (frame: CallFrame) => `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;

function categoryOf(nodeId: number): string {
  const leaf = byId.get(nodeId)?.callFrame;
  if (leaf && !leaf.url) {
    if (leaf.functionName === '(garbage collector)') return 'garbage collector';
    if (leaf.functionName === '(idle)') return 'idle (waiting: database, thread pool, network)';
    if (leaf.functionName === '(program)') return 'V8/native, unattributed (program)';
    if (SOCKET_WRITES.test(leaf.functionName)) return 'socket writes (syscalls: HTTP replies, database queries)';
  }
  let nodePart: string | undefined;
  for (let id: number | undefined = nodeId; id !== undefined; id = parent.get(id)) {
    const frame = byId.get(id)?.callFrame;
    // Url-less frames are native or generated code; fast-json-stringify's serializer is `anonymousN`.
    if (!frame || (!frame.url && !/^anonymous\d*$/.test(frame.functionName))) continue;
    const key = `${frame.url}#${frame.functionName}`;
    for (const [name, pattern] of OWNERS) if (pattern.test(key)) return name;
    nodePart ??= NODE_PARTS.find(([, pattern]) => pattern.test(key))?.[0];
  }
  return nodePart ?? 'other (native builtins, unknown)';
}

const selfByFunction = new Map<string, number>();
const selfByFile = new Map<string, number>();
const byCategory = new Map<string, number>();
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);

// Sample i was taken at startTime + sum(timeDeltas[0..i]); it stands for the time until the next one.
let at = profile.startTime;
let totalUs = 0;
for (let i = 0; i < profile.samples.length; i += 1) {
  at += profile.timeDeltas[i] ?? 0;
  const next = profile.timeDeltas[i + 1] ?? 0;
  if (window && (at < window.startUs || at > window.endUs)) continue;
  const nodeId = profile.samples[i] as number;
  const frame = byId.get(nodeId)?.callFrame;
  if (!frame) continue;
  totalUs += next;
  add(selfByFunction, label(frame), next);
  add(selfByFile, frame.url ? shortUrl(frame.url) : frame.functionName, next);
  add(byCategory, categoryOf(nodeId), next);
}

if (totalUs === 0) {
  console.error(window ? 'no samples inside the window: is the window on the profile clock?' : 'no samples');
  process.exit(1);
}
const perRequest = window?.completed ? window.completed : undefined;
const seconds = (us: number) => (us / 1e6).toFixed(2);
function table(title: string, map: Map<string, number>, limit: number): void {
  console.log(`\n${title}`);
  const rows = [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
  for (const [key, us] of rows) {
    const share = `${((100 * us) / totalUs).toFixed(1)}%`.padStart(6);
    const each = perRequest ? `  ${(us / 1000 / perRequest).toFixed(3).padStart(7)} ms/req` : '';
    console.log(`${share}${each}  ${key}`);
  }
}

console.log(`${file}: ${seconds(totalUs)} s of samples${window ? ' inside the window' : ''}`);
if (perRequest) console.log(`${perRequest} requests completed in the window: ${(totalUs / 1000 / perRequest).toFixed(3)} ms of main-thread wall time each`);
table('By category (nearest known owner from the leaf up)', byCategory, 30);
table('Self time by file', selfByFile, top);
table('Self time by function', selfByFunction, top);
