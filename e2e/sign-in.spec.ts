import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';

test.describe('sign-in', () => {
  test('a user signs in, sees their name, signs out and is back at the login page', async ({ app, page }) => {
    await app.signIn(ACCOUNTS.lector);
    await expect(page.getByRole('heading', { name: exactly(app.t('home.welcome', { name: ACCOUNTS.lector.name })) })).toBeVisible();

    await app.signOut(ACCOUNTS.lector);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(app.loginForm().submit).toBeVisible();

    // The session is really gone: the shell sends the visitor back to the login page.
    await app.open('/home');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(app.loginForm().submit).toBeVisible();
  });

  test('a wrong password shows the spec message and stays on the login page', async ({ app, page }) => {
    await app.submitLogin(ACCOUNTS.admin.email, 'Wrong-password1!');
    await expect(page.getByRole('alert')).toHaveText(exactly(app.t('login.errors.invalid')));
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('an unknown user gets the same message as a wrong password', async ({ app, page }) => {
    await app.submitLogin('nadie@demo.energy', 'Wrong-password1!');
    await expect(page.getByRole('alert')).toHaveText(exactly(app.t('login.errors.invalid')));
  });

  test('a username that is not an e-mail address is refused with the format message', async ({ app, page }) => {
    await app.submitLogin('admin-at-demo', 'Demo1234!');
    await expect(page.getByRole('alert')).toHaveText(exactly(app.t('login.errors.email')));
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('a user with multi-factor authentication is rejected with an error', async ({ app, page }) => {
    await app.submitLogin(ACCOUNTS.mfa.email);
    await expect(page.getByRole('alert')).toHaveText(exactly(app.t('login.errors.mfa')));
    await expect(page).toHaveURL((url) => url.pathname === '/');
    // Nothing of the session survives the rejection.
    await app.open('/home');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
