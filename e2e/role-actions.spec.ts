import { createAccount } from './support/api';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';

/** A seeded company with contracts (the demo seed gives every company contracts). */
const COMPANY = 'Generadora Hidroeléctrica del Motagua, S.A.';

test("an analyst's role may create and edit but not delete: the pages offer exactly that", async ({ app, page }) => {
  // A fresh analyst (the demo one's password belongs to the forgot-password spec) with the demo
  // role "Analista GT".
  const analyst = await createAccount(app, page, 'analista', { role: 'Analista GT', views: ['relaciones'], nombre: 'Rita', primer_apellido: 'Analista', cargo: 'Analista' });
  await app.signIn(analyst);

  await app.open('/empresas?q=Motagua');
  await expect(page.getByRole('link', { name: exactly(app.t('companies.new')) })).toBeVisible();
  await expect(page.getByRole('link', { name: exactly(app.t('companies.editNamed', { name: COMPANY })) })).toBeVisible();
  await page.getByRole('link', { name: exactly(COMPANY) }).click();
  await expect(page.getByRole('heading', { level: 2, name: exactly(COMPANY) })).toBeVisible();
  await expect(page.getByRole('button', { name: exactly(app.t('common.edit')) })).toBeVisible();
  await expect(page.getByRole('button', { name: exactly(app.t('companies.delete')) })).toHaveCount(0);

  await app.open('/contratos/1');
  await expect(page.getByRole('heading', { level: 2, name: /1/ })).toBeVisible();
  await expect(page.getByRole('button', { name: exactly(app.t('common.edit')) })).toBeVisible();
  await expect(page.getByRole('link', { name: exactly(app.t('contracts.annexes.new')) })).toBeVisible();
  await expect(page.getByRole('button', { name: exactly(app.t('contracts.delete')) })).toHaveCount(0);

  await app.open('/contacts');
  await expect(page.getByRole('link', { name: exactly(app.t('contacts.new')) })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${app.t('contacts.deleteNamed', { name: '' })}`) })).toHaveCount(0);
});

test('the admin, whose role grants everything, is offered delete too', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  await app.open('/contratos/1');
  await expect(page.getByRole('button', { name: exactly(app.t('contracts.delete')) })).toBeVisible();
});
