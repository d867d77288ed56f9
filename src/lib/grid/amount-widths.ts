import type { GridApi } from 'ag-grid-community';

/** Width of `text` in `font`: measured on a canvas, or estimated where there is none (tests). */
function textMeasurer(font: string, fontSize: number): (text: string) => number {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d');
  if (!context) return (text) => text.length * fontSize * 0.62;
  context.font = font;
  return (text) => context.measureText(text).width;
}

const px = (value: string | undefined) => Number.parseFloat(value ?? '') || 0;

/**
 * The width (px) each amount column (`type: 'rightAligned'`: numbers, money, percentages)
 * needs to show its widest value, over every row and not only those on screen, by colId. The
 * font, padding and borders are read from a cell the grid in `container` shows.
 */
export function amountWidths<Row>(api: GridApi<Row>, container: HTMLElement | null): Record<string, number> {
  const columns = (api.getColumns() ?? []).filter((column) => column.getColDef().type === 'rightAligned');
  const cell = container?.querySelector<HTMLElement>('.ag-cell');
  if (columns.length === 0 || !cell) return {};
  const style = getComputedStyle(cell);
  const fontSize = px(style.fontSize) || 14;
  const measure = textMeasurer(`${style.fontWeight} ${fontSize}px ${style.fontFamily}`, fontSize);
  const frame = px(style.paddingLeft) + px(style.paddingRight) + px(style.borderLeftWidth) + px(style.borderRightWidth);
  const widths: Record<string, number> = {};
  for (const column of columns) {
    let widest = 0;
    api.forEachNode((rowNode) => {
      const shown = api.getCellValue({ rowNode, colKey: column, useFormatter: true }) as unknown;
      widest = Math.max(widest, measure(String(shown ?? '')));
    });
    // A pixel or two of rounding must not bring the ellipsis back.
    if (widest > 0) widths[column.getColId()] = Math.ceil(widest + frame) + 4;
  }
  return widths;
}
