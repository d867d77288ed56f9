import type { Page } from '@playwright/test';
import { formatMonth } from '../i18n/notation';
import { callApi, createAccount } from './support/api';
import { demoContracts, guatemalanEnergyContract, lastCompleteMonth, type DemoContract } from './support/demo-settlements';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';

// Home says what needs the signed-in user now (docs/home.md). An analyst computes a month's
// final settlement (setup, through the API); the analyst's Home offers nothing to validate,
// the supervisor's "to validate" card lists it and leads to it (four eyes: someone else computed it).

// The screens as the back office sees them on a laptop.
test.use({ viewport: { width: 1440, height: 900 } });

const SETTLEMENTS = '/liquidacion/api/v3/liquidaciones';

/**
 * Computes the last complete month's DF of a Guatemalan purchase (the settlements spec settles
 * a Guatemalan energy contract, the invoicing spec the sales) as the signed-in user: the first
 * such contract with nothing computed in that month yet, so a rerun on the same server takes
 * the next one. Answers the contract and the settlement's id.
 */
async function computeFinal(page: Page, month: { anio: number; mes: number }): Promise<{ contract: DemoContract; id: number }> {
  const theSettlementsSpecs = await guatemalanEnergyContract(page);
  const purchases = (await demoContracts(page))
    .filter((row) => row.sucursal === 'GT' && row.tipo_transaccion === 'I' && row.id !== theSettlementsSpecs.id)
    .sort((a, b) => a.id - b.id);
  for (const contract of purchases) {
    const existing = await callApi(page, 'GET', `${SETTLEMENTS}?contrato_id=${contract.id}&anio=${month.anio}&mes=${month.mes}&version=DF`);
    if (existing.body.total !== 0) continue;
    const computed = await callApi(page, 'POST', SETTLEMENTS, { contrato_id: contract.id, anio: month.anio, mes: month.mes, version: 'DF' });
    expect(computed.status, JSON.stringify(computed.body)).toBe(201);
    return { contract, id: computed.body.data!.id as number };
  }
  throw new Error('no Guatemalan purchase is left to settle in the demo month');
}

test('home: the supervisor\'s "to validate" card leads to the final settlement an analyst computed', async ({ app, page }) => {
  test.setTimeout(180_000);
  const month = lastCompleteMonth();
  const toValidate = () => page.getByRole('region', { name: exactly(app.t('home.toValidate.title')) });

  // A fresh analyst (the demo one's password belongs to the forgot-password spec) computes the DF.
  const analyst = await createAccount(app, page, 'preparador', { role: 'Analista GT', views: ['relaciones', 'liquidaciones'], nombre: 'Olga', primer_apellido: 'Preparadora', cargo: 'Analista' });
  await app.signIn(analyst);
  const { contract, id } = await computeFinal(page, month);

  // The analyst validates nothing: their Home has no such card, only what they may act on.
  await expect(page.getByRole('heading', { level: 2, name: exactly(app.t('home.pending.title')) })).toBeVisible();
  await expect(page.getByRole('region', { name: exactly(app.t('home.marketData.title')) })).toBeVisible();
  await expect(toValidate()).toHaveCount(0);
  await app.signOut(analyst);

  // The supervisor's Home lists it among the settlements to validate, and leads to it.
  await app.signIn(ACCOUNTS.supervisor);
  const item = toValidate().getByRole('link', {
    name: exactly(app.t('home.toValidate.item', { version: 'DF', month: formatMonth(month.anio, month.mes, app.lang), contract: contract.codigo_contraparte })),
  });
  await expect(item).toBeVisible();
  await expect(toValidate()).toContainText(contract.empresa_razon_social);
  await page.screenshot({ path: test.info().outputPath('home-supervisor.png'), fullPage: true });
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/liquidaciones/${id}(\\?|$)`));
  await expect(page.getByRole('button', { name: exactly(app.t('settlements.view.validate')) })).toBeEnabled();
});
