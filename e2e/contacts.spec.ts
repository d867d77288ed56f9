import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';
import { pickRecord } from './support/pick';

/** A field of the contact form by its name. */
function named(page: Page, name: string) {
  return page.locator(`form [name="${name}"]`);
}

/** A seeded company (the demo seed has it in every run). */
const COMPANY = 'Generadora Hidroeléctrica del Motagua, S.A.';

test('a contact is created through the gateway, found by search and by its link, edited, and deleted after a confirmation', async ({ app, page }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-8);
  const name = `Marta Prueba ${stamp}`;

  await app.signIn(ACCOUNTS.admin);
  await app.open('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('menu.contacts')) })).toBeVisible();
  await page.getByRole('link', { name: exactly(app.t('contacts.new')) }).click();
  await expect(page).toHaveURL(/\/contacts\/nuevo/);

  // An empty submit names the required fields beside them and sends nothing.
  await page.getByRole('button', { name: exactly(app.t('contacts.create')) }).click();
  await expect(page.getByText(exactly(app.t('forms.errors.required'))).first()).toBeVisible();
  await expect(page).toHaveURL(/\/contacts\/nuevo/);

  await pickRecord(page, app.t('contacts.fields.empresa_id'), COMPANY.slice(0, 8), COMPANY);
  await named(page, 'tipo_contacto').selectOption('facturacion');
  await named(page, 'nombre').fill(name);
  await named(page, 'cargo').fill('Analista de facturación');
  await named(page, 'email').fill('not-an-email');
  await named(page, 'telefono').fill('+502 2222 4444');
  await named(page, 'celular').fill('+502 5555 7777');
  await page.getByRole('button', { name: exactly(app.t('contacts.create')) }).click();
  await expect(page.getByText(exactly(app.t('companies.errors.email')))).toBeVisible();
  await named(page, 'email').fill(`marta.${stamp}@prueba.example`);
  await page.getByRole('button', { name: exactly(app.t('contacts.create')) }).click();

  // Back on the list, with the confirmation; the quick search finds the new contact.
  await expect(page).toHaveURL(/\/contacts\/?(\?.*)?$/);
  await expect(page.getByText(exactly(app.t('contacts.created', { name })))).toBeVisible();
  await page.getByLabel(app.t('contacts.search')).fill(stamp);
  const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: exactly(name) }) });
  await expect(row.getByRole('gridcell', { name: exactly(app.t('contacts.types.facturacion')) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));

  // The edit form has an address of its own: opening it by its link shows the stored contact.
  await page.getByRole('link', { name: exactly(app.t('contacts.editNamed', { name })) }).click();
  await expect(page).toHaveURL(/\/contacts\/\d+\/editar/);
  const editUrl = page.url();
  await app.open(new URL(editUrl).pathname);
  await expect(named(page, 'nombre')).toHaveValue(name);
  await named(page, 'cargo').fill('Jefa de facturación');
  await page.getByRole('button', { name: exactly(app.t('common.save')) }).click();
  await expect(page.getByText(exactly(app.t('contacts.updated', { name })))).toBeVisible();

  await page.getByLabel(app.t('contacts.search')).fill(stamp);
  await expect(row.getByRole('gridcell', { name: exactly('Jefa de facturación') })).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('contacts.deleteNamed', { name })) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(exactly(app.t('contacts.confirmDelete.text', { name })))).toBeVisible();
  await dialog.getByRole('button', { name: exactly(app.t('contacts.delete')) }).click();
  await expect(page.getByText(exactly(app.t('contacts.deleted', { name })))).toBeVisible();
  await expect(page.getByRole('gridcell', { name: exactly(name) })).toHaveCount(0);
});
