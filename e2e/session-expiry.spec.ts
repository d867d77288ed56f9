import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';

// Runs in the `expiry` project only: its server issues tokens that live 30 seconds
// (ACCESS_TOKEN_TTL_SECONDS in playwright.config.ts).
const TOKEN_LIFETIME_MS = 30_000;

test('the session ends when the access token expires and the user is sent to /', async ({ app, page }) => {
  test.setTimeout(TOKEN_LIFETIME_MS + 60_000);
  const before = Date.now();
  await app.signIn(ACCOUNTS.lector);

  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: TOKEN_LIFETIME_MS + 15_000 });
  // Not a sign-out for any other reason: it happened once the token's lifetime had passed.
  expect(Date.now() - before).toBeGreaterThanOrEqual(TOKEN_LIFETIME_MS - 1_000);
  await expect(page.getByRole('alert')).toHaveText(exactly(app.t('login.errors.expired')));

  // The shell no longer opens with the old session.
  await app.open('/home');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(app.loginForm().submit).toBeVisible();
});
