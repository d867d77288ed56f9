// Issue 27: every control reachable and usable with the keyboard alone, with its focus visible.
// After the sign-in, these tests only press keys (and open addresses, as a user types them).
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { FIRST_GRID_MS } from './support/grid';
import { exactly } from './support/messages';

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `most` presses. */
async function tabTo(page: Page, target: Locator, { most = 60, backwards = false } = {}): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused element shows it: an outline or a ring (box-shadow) drawn around it. */
async function expectFocusVisible(page: Page): Promise<void> {
  const shown = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing focused';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none' ? 'visible' : `${element.outerHTML.slice(0, 120)} shows no focus`;
  });
  expect(shown).toBe('visible');
}

/** Whether the focus is inside `container`. */
function holdsFocus(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

test.describe('keyboard', () => {
  test('the drawer closes, opens and its menu leads to a page with the keyboard alone', async ({ app, page }) => {
    await app.signIn(ACCOUNTS.admin);
    const toggle = page.getByRole('banner').getByRole('button', { name: exactly(app.t('shell.toggleMenu')) });
    await tabTo(page, toggle);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const nav = app.navigation();
    const section = nav.getByRole('button', { name: exactly(app.t('menu.relaciones')) });
    await tabTo(page, section);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(section).toHaveAttribute('aria-expanded', 'true');
    const entry = nav.getByRole('link', { name: exactly(app.t('menu.contratos')) });
    await tabTo(page, entry);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contratos(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('menu.contratos')) })).toBeVisible();
  });

  test('on a narrow screen the drawer holds the focus and Escape gives it back to the menu button', async ({ app, page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await app.signIn(ACCOUNTS.admin);
    const toggle = page.getByRole('banner').getByRole('button', { name: exactly(app.t('shell.toggleMenu')) });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect.poll(() => holdsFocus(drawer)).toBe(true);
    for (let presses = 0; presses < 15; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await holdsFocus(drawer)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("a list row's action is reached from its grid and followed with the keyboard alone", async ({ app, page }) => {
    await app.signIn(ACCOUNTS.admin);
    await app.open('/empresas');
    const grid = page.getByRole('grid');
    const firstRow = grid.getByRole('row').filter({ has: page.getByRole('gridcell') }).first();
    await expect(firstRow).toBeVisible({ timeout: FIRST_GRID_MS });

    // Into the grid (its first header), down to the first row, along it to its actions, then Tab
    // into them: the row's edit link.
    await tabTo(page, grid.getByRole('columnheader').first());
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+ArrowRight');
    await page.keyboard.press('Tab');
    const edit = page.getByRole('link', { name: new RegExp(`^${app.t('companies.editNamed', { name: '.+' })}$`) }).first();
    await expect(edit).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/empresas\/\d+\/editar(\?|$)/);
  });

  test('a confirm dialog takes the focus, keeps it, and gives it back when Escape closes it', async ({ app, page }) => {
    await app.signIn(ACCOUNTS.admin);
    await app.open('/empresas/1');
    const remove = page.getByRole('button', { name: exactly(app.t('companies.delete')) });
    await expect(remove).toBeVisible({ timeout: FIRST_GRID_MS });
    await tabTo(page, remove);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('alertdialog', { name: exactly(app.t('companies.confirmDelete.title')) });
    await expect(dialog).toBeVisible();
    await expect.poll(() => holdsFocus(dialog)).toBe(true);
    for (let presses = 0; presses < 6; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await holdsFocus(dialog)).toBe(true);
      await expectFocusVisible(page);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await holdsFocus(dialog)).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
  });
});
