import rosetta from 'rosetta';
import { formatDecimal } from '../../../i18n/notation';
import { isPluralForms, pluralCategory } from '../../../i18n/plural';
import { CATALOGUE_PARTS, mergeCatalogue, type Catalogue, type CataloguePart } from './catalogue-parts';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, resolveInitialLocale, type Locale } from './locales';

/** Values interpolated into `{{name}}` placeholders of a translation. */
export type TranslationParams = Record<string, string | number>;

const catalogue = rosetta<Catalogue>();
catalogue.locale(DEFAULT_LOCALE);

let current: Locale = DEFAULT_LOCALE;
/** The language last asked for: a slower load of an earlier choice must not win over it. */
let requested: Locale = DEFAULT_LOCALE;
let storage: Pick<Storage, 'getItem' | 'setItem'> | null = null;
const listeners = new Set<() => void>();

/**
 * Each language's words come in parts (catalogue-parts.ts), loaded only when needed: before
 * sign-in a language shown needs its public part only; the shell and Home add the shell part;
 * any other page, every part.
 */
let wantedParts: readonly CataloguePart[] = ['public'];
const installed = Object.fromEntries(LOCALES.map((locale) => [locale, new Set<CataloguePart>()])) as Record<
  Locale,
  Set<CataloguePart>
>;
const loading = new Map<string, Promise<void>>();

// One dynamic import per language and part: each its own small chunk (catalogue-plugin.ts).
const LOADERS: Record<Locale, Record<CataloguePart, () => Promise<{ default: Catalogue }>>> = {
  'es-ES': {
    public: () => import('virtual:i18n-catalogue/es-ES/public'),
    shell: () => import('virtual:i18n-catalogue/es-ES/shell'),
    rest: () => import('virtual:i18n-catalogue/es-ES/rest'),
  },
  'en-US': {
    public: () => import('virtual:i18n-catalogue/en-US/public'),
    shell: () => import('virtual:i18n-catalogue/en-US/shell'),
    rest: () => import('virtual:i18n-catalogue/en-US/rest'),
  },
};

/**
 * Adds words to a language (merged group by group) and records which parts they complete. The
 * app loads its parts itself; tests install the whole catalogues up front.
 */
export function installCatalogue(locale: Locale, words: Catalogue, parts: readonly CataloguePart[] = CATALOGUE_PARTS): void {
  catalogue.set(locale, mergeCatalogue(catalogue.table(locale) ?? {}, words));
  for (const part of parts) installed[locale].add(part);
}

function missingParts(locale: Locale): CataloguePart[] {
  return wantedParts.filter((part) => !installed[locale].has(part));
}

function loadPart(locale: Locale, part: CataloguePart): Promise<void> {
  const key = `${locale}/${part}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = LOADERS[locale][part]().then((module) => installCatalogue(locale, module.default, [part]));
    loading.set(key, pending);
    // A failed load (offline) is not remembered: the next need of it tries again.
    pending.catch(() => loading.delete(key));
  }
  return pending;
}

/** Resolves once `locale` has every part now wanted. */
function loadWanted(locale: Locale): Promise<void> {
  return Promise.all(missingParts(locale).map((part) => loadPart(locale, part))).then(() => undefined);
}

function syncDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Picks the starting language from the URL (`?lang=`) and the stored choice, and remembers
 * where to persist later changes. Call once before the first render.
 */
export function initI18n(options: {
  search: string;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}): Locale {
  storage = options.storage;
  const locale = resolveInitialLocale(options.search, readStored());
  persist(locale);
  requested = locale;
  apply(locale);
  void loadWanted(locale).catch(() => undefined);
  return current;
}

/**
 * Resolves once the current language's words wanted now are loaded (or failed to load: the
 * page then shows keys rather than nothing). The app awaits it before its first render.
 */
export function i18nReady(): Promise<void> {
  return loadWanted(current).catch(() => undefined);
}

/** Adds `parts` to those every language shown needs; resolves once the current language has them. */
function want(parts: readonly CataloguePart[]): Promise<void> {
  wantedParts = CATALOGUE_PARTS.filter((part) => wantedParts.includes(part) || parts.includes(part));
  return loadWanted(current);
}

/** From now on the words of the shell and of Home are needed too; the shell's route awaits them. */
export function loadShellCatalogue(): Promise<void> {
  return want(['public', 'shell']);
}

/**
 * From now on every language shown has its whole catalogue (any other page may use any key);
 * resolves once the current language's is loaded. Those pages wait for it.
 */
export function loadWholeCatalogue(): Promise<void> {
  return want(CATALOGUE_PARTS);
}

function readStored(): string | null {
  try {
    return storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): the default still works.
    return null;
  }
}

/**
 * An address that names a language (`?lang=es-ES`) names the chosen one: a `?lang=` wins over the
 * stored choice at the next load, so leaving the old one would undo the choice at a reload.
 */
function syncAddressLanguage(locale: Locale): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang') || url.searchParams.get('lang') === locale) return;
  url.searchParams.set('lang', locale);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Switches the language everywhere, keeps `<html lang>` and the address in sync and persists the
 * choice. A language whose words are not loaded yet switches once they are (the texts on screen
 * stay in the former language meanwhile, never as bare keys); the last choice wins.
 */
export function setLocale(locale: Locale): void {
  persist(locale);
  requested = locale;
  if (missingParts(locale).length === 0) {
    apply(locale);
    return;
  }
  loadWanted(locale).then(
    () => {
      if (requested === locale) apply(locale);
    },
    // Offline: the screen stays in the language it is in; choosing again tries again.
    () => undefined,
  );
}

function persist(locale: Locale): void {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisting is acceptable: the switch still applies to this page.
  }
}

function apply(locale: Locale): void {
  syncDocumentLanguage(locale);
  syncAddressLanguage(locale);
  if (locale === current) return;
  current = locale;
  catalogue.locale(locale);
  listeners.forEach((listener) => listener());
}

export function getLocale(): Locale {
  return current;
}

/** Subscription for `useSyncExternalStore`. */
export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Translates a dotted key in the current language. A key of plural forms (i18n/plural.ts) takes
 * the form its numeric `count` parameter calls for, and writes `{{count}}` in the language's
 * notation (1.250 / 1,250). A missing key comes back as the key itself so it is visible on
 * screen instead of an empty gap.
 */
export function translate(key: string, params?: TranslationParams, locale: Locale = current): string {
  let text: unknown = catalogue.t(key, params, locale);
  if (isPluralForms(text)) {
    // Without a number (a line written before its key was counted) the general form still reads.
    const count = params?.count;
    const form = `${key}.${typeof count === 'number' ? pluralCategory(text, count, locale) : 'other'}`;
    text = catalogue.t(form, typeof count === 'number' ? { ...params, count: formatDecimal(count, locale) } : params, locale);
  }
  // rosetta hands back '' for an unknown key and the object itself for a key of a whole group.
  return typeof text === 'string' && text !== '' ? withOneFullStop(text, params) : key;
}

/**
 * A value that ends with its own full stop ("Energía del Sur S.A.") ends the sentence too: the
 * text's stop after it is dropped, as typography has it, rather than reading "S.A.. No se puede".
 */
function withOneFullStop(text: string, params: TranslationParams | undefined): string {
  let result = text;
  for (const value of Object.values(params ?? {})) {
    if (typeof value === 'string' && value.endsWith('.') && !value.endsWith('..')) result = result.split(`${value}.`).join(value);
  }
  return result;
}
