/** The languages of the product (spec section 1): Spanish by default, English as the alternative. */
export const LOCALES = ['es-ES', 'en-US'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'es-ES';

/** localStorage key under which the chosen language survives reloads and navigation. */
export const LOCALE_STORAGE_KEY = 'energy-backoffice.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language to start with: a `?lang=` naming a known language wins, then the stored choice,
 * then es-ES. The browser's language is deliberately not consulted (spec section 1).
 */
export function resolveInitialLocale(search: string, stored: string | null): Locale {
  const requested = new URLSearchParams(search).get('lang');
  if (isLocale(requested)) return requested;
  if (isLocale(stored)) return stored;
  return DEFAULT_LOCALE;
}
