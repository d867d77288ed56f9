/**
 * The quick search of every list ignores accents and case: "electrica", "compania" and
 * "nandu" find "Eléctrica", "Compañía" and "Ñandú". AG Grid upper-cases both the typed text
 * and each row's text; these fold both further, to lower case without diacritics.
 */

/** `text` without diacritics (ñ -> n, é -> e) in lower case, as searches compare it. */
function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The typed words, folded; empty words (double spaces) dropped. */
export function quickSearchWords(text: string): string[] {
  return foldForSearch(text).split(/\s+/).filter(Boolean);
}

/** A row passes when its text, folded, holds every word typed. */
export function quickSearchMatches(words: string[], rowText: string): boolean {
  const folded = foldForSearch(rowText);
  return words.every((word) => folded.includes(word));
}
