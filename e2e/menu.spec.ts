import { ACCOUNTS, expect, test } from './support/fixtures';
import { exactly } from './support/messages';

// The sections of spec section 2 in menu order, as i18n keys. Written out here rather than
// imported from the app's menu tree, so the test is an independent reading of the spec.
const ALL_SECTIONS = [
  'menu.inicio',
  'menu.dashboard',
  'menu.relaciones',
  'menu.liquidaciones',
  'menu.acciones',
  'menu.facturacion',
  'menu.paises',
  'menu.contabilidad',
  'menu.monitoreo',
  'menu.mercados',
  'menu.admin',
];

test.describe('the menu follows the permissions', () => {
  test('admin sees every section', async ({ app }) => {
    await app.signIn(ACCOUNTS.admin);
    const sections = app.navigation().getByRole('button');
    await expect(sections).toHaveText(ALL_SECTIONS.map((key) => app.t(key)));
  });

  test('lector sees only Inicio and Dashboard, and Dashboard opens its page', async ({ app, page }) => {
    await app.signIn(ACCOUNTS.lector);
    const nav = app.navigation();
    await expect(nav.getByRole('button')).toHaveText([app.t('menu.inicio'), app.t('menu.dashboard')]);

    // Section 1 and entry 1.1 are expanded by default; Dashboard is not.
    await expect(nav.getByRole('link', { name: exactly(app.t('menu.home')) })).toBeVisible();
    const dashboard = nav.getByRole('button', { name: exactly(app.t('menu.dashboard')) });
    await expect(dashboard).toHaveAttribute('aria-expanded', 'false');
    await dashboard.click();
    await nav.getByRole('link', { name: exactly(app.t('menu.desempenoContratos')) }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('menu.desempenoContratos')) })).toBeVisible();
  });
});
