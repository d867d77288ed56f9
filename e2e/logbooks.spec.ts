import { ACCOUNTS, expect, test } from './support/fixtures';
import { FIRST_GRID_MS } from './support/grid';
import { exactly } from './support/messages';

/** An operating day some days ahead: its gate is open, and no other spec bids on it. */
function dayAhead(days: number) {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { iso: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`, typed: `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}` };
}

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
