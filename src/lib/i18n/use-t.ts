import { useCallback } from 'react';
import { translate, type TranslationParams } from './i18n';
import { useLocale } from './use-locale';

export type Translate = (key: string, params?: TranslationParams) => string;

/** `t(key, params?)` in the current language; a language switch re-renders the caller. */
export function useT(): Translate {
  const locale = useLocale();
  return useCallback((key: string, params?: TranslationParams) => translate(key, params, locale), [locale]);
}
