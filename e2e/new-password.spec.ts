import type { Request } from '@playwright/test';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';

/** The challenge name of a RespondToAuthChallenge call to the identity service, if it is one. */
function challengeAnswered(request: Request): string | undefined {
  if (!request.headers()['x-amz-target']?.endsWith('.RespondToAuthChallenge')) return undefined;
  return (request.postDataJSON() as { ChallengeName?: string } | null)?.ChallengeName;
}

// Changes state (the pending user becomes active): it is the only spec that signs in as nuevo,
// and each language project has its own server.
test('the pending user completes the new-password challenge with the same password and lands on the page they opened', async ({ app, page }) => {
  const challenges: string[] = [];
  page.on('request', (request) => {
    const name = challengeAnswered(request);
    if (name) challenges.push(name);
  });

  // A link opened signed out: the challenge in between does not lose it.
  await app.open('/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await app.fillLogin(ACCOUNTS.nuevo.email);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('menu.desempenoContratos')) })).toBeVisible();
  await expect(app.accountMenu(ACCOUNTS.nuevo)).toBeVisible();
  expect(challenges).toEqual(['PASSWORD_VERIFIER', 'NEW_PASSWORD_REQUIRED']);

  // Now active: the same password signs in without a challenge.
  await app.signOut(ACCOUNTS.nuevo);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  challenges.length = 0;
  await app.signIn(ACCOUNTS.nuevo);
  expect(challenges).toEqual(['PASSWORD_VERIFIER']);
});
