import type { SuppressKeyboardEventParams } from 'ag-grid-community';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * AG Grid's Tab and Enter for cells that hold links, buttons or boxes (a row's actions, a name
 * linked to its record, a tick box). The grid moves Tab from cell to cell and never into what a
 * cell holds, so without this a keyboard user could not reach a row's buttons. Here Tab on such
 * a cell (or Enter) goes to its first control, Tab again to the next one and, after the last,
 * on to the next cell as the grid does; Shift+Tab walks back to the cell. Answers whether the
 * grid must leave the key alone (`colDef.suppressKeyboardEvent`).
 */
export function moveFocusWithinCell({ event }: SuppressKeyboardEventParams): boolean {
  if (event.key !== 'Tab' && event.key !== 'Enter') return false;
  const active = event.target instanceof HTMLElement ? event.target : null;
  const cell = active?.closest<HTMLElement>('.ag-cell');
  if (!active || !cell) return false;
  const controls = [...cell.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (controls.length === 0) return false;
  const at = controls.indexOf(active);
  // Enter on a control is the control's own (follow the link, press the button).
  if (event.key === 'Enter') return at !== -1 || focus(event, controls[0]);
  if (event.shiftKey) return at === -1 ? false : focus(event, at === 0 ? cell : controls[at - 1]);
  const next = controls[at + 1];
  return next ? focus(event, next) : false;
}

/** Moves the focus itself and keeps the browser from moving it again. */
function focus(event: KeyboardEvent, target: HTMLElement | undefined): boolean {
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}
