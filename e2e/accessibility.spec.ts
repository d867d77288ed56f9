// The axe check of issue 27: every page of the menu, the two sign-in pages and the main forms,
// in the project's language, with no serious or critical violation of WCAG 2.1 A and AA.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { callApi } from './support/api';
import { ACCOUNTS, expect, test, type App } from './support/fixtures';
import { FIRST_GRID_MS } from './support/grid';
import { exactly } from './support/messages';
import { ACCOUNT_ROUTES, menuLeaves } from '../src/app/menu/menu-tree';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** The violations of one page that fail the check, one readable paragraph each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself rather than per frame and then in a page of its
  // own (the app has no frames); with only the violations detailed, a page of 500 inputs takes
  // 2-3 s instead of 30.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}`,
        `  ${violation.helpUrl}`,
        ...violation.nodes.map((node) => `  - ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`),
      ].join('\n'),
    );
}

/**
 * Checks the page as it is now and records what fails without stopping, so one run lists every
 * page's violations.
 */
async function check(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect.soft(violations, `${where}:\n${violations.join('\n')}`).toEqual([]);
}

/**
 * Waits until the main area stops changing: a page's lazily loaded parts (a chart's code, then
 * the figures it asks for) can come after the network has been quiet for a moment.
 */
async function mainSettled(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const size = await page.getByRole('main').evaluate((main) => main.getElementsByTagName('*').length);
        const same = size === last;
        last = size;
        return same;
      },
      { intervals: [500], timeout: FIRST_GRID_MS },
    )
    .toBe(true);
}

/**
 * Opens a shell page and waits for its content: the title, the requests it made answered, no
 * grid or page part still loading, and the main area no longer changing.
 */
async function openShellPage(app: App, path: string): Promise<void> {
  const { page } = app;
  const response = await page.goto(app.url(path), { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_GRID_MS });
  await expect(page.locator('.ag-overlay-loading-wrapper:visible')).toHaveCount(0, { timeout: FIRST_GRID_MS });
  await expect(page.getByRole('main').getByLabel(app.t('common.loading'))).toHaveCount(0);
  await mainSettled(page);
}

async function checkShellPages(app: App, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await openShellPage(app, path);
    await check(app.page, path);
  }
}

/**
 * The shell's pages to check, a signed-in session each (about a minute on the CI machine, so
 * the two workers share them): a title, the addresses (the menu's pages, their forms and a
 * record of each kind) and which menu pages the group stands for.
 */
const GROUPS: ReadonlyArray<readonly [title: string, pages: (page: Page) => Promise<string[]>, menuUrls: readonly string[]]> = [
  ['home, dashboard and companies', async () => ['/home', '/dashboard', '/empresas', '/empresas/nueva', '/empresas/1'], ['/home', '/dashboard', '/empresas']],
  [
    'contracts, contacts and annexes',
    async () => ['/contratos', '/contratos/nuevo', '/contratos/1', '/contacts', '/contacts/nuevo', '/anexos', '/anexos/nuevo', '/anexos/1'],
    ['/contratos', '/contacts', '/anexos'],
  ],
  [
    'settlements, their report and market data',
    async (page) => ['/liquidaciones', '/liquidaciones/nueva', `/liquidaciones/${await firstId(page, '/liquidacion/api/v3/liquidaciones?estado=validada&por_pagina=1')}`, '/liquidacion', '/liquidaciones/datos-mercado'],
    ['/liquidaciones', '/liquidacion', '/liquidaciones/datos-mercado'],
  ],
  [
    'invoicing, billing reports and accounting',
    async (page) => ['/facturacion/', `/facturacion/${await firstId(page, '/facturacion/api/v1/facturas?por_pagina=1')}`, '/facturacion/reporte-facturacion/', '/contabilidad/flujo-caja/', '/contabilidad/estados-cuenta/'],
    ['/facturacion/', '/facturacion/reporte-facturacion/', '/contabilidad/flujo-caja/', '/contabilidad/estados-cuenta/'],
  ],
  [
    'the bid processes and the four log books',
    async () => ['/procesos/registra-planillas/', '/procesos/sube-planillas/', '/procesos/supresion/', '/procesos/bitacoras/mer/', '/procesos/bitacoras/mex/', '/procesos/bitacoras/slv/', '/procesos/registra/'],
    ['/procesos/registra-planillas/', '/procesos/sube-planillas/', '/procesos/supresion/', '/procesos/bitacoras/mer/', '/procesos/bitacoras/mex/', '/procesos/bitacoras/slv/', '/procesos/registra/'],
  ],
  [
    'country charges, monitoring, guarantees and ERCOT',
    async () => ['/pais/panama/6', '/pais/panama/6/nuevo', '/pais/salvador/2', '/pais/mexico/7', '/monitoreo/potencia/', '/monitoreo/energia/', '/garantias/', '/garantias/nuevo', '/ercot/'],
    ['/pais/panama/6', '/pais/salvador/2', '/pais/mexico/7', '/monitoreo/potencia/', '/monitoreo/energia/', '/garantias/', '/ercot/'],
  ],
  [
    'administration, my account and the API reference',
    async (page) => [
      '/admin-usuario/',
      '/admin-usuario/nuevo',
      `/admin-usuario/${await firstId(page, '/api/v2/user')}/editar`,
      '/admin-usuario/roles/',
      '/admin-usuario/asignar-vistas/',
      '/admin-usuario/auditoria/',
      '/mi-cuenta/',
      '/admin-usuario/referencia-api/',
    ],
    ['/admin-usuario/', '/admin-usuario/roles/', '/admin-usuario/asignar-vistas/', '/admin-usuario/auditoria/', '/mi-cuenta/', '/admin-usuario/referencia-api/'],
  ],
];

/** The id of the first record a list call answers. */
async function firstId(page: Page, path: string): Promise<number> {
  const answer = await callApi(page, 'GET', path);
  const first = (answer.body.data as unknown as Array<{ id: number }> | undefined)?.[0];
  if (!first) throw new Error(`${path} answered no record`);
  return first.id;
}

test.describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  test('the sign-in and forgot-password pages, in the language of the page', async ({ app, page }) => {
    await app.open('/');
    await expect(app.loginForm().email).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', app.lang);
    await check(page, '/');

    await page.getByRole('link', { name: exactly(app.t('login.forgotPassword')) }).click();
    await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('forgotPassword.title')) })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', app.lang);
    await check(page, '/security/forgot-password');

    // The second step, with the code and the new password (a code for an account no spec reads mail of).
    await page.getByLabel(app.t('forgotPassword.email'), { exact: true }).fill(ACCOUNTS.mfa.email);
    await page.getByRole('button', { name: exactly(app.t('forgotPassword.sendCode')) }).click();
    await expect(page.getByLabel(app.t('forgotPassword.code'), { exact: true })).toBeVisible();
    await check(page, '/security/forgot-password (code step)');
  });

  for (const [title, pages] of GROUPS) {
    test(title, async ({ app, page }) => {
      test.setTimeout(240_000);
      await app.signIn(ACCOUNTS.admin);
      await expect(page.locator('html')).toHaveAttribute('lang', app.lang);
      await checkShellPages(app, await pages(page));
    });
  }

  test('every page of the menu and of the account menu is checked', () => {
    const checked = new Set(GROUPS.flatMap(([, , menuUrls]) => menuUrls));
    const missing = [...menuLeaves(), ...ACCOUNT_ROUTES].map((entry) => entry.url).filter((url) => !checked.has(url));
    expect(missing).toEqual([]);
  });
});
