import { useEffect } from 'react';
import { useT } from './use-t';

/**
 * Names the browser tab "<page title> · <app name>" in the current language, and renames it
 * when the language changes. Every page sets it, the ones outside the shell too.
 */
export function useDocumentTitle(titleKey: string): void {
  const t = useT();
  const title = `${t(titleKey)} · ${t('app.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
