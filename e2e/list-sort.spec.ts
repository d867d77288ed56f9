import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';
import { FIRST_GRID_MS } from './support/grid';

/** The texts of one column's cells on the page shown, top to bottom. */
async function columnTexts(page: Page, colId: string): Promise<string[]> {
  return page.evaluate((colId) => {
    const cells = [...document.querySelectorAll<HTMLElement>(`[role="gridcell"][col-id="${colId}"]`)];
    const row = (cell: HTMLElement) => Number(cell.closest('[row-index]')?.getAttribute('row-index'));
    return cells.sort((a, b) => row(a) - row(b)).map((cell) => (cell.textContent ?? '').trim());
  }, colId);
}

/** Whether `texts` are in the order the grid sorts text (the browser's own collation). */
async function isSorted(page: Page, texts: string[], direction: 'asc' | 'desc'): Promise<boolean> {
  const sorted = await page.evaluate((texts) => [...texts].sort((a, b) => a.localeCompare(b)), texts);
  return JSON.stringify(direction === 'asc' ? sorted : sorted.reverse()) === JSON.stringify(texts);
}

test('a header click sorts a list without an error; the sort is in the address, a reload keeps it and Back brings the previous one', async ({
  app,
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await app.signIn(ACCOUNTS.admin);
  await app.open('/empresas');
  const header = page.getByRole('columnheader', { name: new RegExp(app.t('companies.fields.razon_social')) });
  const names = () => columnTexts(page, 'razon_social');
  await expect.poll(async () => (await names()).length, { timeout: FIRST_GRID_MS }).toBeGreaterThan(5);

  await header.getByText(exactly(app.t('companies.fields.razon_social'))).click();
  await expect(page).toHaveURL(/[?&]sort=razon_social%3Aasc/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(await isSorted(page, await names(), 'asc')).toBe(true);

  await header.getByText(exactly(app.t('companies.fields.razon_social'))).click();
  await expect(page).toHaveURL(/[?&]sort=razon_social%3Adesc/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const descending = await names();
  expect(await isSorted(page, descending, 'desc')).toBe(true);

  // A reload (or a copied link) shows the same order.
  await page.reload();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  // The grid draws only the rows near the viewport, and how many depends on when it measured:
  // the first rows are what a reader sees in that order.
  await expect.poll(async () => (await names()).slice(0, 10)).toEqual(descending.slice(0, 10));
  if (app.lang === 'en-US') await expect(page).toHaveURL(/[?&]lang=en-US/);

  // Back: the previous sort, in the address and on screen.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]sort=razon_social%3Aasc/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  expect(await isSorted(page, await names(), 'asc')).toBe(true);
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(header).not.toHaveAttribute('aria-sort', /ascending|descending/);

  expect(errors.filter((error) => /AG Grid|reading 'find'/.test(error))).toEqual([]);
});
