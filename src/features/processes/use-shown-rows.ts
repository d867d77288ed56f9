import { useCallback, useRef, useState } from 'react';

/**
 * The keys of the rows a selection grid shows (its search and column filters applied), for
 * "select all shown": a row the search hides is never ticked by it, so a run never sends what
 * the trader could not see. `onShownRowsChange` goes to the `DataGrid`.
 */
export function useShownRows<Row>(keyOf: (row: Row) => string) {
  const key = useRef(keyOf);
  key.current = keyOf;
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const onShownRowsChange = useCallback((rows: Row[]) => {
    const next = new Set(rows.map((row) => key.current(row)));
    // The same rows again (a tick re-draws the grid) are no change: the page is not drawn again.
    setShown((previous) => (previous.size === next.size && [...next].every((item) => previous.has(item)) ? previous : next));
  }, []);
  return { shown, onShownRowsChange };
}
