import { useSyncExternalStore } from 'react';
import { getLocale, subscribeLocale } from './i18n';
import type { Locale } from './locales';

/** The current language; components re-render when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}
