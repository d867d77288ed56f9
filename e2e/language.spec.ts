import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly, message, type Lang } from './support/messages';

// Checks both languages itself, so it runs in the es-ES project only (playwright.config.ts).
// The browser says it prefers English: the product must not follow it (spec section 1).
test.use({ locale: 'en-US' });

const loginHeading = (lang: Lang) => ({ level: 1, name: exactly(message(lang, 'login.title')) });

test.describe('language', () => {
  test('Spanish is the default, whatever the browser prefers', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', loginHeading('es-ES'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  });

  test('?lang=en-US switches to English', async ({ page }) => {
    await page.goto('/?lang=en-US');
    await expect(page.getByRole('heading', loginHeading('en-US'))).toBeVisible();
    await expect(page.getByLabel(message('en-US', 'login.password'), { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('?lang=xx is not a language: the page stays in Spanish', async ({ page }) => {
    await page.goto('/?lang=xx');
    await expect(page.getByRole('heading', loginHeading('es-ES'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  });

  test('the account menu switches the language of the shell', async ({ app, page }) => {
    await app.signIn(ACCOUNTS.admin);
    const nav = app.navigation();
    await expect(nav.getByRole('button', { name: exactly(message('es-ES', 'menu.relaciones')) })).toBeVisible();

    await app.accountMenu(ACCOUNTS.admin).click();
    await page.getByRole('menuitemradio', { name: exactly(message('en-US', 'language.en-US')) }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    const englishNav = page.getByRole('navigation', { name: exactly(message('en-US', 'shell.navigation')) });
    await expect(englishNav.getByRole('button', { name: exactly(message('en-US', 'menu.relaciones')) })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: exactly(message('en-US', 'menu.home')) })).toBeVisible();
  });

  test('a language chosen in the account menu survives a reload of an address that named the other', async ({ app, page }) => {
    await app.signIn(ACCOUNTS.admin);
    await page.goto('/home?lang=es-ES');
    await app.accountMenu(ACCOUNTS.admin).click();
    await page.getByRole('menuitemradio', { name: exactly(message('en-US', 'language.en-US')) }).click();
    await expect(page).toHaveURL(/[?&]lang=en-US(&|$)/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { level: 1, name: exactly(message('en-US', 'menu.home')) })).toBeVisible();
  });
});
