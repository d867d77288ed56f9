// Ticking a row's box in a grid as a user does. The box is controlled: the grid redraws it with
// the page's new selection a moment after the click, so Playwright's `check()` (which reads the
// box once, right after clicking) can see the old state on a busy machine. A user sees the tick
// appear; so does this: one click, then the tick awaited.
import { expect, type Locator } from '@playwright/test';

/** Clicks the unticked box and waits until the grid shows it ticked. */
export async function tick(box: Locator): Promise<void> {
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(box).toBeChecked();
}
