// `npm run bench:web` (after `vite build`): the gzip size of the JavaScript a browser loads for
// `/` (the sign-in page) and for `/home` (app shell + home page). It starts from the scripts of
// dist/index.html, then follows dist/.vite/manifest.json: the entry's static imports, plus the
// lazily loaded route modules each page renders and their static imports. It prints a table
// and whether `/` meets its 250 KB goal (the sign-in page must stay light); it is a report, not a test.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const GOAL_BYTES = 250 * 1024;
const dist = 'dist';

/**
 * The route modules (source paths as the manifest names them) each page renders. They are the
 * targets of the router's `lazy(() => import(...))`, so they are not in the entry's static graph.
 */
const ROUTES: Record<string, string[]> = {
  '/': ['src/features/auth/login-page.tsx'],
  '/home': ['src/app/shell/shell-routes.tsx', 'src/features/home/home-page.tsx'],
};

const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  throw new Error(`${manifestPath} is missing: run \`npm run build\` (vite.config.ts has build.manifest: true)`);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const html = readFileSync(join(dist, 'index.html'), 'utf8');

// index.html's own scripts and modulepreloads: what every page loads before any route code.
const htmlFiles = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g)].map(
  (match) => match[1] as string,
);
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** A chunk key and every chunk it statically imports, transitively. */
function withStaticImports(key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const baseKeys = new Set<string>();
for (const file of htmlFiles) {
  const key = byFile.get(file);
  if (!key) throw new Error(`index.html loads ${file}, which the manifest does not know`);
  withStaticImports(key, baseKeys);
}

const gzipCache = new Map<string, { raw: number; gzip: number }>();
function size(key: string) {
  const file = (manifest[key] as ManifestChunk).file;
  let cached = gzipCache.get(file);
  if (!cached) {
    const content = readFileSync(join(dist, file));
    cached = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    gzipCache.set(file, cached);
  }
  return cached;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: string[][] = [];
const totals: Record<string, number> = {};
for (const [route, modules] of Object.entries(ROUTES)) {
  const keys = new Set(baseKeys);
  for (const module of modules) {
    if (!manifest[module]) {
      throw new Error(`route ${route}: ${module} is not a chunk in the manifest (is it still lazily loaded at that path?)`);
    }
    withStaticImports(module, keys);
  }
  let raw = 0;
  let gzip = 0;
  for (const key of keys) {
    raw += size(key).raw;
    gzip += size(key).gzip;
  }
  totals[route] = gzip;
  rows.push([route, String(keys.size), kb(raw), kb(gzip)]);
}

const header = ['route', 'JS files', 'raw', 'gzip'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
console.log('JavaScript loaded per route (dist/, gzip level 9)');
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
const login = totals['/'] ?? 0;
console.log(`\nGoal for /: at most ${kb(GOAL_BYTES)} gzip -> ${login <= GOAL_BYTES ? 'PASS' : 'FAIL'} (${kb(login)})`);
