import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, test, type App } from './support/fixtures';
import { exactly } from './support/messages';

/** A CSV as a spreadsheet saves it, from its header and rows of cells. */
function csv(name: string, header: string[], rows: string[][]) {
  const text = [header, ...rows].map((row) => row.join(',')).join('\r\n');
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${text}\r\n`) };
}

/** The header of each kind of file the tests import. */
const COLUMNS = {
  precios: ['nodo', 'fecha', 'periodo', 'version', 'precio'],
  cargos: ['pais', 'concepto', 'vigente_desde', 'vigente_hasta', 'tasa'],
};

/** Imports from the page a CSV named `name`: the header of `kind`, then these rows (the test picks the kind on the page). */
async function importFile(app: App, page: Page, kind: keyof typeof COLUMNS, name: string, rows: string[][]) {
  const file = csv(name, COLUMNS[kind], rows);
  await page.getByLabel(app.t('marketData.import.file')).setInputFiles(file);
  await expect(page.getByTestId('chosen-file')).toHaveText(file.name);
  await page.getByRole('button', { name: exactly(app.t('marketData.import.submit')) }).click();
}

test('market data: a file with a bad row is refused with its report and stores nothing; a good one is stored and shows in the coverage', async ({ app, page }) => {
  // A node of its own and a month nobody else loads: the coverage shows only what this test stored.
  const node = `E2E-${String(Date.now()).slice(-8)}`;
  await app.signIn(ACCOUNTS.admin);
  await app.open('/liquidaciones/datos-mercado?anio=2031&mes=3');
  await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('menu.datosMercado')) })).toBeVisible();

  const prices = page.getByRole('region', { name: exactly(app.t('marketData.kinds.precios')) });
  const rates = page.getByTestId('coverage-rates');
  await expect(rates).toBeVisible();
  const ratesBefore = await rates.textContent();
  await expect(prices.getByText(node)).toHaveCount(0);

  // Row 3 has period 25: the whole file is refused, row by row.
  await importFile(app, page, 'precios', 'precios-malo.csv', [
    [node, '01/03/2031', '1', 'DF', '45.5'],
    [node, '01/03/2031', '25', 'DF', '46'],
  ]);
  const report = page.getByRole('region', { name: exactly(app.t('marketData.report.title')) });
  await expect(report.getByRole('alert')).toContainText(app.t('errors.APP_ERR_MARKET_DATA_INVALID'));
  await expect(report.getByRole('alert')).toContainText(app.t('marketData.report.nothingStored', { count: 1 }));
  await expect(report.locator('[role="gridcell"][col-id="fila"]')).toHaveText(['3']);
  await expect(report.locator('[role="gridcell"][col-id="columna"]')).toHaveText(['periodo']);
  await expect(report.locator('[role="gridcell"][col-id="motivo"]')).toHaveText([app.t('marketData.problems.period')]);

  // Nothing was stored: the coverage, read again, still has no row of the node.
  await page.reload();
  await expect(rates).toHaveText(ratesBefore ?? '');
  await expect(prices.getByText(node)).toHaveCount(0);

  await importFile(app, page, 'precios', 'precios.csv', [
    [node, '01/03/2031', '1', 'DF', '45.5'],
    [node, '2031-03-01', '2', 'DF', '-3.25'],
  ]);
  await expect(page.getByText(app.t('marketData.import.stored', { count: 2, kind: app.t('marketData.kinds.precios') }))).toBeVisible();
  await expect(report).toHaveCount(0);
  const stored = prices.getByRole('row').filter({ hasText: node }).filter({ hasText: 'DF' });
  await expect(stored).toContainText(app.t('marketData.coverage.incomplete'));
  await expect(stored.locator('[col-id="periodos"]')).toHaveText('2');
  await expect(stored.locator('[col-id="periodos_esperados"]')).toHaveText('744');
});

test('market data: charge rates whose periods overlap are refused naming the other period; good ones show per country and kind', async ({ app, page }) => {
  // A country the demo loads no charges for (its rates of every other country run open-ended) and a
  // month nobody else loads; the periods close within it, so a run again replaces the same ones.
  await app.signIn(ACCOUNTS.admin);
  await app.open('/liquidaciones/datos-mercado?anio=2032&mes=3');
  await page.getByLabel(app.t('marketData.import.kind')).selectOption('cargos');
  await expect(page.getByTestId('expected-columns')).toHaveText('pais,concepto,vigente_desde,vigente_hasta,tasa');

  await importFile(app, page, 'cargos', 'cargos-solapados.csv', [
    ['NI', 'MMi', '01/03/2032', '15/03/2032', '1.2'],
    ['NI', 'MMi', '2032-03-10', '2032-03-31', '1.3'],
  ]);
  const report = page.getByRole('region', { name: exactly(app.t('marketData.report.title')) });
  await expect(report.locator('[role="gridcell"][col-id="fila"]')).toHaveText(['3']);
  const period = app.t('marketData.periods.range', { desde: '01/03/2032', hasta: '15/03/2032' });
  await expect(report.locator('[role="gridcell"][col-id="motivo"]')).toHaveText([app.t('marketData.problems.overlap_file', { otra_fila: '2', periodo: period })]);

  await importFile(app, page, 'cargos', 'cargos.csv', [
    ['NI', 'MMi', '01/03/2032', '15/03/2032', '1.2'],
    ['NI', 'MMi', '2032-03-16', '2032-03-31', '1.3'],
  ]);
  await expect(page.getByText(app.t('marketData.import.stored', { count: 2, kind: app.t('marketData.kinds.cargos') }))).toBeVisible();
  const charges = page.getByRole('region', { name: exactly(app.t('marketData.kinds.cargos')) });
  const stored = charges.getByRole('row').filter({ hasText: app.t('countries.NI') }).filter({ hasText: app.t('marketData.chargeKinds.MMi') });
  await expect(stored.locator('[col-id="periodos"]')).toHaveText('31');
  await expect(stored).toContainText(app.t('marketData.coverage.complete'));
});
