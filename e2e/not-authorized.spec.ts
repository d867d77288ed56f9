import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';

test('a forbidden address typed in shows the not-authorised page, whose button goes home', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.lector);

  // lector holds only `dashboard`; Empresas needs `relaciones`.
  await app.open('/empresas');
  await expect(page.getByRole('heading', { name: exactly(app.t('noAuthorized.heading')) })).toBeVisible();
  await expect(page.getByText(app.t('noAuthorized.text'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('noAuthorized.title')) })).toBeVisible();
  // The page content of Empresas is not there: only the not-authorised page.
  await expect(page.getByRole('heading', { name: exactly(app.t('menu.empresas')) })).toHaveCount(0);

  await page.getByRole('button', { name: exactly(app.t('noAuthorized.back')) }).click();
  await app.expectHome(ACCOUNTS.lector);
});
