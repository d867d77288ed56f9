import type { Page, Response } from '@playwright/test';
import type { DashboardAnswer } from '../schemas/dashboard.schema';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';
import { cents, moneyText } from './support/money';

// The contract performance dashboard (issue 26), in each project's language: the tiles as the
// dashboard call answers them (the server tests prove the call equals the billing reports), a
// filter kept in the URL and on reload, and a contract's row leading to the contract and to its
// settlements.

const CALL = '/dashboard/api/v1/desempeno';

/** The next answer of the dashboard call, with the body the page asked it with. */
async function nextAnswer(page: Page, navigate: () => Promise<unknown>): Promise<{ body: Record<string, unknown>; answer: DashboardAnswer }> {
  const [response] = await Promise.all([page.waitForResponse((candidate: Response) => candidate.url().endsWith(CALL) && candidate.request().method() === 'POST'), navigate()]);
  expect(response.status()).toBe(200);
  return { body: response.request().postDataJSON() as Record<string, unknown>, answer: ((await response.json()) as { data: DashboardAnswer }).data };
}

const figure = (page: Page, id: string) => page.getByTestId(`figure-${id}`);

test('the tiles are the call’s totals; a filter is kept on reload; a contract opens from its row, and so do its settlements', async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.signIn(ACCOUNTS.admin);

  // From the menu, on its default period (the twelve months up to last month).
  const first = await nextAnswer(page, () => app.open('/dashboard'));
  await expect(page.getByRole('heading', { name: exactly(app.t('menu.desempenoContratos')) })).toBeVisible();
  expect(first.answer.contratos.length).toBeGreaterThan(0);
  expect(first.answer.totales.margen).not.toBeNull();
  await expect(figure(page, 'margen')).toContainText(moneyText(app.lang, cents(String(first.answer.totales.margen)), 'USD'));
  await expect(figure(page, 'riesgo')).toContainText(String(first.answer.totales.en_riesgo));
  await expect(page.getByRole('figure', { name: exactly(app.t('dashboard.charts.rankingLabel')) })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dashboard.png') });

  // Sales only: the call asks for them, the tiles follow, the URL keeps it.
  const sales = await nextAnswer(page, () => page.getByRole('combobox', { name: exactly(app.t('dashboard.filters.transaccion')) }).selectOption('R'));
  expect(sales.body.tipo_transaccion).toBe('R');
  await expect(page).toHaveURL(/transaccion=R/);
  const salesMargin = moneyText(app.lang, cents(String(sales.answer.totales.margen ?? '0')), 'USD');
  await expect(figure(page, 'margen')).toContainText(salesMargin);
  expect(sales.answer.contratos.every((row) => row.tipo_transaccion === 'R')).toBe(true);

  // Reloaded: the same filter, the same figures.
  const reloaded = await nextAnswer(page, () => page.reload());
  expect(reloaded.body).toEqual(sales.body);
  await expect(page.getByRole('combobox', { name: exactly(app.t('dashboard.filters.transaccion')) })).toHaveValue('R');
  await expect(figure(page, 'margen')).toContainText(salesMargin);

  // The sale of largest margin: found with the grid's search, opened from its row.
  const best = [...sales.answer.contratos].filter((row) => row.margen !== null).sort((a, b) => Number(b.margen) - Number(a.margen))[0]!;
  const code = String(best.contrato);
  await page.getByLabel(exactly(app.t('dashboard.grid.search'))).fill(code);
  await page.getByRole('link', { name: exactly(app.t('dashboard.grid.openContract', { code })) }).click();
  await expect(page).toHaveURL(new RegExp(`/contratos/${best.contrato_id}$`));
  await expect(page.getByText(code).first()).toBeVisible();

  // Back on the dashboard, its settlements.
  await page.goBack();
  await page.getByLabel(exactly(app.t('dashboard.grid.search'))).fill(code);
  await page.getByRole('link', { name: exactly(app.t('dashboard.grid.openSettlements', { code })) }).click();
  await expect(page).toHaveURL(new RegExp(`/liquidaciones\\?contrato=${best.contrato_id}`));
  await expect(page.getByRole('gridcell', { name: new RegExp(code) }).first()).toBeVisible();
});

test('a period that ends before it starts asks nothing and says why', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  let asked = false;
  page.on('request', (request) => {
    if (request.url().endsWith(CALL)) asked = true;
  });
  await app.open('/dashboard?desde=2026-05&hasta=2025-01');
  await expect(page.getByRole('alert').filter({ hasText: app.t('dashboard.filters.reversed') })).toBeVisible();
  await expect(figure(page, 'margen')).toHaveCount(0);
  expect(asked).toBe(false);
});
