// The visible texts of the product, read from the same i18n files the app ships, so one test
// body runs in both languages and a reworded text does not break the tests.
import { readFileSync } from 'node:fs';
import { formatDecimal } from '../../i18n/notation';
import { isPluralForms, pluralCategory } from '../../i18n/plural';

export const LANGS = ['es-ES', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];

type Tree = { [key: string]: string | Tree };

/** Values of a text's `{{name}}` placeholders; a number `count` also picks a counted text's form. */
export type MessageParams = Record<string, string | number>;

const trees = Object.fromEntries(
  LANGS.map((lang) => [lang, JSON.parse(readFileSync(new URL(`../../i18n/${lang}.json`, import.meta.url), 'utf8')) as Tree]),
) as Record<Lang, Tree>;

/**
 * The text of a dotted key (`login.errors.invalid`) in one language, with rosetta-style
 * `{{name}}` placeholders filled from `params`; a counted text (plural forms, i18n/plural.ts)
 * takes the form of its numeric `count`, written in the language's notation, as the app does.
 * A missing key or parameter throws: a test must never pass because it looked for an empty string.
 */
export function message(lang: Lang, key: string, params: MessageParams = {}): string {
  let node: string | Tree | undefined = trees[lang];
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  let values = params;
  if (isPluralForms(node)) {
    const { count } = params;
    if (typeof count !== 'number') throw new Error(`i18n key ${key} is counted: it needs a number count`);
    node = node[pluralCategory(node, count, lang)];
    values = { ...params, count: formatDecimal(count, lang) };
  }
  if (typeof node !== 'string') throw new Error(`i18n key ${key} is missing in ${lang}.json`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`i18n key ${key} needs parameter ${name}`);
    return String(value);
  });
}

/** An exact-match pattern for a text, for locators that must not match a longer label. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
