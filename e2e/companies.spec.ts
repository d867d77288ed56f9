import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, test } from './support/fixtures';
import { callApi, uploadPdf } from './support/api';
import { exactly } from './support/messages';

/** A field of the company forms by its name (rows repeat labels: "Phone" of a contact and of a bank). */
function named(page: Page, name: string) {
  return page.locator(`[name="${name}"]`);
}

/** A seeded company, which a filter on the new company's stamp must leave out. */
const SEEDED_COMPANY = 'Generadora Hidroeléctrica del Motagua, S.A.';

/** A complete contract body but for its company, signed file and counterpart code. */
const SIGNED_CONTRACT = {
  sucursal: 'GT',
  tipo_contrato: 'PF',
  tipo_transaccion: 'I',
  clase_contrato: 'CNFFF',
  incoterm: 'DAP',
  fecha_inicio: '2026-01-01',
  plazo: 12,
  codigo_agente: 'EPWM-GT',
  tripartito: false,
  tipo_factura: 'mensual',
  dias_factura: 5,
  dias_credito: 30,
  tipo_garantia: 'fianza',
  monto_garantia: '100000',
  moneda: 'USD',
  local_regional: 'local',
  pmi: ['GT-ESC-230'],
  pmr: ['GT-GUA-69'],
  poc: '95.5',
  margen: '3',
  fee: '1.5',
  precio_fijo: '88',
  energia: '7200',
  potencia: '10',
  firmantes: [{ nombre: 'Ana Pérez', cargo: 'Representante legal', email: 'ana.perez@prueba.example' }],
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a company is created through both wizard steps with a PDF, found by search and by a filtered link, edited, and once it has a contract it is not deleted', async ({
  app,
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now()).slice(-8);
  const name = `Energía Prueba ${stamp}, S.A.`;
  const values: Record<string, string> = {
    razon_social: name,
    nit: `${stamp}-K`,
    representante_legal: 'Ana Pérez',
    direccion_legal: '5a Avenida 10-20, Zona 10',
    identificacion_representante: '2456 78901 0101',
    relacion_comercial: 'Sucursal Guatemala',
    'contactos.0.nombre': 'Luis Gómez',
    'contactos.0.email': `luis.${stamp}@prueba.example`,
    'contactos.0.telefono': '+502 2222 3333',
    'contactos.0.celular': '+502 5555 6666',
    'contactos.0.cargo': 'Gerente comercial',
    'coordenadas_bancarias.0.nombre_beneficiario': name,
    'coordenadas_bancarias.0.direccion': '5a Avenida 10-20, Zona 10',
    'coordenadas_bancarias.0.codigo_postal': '01010',
    'coordenadas_bancarias.0.telefono': '+502 2222 3333',
    'coordenadas_bancarias.0.cuenta': '123456789012',
    'coordenadas_bancarias.0.email_notificacion_pago': `pagos.${stamp}@prueba.example`,
    'coordenadas_bancarias.0.banco_beneficiario': 'Banco Industrial',
    'coordenadas_bancarias.0.swift_bic': 'INDLGTGC',
    'coordenadas_bancarias.0.banco_intermediario': 'Citibank N.A.',
    'coordenadas_bancarias.0.direccion_banco_intermediario': '388 Greenwich St, New York',
    'coordenadas_bancarias.0.aba': '021000089',
  };
  const choices: Record<string, string> = {
    pais: 'GT',
    tipo_identificacion: 'dpi',
    tipo_contrato: 'local',
    'coordenadas_bancarias.0.pais_destino': 'US',
    'coordenadas_bancarias.0.moneda': 'USD',
  };

  await app.signIn(ACCOUNTS.admin);
  await app.open('/empresas');
  await page.getByRole('link', { name: exactly(app.t('companies.new')) }).click();
  await expect(page).toHaveURL(/\/empresas\/nueva/);

  // Step 1: an empty "next" marks the required fields; then the company, a contact, a bank account.
  await page.getByRole('button', { name: exactly(app.t('companies.next')) }).click();
  await expect(page.getByText(exactly(app.t('forms.errors.required'))).first()).toBeVisible();
  for (const [field, value] of Object.entries(values)) await named(page, field).fill(value);
  for (const [field, value] of Object.entries(choices)) await named(page, field).selectOption(value);

  // The browser's Back on a changed wizard asks first; staying keeps every value typed. (Back
  // from the page itself: Playwright's goBack would wait for the navigation the page cancels.)
  await page.evaluate(() => window.history.back());
  const discard = page.getByRole('alertdialog');
  await expect(discard.getByText(exactly(app.t('forms.discard.title')))).toBeVisible();
  await discard.getByRole('button', { name: exactly(app.t('common.cancel')) }).click();
  await expect(discard).toBeHidden();
  await expect(page).toHaveURL(/\/empresas\/nueva/);
  await expect(named(page, 'razon_social')).toHaveValue(name);
  await expect(named(page, 'coordenadas_bancarias.0.aba')).toHaveValue(values['coordenadas_bancarias.0.aba']!);
  await page.getByRole('button', { name: exactly(app.t('companies.next')) }).click();

  // Step 2: the incorporation deed as a PDF; going back keeps step 1.
  await expect(page.getByText(exactly(app.t('companies.stepOf', { n: '2', total: '2' })))).toBeVisible();
  await page.getByLabel(app.t('companies.documents.escritura_constitucion')).setInputFiles({ name: 'escritura.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText(exactly(app.t('files.uploaded', { name: 'escritura.pdf' })))).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('companies.back')) }).click();
  await expect(named(page, 'razon_social')).toHaveValue(name);
  await expect(named(page, 'contactos.0.email')).toHaveValue(values['contactos.0.email']!);
  await page.getByRole('button', { name: exactly(app.t('companies.next')) }).click();
  await expect(page.getByText(exactly(app.t('files.uploaded', { name: 'escritura.pdf' })))).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('companies.create')) }).click();

  // The view of the new company, with its document.
  await expect(page.getByRole('heading', { level: 2, name: exactly(name) })).toBeVisible();
  await expect(page).toHaveURL(/\/empresas\/\d+$/);
  await expect(page.getByText(exactly('escritura.pdf'))).toBeVisible();

  // The list's quick search finds it, and keeps the search in the URL.
  await app.open('/empresas');
  await page.getByLabel(app.t('companies.search')).fill(stamp);
  await expect(page.getByRole('gridcell', { name: exactly(name) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));

  // A link with a column filter reproduces the view: only that company.
  const filter = encodeURIComponent(JSON.stringify({ razon_social: { filterType: 'text', type: 'contains', filter: stamp } }));
  await app.open(`/empresas?f=${filter}`);
  await expect(page.getByRole('gridcell', { name: exactly(name) })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: exactly(SEEDED_COMPANY) })).toHaveCount(0);

  // Edit from the list: a new commercial relationship.
  await page.getByRole('link', { name: exactly(app.t('companies.editNamed', { name })) }).click();
  await expect(named(page, 'relacion_comercial')).toHaveValue('Sucursal Guatemala');
  await named(page, 'relacion_comercial').fill('Sucursal Escuintla');
  // A menu link on a changed form asks too; staying keeps the edit.
  await app.navigation().getByRole('link', { name: exactly(app.t('menu.contratos')) }).click();
  await expect(page.getByRole('alertdialog').getByText(exactly(app.t('forms.discard.title')))).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: exactly(app.t('common.cancel')) }).click();
  await expect(named(page, 'relacion_comercial')).toHaveValue('Sucursal Escuintla');
  await page.getByRole('button', { name: exactly(app.t('common.save')) }).click();
  await expect(page.getByRole('heading', { level: 2, name: exactly(name) })).toBeVisible();
  await expect(page.getByText(exactly('Sucursal Escuintla'))).toBeVisible();

  // Once the company has a contract (signed through the API: the contracts spec covers its form),
  // its delete is refused and explained, and the company stays.
  const companyId = Number(/\/empresas\/(\d+)$/.exec(page.url())![1]);
  const signed = await uploadPdf(page, `contrato-${stamp}.pdf`);
  const contract = await callApi(page, 'POST', '/contratos/api/v1/create', {
    ...SIGNED_CONTRACT,
    empresa_id: companyId,
    archivo_firmado: signed,
    codigo_contraparte: `CP-${stamp}`,
  });
  expect(contract.status, JSON.stringify(contract.body)).toBe(201);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: exactly(name) })).toBeVisible();
  await page.getByRole('button', { name: exactly(app.t('companies.delete')) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(exactly(app.t('companies.confirmDelete.title')))).toBeVisible();
  await dialog.getByRole('button', { name: exactly(app.t('companies.delete')) }).click();
  await expect(page.getByText(exactly(app.t('errors.APP_ERR_RECORD_IN_USE')))).toBeVisible();
  await expect(page.getByText(app.t('companies.inUseHint'))).toBeVisible();
  await expect(page.getByRole('link', { name: exactly(app.t('companies.seeContracts')) })).toHaveAttribute('href', /^\/contratos\?q=/);
  await app.open(`/empresas?q=${stamp}`);
  await expect(page.getByRole('link', { name: exactly(name) })).toBeVisible();
});
