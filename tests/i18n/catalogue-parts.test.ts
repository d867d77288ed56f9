// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import esES from '../../i18n/es-ES.json';
import enUS from '../../i18n/en-US.json';
import { mergeCatalogue, type Catalogue, type CataloguePart } from '../../src/lib/i18n/catalogue-parts';
import { entryAt, splitCatalogue } from '../../src/lib/i18n/catalogue-split';
import { LOAD_STEPS, ROOT, staticGraph } from '../support/load-steps';

const CATALOGUES = [
  ['es-ES', esES],
  ['en-US', enUS],
] as const;

/** The catalogue parts loaded by each step of LOAD_STEPS. */
const PARTS: Record<(typeof LOAD_STEPS)[number]['name'], CataloguePart[]> = {
  'before sign-in': ['public'],
  'in the shell and on Home': ['public', 'shell'],
};

/**
 * The catalogue entries a file can show: every quoted literal naming a key or group of the
 * catalogue ('login.errors.invalid'), and every group a template builds keys in
 * (`forgotPassword.policy.${rule}`). The message pages build theirs from a prefix
 * (`${keyPrefix}.title`), which the shell part holds whole.
 */
function entriesNamedIn(text: string, catalogue: Catalogue): string[] {
  const names = new Set<string>();
  // Not a literal used as an object's key ('processes.supresion': {...} names a job type).
  for (const match of text.matchAll(/['"]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"](?!\s*:)/g)) names.add(match[1]!);
  for (const match of text.matchAll(/`([A-Za-z][\w-]*(?:\.[\w-]+)*)\.\$\{/g)) names.add(match[1]!);
  return [...names].filter((name) => entryAt(catalogue, name) !== undefined);
}

describe('the catalogue parts', () => {
  describe.each(LOAD_STEPS)('$name', ({ name, roots }) => {
    const files = staticGraph(roots);
    const parts = PARTS[name];

    it('the modules run are those of the step, not an area page, a grid or a chart', () => {
      expect(files).toEqual(expect.arrayContaining([...roots]));
      const areaFiles = files.filter(
        (file) =>
          /^src\/lib\/(grid|charts)\//.test(file) ||
          (/^src\/features\//.test(file) && !/^src\/features\/(auth|home)\//.test(file) && !/-api\.ts$/.test(file)),
      );
      expect(areaFiles).toEqual([]);
    });

    it.each(CATALOGUES)('hold every entry those modules name, whole, in %s', (_locale, whole) => {
      const split = splitCatalogue(whole);
      const loaded = parts.reduce<Catalogue>((merged, part) => mergeCatalogue(merged, split[part]), {});
      const missing = files.flatMap((file) =>
        entriesNamedIn(readFileSync(path.join(ROOT, file), 'utf8'), whole)
          .filter((name) => JSON.stringify(entryAt(loaded, name)) !== JSON.stringify(entryAt(whole, name)))
          .map((name) => `${file}: ${name}`),
      );
      expect(missing).toEqual([]);
    });
  });

  it.each(CATALOGUES)('merged give back the whole catalogue, the public part a small one, in %s', (_locale, whole) => {
    const split = splitCatalogue(whole);
    const merged = mergeCatalogue(mergeCatalogue(mergeCatalogue({}, split.public), split.shell), split.rest);
    expect(merged).toEqual(whole);
    expect(JSON.stringify(split.public).length).toBeLessThan(JSON.stringify(whole).length / 20);
    expect(JSON.stringify(split.shell).length).toBeLessThan(JSON.stringify(whole).length / 4);
  });
});
