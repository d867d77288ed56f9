/** The cells (these columns, by col-id) of each body row of the AG Grid inside `root`, top to bottom. */
export function gridRows(root: ParentNode, columns: string[]): string[][] {
  const rows = new Map<number, string[]>();
  for (const [index, id] of columns.entries()) {
    for (const cell of root.querySelectorAll<HTMLElement>(`[role="gridcell"][col-id="${id}"]`)) {
      const row = Number(cell.closest('[row-index]')?.getAttribute('row-index') ?? -1);
      const cells = rows.get(row) ?? columns.map(() => '');
      cells[index] = cell.textContent ?? '';
      rows.set(row, cells);
    }
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, cells]) => cells);
}
