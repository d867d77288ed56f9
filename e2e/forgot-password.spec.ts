import { DEMO_PASSWORD, ACCOUNTS, expect, test } from './support/fixtures';
import { mailCount, waitForMail } from './support/mail-outbox';
import { exactly, LANGS, message } from './support/messages';

/** Finds the code in a reset mail by the mail's own i18n template (either language). */
function codeFrom(text: string): string {
  for (const lang of LANGS) {
    const template = message(lang, 'mail.resetCode.body', { code: '\u0000', minutes: '\u0001' });
    const pattern = template
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\u0000', '(\\w+)')
      .replace('\u0001', '\\d+');
    const code = new RegExp(pattern).exec(text)?.[1];
    if (code) return code;
  }
  throw new Error(`no reset code in the mail:\n${text}`);
}

// Changes analista's password: no other spec signs in as analista, and each language project
// has its own server, so nothing else depends on the old password.
test('forgot password: the code from the mail sets a new password that then signs in', async ({ app, page, mailDir }) => {
  const account = ACCOUNTS.analista;
  const newPassword = `Nueva-${Date.now().toString(36)}A1!`;
  const seen = mailCount(mailDir, account.email);

  await app.open('/');
  await page.getByRole('link', { name: exactly(app.t('login.forgotPassword')) }).click();
  await expect(page).toHaveURL(/\/security\/forgot-password/);
  await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('forgotPassword.title')) })).toBeVisible();

  // Step 1: request a code.
  await page.getByLabel(app.t('forgotPassword.email'), { exact: true }).fill(account.email);
  await page.getByRole('button', { name: exactly(app.t('forgotPassword.sendCode')) }).click();
  await expect(page.getByRole('status').filter({ hasText: app.t('forgotPassword.codeSent', { email: account.email }) })).toBeVisible();

  // Step 2: the code from the delivered mail and a new password.
  const code = codeFrom(await waitForMail(mailDir, account.email, seen + 1));
  await page.getByLabel(app.t('forgotPassword.code'), { exact: true }).fill(code);
  await page.getByLabel(app.t('forgotPassword.newPassword'), { exact: true }).fill(newPassword);
  await page.getByLabel(app.t('forgotPassword.confirmPassword'), { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: exactly(app.t('forgotPassword.submit')) }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByText(app.t('forgotPassword.success'), { exact: true })).toBeVisible();

  // The old password no longer works; the new one does.
  await app.submitLogin(account.email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(exactly(app.t('login.errors.invalid')));
  await app.signIn(account, newPassword);
});
