import ExcelJS from 'exceljs';
import type { ActiveAnnex, Logbook } from '../schemas/logbook.schema';
import { predespachoFileName } from '../server/logbooks/predespacho-workbook';
import { predespachoWorkbook, type DeclaredTransaction } from '../server/market-sim/predespacho-workbook';
import { callApi } from './support/api';
import { dayFromToday } from './support/days';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { FIRST_GRID_MS } from './support/grid';
import { exactly } from './support/messages';

/** An operating day some days from today (negative: past): ahead, its gate is open and no other spec bids on it. */
const dayAhead = dayFromToday;

test('a MER log book is prepared with a bad figure then fixed, sent after a question, and Sube Planillas starts from it', async ({ app, page }) => {
  test.setTimeout(180_000);
  // A retry works on the next day: the first attempt may have sent this one.
  const day = dayAhead(6 + test.info().retry);
  const decimal = (text: string) => (app.lang === 'es-ES' ? text.replace('.', ',') : text);
  await app.signIn(ACCOUNTS.admin);
  await app.open(`/procesos/bitacoras/mer/?fecha=${day.iso}`);
  await expect(page.getByText(exactly(app.t('logbooks.mer.none')))).toBeVisible({ timeout: FIRST_GRID_MS });

  // The first line's price box names its contract and PM: its MW boxes are named the same way.
  const priceTemplate = app.t('logbooks.mer.priceOf', { contract: '\u0001', pm: '\u0002' });
  const priceName = new RegExp(`^${priceTemplate.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\u0001', '(.+)').replace('\u0002', '(.+)')}$`);
  const price = page.getByRole('textbox', { name: priceName }).first();
  await expect(price).toBeVisible({ timeout: FIRST_GRID_MS });
  const [, contract, pm] = priceName.exec((await price.getAttribute('aria-label'))!)!;
  const mwOf = (periodo: number) => page.getByRole('textbox', { name: exactly(app.t('logbooks.mer.mwOf', { contract: contract!, pm: pm!, periodo })) });

  await price.fill(decimal('101.25'));
  // A figure over the annex's contracted power is refused, naming its line, and nothing is sent.
  await mwOf(1).fill('99999');
  await page.getByRole('button', { name: exactly(app.t('logbooks.mer.saveDraft')) }).click();
  await expect(page.getByRole('alert').filter({ hasText: app.t('logbooks.problems.offerOverPower', { max: '' }).split('(')[0]!.trim() })).toBeVisible();
  await expect(page.getByText(exactly(app.t('logbooks.mer.none')))).toBeVisible();

  await mwOf(1).fill(decimal('0.5'));
  await page.getByRole('button', { name: exactly(app.t('logbooks.mer.saveDraft')) }).click();
  await expect(page.getByText(exactly(app.t('logbooks.mer.saved', { day: day.typed })))).toBeVisible();
  await expect(page.getByText(exactly(app.t('logbooks.states.borrador')))).toBeVisible();

  await page.getByRole('button', { name: exactly(app.t('logbooks.mer.send')) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(exactly(app.t('logbooks.mer.confirmSend.title')))).toBeVisible();
  await dialog.getByRole('button', { name: exactly(app.t('logbooks.mer.send')) }).click();
  await expect(page.getByText(exactly(app.t('logbooks.mer.sent', { day: day.typed })))).toBeVisible();
  await expect(page.getByText(exactly(app.t('logbooks.states.enviada')))).toBeVisible();
  // Sent: read-only, and its annexes are in the sent summary.
  await expect(price).toHaveCount(0);
  await expect(page.getByRole('button', { name: exactly(app.t('logbooks.mer.nextVersion')) })).toBeVisible();
  await expect(page.getByText(exactly(app.t('logbooks.mer.tiles.sent'))).locator('xpath=..')).toContainText(/[1-9]/);

  // Sube Planillas for that day: the hours and prices the log book declared.
  await app.open('/procesos/sube-planillas/');
  const dayBox = page.getByRole('textbox', { name: exactly(app.t('processes.sube.fecha_operacion')) });
  const dayGrid = page.waitForResponse((response) => response.url().includes(`/sube/horas?fecha_operacion=${day.iso}`));
  await dayBox.fill(day.typed);
  await dayBox.press('Tab');
  await dayGrid;
  await page.getByLabel(app.t('processes.sube.search')).fill(pm!);
  const bidPrice = page.getByRole('textbox', { name: exactly(app.t('processes.sube.bidPrice', { nodo: pm!, periodo: '1' })) });
  await expect(bidPrice).toHaveValue(decimal('101.25'), { timeout: FIRST_GRID_MS });
  await expect(page.getByRole('textbox', { name: exactly(app.t('processes.sube.bidPower', { nodo: pm!, periodo: '1' })) })).toHaveValue(decimal('0.5'));
});

test("the EOR's predespacho of a sent day is imported: a renamed header refused with its place, then the simulator's workbook, compared with what was sent", async ({ app, page }) => {
  test.setTimeout(120_000);
  // A past day of the demo whose MER log book was sent and whose predespacho is not stored yet
  // (the demo stores the last 3 days'); a retry takes the day before, the first try's is stored.
  const day = dayAhead(-5 - test.info().retry);
  await app.signIn(ACCOUNTS.admin);
  await app.open(`/procesos/bitacoras/mer/?fecha=${day.iso}`);
  await expect(page.getByText(exactly(app.t('logbooks.predespacho.notImported')))).toBeVisible({ timeout: FIRST_GRID_MS });

  // What the EOR received that day: the sent declarations, by contract, PM and direction.
  const sent = (await callApi(page, 'GET', `/bitacoras/api/v1/bitacora?mercado=MER&fecha=${day.iso}`)).body.data as unknown as Logbook;
  const annexes = (await callApi(page, 'GET', `/bitacoras/api/v1/anexos-activos?fecha=${day.iso}`)).body.data as unknown as ActiveAnnex[];
  const codeOf = new Map(annexes.map((annex) => [annex.anexo_id, annex.contrato_codigo]));
  const declared = new Map<string, DeclaredTransaction & { mw: Array<string | null> }>();
  for (const row of sent.filas) {
    const codigo = codeOf.get(row.anexo_id!)!;
    const line = declared.get(`${codigo}|${row.pm}`) ?? { codigo, pm: row.pm, sentido: row.sentido, mw: Array.from({ length: 24 }, () => null) };
    line.mw[row.periodo - 1] = row.mw_declarada;
    declared.set(`${codigo}|${row.pm}`, line);
  }
  const workbook = await predespachoWorkbook(day.iso, 'OSO001', [...declared.values()]);
  const name = predespachoFileName(day.iso, 'OSO001');

  // A header renamed in TCP: refused, its sheet and column named, nothing stored.
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(workbook as unknown as ArrayBuffer);
  book.getWorksheet('TCP')!.getCell('B8').value = 'Nodo renombrado';
  const renamed = Buffer.from(await book.xlsx.writeBuffer());
  const file = page.getByLabel(exactly(app.t('logbooks.predespacho.file')));
  const importButton = page.getByRole('button', { name: exactly(app.t('logbooks.predespacho.import')) });
  await file.setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: renamed });
  await importButton.click();
  const report = page.getByRole('region', { name: app.t('marketData.report.title') });
  await expect(report.getByRole('alert')).toContainText(app.t('errors.APP_ERR_PREDESPACHO_INVALID'));
  await expect(report.getByRole('gridcell', { name: /^TCP · / }).first()).toBeVisible();
  await expect(page.getByText(exactly(app.t('logbooks.predespacho.notImported')))).toBeVisible();

  // The simulator's workbook as the EOR publishes it: stored, and the comparison filled.
  await file.setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
  await importButton.click();
  // The toast says what was stored, up to the counts of each sheet.
  const storedText = app.t('logbooks.predespacho.stored', { pais: 'OSO001', day: day.typed, tcp: '#', top: '#', pexante: '#' });
  await expect(page.getByText(storedText.slice(0, storedText.indexOf('#')))).toBeVisible();
  await expect(page.getByText(exactly(app.t('logbooks.predespacho.notImported')))).toHaveCount(0);
  const comparison = page.getByRole('table', { name: exactly(app.t('logbooks.predespacho.comparisonTitle')) });
  const [first] = declared.values();
  await expect(comparison.getByRole('row').filter({ hasText: first!.codigo }).first()).toBeVisible();
  await expect(report).toHaveCount(0);
});

test("El Salvador's top offers: a price under the unit's floor refused on its line, fixed, saved and kept", async ({ app, page }) => {
  test.setTimeout(120_000);
  // The demo gives the units their limits for the coming week; a retry takes the next day.
  const day = dayAhead(3 + test.info().retry);
  const decimal = (text: string) => (app.lang === 'es-ES' ? text.replace('.', ',') : text);
  await app.signIn(ACCOUNTS.admin);
  await app.open(`/procesos/bitacoras/slv/?fecha=${day.iso}`);
  await expect(page.getByRole('cell', { name: exactly(decimal('112.4')) })).toBeVisible({ timeout: FIRST_GRID_MS });
  const box = (key: 'priceOf' | 'mwOf', periodo: number) => page.getByRole('textbox', { name: exactly(app.t(`logbooks.slv.${key}`, { bloque: 1, pm: 'SV-AHU-115', periodo })) });
  await box('priceOf', 1).fill(decimal('100.5'));
  await box('mwOf', 1).fill('5');
  const save = page.getByRole('button', { name: exactly(app.t('logbooks.offers.save')) });
  await save.click();
  const place = app.t('logbooks.offers.problemPlace', { pm: 'SV-AHU-115', periodo: 1 });
  await expect(page.getByRole('alert').filter({ hasText: `${place}${app.t('logbooks.problems.offerBelowFloor', { floor: decimal('112.4') })}` })).toBeVisible();

  await box('priceOf', 1).fill(decimal('115.25'));
  await save.click();
  // Said in a toast and kept on the sheet until the next save.
  await expect(page.getByRole('main').getByText(exactly(app.t('logbooks.slv.saved', { day: day.typed, count: 1 })))).toBeVisible();
  await page.reload();
  await expect(box('priceOf', 1)).toHaveValue(decimal('115.25'), { timeout: FIRST_GRID_MS });
  await expect(box('mwOf', 1)).toHaveValue('5');
});
