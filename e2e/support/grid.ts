// Grids as a user meets them: the wait for the first one, and ticking a row's box.
import { expect, type Locator } from '@playwright/test';

/** The first list of a session loads the grid's code too: the time it is given on a busy machine. */
export const FIRST_GRID_MS = 30_000;

/**
 * Clicks the unticked box and waits until the grid shows it ticked. The box is controlled: the
 * grid redraws it with the page's new selection a moment after the click, so Playwright's
 * `check()` (which reads the box once, right after clicking) can see the old state on a busy
 * machine. A user sees the tick appear; so does this.
 */
export async function tick(box: Locator): Promise<void> {
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(box).toBeChecked();
}
