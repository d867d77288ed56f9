import type { Locator, Page } from '@playwright/test';
import { callApi } from './support/api';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { dayFromToday } from './support/days';
import { exactly } from './support/messages';
import { FIRST_GRID_MS } from './support/grid';

// The screen the issue was seen on: a laptop at 1440 x 900 with the drawer open.
test.use({ viewport: { width: 1440, height: 900 } });


/** Whether an element's text is cut (its content wider than its box). */
function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

/** The cells of a grid column on the page shown, or their text elements when they have one. */
function cellTexts(page: Page, colId: string): Locator {
  return page.locator(`[role="gridcell"][col-id="${colId}"]`);
}

/** The header texts of the grid, as shown. */
function headerTexts(page: Page): Locator {
  return page.locator('.ag-header-cell-text');
}

test('with the drawer open, the commercial lists keep their row actions in view, their amounts whole and their headers distinct', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);

  await app.open('/contratos');
  await expect(page.getByRole('link', { name: exactly(app.t('contracts.openNamed', { id: '1' })) })).toBeInViewport({ ratio: 1, timeout: FIRST_GRID_MS });
  await expect(cellTexts(page, 'monto_garantia').first()).toBeVisible();
  for (const cell of await cellTexts(page, 'monto_garantia').all()) expect(await isCut(cell), (await cell.textContent()) ?? '').toBe(false);

  await app.open('/anexos');
  await expect(page.getByRole('link', { name: exactly(app.t('annexes.openNamed', { id: '1' })) })).toBeInViewport({ ratio: 1 });
  const headers = headerTexts(page);
  await expect(headers.first()).toBeVisible();
  const shown = await headers.allTextContents();
  expect(new Set(shown).size).toBe(shown.length);
  for (const header of await headers.all()) expect(await isCut(header), (await header.textContent()) ?? '').toBe(false);

  await app.open('/contacts');
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow.getByRole('button', { name: /./ }).first()).toBeVisible();
  for (const button of await page.getByRole('row').nth(1).getByRole('button').all()) await expect(button).toBeInViewport({ ratio: 1 });
  for (const link of await page.getByRole('row').nth(1).getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });

  await app.open('/empresas');
  await expect(page.getByRole('link', { name: new RegExp(`^${app.t('common.edit')}`) }).first()).toBeVisible();
  const edit = page.locator('[col-id="actions"]').getByRole('link').first();
  await expect(edit).toBeInViewport({ ratio: 1 });
});

// The invoices (the demo has some in every status): the open link and both amounts whole.
test('with the drawer open, the invoice list keeps its open link in view and its amounts and due date whole', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  await app.open('/facturacion');
  const invoiceTotal = cellTexts(page, 'total').first();
  await expect(invoiceTotal).toBeVisible({ timeout: FIRST_GRID_MS });
  await invoiceTotal.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(page.locator('[col-id="actions"]').getByRole('link').first()).toBeInViewport({ ratio: 1 });
  for (const colId of ['total', 'saldo', 'fecha_vencimiento']) {
    const cell = cellTexts(page, colId).first();
    await expect(cell, colId).toBeInViewport({ ratio: 1 });
    expect(await isCut(cell), colId).toBe(false);
  }
});

// The receivable statement's movements: what each line adds or takes away and the balance.
test("with the drawer open, the account statement's charges, credits and balance are whole and in view", async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  await app.open('/contabilidad/estados-cuenta/');
  const movement = cellTexts(page, 'saldo').first();
  await expect(movement).toBeVisible({ timeout: FIRST_GRID_MS });
  await movement.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  for (const colId of ['cargo', 'abono', 'saldo']) {
    const cell = cellTexts(page, colId).first();
    await expect(cell, colId).toBeInViewport({ ratio: 1 });
    expect(await isCut(cell), colId).toBe(false);
  }
});

/** The words of the grid headers on the page that wrap inside themselves (a header wraps only between words). */
function brokenHeaderWords(page: Page): Promise<string[]> {
  return page.locator('.ag-header-cell-text').evaluateAll((headers) =>
    headers.flatMap((header) => {
      const text = header.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const words: string[] = [];
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) words.push(`${match[0]} (${text.textContent})`);
      }
      return words;
    }),
  );
}

/** The first cell of each column is whole, inside the grid's visible part and the page's. */
async function expectWhole(page: Page, colIds: string[]) {
  for (const colId of colIds) {
    const cell = cellTexts(page, colId).first();
    await expect(cell, colId).toBeInViewport({ ratio: 1 });
    expect(await isCut(cell), colId).toBe(false);
  }
}

test('with the drawer open, the bid screens keep every header word whole and their dates, codes and figures whole and in view', async ({ app, page }) => {
  test.setTimeout(120_000);
  await app.signIn(ACCOUNTS.admin);
  await expect(app.navigation()).toBeVisible();

  // Registra's rows: dates, codes, rights and power.
  await app.open('/procesos/registra-planillas/');
  await expect(cellTexts(page, 'codigo').first()).toBeVisible({ timeout: FIRST_GRID_MS });
  expect(await brokenHeaderWords(page)).toEqual([]);
  await expectWhole(page, ['inicio', 'fin', 'codigo', 'tipo', 'derechos_transmision', 'oferta_maxima']);

  // Sube's hours of today (the demo prices them): period, node, power and price.
  const { iso, typed } = dayFromToday(0);
  await app.open('/procesos/sube-planillas/');
  const day = page.getByRole('textbox', { name: exactly(app.t('processes.sube.fecha_operacion')) });
  const todaysGrid = page.waitForResponse((response) => response.url().includes(`/sube/horas?fecha_operacion=${iso}`));
  await day.fill(typed);
  await todaysGrid;
  await expect(cellTexts(page, 'precio').first()).not.toBeEmpty();
  expect(await brokenHeaderWords(page)).toEqual([]);
  await expectWhole(page, ['periodo', 'nodo', 'potencia', 'precio']);
  for (const box of await page.locator('[col-id="precio_oferta"] input, [col-id="potencia_oferta"] input').all()) {
    if (await box.isVisible()) expect(await isCut(box), await box.inputValue()).toBe(false);
  }

  // A run's items (a Sube run of every PM of the day on the modified site, asked for through the
  // API: more items than the grid shows at once, so its scroll bar takes its share of the width,
  // and the longest node codes): their order, key, attempts and last update whole, the last
  // column in view.
  const hours = (await callApi(page, 'GET', `/procesos/api/v1/sube/horas?fecha_operacion=${iso}`)).body.data as unknown as Array<{ nodo: string; ofertar: boolean }>;
  const asked = await callApi(page, 'POST', '/procesos/api/v1/sube/ejecuciones', {
    sitio: 'modified',
    fecha_operacion: iso,
    trabajadores: 2,
    reintentos: 1,
    pm: 400,
    porcentaje_precio: 100,
    priorizacion: { activa: false, nodos: [] },
    horas: hours,
  });
  expect(asked.status).toBe(201);
  await app.open(`/procesos/sube-planillas/?ejecucion=${(asked.body.data as { id: number }).id}`);
  await expect(cellTexts(page, 'actualizado_en').first()).not.toBeEmpty();
  await cellTexts(page, 'actualizado_en').first().evaluate((element) => element.scrollIntoView({ block: 'center' }));
  expect(await brokenHeaderWords(page)).toEqual([]);
  await expectWhole(page, ['orden', 'clave', 'intentos', 'actualizado_en']);
});

test('a company name the contract list cuts reads in full on hover', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  await app.open('/contratos');
  const links = cellTexts(page, 'empresa_razon_social').getByRole('link');
  await expect(links.first()).toBeVisible();
  let cut: Locator | null = null;
  for (const link of await links.all()) {
    if (await isCut(link)) {
      cut = link;
      break;
    }
  }
  expect(cut, 'a long company name the column cuts').not.toBeNull();
  const name = (await cut!.textContent())!;
  await cut!.hover();
  await expect(page.getByRole('tooltip')).toHaveText(name);
});

test("the contract list's filters line up: each label on one line, the selects side by side", async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  await app.open('/contratos');
  const labels = ['tipo_contrato', 'clase_contrato', 'local_regional'].map((field) => page.getByText(exactly(app.t(`contracts.fields.${field}`)), { exact: false }).first());
  const selects = page.getByRole('combobox');
  await expect(selects).toHaveCount(3);
  const heights = await Promise.all(labels.map(async (label) => (await label.boundingBox())!.height));
  expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(2);
  const tops = await Promise.all((await selects.all()).map(async (select) => (await select.boundingBox())!.y));
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(2);
});

test('a long unbroken address stays inside the company card', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  // A seeded company no other spec touches.
  const companies = (await callApi(page, 'GET', '/empresas/api/v1/get')).body.data as unknown as Array<{ id: number; razon_social: string }>;
  const id = companies.find((company) => company.razon_social === 'Solar de Coclé, S.A.')!.id;
  const company = (await callApi(page, 'GET', `/empresas/api/v1/get-once/${id}`)).body.data as { version: number };
  // As long as the field allows (300), in one unbroken run.
  const address = `Km${'9'.repeat(120)}CarreteraAlPacificoBodega${'7'.repeat(120)}ZonaIndustrial`;
  const update = await callApi(page, 'PATCH', `/empresas/api/v1/update/${id}`, { version: company.version, direccion_legal: address });
  expect(update.status).toBe(200);

  await app.open(`/empresas/${id}`);
  const value = page.getByText(exactly(address));
  await expect(value).toBeVisible();
  const card = value.locator('xpath=ancestor::*[contains(@class, "card__root")][1]');
  const [valueBox, cardBox] = [(await value.boundingBox())!, (await card.boundingBox())!];
  expect(valueBox.x + valueBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  // The text itself wraps inside its box, and nothing makes the page scroll sideways.
  expect(await isCut(value)).toBe(false);
  expect(await page.locator('main').evaluate((main) => main.scrollWidth <= main.clientWidth)).toBe(true);
});

test('a toast shows below the top bar, clear of the account menu', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  // A seeded contact of a company no other spec touches.
  const contacts = (await callApi(page, 'GET', '/contact/api/v1/get')).body.data as unknown as Array<{ id: number; nombre: string; empresa_razon_social: string }>;
  const contact = contacts.find((item) => item.empresa_razon_social === 'Solar Metapán, S.A. de C.V.')!;
  await app.open(`/contacts/${contact.id}/editar`);
  await page.locator('form [name="cargo"]').fill(`Analista ${Date.now()}`);
  await page.getByRole('button', { name: exactly(app.t('common.save')) }).click();
  const toast = page.locator('[data-scope="toast"][data-part="root"]');
  await expect(toast).toContainText(app.t('contacts.updated', { name: contact.nombre }));
  // Where it rests, not where its entrance slides it from.
  await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  const [toastBox, barBox, menuBox] = [
    (await toast.boundingBox())!,
    (await page.getByRole('banner').boundingBox())!,
    (await app.accountMenu(ACCOUNTS.admin).boundingBox())!,
  ];
  expect(toastBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
  expect(toastBox.y).toBeGreaterThanOrEqual(menuBox.y + menuBox.height);
  // Still top right.
  expect(toastBox.x + toastBox.width).toBeGreaterThan(1440 - 80);
  expect(toastBox.y).toBeLessThan(200);
  // The account menu opens where the toast shows, and comes over it: its items take the click.
  await app.accountMenu(ACCOUNTS.admin).click();
  const signOut = page.getByRole('menuitem', { name: exactly(app.t('shell.signOut')) });
  await signOut.click({ trial: true, timeout: 5_000 });
});
