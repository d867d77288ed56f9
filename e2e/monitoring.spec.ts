import { dayFromToday } from './support/days';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { FIRST_GRID_MS } from './support/grid';
import { exactly } from './support/messages';

test("the power page keeps a branch filter on reload, shows the demo's buyers, and refuses a reversed range", async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.signIn(ACCOUNTS.admin);
  await app.open('/monitoreo/potencia/');
  await expect(page.getByRole('figure', { name: exactly(app.t('monitoring.power.chart')) })).toBeVisible({ timeout: FIRST_GRID_MS });

  const branch = page.getByLabel(exactly(app.t('monitoring.filters.branch')));
  await branch.selectOption('GT');
  await expect(page).toHaveURL(/sucursal=GT/);
  await page.reload();
  await expect(branch).toHaveValue('GT');
  await expect(page.getByRole('figure', { name: exactly(app.t('monitoring.power.chart')) })).toBeVisible({ timeout: FIRST_GRID_MS });
  // The buyers' grid (the first) lists the demo's Guatemalan buyers, day by day.
  await expect(page.getByRole('heading', { name: exactly(app.t('monitoring.roles.comprador')) })).toBeVisible();
  await expect(page.getByRole('grid').first().getByRole('gridcell').first()).toBeVisible({ timeout: FIRST_GRID_MS });

  // A range that ends before it starts is not asked for: the message says why, beside the end date.
  await page.getByLabel(exactly(app.t('forms.range.desde'))).fill(dayFromToday(5).typed);
  await expect(page.getByText(exactly(app.t('forms.range.rangeOrder')))).toBeVisible();
  await expect(page.getByRole('button', { name: exactly(app.t('monitoring.download')) })).toBeDisabled();
});

test('the energy page keeps a version filter on reload, draws the hours of a day, and downloads its workbook', async ({ app, page }) => {
  test.setTimeout(120_000);
  const from = dayFromToday(-20);
  const to = dayFromToday(-10);
  await app.signIn(ACCOUNTS.admin);
  await app.open(`/monitoreo/energia/?desde=${from.iso}&hasta=${to.iso}`);
  await expect(page.getByRole('figure', { name: exactly(app.t('monitoring.energy.chart')) })).toBeVisible({ timeout: FIRST_GRID_MS });

  const version = page.getByLabel(exactly(app.t('monitoring.filters.version')));
  await version.selectOption('PE');
  await expect(page).toHaveURL(/version=PE/);
  await page.reload();
  await expect(version).toHaveValue('PE');
  await expect(page.getByLabel(exactly(app.t('forms.range.desde')))).toHaveValue(from.typed);
  // The profile's day is the range's last unless chosen.
  await expect(page.getByRole('figure', { name: exactly(app.t('monitoring.energy.hourlyChart', { day: to.typed })) })).toBeVisible({ timeout: FIRST_GRID_MS });

  // A range over 366 days is refused with its limit.
  await page.getByLabel(exactly(app.t('forms.range.desde'))).fill(dayFromToday(-400).typed);
  await expect(page.getByText(exactly(app.t('forms.range.rangeMax', { max: 366 })))).toBeVisible();
  await page.getByLabel(exactly(app.t('forms.range.desde'))).fill(from.typed);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: exactly(app.t('monitoring.download')) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${app.lang === 'es-ES' ? 'monitoreo-energia' : 'monitoring-energy'}-${from.iso}-${to.iso}.xlsx`);
});
