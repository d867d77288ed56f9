import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root. */
export const ROOT = path.resolve(__dirname, '../..');

/**
 * What a browser runs at each step before a page shows, as the modules it starts from (each
 * then with everything it imports statically). Before sign-in: the entry, the pages outside the
 * shell (loaded lazily by app-router.tsx) and the toaster (loaded by providers.tsx with the
 * first notification). After it: the shell and Home, loaded with the shell's catalogue part and
 * Chakra system. Every other page loads the whole catalogue and system (shell-routes.tsx).
 */
export const LOAD_STEPS = [
  {
    name: 'before sign-in',
    roots: ['src/main.tsx', 'src/features/auth/login-page.tsx', 'src/features/auth/forgot-password-page.tsx', 'src/app/toaster.tsx'],
  },
  {
    name: 'in the shell and on Home',
    roots: ['src/app/shell/shell-routes.tsx', 'src/features/home/home-page.tsx'],
  },
] as const;

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}

/** What a module imports (specifiers), leaving out `import type` and dynamic `import()`. */
export function valueImports(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\bfrom\s*)?['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
}

/** The repository's .ts/.tsx files reachable from `roots` (relative to ROOT) through value imports. */
export function staticGraph(roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = roots.map((root) => path.join(ROOT, root));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
    }
  }
  return [...seen].map((file) => path.relative(ROOT, file)).sort();
}
