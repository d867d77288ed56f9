import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { callApi, createAccount } from './support/api';
import { guatemalanEnergyContract, lastCompleteMonth } from './support/demo-settlements';
import { ACCOUNTS, expect, test, type App } from './support/fixtures';
import { exactly } from './support/messages';
import { pickRecord } from './support/pick';

// A month's settlement from the pre-settlement check to a validated final, as the back office
// does it: the analyst prepares, the supervisor validates (four eyes). The demo seed loads the
// market data of the last three complete months for every demo contract (PE and DF), so the
// last complete month's DF can be computed on a fresh server.

/** The settlement page's command buttons. */
function commands(app: App, page: Page) {
  const button = (key: string) => page.getByRole('button', { name: exactly(app.t(key)) });
  return { compute: button('settlements.view.compute'), validate: button('settlements.view.validate'), download: button('settlements.view.download') };
}

/** Confirms the open confirmation dialog with its `confirmKey` button. */
async function confirm(app: App, page: Page, confirmKey: string) {
  await page.getByRole('alertdialog').getByRole('button', { name: exactly(app.t(confirmKey)) }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** Computes the shown preliminary settlement again (the signed-in user becomes its preparer). */
async function computeAgain(app: App, page: Page) {
  await commands(app, page).compute.click();
  await confirm(app, page, 'settlements.view.computeConfirm');
  await expect(page.getByText(app.t('settlements.view.computed'))).toBeVisible();
}

/** The rows grid's data row count (AG Grid counts its header row in `aria-rowcount`). */
async function expectRowCount(page: Page, rows: number) {
  await expect(page.getByRole('grid')).toHaveAttribute('aria-rowcount', String(rows + 1));
}

test('settlements: the analyst checks and computes a final month, the supervisor may not validate what they computed, then validates the analyst\'s; it is final and locked', async ({ app, page }) => {
  test.setTimeout(180_000);
  const month = lastCompleteMonth();
  // A fresh analyst (the demo one's password belongs to the forgot-password spec), as the demo
  // analyst: role "Analista GT", prepares settlements but may not validate them.
  const analyst = await createAccount(app, page, 'liquidador', { role: 'Analista GT', views: ['relaciones', 'liquidaciones'], nombre: 'Iván', primer_apellido: 'Liquidador', cargo: 'Analista' });
  await app.signIn(analyst);
  const contract = await guatemalanEnergyContract(page);

  // The pre-settlement: the contract's codes come with it; the month's data is all there.
  await app.open('/liquidaciones');
  await page.getByRole('link', { name: exactly(app.t('settlements.list.new')) }).or(page.getByRole('button', { name: exactly(app.t('settlements.list.new')) })).first().click();
  await expect(page).toHaveURL(/\/liquidaciones\/nueva/);
  const field = (name: string) => page.getByLabel(new RegExp(`^\\s*${app.t(`settlements.create.fields.${name}`)}\\s*\\*?\\s*$`));
  await pickRecord(page, app.t('settlements.create.fields.contrato_id'), contract.empresa_razon_social.slice(0, 12), `#${contract.id} ·`);
  await expect(field('codigo_contraparte')).toHaveValue(contract.codigo_contraparte);
  await field('version').selectOption('DF');
  await field('mes').selectOption(String(month.mes));
  await field('anio').fill(String(month.anio));
  await field('agregacion').selectOption('dia');
  await page.getByRole('button', { name: exactly(app.t('settlements.create.check')) }).click();
  await expect(page.getByText(exactly(app.t('settlements.create.available')))).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('settlements.create.compute')) }).click();

  // The settlement, preliminary, day by day; then by month and by hour.
  await expect(page).toHaveURL(/\/liquidaciones\/\d+\?agregacion=dia/);
  const id = Number(/\/liquidaciones\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByText(exactly(app.t('settlements.common.states.preliminar'))).first()).toBeVisible();
  await expectRowCount(page, month.dias);
  const aggregation = page.getByRole('radiogroup', { name: exactly(app.t('settlements.view.aggregation')) });
  await aggregation.getByText(exactly(app.t('settlements.common.aggregations.mes'))).click();
  await expect(page).toHaveURL(/agregacion=mes/);
  await expectRowCount(page, 1);
  await aggregation.getByText(exactly(app.t('settlements.common.aggregations.hora'))).click();
  await expect(page).toHaveURL(/agregacion=hora/);
  await expectRowCount(page, month.dias * 24);

  // The workbook: its totals row carries the settlement's invoice amount, as a number.
  const stored = (await callApi(page, 'GET', `/liquidacion/api/v3/liquidaciones/${id}`)).body.data as { factura: string; energia_total_mwh: string };
  const downloading = page.waitForEvent('download');
  await commands(app, page).download.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const numbers: number[] = [];
  workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => typeof cell.value === 'number' && numbers.push(cell.value)));
  expect(numbers).toContain(Number(stored.factura));
  expect(numbers).toContain(Number(stored.energia_total_mwh));

  // The analyst prepares but may not validate: the command is not offered.
  await expect(commands(app, page).validate).toHaveCount(0);
  await app.signOut(analyst);

  // The supervisor computes it again and is then its preparer: four eyes refuse the validation.
  await app.signIn(ACCOUNTS.supervisor);
  await app.open(`/liquidaciones/${id}`);
  await computeAgain(app, page);
  await expect(commands(app, page).validate).toBeDisabled();
  await expect(page.getByText(app.t('errors.APP_ERR_SETTLEMENT_FOUR_EYES'))).toBeVisible();
  await app.signOut(ACCOUNTS.supervisor);

  // The analyst computes it once more; the supervisor validates it, irreversibly.
  await app.signIn(analyst);
  await app.open(`/liquidaciones/${id}`);
  await computeAgain(app, page);
  await app.signOut(analyst);
  await app.signIn(ACCOUNTS.supervisor);
  await app.open(`/liquidaciones/${id}`);
  await expect(commands(app, page).validate).toBeEnabled();
  await commands(app, page).validate.click();
  await expect(page.getByRole('alertdialog')).toContainText(app.t('settlements.view.validateTitle'));
  await confirm(app, page, 'settlements.view.validateConfirm');
  await expect(page.getByText(app.t('settlements.view.validated'))).toBeVisible();

  // Final and locked: nothing can compute or validate it any more, even after a reload.
  await page.reload();
  await expect(page.getByText(exactly(app.t('settlements.view.locked')))).toBeVisible();
  await expect(page.getByText(exactly(app.t('settlements.common.states.validada'))).first()).toBeVisible();
  await expect(commands(app, page).compute).toHaveCount(0);
  await expect(commands(app, page).validate).toHaveCount(0);
  const again = await callApi(page, 'POST', `/liquidacion/api/v3/liquidaciones/${id}/validar`, { version: 1 });
  expect(again.status).toBe(409);
});
