/**
 * A list's URL parameters read as its query's values: a hand-edited value the server would
 * refuse is undefined (left out of the query) rather than sent.
 */

/** The parameter as a whole number from `min` to `max`, else undefined. */
export function wholeIn(raw: string | undefined, min: number, max: number): number | undefined {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** The parameter when it is one of `values`, else undefined. */
export function oneOf<const T extends string>(raw: string | undefined, values: readonly T[]): T | undefined {
  return (values as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;
}
