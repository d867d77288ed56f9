import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { FIRST_GRID_MS } from './support/grid';
import { exactly } from './support/messages';

/** A field of the charge form by its name. */
function named(page: Page, name: string) {
  return page.locator(`form [name="${name}"]`);
}

/** The list row of a charge code (its first period shown). */
function rowOf(page: Page, code: string) {
  return page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: exactly(code) }) });
}

test('a charge period is refused with bad input, created, closed, and followed by the next period, which may not overlap it', async ({ app, page }) => {
  test.setTimeout(120_000);
  const code = `E2E_${String(Date.now()).slice(-8)}`;
  const create = page.getByRole('button', { name: exactly(app.t('charges.create')) });
  const decimal = (text: string) => (app.lang === 'es-ES' ? text.replace('.', ',') : text);

  await app.signIn(ACCOUNTS.admin);
  await app.open('/pais/salvador/2');
  await page.getByRole('link', { name: exactly(app.t('charges.new')) }).click();
  await expect(page).toHaveURL(/\/pais\/salvador\/2\/nuevo/);

  // What the form refuses before sending, each message beside its field.
  await named(page, 'codigo').fill(code.toLowerCase());
  await named(page, 'nombre').fill('Cargo de prueba');
  await named(page, 'base').selectOption('porcentaje');
  await named(page, 'tasa').fill('150');
  await named(page, 'pagador').selectOption('compartido');
  await named(page, 'vigente_desde').fill('01/01/2027');
  await named(page, 'vigente_hasta').fill('31/12/2026');
  await create.click();
  await expect(page.getByText(exactly(app.t('charges.problems.codePattern')))).toBeVisible();
  await expect(page.getByText(exactly(app.t('charges.problems.chargePercentMax')))).toBeVisible();
  await expect(page.getByText(exactly(app.t('charges.problems.chargeEndBeforeStart')))).toBeVisible();
  await expect(page).toHaveURL(/\/nuevo/);

  // Fixed: the unit followed the basis; an open-ended period from 01/01/2027.
  await named(page, 'codigo').fill(code);
  await named(page, 'base').selectOption('mwh_retirado');
  await expect(named(page, 'unidad')).toHaveValue('USD/MWh');
  await named(page, 'tasa').fill(decimal('1.25'));
  await named(page, 'vigente_hasta').fill('');
  await create.click();
  await expect(page.getByText(exactly(app.t('charges.created', { code, from: '01/01/2027' })))).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: exactly(app.t('charges.viewTitle', { code, name: 'Cargo de prueba' })) })).toBeVisible();
  await expect(page.getByText(exactly(app.t('charges.states.futura')))).toBeVisible();

  // Closed on 31/03/2027.
  await page.getByRole('button', { name: exactly(app.t('common.edit')) }).click();
  await expect(named(page, 'tasa')).toHaveValue(decimal('1.25'));
  await named(page, 'vigente_hasta').fill('31/03/2027');
  await page.getByRole('button', { name: exactly(app.t('common.save')) }).click();
  await expect(page.getByText(exactly(app.t('charges.updated', { code, from: '01/01/2027' })))).toBeVisible();
  await expect(page.getByText(exactly('31/03/2027'))).toBeVisible();

  // The next period starts the day after; one that starts inside the first is refused, naming it.
  await page.getByRole('link', { name: exactly(app.t('charges.nextPeriod')) }).click();
  await expect(named(page, 'codigo')).toHaveValue(code);
  await expect(named(page, 'vigente_desde')).toHaveValue('01/04/2027');
  await named(page, 'vigente_desde').fill('15/03/2027');
  await named(page, 'tasa').fill(decimal('1.4'));
  await create.click();
  await expect(page.getByText(exactly(app.t('charges.problems.chargeOverlap', { code, from: '01/01/2027', to: '31/03/2027' })))).toBeVisible();
  await named(page, 'vigente_desde').fill('01/04/2027');
  await create.click();
  await expect(page.getByText(exactly(app.t('charges.created', { code, from: '01/04/2027' })))).toBeVisible();

  // In the list: one period in force on a day of the URL, both with every period.
  await page.getByRole('link', { name: exactly(app.t('charges.backToList')) }).click();
  await page.getByLabel(app.t('charges.inForceOn')).fill('01/05/2027');
  await expect(page).toHaveURL(/fecha=2027-05-01/);
  await expect(rowOf(page, code)).toHaveCount(1, { timeout: FIRST_GRID_MS });
  await expect(rowOf(page, code).getByRole('gridcell', { name: exactly(decimal('1.4')) })).toBeVisible();
  await page.getByText(exactly(app.t('charges.history'))).click();
  await expect(page).toHaveURL(/historia=1/);
  await page.getByLabel(app.t('charges.search')).fill(code);
  await expect(rowOf(page, code)).toHaveCount(2);
});

test("each country page lists its charges in force today, from the demo catalogue; Panama's update asks first, then runs to its end", async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.signIn(ACCOUNTS.admin);
  for (const [path, menuKey, code, unit] of [
    ['/pais/panama/6', 'menu.cargosPanama', 'PA_SPT', 'USD/kW-mes'],
    ['/pais/salvador/2', 'menu.cargosSalvador', 'SV_CARN', 'USD/MWh'],
    ['/pais/mexico/7', 'menu.cargosMexico', 'MX_CENACE', 'MXN/MWh'],
  ] as const) {
    await app.open(path);
    await expect(page.getByRole('heading', { level: 1, name: exactly(app.t(menuKey)) })).toBeVisible();
    const row = rowOf(page, code);
    await expect(row).toHaveCount(1, { timeout: FIRST_GRID_MS });
    await expect(row.getByRole('gridcell', { name: exactly(unit) })).toBeVisible();
    await expect(row.getByRole('gridcell', { name: exactly(app.t('charges.states.vigente')) })).toBeVisible();
  }

  // Panama's update-charges (spec section 8: confirmed first), followed live on the page.
  await app.open('/pais/panama/6');
  await page.getByRole('button', { name: exactly(app.t('charges.update.button')) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(exactly(app.t('charges.update.confirm.text')))).toBeVisible();
  await dialog.getByRole('button', { name: exactly(app.t('charges.update.confirm.button')) }).click();
  const job = page.getByRole('group', { name: new RegExp(`^${app.t('jobs.types.countries.update-charges')}`) });
  await expect(job.getByText(exactly(app.t('jobs.states.terminado')))).toBeVisible({ timeout: 60_000 });
});
