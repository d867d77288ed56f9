import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';

test('the drawer collapses to icons and a section opens a popup of its entries', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  const nav = app.navigation();
  const toggle = page.getByRole('banner').getByRole('button', { name: exactly(app.t('shell.toggleMenu')) });
  const relaciones = app.t('menu.relaciones');

  // Open: 240 wide (spec section 9), labels visible.
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByText(relaciones, { exact: true })).toBeVisible();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(240);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Collapsed: narrower, no visible label text, one named icon button per section.
  await expect.poll(async () => (await nav.boundingBox())?.width ?? 240).toBeLessThan(100);
  await expect(nav.getByText(relaciones, { exact: true })).toHaveCount(0);
  const icon = nav.getByRole('button', { name: exactly(relaciones) });
  await expect(icon).toBeVisible();
  await expect(icon.locator('svg')).toBeVisible();
  await expect(nav.getByRole('button')).toHaveCount(11);

  await icon.click();
  const popup = page.getByRole('menu');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('menuitem')).toHaveText(
    ['menu.empresas', 'menu.contratos', 'menu.contacts', 'menu.anexos'].map((key) => app.t(key)),
  );
  await popup.getByRole('menuitem', { name: exactly(app.t('menu.contratos')) }).click();
  await expect(page).toHaveURL(/\/contratos$/);
  await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('menu.contratos')) })).toBeVisible();
  await expect(popup).toBeHidden();

  // Open again: the labelled tree is back.
  await toggle.click();
  await expect(nav.getByText(relaciones, { exact: true })).toBeVisible();
});

test('every section label of the open drawer reads in full', async ({ app }) => {
  await app.signIn(ACCOUNTS.admin);
  const labels = app.navigation().getByRole('button');
  await expect(labels).toHaveCount(11);
  for (const label of await labels.all()) {
    const cut = await label.evaluate((button) =>
      [...button.querySelectorAll('p, span')].some((text) => text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1),
    );
    expect(cut, (await label.textContent()) ?? '').toBe(false);
  }
  await expect(app.navigation().getByText(app.t('menu.relaciones'), { exact: true })).toBeVisible();
});

test('the drawer stays collapsed or open across a reload', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  const toggle = page.getByRole('banner').getByRole('button', { name: exactly(app.t('shell.toggleMenu')) });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(async () => (await app.navigation().boundingBox())?.width ?? 240).toBeLessThan(100);
  await toggle.click();
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await app.navigation().boundingBox())?.width).toBe(240);
});
