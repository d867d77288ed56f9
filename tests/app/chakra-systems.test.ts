// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SystemContext } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { publicSystem } from '../../src/app/public-theme';
import { shellSystem } from '../../src/app/shell-theme';
import { system } from '../../src/app/theme';
import { LOAD_STEPS, ROOT, staticGraph } from '../support/load-steps';

/** The Chakra system each step of LOAD_STEPS renders with (src/app/chakra-system.ts). */
const SYSTEMS: Record<(typeof LOAD_STEPS)[number]['name'], SystemContext> = {
  'before sign-in': publicSystem,
  'in the shell and on Home': shellSystem,
};

const CHAKRA = path.join(ROOT, 'node_modules/@chakra-ui/react/dist/esm');

/** The folder under components/ of each component `@chakra-ui/react` exports (`IconButton` -> button). */
function componentFolders(): Map<string, string> {
  const index = readFileSync(path.join(CHAKRA, 'index.js'), 'utf8');
  const namespaces = new Map([...index.matchAll(/import \* as (\S+) from '\.\/components\/([^/]+)\//g)].map((match) => [match[1]!, match[2]!]));
  const folders = new Map<string, string>();
  for (const match of index.matchAll(/export \{ ([^}]+) \} from '\.\/components\/([^/]+)\//g)) {
    for (const name of match[1]!.split(',')) folders.set(name.trim().split(/\s+as\s+/).pop()!, match[2]!);
  }
  for (const match of index.matchAll(/export \{ (\S+) as (\S+) \};/g)) {
    const folder = namespaces.get(match[1]!);
    if (folder) folders.set(match[2]!, folder);
  }
  return folders;
}

/** The recipe keys a component folder's code asks its system for, with those of the components it renders. */
function recipeKeys(folder: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  const dir = path.join(CHAKRA, 'components', folder);
  if (seen.has(folder) || !existsSync(dir)) return keys;
  seen.add(folder);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/key: "([A-Za-z]+)"/g)) keys.add(match[1]!);
    for (const match of text.matchAll(/from '\.\.\/([^/]+)\//g)) for (const key of recipeKeys(match[1]!, seen)) keys.add(key);
  }
  return keys;
}

/** The components a module imports from `@chakra-ui/react`. */
function chakraImports(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type ')),
  );
}

describe('the Chakra systems loaded step by step', () => {
  const folders = componentFolders();

  it.each(LOAD_STEPS)('$name: have the recipe of every component the modules of the step import', ({ name, roots }) => {
    const stepSystem = SYSTEMS[name];
    const missing = staticGraph(roots).flatMap((file) =>
      chakraImports(readFileSync(path.join(ROOT, file), 'utf8')).flatMap((component) =>
        [...recipeKeys(folders.get(component) ?? '')]
          // A key the whole system has no recipe for either ('text') styles nothing anywhere.
          .filter((key) => system.hasRecipe(key) && !stepSystem.hasRecipe(key))
          .map((key) => `${file}: ${component} needs '${key}'`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('find the recipes of the components they render', () => {
    expect([...recipeKeys(folders.get('IconButton')!)]).toEqual(expect.arrayContaining(['button', 'spinner']));
    expect([...recipeKeys(folders.get('Drawer')!)]).toContain('drawer');
  });

  it('have the whole system tokens, breakpoints and global styles, so switching restyles nothing', () => {
    for (const smaller of [publicSystem, shellSystem]) {
      expect(smaller.getTokenCss()).toEqual(system.getTokenCss());
      expect(smaller.getGlobalCss()).toEqual(system.getGlobalCss());
      expect(smaller.getPreflightCss()).toEqual(system.getPreflightCss());
      expect(smaller.breakpoints.values).toEqual(system.breakpoints.values);
    }
  });

  it('are each smaller than the next', () => {
    const recipes = (candidate: SystemContext) =>
      Object.keys({ ...candidate._config.theme?.recipes, ...candidate._config.theme?.slotRecipes }).length;
    expect(recipes(publicSystem)).toBeLessThan(recipes(shellSystem));
    expect(recipes(shellSystem)).toBeLessThan(recipes(system) / 3);
  });
});
