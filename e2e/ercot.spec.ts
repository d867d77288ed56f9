import type { Page } from '@playwright/test';
import type { AccumulatedRow, SettledBids } from '../schemas/ercot.schema';
import { callApi } from './support/api';
import { dayFromToday } from './support/days';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';
import { cents, moneyText } from './support/money';

// ERCOT (issue 24): the three tabs on the demo's awards and prices, their totals agreeing with
// the calls; a fall-back day's prices imported (a file with a bad row refused and reported, then
// the fixed file stored) and charted as the day's 25 operating hours.

/** The range read: the last 30 days before today (the demo has prices and awards for 61). */
const FROM = dayFromToday(-30);
const TO = dayFromToday(-1);

/** 2025's fall-back day in Central time: hour ending 02:00 twice, the second flagged. */
const FALL_BACK = { iso: '2025-11-02', us: '11/02/2025', shown: '02/11/2025' };

/** A DAM price file (NP4-190-CD) of HB_NORTH on the fall-back day: 25 rows, `bad` as the price of hour ending 05:00. */
function fallBackPrices(bad?: string): { name: string; mimeType: string; buffer: Buffer } {
  const hours = [1, 2, 2, ...Array.from({ length: 22 }, (_, index) => index + 3)];
  const rows = hours.map((hour, index) => {
    const repeated = index === 2 ? 'Y' : 'N';
    const price = hour === 5 && bad !== undefined ? bad : (20 + index * 1.5).toFixed(2);
    return `${FALL_BACK.us},${String(hour).padStart(2, '0')}:00,HB_NORTH,${price},${repeated}`;
  });
  const body = ['DeliveryDate,HourEnding,SettlementPoint,SettlementPointPrice,DSTFlag', ...rows].join('\n');
  return { name: `dam-${FALL_BACK.iso}${bad ? '-bad' : ''}.csv`, mimeType: 'text/csv', buffer: Buffer.from(body) };
}

/** A figure card's value by its id (the cards of lib/ui/figure-cards.tsx). */
const figure = (page: Page, id: string) => page.getByTestId(`figure-${id}`);

test('the three tabs show the demo awards, prices and accumulated figures, their totals as the calls answer them', async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.signIn(ACCOUNTS.admin);
  const range = { desde: FROM.iso, hasta: TO.iso };
  const settled = await callApi(page, 'POST', '/ercot/api/v1/settled-bids', range);
  expect(settled.status).toBe(200);
  const { totales } = settled.body.data as unknown as SettledBids;
  expect(totales.adjudicaciones).toBeGreaterThan(0);
  const net = moneyText(app.lang, cents(totales.monto), 'USD');

  // Settled bids: the net result as a card and on the totals row, a bid's row with its hour ending.
  await app.open(`/ercot/?desde=${range.desde}&hasta=${range.hasta}`);
  await expect(page.getByRole('tab', { name: exactly(app.t('ercot.tabs.adjudicaciones')), selected: true })).toBeVisible();
  await expect(figure(page, 'net')).toContainText(net);
  await expect(page.getByRole('gridcell', { name: exactly(app.t('ercot.kinds.OFFER')) }).first()).toBeVisible();
  await expect(page.getByRole('gridcell', { name: exactly(net) })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settled-bids.png') });
  // The workbook of the same awards.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: exactly(app.t('ercot.download')) }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  // A kind chosen narrows the awards, and is kept in the URL.
  await page.getByRole('combobox', { name: exactly(app.t('ercot.filters.tipo')) }).selectOption('PTP');
  await expect(page).toHaveURL(/tipo=PTP/);
  const ptp = await callApi(page, 'POST', '/ercot/api/v1/settled-bids', { ...range, tipo: 'PTP' });
  await expect(figure(page, 'net')).toContainText(moneyText(app.lang, cents((ptp.body.data as unknown as SettledBids).totales.monto), 'USD'));

  // Settlement points: the catalogue and a hub's day-ahead against real-time prices.
  await page.getByRole('tab', { name: exactly(app.t('ercot.tabs.puntos')) }).click();
  await expect(page).toHaveURL(/pestana=puntos/);
  await page.getByRole('combobox', { name: exactly(app.t('ercot.chart.point')) }).selectOption('HB_NORTH');
  const chartFrom = dayFromToday(-14).typed;
  await expect(page.getByRole('figure', { name: exactly(app.t('ercot.chart.label', { point: 'HB_NORTH', from: chartFrom, to: TO.typed })) })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: exactly('RN_EPWM_WIND1') })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settlement-points.png') });

  // Accumulated, by month: the last running total is the range's net result.
  await page.getByRole('tab', { name: exactly(app.t('ercot.tabs.acumulados')) }).click();
  await page.getByRole('combobox', { name: exactly(app.t('ercot.filters.agrupacion')) }).selectOption('mes');
  const monthly = await callApi(page, 'POST', '/ercot/api/v1/acumulados', { ...range, agrupacion: 'mes' });
  const groups = monthly.body.data as unknown as AccumulatedRow[];
  expect(groups.at(-1)!.monto_acumulado).toBe(totales.monto);
  await expect(page.getByRole('figure', { name: exactly(app.t('ercot.accumulated.chart', { from: FROM.typed, to: TO.typed })) })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: exactly(net) }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('accumulated.png') });

  // The tab and the grouping are kept on reload.
  await page.reload();
  await expect(page.getByRole('tab', { name: exactly(app.t('ercot.tabs.acumulados')), selected: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: exactly(app.t('ercot.filters.agrupacion')) })).toHaveValue('mes');
});

test("a fall-back day's prices: a file with a bad price refused with its row, the fixed file stored and charted as 25 hours", async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.signIn(ACCOUNTS.admin);
  await app.open(`/ercot/?pestana=puntos&desde=${FALL_BACK.iso}&hasta=${FALL_BACK.iso}&grafico=HB_NORTH`);
  const fileField = page.getByLabel(exactly(app.t('ercot.imports.file')));
  const importButton = page.getByRole('button', { name: exactly(app.t('ercot.imports.import')) });

  // A price that is not a number: refused, its row named, nothing stored.
  await fileField.setInputFiles(fallBackPrices('abc'));
  await importButton.click();
  await expect(page.getByText(exactly(app.t('errors.APP_ERR_MARKET_DATA_INVALID')))).toBeVisible();
  // The header is row 1: hour ending 05:00 (the sixth hour) is row 7.
  const problem = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: exactly('7') }) });
  await expect(problem.getByRole('gridcell', { name: /SettlementPointPrice/i })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-refused.png') });

  // Fixed: stored, and the day charted hour by hour, the repeated hour ending 02 marked.
  await fileField.setInputFiles(fallBackPrices());
  await importButton.click();
  await expect(page.getByText(exactly(app.t('errors.APP_ERR_MARKET_DATA_INVALID')))).toBeHidden();
  await expect(page.getByTestId('chart-caption')).toHaveText(exactly(app.t('ercot.chart.caption', { count: 25, from: FALL_BACK.shown, to: FALL_BACK.shown })));
  await expect(page.getByRole('figure', { name: exactly(app.t('ercot.chart.label', { point: 'HB_NORTH', from: FALL_BACK.shown, to: FALL_BACK.shown })) })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: exactly('02*') })).toBeVisible();
  await expect(figure(page, 'hours')).toContainText('25');
  await page.getByRole('figure', { name: exactly(app.t('ercot.chart.label', { point: 'HB_NORTH', from: FALL_BACK.shown, to: FALL_BACK.shown })) }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('fall-back-day.png') });
});
