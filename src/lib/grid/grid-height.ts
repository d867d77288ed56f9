/**
 * A grid as tall as its rows (a header and about `rowHeight` px a row: 42 for one line of text),
 * between room for the empty message and a height that leaves the next grid in sight: a month
 * of few nodes has no gap.
 */
export function gridHeightFor(rows: readonly unknown[] | null, rowHeight = 42): string {
  return `${Math.min(400, Math.max(200, 80 + (rows?.length ?? 0) * rowHeight))}px`;
}
