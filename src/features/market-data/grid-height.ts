/**
 * A grid as tall as its rows (a header and about 42 px a row), between room for the empty
 * message and a height that leaves the next grid in sight: a month of few nodes has no gap.
 */
export function gridHeightFor(rows: readonly unknown[] | null): string {
  return `${Math.min(400, Math.max(200, 80 + (rows?.length ?? 0) * 42))}px`;
}
