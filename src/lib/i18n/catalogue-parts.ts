/**
 * The three parts each language's catalogue is served in, cut at build time from the one
 * i18n/<locale>.json (catalogue-plugin.ts): `public`, the words of the pages shown before
 * sign-in (loaded before the first render); `shell`, those of the shell and of Home (loaded
 * with the shell, after sign-in); `rest`, those of every other page (loaded with the first of
 * them). The keys of each part and the cut are in catalogue-split.ts.
 */

export type CataloguePart = 'public' | 'shell' | 'rest';

export const CATALOGUE_PARTS: readonly CataloguePart[] = ['public', 'shell', 'rest'];

/** A catalogue, or one part of it: groups of groups of texts (or plural forms). */
export type Catalogue = { [key: string]: unknown };

/** A group of entries (a key's plural forms are one too), not a text. */
export function isGroup(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `part` into `into`, group by group (mutates and returns `into`). */
export function mergeCatalogue(into: Catalogue, part: Catalogue): Catalogue {
  for (const [key, value] of Object.entries(part)) {
    const existing = into[key];
    if (isGroup(existing) && isGroup(value)) mergeCatalogue(existing, value);
    else into[key] = isGroup(value) ? mergeCatalogue({}, value) : value;
  }
  return into;
}
