// @vitest-environment node
import { describe, expect, it } from 'vitest';
import esES from '../../i18n/es-ES.json';
import enUS from '../../i18n/en-US.json';

/** Every leaf of a nested translation object as `[dotted.key, value]`. */
function leaves(node: unknown, prefix = ''): Array<[string, unknown]> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, node]];
}

describe('translation files', () => {
  const spanish = new Map(leaves(esES));
  const english = new Map(leaves(enUS));

  it('have exactly the same keys in es-ES and en-US', () => {
    const onlySpanish = [...spanish.keys()].filter((key) => !english.has(key));
    const onlyEnglish = [...english.keys()].filter((key) => !spanish.has(key));
    expect({ onlySpanish, onlyEnglish }).toEqual({ onlySpanish: [], onlyEnglish: [] });
  });

  it('hold a non-empty text for every key', () => {
    const bad = [...spanish, ...english]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it('use the same {{placeholders}} in both languages', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const differing = [...spanish]
      .filter(([key]) => english.has(key))
      .filter(([key, value]) => JSON.stringify(placeholders(value)) !== JSON.stringify(placeholders(english.get(key))))
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('carry the spec texts word for word', () => {
    expect(spanish.get('noAuthorized.heading')).toBe('No tienes autorización');
    expect(spanish.get('noAuthorized.text')).toBe('Ponte en contacto con un administrador para solicitar acceso.');
    expect(spanish.get('noAuthorized.back')).toBe('Volver al inicio');
    expect(spanish.get('shell.signOut')).toBe('Cerrar sesión');
    expect(english.get('shell.signOut')).toBe('Sign out');
  });
});
