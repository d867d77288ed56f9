/**
 * The texts of the form labels on screen that carry the required mark (the `*` Chakra's
 * `Field.RequiredIndicator` draws after the label), sorted and once each.
 */
export function markedLabels(container: HTMLElement = document.body): string[] {
  const texts = [...container.querySelectorAll('label')]
    .map((label) => label.textContent?.trim() ?? '')
    .filter((text) => text.endsWith('*'))
    .map((text) => text.slice(0, -1).trim());
  return [...new Set(texts)].sort();
}

/** `keys` turned into the sorted texts `labelOf` gives them, once each. */
export function labelsOf(keys: readonly string[], labelOf: (key: string) => string): string[] {
  return [...new Set(keys.map(labelOf))].sort();
}
