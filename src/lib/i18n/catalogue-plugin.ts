import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CATALOGUE_PARTS, type Catalogue, type CataloguePart } from './catalogue-parts';
import { splitCatalogue } from './catalogue-split';
import { isLocale, type Locale } from './locales';

/**
 * A Vite plugin serving `virtual:i18n-catalogue/<locale>/<part>`: one part (catalogue-parts.ts)
 * of one language's catalogue, cut from i18n/<locale>.json on every build, so the JSON files stay
 * the one source and the parts cannot go stale. One module per language and part, so the browser
 * loads the words of its own language only, and before sign-in only the public ones.
 */

const PREFIX = 'virtual:i18n-catalogue/';
const RESOLVED_PREFIX = `\0${PREFIX}`;

function cataloguePath(locale: Locale): string {
  return fileURLToPath(new URL(`../../../i18n/${locale}.json`, import.meta.url));
}

function isPart(value: string | undefined): value is CataloguePart {
  return (CATALOGUE_PARTS as readonly string[]).includes(value ?? '');
}

export function i18nCatalogues(): Plugin {
  return {
    name: 'i18n-catalogues',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [locale, part, ...extra] = id.slice(PREFIX.length).split('/');
      if (!isLocale(locale) || !isPart(part) || extra.length > 0) {
        this.error(`${id}: expected ${PREFIX}<locale>/<part> with a locale of LOCALES and a part of ${CATALOGUE_PARTS.join(', ')}`);
      }
      return `${RESOLVED_PREFIX}${locale}/${part}`;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const [locale, part] = id.slice(RESOLVED_PREFIX.length).split('/') as [Locale, CataloguePart];
      const file = cataloguePath(locale);
      this.addWatchFile(file);
      const parts = splitCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Catalogue);
      // A JSON string parses faster than the same object literal (V8), and the CSP allows it.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(parts[part]))});\n`;
    },
  };
}
