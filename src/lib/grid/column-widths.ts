import type { Column, GridApi } from 'ag-grid-community';

/** How wide a column must be and how much of the spare width it asks for (px). */
export interface ColumnFit {
  /** Below this the column would cut what it must always show in full. */
  min: number;
  /** Its widest value or header on one line: its share of the spare width follows this. */
  natural: number;
}

/**
 * A column whose texts are all up to this wide shows them whole (dates, codes, phones, short
 * names); one with longer texts (company names, e-mails) keeps `LONG_TEXT_MIN` and a share of
 * the spare width, and a text it cuts reads in full on hover.
 */
const TEXT_KEPT_WHOLE = 170;
const LONG_TEXT_MIN = 120;
/** No column asks for more than this share of the spare width, however long its longest text. */
const NATURAL_MAX = 420;
/** The sort arrow the sorted header shows beside its text. */
const SORT_ICON = 20;
/** A pixel or two of rounding must not bring the ellipsis back. */
const ROUNDING = 2;

/** Width of `text` in `font`: measured on a canvas, or estimated where there is none (tests). */
function textMeasurer(font: string, fontSize: number): (text: string) => number {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d');
  if (!context) return (text) => text.length * fontSize * 0.62;
  context.font = font;
  return (text) => context.measureText(text).width;
}

const px = (value: string | undefined) => Number.parseFloat(value ?? '') || 0;

function measurerOf(element: Element, fontWeight?: string): (text: string) => number {
  const style = getComputedStyle(element);
  const fontSize = px(style.fontSize) || 14;
  return textMeasurer(`${fontWeight ?? style.fontWeight} ${fontSize}px ${style.fontFamily}`, fontSize);
}

/** Padding and borders of an element: the part of its width that is not content. */
function frameOf(element: Element): number {
  const style = getComputedStyle(element);
  return px(style.paddingLeft) + px(style.paddingRight) + px(style.borderLeftWidth) + px(style.borderRightWidth);
}

/** An amount (number, money, percentage) is never cut, however wide. */
const isAmount = (column: Column) => column.getColDef().type === 'rightAligned';

/**
 * What each column of the grid in `container` needs (by colId): its header's longest word
 * beside its filter button (and the sorted one's arrow) (the header wraps between words, never inside one),
 * every value as shown over every row (pinned ones too) and not only those on screen (amounts and short texts
 * whole, see `TEXT_KEPT_WHOLE`), and for the row-actions column `actionsColId` its buttons as drawn.
 * Fonts, paddings and buttons are read from the grid on screen; nothing when it shows none.
 */
export function columnFits<Row>(api: GridApi<Row>, container: HTMLElement | null, actionsColId: string): Record<string, ColumnFit> {
  const headerText = container?.querySelector<HTMLElement>('.ag-header-cell-text');
  if (!container || !headerText) return {};
  const measureHeader = measurerOf(headerText);
  const cell = container.querySelector<HTMLElement>('.ag-cell');
  // No row drawn yet (an empty list): the headers alone, so none breaks inside a word.
  if (!cell) return headerFits(api, container, measureHeader, actionsColId);
  const measureValue = measurerOf(cell);
  // Pinned rows (a totals row) are drawn in bold by the DataGrid.
  const measurePinned = measurerOf(cell, 'bold');
  const cellFrame = frameOf(cell);

  const fits: Record<string, ColumnFit> = {};
  for (const column of api.getColumns() ?? []) {
    if (!column.isVisible()) continue;
    const colId = column.getColId();
    const header = headerNeeds(container, column, measureHeader);
    if (colId === actionsColId) {
      const buttons = actionsNeeds(container, colId);
      if (buttons === null) continue;
      const width = Math.ceil(Math.max(header.min, buttons + cellFrame)) + ROUNDING;
      fits[colId] = { min: width, natural: width };
      continue;
    }
    let widest = 0;
    api.forEachNode((rowNode) => {
      const shown = api.getCellValue({ rowNode, colKey: column, useFormatter: true }) as unknown;
      widest = Math.max(widest, measureValue(String(shown ?? '')));
    });
    for (let index = 0; index < api.getPinnedBottomRowCount(); index += 1) {
      const rowNode = api.getPinnedBottomRow(index);
      const shown = rowNode ? (api.getCellValue({ rowNode, colKey: column, useFormatter: true }) as unknown) : '';
      widest = Math.max(widest, measurePinned(String(shown ?? '')));
    }
    // No value to measure yet (every cell blank, or drawn from something else than its value):
    // the header alone, never narrower than the column's own minimum.
    if (widest === 0) {
      fits[colId] = headerOnlyFit(column, header);
      continue;
    }
    const values = widest + cellFrame;
    const kept = isAmount(column) || values <= TEXT_KEPT_WHOLE ? values : LONG_TEXT_MIN;
    fits[colId] = {
      min: Math.ceil(Math.max(header.min, kept)) + ROUNDING,
      natural: Math.ceil(Math.min(NATURAL_MAX, Math.max(header.natural, values))) + ROUNDING,
    };
  }
  return fits;
}

/**
 * What the visible columns' headers need, when no cell is drawn to measure values by (the row
 * buttons' column waits for its buttons: its width is theirs).
 */
function headerFits<Row>(api: GridApi<Row>, container: HTMLElement, measure: (text: string) => number, actionsColId: string): Record<string, ColumnFit> {
  const fits: Record<string, ColumnFit> = {};
  for (const column of api.getColumns() ?? []) {
    if (!column.isVisible() || column.getColId() === actionsColId) continue;
    fits[column.getColId()] = headerOnlyFit(column, headerNeeds(container, column, measure));
  }
  return fits;
}

/** A column sized by its header alone: its longest word whole, and at least as wide as the column's minimum. */
function headerOnlyFit(column: Column, header: ColumnFit): ColumnFit {
  const min = Math.max(Math.ceil(header.min) + ROUNDING, column.getColDef().minWidth ?? 0);
  return { min, natural: Math.max(min, Math.ceil(header.natural) + ROUNDING) };
}

/** The header's longest word (min) and whole text (natural) with the header's own chrome. */
function headerNeeds(container: HTMLElement, column: Column, measure: (text: string) => number): ColumnFit {
  const name = column.getColDef().headerName ?? '';
  const headerCell = container.querySelector<HTMLElement>(`.ag-header-cell[col-id="${column.getColId()}"]`);
  const label = headerCell?.querySelector<HTMLElement>('.ag-header-cell-label');
  // Padding and the filter button: what the header cell holds beside its label.
  const chrome = headerCell && label ? Math.max(0, headerCell.clientWidth - label.clientWidth) : 0;
  const extra = chrome + (column.getSort() ? SORT_ICON : 0);
  const longestWord = Math.max(0, ...name.split(/\s+/).map(measure));
  return { min: longestWord + extra, natural: measure(name) + extra };
}

/** The width the buttons of the widest rendered row-actions cell span, or null before any is drawn. */
function actionsNeeds(container: HTMLElement, colId: string): number | null {
  let widest: number | null = null;
  for (const cell of container.querySelectorAll(`[role="gridcell"][col-id="${colId}"]`)) {
    const boxes = [...cell.querySelectorAll('a, button')].map((item) => item.getBoundingClientRect()).filter((box) => box.width > 0);
    if (boxes.length === 0) continue;
    const span = Math.max(...boxes.map((box) => box.right)) - Math.min(...boxes.map((box) => box.left));
    widest = Math.max(widest ?? 0, span);
  }
  return widest;
}
