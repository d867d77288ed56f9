import type { Page } from '@playwright/test';
import { CONTRACT_FIELD_MESSAGES } from '../schemas/contract.schema';
import { callApi } from './support/api';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';
import { picker, pickRecord } from './support/pick';

/** A form field by its label, with or without the required mark. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`));
}

/** A small real PDF (the server checks the content, not the name). */
function pdf(name: string) {
  const body = '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n';
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}

test('a contract: every spec message on an empty submit, then a real one with its signed PDF, then an annex whose PDF opens in the page', async ({
  app,
  page,
  lang,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const decimal = lang === 'es-ES' ? '45,5' : '45.5';
  const f = (name: string) => field(page, app.t(`contracts.fields.${name}`));

  await app.signIn(ACCOUNTS.admin);
  await app.open('/contratos');
  await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('menu.contratos')) })).toBeVisible();
  await page.getByRole('link', { name: exactly(app.t('contracts.new')) }).click();
  await expect(page).toHaveURL(/\/contratos\/nuevo/);

  // An empty tripartite contract: every message of spec section 5, beside its field.
  await page.getByText(exactly(app.t('contracts.fields.tripartito'))).click();
  await page.getByRole('button', { name: exactly(app.t('contracts.create')) }).click();
  for (const [name, key] of Object.entries(CONTRACT_FIELD_MESSAGES)) {
    await expect(page.getByText(exactly(app.t(key))).first(), name).toBeVisible();
  }
  await expect(page).toHaveURL(/\/contratos\/nuevo/);

  // Now for real (not tripartite).
  await page.getByText(exactly(app.t('contracts.fields.tripartito'))).click();
  await expect(f('nombre_empresa_tercero')).toHaveCount(0);
  // The company picker finds a name by any part of it, accents and case aside.
  await pickRecord(page, app.t('contracts.fields.empresa_id'), 'hidroelectrica del motagua', 'Generadora Hidroeléctrica del Motagua, S.A.');
  await f('sucursal').selectOption('GT');
  await f('local_regional').selectOption('regional');
  await f('codigo_contraparte').fill(`CP-${stamp}`);
  await f('codigo_agente').fill('EPWM-GT');
  await page.getByRole('button', { name: exactly(app.t('contracts.signers.add')) }).click();
  await field(page, app.t('contracts.signers.nombre')).fill('Ana Morales');
  await field(page, app.t('contracts.signers.cargo')).fill('Gerente');
  await field(page, app.t('contracts.signers.email')).fill('ana.morales@demo.energy');
  await f('archivo_firmado').setInputFiles(pdf(`contrato-${stamp}.pdf`));
  await expect(page.getByText(app.t('files.uploaded', { name: `contrato-${stamp}.pdf` }))).toBeVisible();
  await f('tipo_contrato').selectOption('PF');
  await f('clase_contrato').selectOption('CNFFF');
  await f('tipo_transaccion').selectOption('I');
  await f('incoterm').selectOption('DAP');
  await f('fecha_inicio').fill('01/03/2026');
  await f('plazo').fill('24');
  // A text that is not a node code is not added to the list, and says why.
  await f('pmi').fill('-5');
  await f('pmi').press('Enter');
  await expect(page.getByText(exactly(app.t('forms.errors.nodeCodeRefused', { field: app.t('contracts.fields.pmi'), codes: '-5', limit: '40' })))).toBeVisible();
  await f('pmi').fill('GT-ESC-230');
  await f('pmi').press('Enter');
  await f('pmr').fill('SV-AHU-115');
  await f('pmr').press('Enter');
  for (const name of ['poc', 'margen', 'fee', 'precio_fijo', 'energia', 'potencia']) await f(name).fill(decimal);
  await f('tipo_factura').selectOption('mensual');
  await f('dias_factura').fill('10');
  await f('dias_credito').fill('30');
  await f('tipo_garantia').selectOption('fianza');
  await f('monto_garantia').fill('250000');
  await page.getByRole('button', { name: exactly(app.t('contracts.create')) }).click();

  await expect(page).toHaveURL(/\/contratos\/\d+$/);
  const contractId = /\/contratos\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`${contractId}`) })).toBeVisible();
  await expect(page.getByText(exactly('01/03/2026'))).toBeVisible();
  await expect(page.getByText(exactly(app.t('contracts.annexes.none')))).toBeVisible();

  // An annex of that contract, with its PDF, opened in the page.
  await page.getByRole('link', { name: exactly(app.t('contracts.annexes.new')) }).click();
  await expect(page).toHaveURL(new RegExp(`/anexos/nuevo\\?contrato=${contractId}`));
  const a = (name: string) => field(page, app.t(`annexes.fields.${name}`));
  await expect(picker(page, app.t('annexes.fields.contrato_id'))).toHaveValue(new RegExp(`^#${contractId} ·`));
  await a('fecha_inicio').fill('01/03/2026');
  await a('fecha_fin').fill('28/02/2027');
  await a('potencia_contratada').fill(decimal);
  await a('unidad_potencia').selectOption('MW');
  await a('pmi').fill('GT-ESC-230');
  await a('pmi').press('Enter');
  await a('pmr').fill('SV-AHU-115');
  await a('pmr').press('Enter');
  await a('margen_pct').fill('150');
  await a('archivo').setInputFiles(pdf(`anexo-${stamp}.pdf`));
  await expect(page.getByText(app.t('files.uploaded', { name: `anexo-${stamp}.pdf` }))).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('annexes.create')) }).click();
  // A percentage over 100 is refused beside its field before anything is sent, saying the bounds.
  const percentage = { field: app.t('annexes.fields.margen_pct'), min: '0', max: '100', scale: '4' };
  await expect(page.getByText(exactly(app.t('forms.errors.decimalRange', percentage)))).toBeVisible();
  await a('margen_pct').fill(decimal);
  await page.getByRole('button', { name: exactly(app.t('annexes.create')) }).click();

  await expect(page).toHaveURL(/\/anexos\/\d+$/);
  const frame = page.locator(`iframe[title="${app.t('annexes.documentTitle')}"]`);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await expect(page.getByText(`${decimal} MW`).first()).toBeVisible();

  // The contract now lists the annex, and refuses to be deleted while it has one.
  await page.getByRole('link', { name: new RegExp(`#${contractId}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/contratos/${contractId}$`));
  await page.getByRole('button', { name: exactly(app.t('contracts.delete')) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: exactly(app.t('contracts.delete')) }).click();
  await expect(page.getByText(exactly(app.t('errors.APP_ERR_RECORD_IN_USE')))).toBeVisible();
  await expect(page.getByText(exactly(app.t('contracts.deleteInUse', { count: 1 })))).toBeVisible();
});

test("an annex's document shows in the browser's PDF viewer under the document's name, not its address", async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  const annex = (await callApi(page, 'GET', '/anexos/api/v1/get-once/1')).body.data as { archivo_nombre: string };
  await app.open('/anexos/1');
  await expect(page.getByText(exactly(annex.archivo_nombre))).toBeVisible();
  await page.locator(`iframe[title="${app.t('annexes.documentTitle')}"]`).scrollIntoViewIfNeeded();
  // The viewer is the browser's own, in a frame of its own inside the page's frame.
  await expect
    .poll(async () => page.frames().find((frame) => frame.url().startsWith('chrome-extension://'))?.title() ?? null, { timeout: 20_000 })
    .toBe(annex.archivo_nombre);
});
