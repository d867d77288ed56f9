// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { getLocale, initI18n, setLocale, translate } from '../../src/lib/i18n/i18n';
import { LOCALE_STORAGE_KEY, resolveInitialLocale } from '../../src/lib/i18n/locales';
import { useT } from '../../src/lib/i18n/use-t';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

afterEach(cleanup);

describe('choosing the language', () => {
  it('starts in Spanish without ?lang and without a stored choice, whatever the browser says', () => {
    expect(navigator.language).not.toBe('es-ES');
    expect(initI18n({ search: '', storage: memoryStorage() })).toBe('es-ES');
    expect(document.documentElement.lang).toBe('es-ES');
  });

  it('applies ?lang=en-US, remembers it and sets <html lang>', () => {
    const storage = memoryStorage();
    expect(initI18n({ search: '?lang=en-US', storage })).toBe('en-US');
    expect(storage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(translate('shell.signOut')).toBe('Sign out');
  });

  it('ignores ?lang=xx, keeping the default or the stored choice', () => {
    expect(initI18n({ search: '?lang=xx', storage: memoryStorage() })).toBe('es-ES');
    const storage = memoryStorage({ [LOCALE_STORAGE_KEY]: 'en-US' });
    expect(initI18n({ search: '?lang=xx', storage })).toBe('en-US');
    expect(storage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
  });

  it('keeps the stored choice on a later page load without ?lang', () => {
    const storage = memoryStorage();
    initI18n({ search: '?lang=en-US', storage });
    expect(initI18n({ search: '', storage })).toBe('en-US');
  });

  it('writes the chosen language into an address that names one, so a reload keeps it', () => {
    window.history.replaceState(null, '', '/liquidaciones?lang=es-ES&anio=2026');
    initI18n({ search: window.location.search, storage: memoryStorage() });
    setLocale('en-US');
    expect(window.location.pathname).toBe('/liquidaciones');
    expect(new URLSearchParams(window.location.search).get('lang')).toBe('en-US');
    expect(new URLSearchParams(window.location.search).get('anio')).toBe('2026');
    expect(initI18n({ search: window.location.search, storage: memoryStorage({ [LOCALE_STORAGE_KEY]: 'en-US' }) })).toBe('en-US');
  });

  it('leaves an address without a language as it is', () => {
    window.history.replaceState(null, '', '/home');
    initI18n({ search: '', storage: memoryStorage() });
    setLocale('en-US');
    expect(window.location.search).toBe('');
  });

  it('resolves a query parameter only when that language exists', () => {
    expect(resolveInitialLocale('?lang=en-US', null)).toBe('en-US');
    expect(resolveInitialLocale('?lang=es-ES', 'en-US')).toBe('es-ES');
    expect(resolveInitialLocale('?lang=en', null)).toBe('es-ES');
    expect(resolveInitialLocale('?other=1', 'fr-FR')).toBe('es-ES');
  });
});

describe('useT', () => {
  function SignOutLabel() {
    const t = useT();
    return <button type="button">{t('shell.signOut')}</button>;
  }

  it('re-renders texts when the language changes and persists the switch', () => {
    const storage = memoryStorage();
    initI18n({ search: '', storage });
    render(<SignOutLabel />);
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    act(() => setLocale('en-US'));
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(getLocale()).toBe('en-US');
    expect(storage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('interpolates parameters and shows an unknown key as itself', () => {
    initI18n({ search: '?lang=es-ES', storage: memoryStorage() });
    expect(translate('home.welcome', { name: 'Ada Lovelace' })).toBe('Bienvenido, Ada Lovelace');
    expect(translate('no.such.key')).toBe('no.such.key');
    expect(translate('menu')).toBe('menu');
  });

  it('ends a sentence once when a value ends with its own full stop (a company "S.A.")', () => {
    expect(translate('contracts.confirmDelete.text', { id: '12', company: 'Energía del Sur S.A.' }, 'es-ES')).toBe(
      'Se eliminará el contrato n.º 12 con Energía del Sur S.A. No se puede deshacer.',
    );
    expect(translate('annexes.confirmDelete.text', { id: '7', company: 'Energía del Sur S.A.' }, 'es-ES')).toBe(
      'Se eliminará el anexo n.º 7 de Energía del Sur S.A. No se puede deshacer.',
    );
    expect(translate('annexes.confirmDelete.text', { id: '7', company: 'Power Corp.' }, 'en-US')).toBe(
      'Annex #7 of Power Corp. will be deleted. This cannot be undone.',
    );
    expect(translate('contracts.confirmDelete.text', { id: '12', company: 'Generadora Norte' }, 'en-US')).toBe(
      'Contract #12 with Generadora Norte will be deleted. This cannot be undone.',
    );
  });
});
