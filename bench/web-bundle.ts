// `npm run bench:web` (after `vite build`): the gzip size of the JavaScript a browser loads for
// `/` (the sign-in page) and for `/home` (app shell + home page). It starts from the scripts of
// dist/index.html, then follows dist/.vite/manifest.json: the entry's static imports, plus the
// lazily loaded modules each page loads before it shows (its route module, its language's
// catalogue parts, ...) and their static imports, in Spanish (the default language). It prints a
// table with each page's ratio to its goal (issue 27: `/` at most 160 KB, `/home` at most
// 260 KB), and what `/` loads later, on demand; it is a report, not a test.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
// Another build's folder may be given (`tsx bench/web-bundle.ts <outDir>`).
const dist = process.argv[2] ?? 'dist';

interface RouteLoad {
  /** What the page loads before it shows: the lazily loaded modules (their source paths or virtual ids). */
  modules: string[];
  /** Most gzip bytes the page may load before it shows. */
  goal: number;
  /** Modules the page loads later, when the visitor acts (not counted against the goal). */
  onDemand?: string[];
}

/**
 * The lazily loaded modules (manifest keys: source paths, or the virtual ids of the catalogue
 * parts) each page loads before it shows. They are the targets of dynamic imports (the router's
 * `lazy(() => import(...))`, the catalogue loaders), so they are not in the entry's static graph.
 */
const ROUTES: Record<string, RouteLoad> = {
  '/': {
    modules: ['src/features/auth/login-page.tsx', 'virtual:i18n-catalogue/es-ES/public'],
    goal: 160 * KB,
    // Once the visitor focuses the form (identity-client), and once signed in (the user's record).
    onDemand: ['src/lib/identity/identity-client.ts', 'src/lib/api/current-user.ts'],
  },
  '/home': {
    modules: [
      'src/app/shell/shell-routes.tsx',
      'src/features/home/home-page.tsx',
      'virtual:i18n-catalogue/es-ES/public',
      'virtual:i18n-catalogue/es-ES/shell',
      'src/app/shell-theme.ts',
      'src/lib/identity/identity-client.ts',
      'src/lib/api/current-user.ts',
    ],
    goal: 260 * KB,
  },
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

/**
 * The manifest key of a lazily loaded module. A module that other chunks also import statically
 * is not an entry of its own: it lives in a shared chunk named after it (`_identity-client-….js`).
 */
function chunkOf(route: string, module: string): string {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const shared = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key]?.name === name);
  if (shared.length !== 1) {
    throw new Error(`route ${route}: ${module} is not a chunk in the manifest (is it still lazily loaded at that path?)`);
  }
  return shared[0] as string;
}

/** The chunk keys of `modules` and all they statically import, on top of `base`. */
function closure(route: string, modules: string[], base: Set<string>): Set<string> {
  const keys = new Set(base);
  for (const module of modules) withStaticImports(chunkOf(route, module), keys);
  return keys;
}

function total(keys: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  for (const key of keys) {
    raw += size(key).raw;
    gzip += size(key).gzip;
  }
  return { raw, gzip };
}

const rows: string[][] = [];
const verdicts: string[] = [];
for (const [route, load] of Object.entries(ROUTES)) {
  const keys = closure(route, load.modules, baseKeys);
  const { raw, gzip } = total(keys);
  const ratio = gzip / load.goal;
  rows.push([route, String(keys.size), kb(raw), kb(gzip), kb(load.goal), ratio.toFixed(2)]);
  verdicts.push(`${route}: ${kb(gzip)} of at most ${kb(load.goal)} -> ${ratio <= 1 ? 'PASS' : 'FAIL'}`);
  if (load.onDemand) {
    const later = [...closure(route, load.onDemand, keys)].filter((key) => !keys.has(key));
    verdicts.push(`  later, on demand (${load.onDemand.join(', ')}): ${later.length} JS files, ${kb(total(later).gzip)} gzip`);
  }
}

const header = ['route', 'JS files', 'raw', 'gzip', 'goal', 'ratio'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
console.log(`JavaScript loaded per route before it shows (${dist}/, gzip level 9, es-ES)`);
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));
console.log(`\n${verdicts.join('\n')}`);
