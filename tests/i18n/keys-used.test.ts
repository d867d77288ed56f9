// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import esES from '../../i18n/es-ES.json';
import enUS from '../../i18n/en-US.json';
import { isPluralForms } from '../../i18n/plural';
import { MENU_TREE, type MenuItem } from '../../src/app/menu/menu-tree';
import { SRC, sourceFiles } from './source-files';


function lookup(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>(
    (node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    catalogue,
  );
}

/** A text, or a set of plural forms (asked for with a `count`). */
const isMessage = (entry: unknown) => typeof entry === 'string' || isPluralForms(entry);

function missingIn(keys: Iterable<string>): string[] {
  return [...keys].filter((key) => !isMessage(lookup(esES, key)) || !isMessage(lookup(enUS, key)));
}

describe('translation keys used by the app', () => {
  it('exist in both languages for every literal t(...) call in src', () => {
    const keys = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\b(?:t|translate)\(\s*'([A-Za-z0-9_.-]+)'/g)) keys.add(match[1]!);
    }
    expect(keys.size).toBeGreaterThan(10);
    expect(missingIn(keys)).toEqual([]);
  });

  it("exist in both languages for the texts of every list named by its grid's i18n prefix", () => {
    const keys = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      for (const [grid] of readFileSync(file, 'utf8').matchAll(/<DataGrid\b[\s\S]*?\/>/g)) {
        const prefix = /i18nPrefix="([A-Za-z0-9_.-]+)"/.exec(grid)?.[1];
        if (!prefix) continue;
        keys.add(`${prefix}.empty`).add(`${prefix}.search`);
        if (/\n\s*csv\n/.test(grid)) keys.add(`${prefix}.csvName`);
      }
    }
    expect(keys.size).toBeGreaterThan(10);
    expect(missingIn(keys)).toEqual([]);
  });

  it('exist in both languages for every menu label', () => {
    const labels = (items: readonly MenuItem[]): string[] =>
      items.flatMap((item) => [item.label, ...labels(item.children ?? [])]);
    expect(missingIn(labels(MENU_TREE))).toEqual([]);
  });

  it('exist for the titles, headings, texts and buttons of the shell message pages', () => {
    const keys = ['noAuthorized', 'notFound'].flatMap((prefix) =>
      ['title', 'heading', 'text', 'back'].map((part) => `${prefix}.${part}`),
    );
    expect(missingIn(keys)).toEqual([]);
  });
});
