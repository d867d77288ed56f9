import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, App, DEMO_PASSWORD, expect, test } from './support/fixtures';
import { exactly } from './support/messages';

/** A form field by its label, with or without the required mark. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`));
}

/** Ticks or unticks a checkbox as a user does, by its label (the styled box covers the input). */
async function toggle(scope: Locator, label: string, checked: boolean) {
  await scope.getByText(exactly(label)).click();
  await expect(scope.getByRole('checkbox', { name: exactly(label) })).toBeChecked({ checked });
}

// One story across two browsers: the admin (this page) and the new user (a second context).
test('an admin creates a user with a role and views, the user sees exactly those, and a removed view locks them out at once', async ({
  app,
  page,
  browser,
  lang,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const account = { email: `eva.${stamp}@demo.energy`, name: `Eva Prueba${stamp % 1000}` };
  const [nombre, primerApellido] = account.name.split(' ') as [string, string];
  const password = 'Inicio2025!';

  // The admin creates the user: Guatemala, role Analista GT, views dashboard and liquidaciones.
  await app.signIn(ACCOUNTS.admin);
  await app.open('/admin-usuario/');
  await page.getByRole('link', { name: exactly(app.t('admin.users.new')) }).click();
  await field(page, app.t('admin.users.fields.nombre')).fill(nombre);
  await field(page, app.t('admin.users.fields.primer_apellido')).fill(primerApellido);
  await field(page, app.t('admin.users.fields.segundo_apellido')).fill('Gómez');
  await field(page, app.t('admin.users.fields.email')).fill(account.email);
  await field(page, app.t('admin.users.fields.telefono')).fill('+502 5555 0101');
  await field(page, app.t('admin.users.fields.cargo')).fill('Analista');
  await field(page, app.t('admin.users.fields.pais')).selectOption('GT');
  await field(page, app.t('admin.users.fields.rol_id')).selectOption({ label: 'Analista GT' });
  await field(page, app.t('admin.users.fields.password')).fill(password);
  await field(page, app.t('admin.users.fields.confirmacion')).fill('Distinta2025!');
  const views = page.getByRole('group', { name: exactly(app.t('admin.users.fields.permisos_x_view')) });
  await toggle(views, app.t('permissions.dashboard'), true);
  await toggle(views, app.t('permissions.liquidaciones'), true);
  await page.getByRole('button', { name: exactly(app.t('admin.users.create')) }).click();
  await expect(page.getByText(exactly(app.t('forms.errors.passwordMismatch')))).toBeVisible();
  await field(page, app.t('admin.users.fields.confirmacion')).fill(password);
  await page.getByRole('button', { name: exactly(app.t('admin.users.create')) }).click();
  await expect(page.getByText(exactly(app.t('admin.users.created', { name: `${account.name} Gómez` }))).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin-usuario\/\?(.*&)?creado=\d+/);
  await expect(page.getByRole('gridcell', { name: exactly(account.email) })).toBeVisible();

  // The user signs in elsewhere, is asked for a new password (the app answers with the same
  // one) and sees exactly the assigned sections.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const user = new App(userPage, lang);
  const challenges: string[] = [];
  userPage.on('request', (request) => {
    if (request.headers()['x-amz-target']?.endsWith('.RespondToAuthChallenge')) {
      challenges.push((request.postDataJSON() as { ChallengeName?: string }).ChallengeName ?? '');
    }
  });
  await user.submitLogin(account.email, password);
  await expect(userPage).toHaveURL(/\/home$/);
  await expect(userPage.getByRole('banner').getByRole('button', { name: exactly(account.name) })).toBeVisible();
  expect(challenges).toEqual(['PASSWORD_VERIFIER', 'NEW_PASSWORD_REQUIRED']);
  await expect(user.navigation().getByRole('button')).toHaveText(
    ['menu.inicio', 'menu.dashboard', 'menu.liquidaciones'].map((key) => user.t(key)),
  );
  await user.open('/liquidaciones');
  await expect(userPage.getByRole('heading', { level: 1, name: exactly(user.t('menu.liquidacionesLista')) })).toBeVisible();

  // The admin removes liquidaciones.
  await app.open('/admin-usuario/asignar-vistas/');
  await field(page, app.t('admin.views.user')).selectOption({ label: `${account.name} <${account.email}>` });
  const catalogue = page.getByRole('group', { name: exactly(app.t('admin.views.catalogue')) });
  await expect(catalogue.getByRole('checkbox', { name: exactly(app.t('permissions.liquidaciones')) })).toBeChecked();
  await toggle(catalogue, app.t('permissions.liquidaciones'), false);
  await page.getByRole('button', { name: exactly(app.t('common.save')) }).click();
  await expect(page.getByText(exactly(app.t('admin.views.saved'))).first()).toBeVisible();

  // The user's next navigation follows the new permissions: not authorised, and the menu shrinks.
  await user.open('/liquidaciones');
  await expect(userPage.getByRole('heading', { name: exactly(user.t('noAuthorized.heading')) })).toBeVisible();
  await expect(user.navigation().getByRole('button')).toHaveText(['menu.inicio', 'menu.dashboard'].map((key) => user.t(key)));
  await userContext.close();

  // The audit page lists these changes in words, and one entry compares before and after.
  await app.open(`/admin-usuario/auditoria/?user=${encodeURIComponent(ACCOUNTS.admin.email)}&entity=user`);
  const created = app.t('admin.audit.actions.user.create');
  const viewsChanged = app.t('admin.audit.actions.user.permissions');
  await expect(page.getByRole('gridcell', { name: exactly(created) }).first()).toBeVisible();
  await expect(page.getByRole('gridcell', { name: exactly(viewsChanged) }).first()).toBeVisible();
  // Every column has a name, the buttons' too.
  await expect(page.getByRole('columnheader')).toHaveText(
    ['at', 'user', 'action', 'entity', 'entityId', 'open'].map((column) => exactly(app.t(`admin.audit.columns.${column}`))),
  );
  // The newest views change is this story's (other specs may create users on this server meanwhile).
  const permissionRow = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: exactly(viewsChanged) }) }).first();
  // Its time reads as dd/mm/yyyy hh:mm.
  await expect(permissionRow.getByRole('gridcell').first()).toHaveText(/^\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\s*$/);
  await permissionRow.getByRole('button', { name: /./ }).filter({ hasText: exactly(app.t('admin.audit.open')) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('columnheader', { name: exactly(app.t('admin.audit.before')) })).toBeVisible();
  const viewsRow = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: exactly(app.t('admin.users.fields.permisos_x_view')) }) });
  await expect(viewsRow.getByRole('cell')).toHaveText([
    exactly(app.t('admin.users.fields.permisos_x_view')),
    exactly(`${app.t('permissions.dashboard')}, ${app.t('permissions.liquidaciones')}`),
    exactly(app.t('permissions.dashboard')),
  ]);
  await expect(dialog).not.toContainText('permisos_x_view');
  await expect(dialog).not.toContainText(/[{}[\]"]/);
});

test("the user forms have their own addresses: the browser's Back and Forward move between them and the list", async ({ app, page }) => {
  await app.signIn(ACCOUNTS.admin);
  await app.open('/admin-usuario/');
  const createForm = page.getByRole('form', { name: exactly(app.t('admin.users.createTitle')) });
  await page.getByRole('link', { name: exactly(app.t('admin.users.new')) }).click();
  await expect(page).toHaveURL(/\/admin-usuario\/nuevo(\?[^/]*)?$/);
  await expect(createForm).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin-usuario\/(\?[^/]*)?$/);
  await expect(page.getByRole('gridcell', { name: exactly(ACCOUNTS.lector.email) })).toBeVisible();
  await page.goForward();
  await expect(createForm).toBeVisible();

  // An edit form is opened by its address, so a reload keeps it.
  await page.goBack();
  const editLabel = app.t('admin.users.editUser', { name: ACCOUNTS.lector.name });
  await page.getByRole('link', { name: new RegExp(`^${editLabel}`) }).click();
  await expect(page).toHaveURL(/\/admin-usuario\/\d+\/editar(\?[^/]*)?$/);
  await page.reload();
  await expect(page.getByRole('form', { name: exactly(app.t('admin.users.editTitle')) })).toBeVisible();
  await expect(field(page, app.t('admin.users.fields.email'))).toHaveValue(ACCOUNTS.lector.email);
});

test('My account shows the signed-in user and refuses a wrong current password', async ({ app, page }) => {
  await app.signIn(ACCOUNTS.lector);
  await app.accountMenu(ACCOUNTS.lector).click();
  await page.getByRole('menuitem', { name: exactly(app.t('menu.miCuenta')) }).click();
  await expect(page.getByRole('heading', { level: 1, name: exactly(app.t('menu.miCuenta')) })).toBeVisible();
  await expect(page.getByText(ACCOUNTS.lector.email)).toBeVisible();
  await field(page, app.t('account.fields.current')).fill('Wrong1234!');
  await field(page, app.t('account.fields.next')).fill(DEMO_PASSWORD);
  await field(page, app.t('account.fields.confirmation')).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: exactly(app.t('account.submit')) }).click();
  await expect(page.getByRole('alert').getByText(exactly(app.t('account.errors.wrongPassword')))).toBeVisible();
});
