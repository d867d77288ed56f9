import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/app-router';
import { i18nReady, initI18n } from './lib/i18n/i18n';

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage (sandboxed frame, privacy settings): the language is just not remembered.
    return null;
  }
}

initI18n({ search: window.location.search, storage: safeLocalStorage() });

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// The first render waits for the words of the page's language (the public part before sign-in).
void i18nReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
