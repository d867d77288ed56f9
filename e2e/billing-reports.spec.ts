import type { Page } from '@playwright/test';
import { addDays, businessToday } from '../schemas/date.schema';
import type { ReportAnswer, ReportName } from '../schemas/report.schema';
import { reportsOf, shapeOf, type ReportTab } from '../src/features/billing-reports/report-tabs';
import { callApi } from './support/api';
import { ACCOUNTS, expect, test } from './support/fixtures';
import type { App } from './support/fixtures';
import { exactly } from './support/messages';

// Billing reports (issue 25): each country's tab runs its first report on the demo data, the rows
// and their count as the call answers them; a filter changed is kept on reload and changes the
// figures as the call does; the workbook downloads.

const PAGE = '/facturacion/reporte-facturacion/';

/** Last month in the company's calendar: the month a back office reports on, and the page's default. */
function lastMonth() {
  const last = addDays(`${businessToday().slice(0, 8)}01`, -1);
  return { anio: Number(last.slice(0, 4)), mes: Number(last.slice(5, 7)), desde: `${last.slice(0, 8)}01`, hasta: last };
}

/** A report's period as the URL and the call write it. */
function periodOf(nombre: ReportName) {
  const month = lastMonth();
  return shapeOf(nombre)!.period === 'month' ? { anio: month.anio, mes: month.mes } : { desde: month.desde, hasta: month.hasta };
}

/** The count line under the grid, as the page words it for an answer. */
function countLine(app: App, answer: ReportAnswer): string {
  const { total_filas: total } = answer;
  const last = Math.min(total, 500);
  const number = (value: number) => new Intl.NumberFormat(app.lang).format(value);
  return app.t('reports.page.rows', { count: total, first: number(total > 0 ? 1 : 0), last: number(last), total: number(total) });
}

async function answerOf(page: Page, nombre: ReportName, body: Record<string, unknown>) {
  const answer = await callApi(page, 'POST', `/reportes/api/v1/${nombre}`, { ...body, por_pagina: 500 });
  expect(answer.status).toBe(200);
  return answer.body.data as unknown as ReportAnswer;
}

/** What the page shows of a report: its rows' count line, or that it has none. */
async function expectShown(page: Page, app: App, answer: ReportAnswer) {
  if (answer.total_filas > 0) await expect(page.getByText(exactly(countLine(app, answer)))).toBeVisible();
  // The grid's overlay (AG Grid also repeats it to screen readers in a hidden live region).
  else await expect(page.locator('.ag-overlay-no-rows-center', { hasText: exactly(app.t('reports.page.grid.empty')) })).toBeVisible();
}

test("each country's tab runs its first report, as the call answers it", async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.signIn(ACCOUNTS.admin);
  for (const tab of ['GT', 'MX', 'SV'] as ReportTab[]) {
    const nombre = reportsOf(tab)[0]!;
    const period = periodOf(nombre);
    await app.open(`${PAGE}?pestana=${tab}&${new URLSearchParams(Object.entries(period).map(([key, value]) => [key, String(value)]))}`);
    await expect(page.getByRole('tab', { name: exactly(app.t(`reports.page.tabs.${tab}`)), selected: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: exactly(app.t('reports.page.report')) })).toHaveValue(nombre);
    await expectShown(page, app, await answerOf(page, nombre, period));
    await page.screenshot({ path: test.info().outputPath(`tab-${tab}.png`) });
  }
});

test('a report chosen, a filter changed and kept on reload, and its workbook downloaded', async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.signIn(ACCOUNTS.admin);
  const nombre: ReportName = 'energia-gtm';
  const period = periodOf(nombre);
  await app.open(`${PAGE}?desde=${period.desde}&hasta=${period.hasta}`);
  await page.getByRole('combobox', { name: exactly(app.t('reports.page.report')) }).selectOption(nombre);
  const best = await answerOf(page, nombre, period);
  expect(best.total_filas).toBeGreaterThan(0);
  await expectShown(page, app, best);

  // The preliminary version only: the URL keeps it, a reload shows it, the rows are the call's.
  await page.getByRole('combobox', { name: exactly(app.t('reports.filters.version')) }).selectOption('PE');
  await expect(page).toHaveURL(/version=PE/);
  const preliminary = await answerOf(page, nombre, { ...period, version: 'PE' });
  await page.reload();
  await expect(page.getByRole('combobox', { name: exactly(app.t('reports.filters.version')) })).toHaveValue('PE');
  await expectShown(page, app, preliminary);
  await page.screenshot({ path: test.info().outputPath('energy-pe.png') });

  // The workbook of the same rows.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: exactly(app.t('reports.page.download')) }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  // Cleared: nothing shown until asked again.
  await page.getByRole('button', { name: exactly(app.t('reports.page.clear')) }).click();
  await expect(page.getByText(exactly(app.t('reports.page.cleared')))).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('reports.page.runAgain')) }).click();
  await expectShown(page, app, preliminary);
});
