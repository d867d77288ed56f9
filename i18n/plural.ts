// Counted words: "1 sesión", "2 sesiones". A catalogue entry that depends on a number is an
// object of CLDR plural categories (`{ "one": "{{count}} sesión", "other": "{{count}} sesiones" }`)
// and is asked for with a numeric `count`; Intl.PluralRules picks the form, so a language with
// more categories (Spanish has `many` for round millions) falls back to `other` where the
// catalogue does not write it.

const CATEGORIES: ReadonlySet<string> = new Set<Intl.LDMLPluralRule>(['zero', 'one', 'two', 'few', 'many', 'other']);

/** Whether a catalogue entry is a set of plural forms (an object with `other` and only CLDR categories). */
export function isPluralForms(entry: unknown): entry is Record<string, string> {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return false;
  const keys = Object.keys(entry);
  return keys.includes('other') && keys.every((key) => CATEGORIES.has(key) && typeof (entry as Record<string, unknown>)[key] === 'string');
}

/** The form of `forms` that `count` takes in `locale` (`other` when the catalogue lacks that category). */
export function pluralCategory(forms: Record<string, string>, count: number, locale: string): string {
  const category = new Intl.PluralRules(locale).select(count);
  return category in forms ? category : 'other';
}
