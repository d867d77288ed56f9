import type { Locator, Page } from '@playwright/test';
import { callApi } from './support/api';
import { ACCOUNTS, expect, test, type App } from './support/fixtures';
import { dayFromToday } from './support/days';
import { exactly } from './support/messages';
import { tick } from './support/grid';

// The two bid robots as a trader supervises them, against the market-site simulator the product
// serves itself (MARKET_SITE_URL unset). The simulator is made slow and reliable first (its
// control call, as the admin), so a run is still under way when the trader looks at it and stops it.

// The screens as traders see them (the screenshots of this spec are kept in its output folder).
test.use({ viewport: { width: 1440, height: 900 } });

interface RegistrationRow {
  codigo: string;
  pmr: string[];
}

/** The original site answers every call after `latencyMs`, without faults. */
async function slowSite(page: Page, latencyMs: number) {
  const answer = await callApi(page, 'PUT', '/market-sim/original/admin/config', {
    latencia_ms: latencyMs,
    jitter_ms: 0,
    tasa_fallos: 0,
    tasa_fallos_tras_aplicar: 0,
    limite_sesiones: 16,
  });
  expect(answer.status).toBe(200);
}

/** The run as the API answers it. */
async function readRun(page: Page, id: string) {
  const answer = await callApi(page, 'GET', `/procesos/api/v1/ejecuciones/${id}`);
  expect(answer.status).toBe(200);
  return (answer.body.data as { ejecucion: { estado: string; hechos: number; pendientes: number } }).ejecucion;
}

/** The run number the monitor's URL names. */
async function runIdOf(page: Page): Promise<string> {
  await expect(page).toHaveURL(/[?&]ejecucion=\d+/);
  return new URL(page.url()).searchParams.get('ejecucion')!;
}

/** The grid row that names `text` (its accessible name is all its cells, pinned ones too). */
function gridRow(page: Page, text: string): Locator {
  return page.getByRole('row', { name: new RegExp(`(^|\\s)${text}(\\s|$)`) });
}

/** The grid's cells of column `colId` that read `text`. */
function cells(page: Page, colId: string, text: string): Locator {
  return page.locator(`[role="gridcell"][col-id="${colId}"]`).filter({ hasText: exactly(text) });
}

/** Sets a run option's box (workers, retries) to `value`. */
async function setOption(app: App, page: Page, key: string, value: string) {
  await page.getByLabel(new RegExp(`^\\s*${app.t(key).replace(/[()]/g, '\\$&')}`)).fill(value);
}

/** A message key (`processes.errors.dropped`) or an unfilled placeholder, as no text on screen may show one. */
const RAW_KEY = /\b[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9_]*\.[a-z][A-Za-z0-9_]*\b|\{\{/;

/**
 * What goes wrong in the page from now on: a request for a job before the run named one
 * (`/api/v1/trabajos/0`), an API answer of 400 or more, an error on the console.
 */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/trabajos\/0(\/|$|\?)/.test(request.url())) failures.push(`asked for ${request.url()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && /\/(api|procesos)\//.test(response.url())) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (line) => {
    if (line.type() === 'error') failures.push(`console: ${line.text()}`);
  });
  return failures;
}

/** Start, then the question before the run: it must say `text`; confirmed. */
async function startConfirmed(app: App, page: Page, titleKey: string, text: string, confirmKey: string) {
  await page.getByRole('button', { name: exactly(app.t('processes.selection.start')) }).click();
  const question = page.getByRole('alertdialog', { name: exactly(app.t(titleKey)) });
  await expect(question).toContainText(text);
  await page.screenshot({ path: test.info().outputPath(`${titleKey.split('.')[1]}-question.png`) });
  await question.getByRole('button', { name: exactly(app.t(confirmKey)) }).click();
  await expect(question).toHaveCount(0);
}

/** Asks to stop the run shown, reads the question, and confirms it. */
async function stopRun(app: App, page: Page, textKey: string) {
  await page.getByRole('button', { name: exactly(app.t('processes.monitor.stop.button')) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(app.t(textKey).slice(0, 40));
  await dialog.getByRole('button', { name: exactly(app.t('processes.monitor.stop.confirm')) }).click();
  await expect(dialog).toHaveCount(0);
}

test('Registra: a row without PMR is refused on its row, fixed, run; the log and the hub; stop; its planillas in Supresion, one deleted', async ({ app, page }) => {
  test.setTimeout(180_000);
  await app.signIn(ACCOUNTS.admin);
  // Slow enough that the run (one worker, five planillas) is still under way when it is stopped.
  await slowSite(page, 4_000);
  const candidates = await callApi(page, 'GET', '/procesos/api/v1/registra/candidatos');
  const rows = candidates.body.data as unknown as RegistrationRow[];
  expect(rows.length).toBeGreaterThanOrEqual(5);
  const chosen = rows.slice(0, 5);
  const broken = chosen[1]!;

  await app.open('/procesos/registra-planillas/');
  const registerBox = (codigo: string) => page.getByRole('checkbox', { name: exactly(app.t('processes.registra.registerRow', { codigo })) });
  const selectedCount = (n: number) => page.getByText(app.t('processes.registra.selectedCount', { n: String(n), total: String(rows.length) }));
  // Nothing is ticked on arrival: a registered planilla stays on the operator's site. (The
  // first list of a session loads the grid's code too: given time on a busy machine.)
  await expect(registerBox(broken.codigo)).toBeVisible({ timeout: 30_000 });
  await expect(selectedCount(0)).toBeVisible();
  await expect(registerBox(chosen[0]!.codigo)).not.toBeChecked();

  // "Select all shown" ticks what the search shows, never a row it hides.
  const search = page.getByRole('searchbox', { name: exactly(app.t('processes.registra.search')) });
  const term = chosen[2]!.codigo;
  const matching = rows.filter((row) => row.codigo.toLowerCase().includes(term.toLowerCase())).length;
  await search.fill(term);
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${app.t('processes.registra.registerRow', { codigo: '' }).trim()} `) })).toHaveCount(matching);
  await page.getByRole('button', { name: exactly(app.t('processes.selection.all')) }).click();
  await expect(selectedCount(matching)).toBeVisible();
  await search.fill('');
  await expect(registerBox(chosen[0]!.codigo)).not.toBeChecked();
  await expect(selectedCount(matching)).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('processes.selection.none')) }).click();
  await expect(selectedCount(0)).toBeVisible();

  for (const row of chosen) await tick(registerBox(row.codigo));
  await expect(selectedCount(5)).toBeVisible();
  await setOption(app, page, 'processes.options.trabajadores', '1');

  // One row loses its PMR in the edit dialog: Start is refused, the message on its row.
  const edit = async () => {
    await page.getByRole('button', { name: exactly(app.t('processes.registra.editRow', { codigo: broken.codigo })) }).click();
    return page.getByRole('dialog', { name: exactly(app.t('processes.registra.edit.title', { codigo: broken.codigo })) });
  };
  let dialog = await edit();
  for (const code of broken.pmr) await dialog.getByRole('button', { name: exactly(app.t('tags.remove', { code })) }).click();
  await dialog.getByRole('button', { name: exactly(app.t('processes.registra.edit.save')) }).click();
  await page.getByRole('button', { name: exactly(app.t('processes.selection.start')) }).click();
  const pmrRequired = app.t('processes.rules.pmrRequired');
  await expect(gridRow(page, broken.codigo)).toContainText(pmrRequired);
  await expect(page.getByRole('alert').filter({ hasText: app.t('processes.selection.problems', { n: '1' }).slice(0, 20) })).toBeVisible();
  await expect(page).not.toHaveURL(/ejecucion=/);
  await page.screenshot({ path: test.info().outputPath('registra-refused.png') });

  // Fixed in the dialog (the message beside the field), the row's message goes; Start runs.
  dialog = await edit();
  await expect(dialog.getByText(pmrRequired)).toBeVisible();
  const pmr = dialog.getByRole('textbox', { name: exactly(app.t('processes.registra.columns.pmr')) });
  for (const code of broken.pmr) {
    await pmr.fill(code);
    await pmr.press('Enter');
  }
  await dialog.getByRole('button', { name: exactly(app.t('processes.registra.edit.save')) }).click();
  await expect(gridRow(page, broken.codigo)).not.toContainText(pmrRequired);
  // Start asks first: how many planillas go to which site. From here on, no request fails and
  // no job is asked for before the run names it.
  const failures = watchFailures(page);
  const siteName = app.t('processes.sites.original');
  await startConfirmed(app, page, 'processes.registra.confirm.title', app.t('processes.registra.confirm.text', { n: '5', sitio: siteName }), 'processes.registra.confirm.button');

  // The monitor: its number in the URL, the live log, then the hub of worker sessions.
  const runId = await runIdOf(page);
  const monitor = page.getByRole('region', { name: exactly(app.t('processes.monitor.title', { kind: app.t('processes.kinds.registra'), id: runId })) });
  await expect(monitor).toBeVisible();
  const log = monitor.getByRole('log');
  await expect(log).toContainText(app.t('processes.log.started', { total: '5', trabajadores: '1', sitio: siteName }));
  await expect.poll(async () => (await readRun(page, runId)).hechos, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  expect(await log.innerText()).not.toMatch(RAW_KEY);
  expect(failures).toEqual([]);
  await monitor.getByRole('button', { name: exactly(app.t('processes.monitor.views.hub')) }).click();
  const hub = monitor.getByRole('list', { name: exactly(app.t('processes.monitor.hub.title')) });
  await expect(hub.getByRole('listitem', { name: exactly(app.t('processes.monitor.hub.worker', { n: '1' })) })).toBeVisible();
  await expect.poll(async () => (await readRun(page, runId)).hechos, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: test.info().outputPath('registra-hub.png') });

  // Stop: the question says the registered planillas stay on the site (with the way to Supresion).
  await page.getByRole('button', { name: exactly(app.t('processes.monitor.stop.button')) }).click();
  const question = page.getByRole('alertdialog');
  await expect(question.getByRole('link', { name: exactly(app.t('processes.monitor.stop.supresionLink')) })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('registra-stop-question.png') });
  await question.getByRole('button', { name: exactly(app.t('processes.monitor.stop.confirm')) }).click();
  await expect(monitor.getByText(exactly(app.t('processes.runStates.detenida')))).toBeVisible({ timeout: 15_000 });
  const stopped = await readRun(page, runId);
  expect(stopped.estado).toBe('detenida');
  expect(stopped.hechos).toBeGreaterThanOrEqual(1);
  expect(stopped.pendientes).toBeGreaterThanOrEqual(1);
  await expect(monitor.getByRole('button', { name: exactly(app.t('processes.monitor.stop.button')) })).toHaveCount(0);

  // Supresion: this run's planillas, as many as it registered; one deleted on the site.
  await app.open('/procesos/supresion/');
  const ours = cells(page, 'ejecucion_id', runId);
  await expect(ours).toHaveCount(stopped.hechos);
  const registered = await callApi(page, 'GET', '/procesos/api/v1/supresion/planillas');
  const numero = (registered.body.data as unknown as Array<{ ejecucion_id: number; numero_planilla: string }>).find((planilla) => String(planilla.ejecucion_id) === runId)!.numero_planilla;
  await tick(page.getByRole('checkbox', { name: exactly(app.t('processes.supresion.selectRow', { numero })) }));
  await page.getByRole('button', { name: exactly(app.t('processes.supresion.delete', { n: '1' })) }).click();
  const confirmDelete = page.getByRole('alertdialog');
  await confirmDelete.getByRole('button', { name: exactly(app.t('processes.supresion.confirm.button')) }).click();
  await expect(page.getByText(exactly(app.t('processes.runStates.completada'))).first()).toBeVisible({ timeout: 30_000 });
  await expect(cells(page, 'numero_planilla', numero)).toHaveCount(0);
  await expect(ours).toHaveCount(stopped.hechos - 1);
  await page.screenshot({ path: test.info().outputPath('supresion-deleted.png'), fullPage: true });
  const site = await callApi(page, 'GET', '/market-sim/original/admin/planillas');
  const onSite = (site.body.data as unknown as Array<{ numero_planilla: string }>).map((planilla) => planilla.numero_planilla);
  expect(onSite).not.toContain(numero);
});

test('Sube: the hours chosen, run, stopped after a question; a stopped run stays stopped', async ({ app, page }) => {
  test.setTimeout(180_000);
  await app.signIn(ACCOUNTS.admin);
  // Slow enough that the run is still under way when it is stopped, on a busy machine too.
  await slowSite(page, 3_000);
  // The demo prices today's hours: the first priced hour of each node is one PM to upload.
  const { iso, typed: todayTyped } = dayFromToday(0);
  const grid = await callApi(page, 'GET', `/procesos/api/v1/sube/horas?fecha_operacion=${iso}`);
  const allHours = grid.body.data as unknown as Array<{ nodo: string; periodo: number; ofertar: boolean }>;
  const hours = allHours.filter((hour) => hour.ofertar);
  // Map keeps the last hour given per node: given latest-period first, that is each node's first priced hour.
  const firstOfEachNode = [...new Map([...hours].sort((a, b) => b.periodo - a.periodo).map((hour) => [hour.nodo, hour])).values()].slice(0, 5);
  expect(firstOfEachNode.length).toBeGreaterThanOrEqual(3);

  await app.open('/procesos/sube-planillas/');
  const dayBox = page.getByRole('textbox', { name: exactly(app.t('processes.sube.fecha_operacion')) });
  const hoursCount = (n: number, total: number) => page.getByText(exactly(app.t('processes.sube.selectedCount', { n: String(n), total: String(total) })));
  const anyBidBox = page.getByRole('checkbox', { name: new RegExp(`^${app.t('processes.sube.bidRow', { nodo: '', periodo: '' }).trim().split(' ')[0]!} `) });
  // The page opens on tomorrow's grid: the ticks below go to today's once it has come.
  const todaysGrid = page.waitForResponse((response) => response.url().includes(`/sube/horas?fecha_operacion=${iso}`));
  await dayBox.fill(todayTyped);
  await dayBox.press('Tab');
  await todaysGrid;
  await expect(hoursCount(hours.length, allHours.length)).toBeVisible();

  // A day typed that is no day says so beside the field, clears the grid and blocks Start: the
  // run would otherwise go out for the last good day while the field shows another.
  const start = page.getByRole('button', { name: exactly(app.t('processes.selection.start')) });
  for (const typed of ['31/02/2026', iso, 'mañana']) {
    await dayBox.fill(typed);
    await dayBox.press('Tab');
    await expect(page.getByText(exactly(app.t('processes.sube.dayInvalid')))).toBeVisible();
    await expect(hoursCount(0, 0)).toBeVisible();
    await expect(anyBidBox).toHaveCount(0);
    await expect(page.locator('.ag-overlay').getByText(exactly(app.t('processes.sube.noDay')))).toBeVisible();
    await expect(start).toBeDisabled();
  }
  await page.screenshot({ path: test.info().outputPath('sube-no-day.png') });
  await dayBox.fill(todayTyped);
  await dayBox.press('Tab');
  await expect(hoursCount(hours.length, allHours.length)).toBeVisible();
  await expect(page.getByText(exactly(app.t('processes.sube.dayInvalid')))).toHaveCount(0);
  const bidBox = (hour: { nodo: string; periodo: number }) => page.getByRole('checkbox', { name: exactly(app.t('processes.sube.bidRow', { nodo: hour.nodo, periodo: String(hour.periodo) })) });
  await expect(page.getByRole('checkbox', { name: new RegExp(app.t('processes.sube.bidRow', { nodo: '', periodo: '' }).trim().split(' ')[0]!) }).first()).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('processes.selection.none')) }).click();
  // "Select all shown" ticks the hours the search shows: one node's, not the others'.
  const search = page.getByRole('searchbox', { name: exactly(app.t('processes.sube.search')) });
  const shownNode = firstOfEachNode[0]!.nodo;
  await search.fill(shownNode);
  await page.getByRole('button', { name: exactly(app.t('processes.selection.all')) }).click();
  const ofNode = allHours.filter((hour) => hour.nodo === shownNode).length;
  await expect(hoursCount(ofNode, allHours.length)).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('processes.selection.none')) }).click();
  await expect(hoursCount(0, allHours.length)).toBeVisible();
  // The grid shows a screenful of its rows: each node found by the search box, then its hour ticked.
  for (const hour of firstOfEachNode) {
    await search.fill(hour.nodo);
    await tick(bidBox(hour));
  }
  await search.fill('');
  await expect(page.getByText(app.t('processes.sube.selectedCount', { n: String(firstOfEachNode.length), total: String(allHours.length) }))).toBeVisible();
  await page.getByLabel(new RegExp(`^\\s*${app.t('processes.sube.pm')}`)).fill('20');
  await setOption(app, page, 'processes.options.trabajadores', '1');
  await page.screenshot({ path: test.info().outputPath('sube-selection.png') });
  // Start asks first: how many hours of how many PMs, which day, which site.
  const failures = watchFailures(page);
  const n = String(firstOfEachNode.length);
  await startConfirmed(
    app,
    page,
    'processes.sube.confirm.title',
    app.t('processes.sube.confirm.text', { dia: todayTyped, sitio: app.t('processes.sites.original'), horas: n, nodos: n }),
    'processes.sube.confirm.button',
  );

  const runId = await runIdOf(page);
  const monitor = page.getByRole('region', { name: exactly(app.t('processes.monitor.title', { kind: app.t('processes.kinds.sube'), id: runId })) });
  await expect(monitor).toBeVisible();
  await expect.poll(async () => (await readRun(page, runId)).hechos, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  expect(failures).toEqual([]);
  await stopRun(app, page, 'processes.monitor.stop.textSube');
  await expect(monitor.getByText(exactly(app.t('processes.runStates.detenida')))).toBeVisible({ timeout: 15_000 });
  await expect(monitor.getByText(app.t('processes.monitor.ended.subeFinal'))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sube-stopped.png') });

  // Stopped is final: no Stop any more, only a new run; the API refuses another stop (409).
  await expect(monitor.getByRole('button', { name: exactly(app.t('processes.monitor.stop.button')) })).toHaveCount(0);
  await expect(monitor.getByRole('button', { name: exactly(app.t('processes.monitor.newRun')) })).toBeVisible();
  const again = await callApi(page, 'POST', `/procesos/api/v1/ejecuciones/${runId}/detener`, {});
  expect(again.status).toBe(409);
  const stopped = await readRun(page, runId);
  expect(stopped.estado).toBe('detenida');
  // A while later it has sent nothing more.
  await page.waitForTimeout(2_500);
  expect((await readRun(page, runId)).hechos).toBe(stopped.hechos);
});
