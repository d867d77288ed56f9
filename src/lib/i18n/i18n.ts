import rosetta from 'rosetta';
import { CATALOGUES } from '../../../i18n/catalogues';
import { formatDecimal } from '../../../i18n/notation';
import { isPluralForms, pluralCategory } from '../../../i18n/plural';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, resolveInitialLocale, type Locale } from './locales';

/** Values interpolated into `{{name}}` placeholders of a translation. */
export type TranslationParams = Record<string, string | number>;

const catalogue = rosetta<Record<string, unknown>>(CATALOGUES);
catalogue.locale(DEFAULT_LOCALE);

let current: Locale = DEFAULT_LOCALE;
let storage: Pick<Storage, 'getItem' | 'setItem'> | null = null;
const listeners = new Set<() => void>();

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
  setLocale(resolveInitialLocale(options.search, readStored()));
  return current;
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

/** Switches the language everywhere, keeps `<html lang>` and the address in sync and persists the choice. */
export function setLocale(locale: Locale): void {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisting is acceptable: the switch still applies to this page.
  }
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
