// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Pending } from '../../schemas/home.schema';
import ShellRoutes from '../../src/app/shell/shell-routes';
import { initI18n } from '../../src/lib/i18n/i18n';
import { renderWithApp } from './helpers/render-with-app';
import { session, signedIn } from './helpers/session-double';

vi.mock('../../src/app/session/use-session', async () => (await import('./helpers/session-double')).sessionModule);
// The top bar asks for the running jobs (tests/app/running-jobs.test.tsx): here none run.
vi.mock('../../src/lib/jobs/jobs-api', async (importOriginal) => ({ ...(await importOriginal<object>()), listRunningJobs: async () => [] }));
// What needs the user now: nothing, unless a test says otherwise.
const { getPending } = vi.hoisted(() => ({ getPending: vi.fn() }));
vi.mock('../../src/features/home/home-api', () => ({ getPending }));

beforeEach(() => {
  initI18n({ search: '?lang=es-ES', storage: null });
  getPending.mockReset();
  getPending.mockResolvedValue({});
});
afterEach(cleanup);

const main = () => screen.getByRole('main');

describe('home page', () => {
  it('welcomes the user by name with one card per section they may open', async () => {
    session.current = signedIn(['relaciones', 'liquidaciones', 'facturacion']);
    const { history } = renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bienvenido, Ada Lovelace' })).toBeTruthy();
    const cards = within(main()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(cards).toEqual(['Relaciones Comerciales', 'Liquidaciones', 'Facturación']);
    fireEvent.click(within(main()).getByRole('link', { name: 'Reporte de facturación' }));
    expect(history.at(-1)).toBe('/facturacion/reporte-facturacion/');
  });

  it('tells a user without any section to ask for access', async () => {
    session.current = signedIn([]);
    renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByText(/Todavía no tienes acceso a ninguna sección/)).toBeTruthy();
    expect(within(main()).queryAllByRole('link')).toEqual([]);
  });

  it('shows no cards while permissions load', async () => {
    session.current = { ...signedIn(['admin']), permissions: null };
    renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bienvenido, Ada Lovelace' })).toBeTruthy();
    expect(within(main()).queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(within(main()).queryByText(/ninguna sección/)).toBeNull();
  });
});

/** An answer with every card: one settlement to validate, three invoices to issue (two listed), and the rest. */
const EVERYTHING: Pending = {
  por_validar: {
    pais: 'GT',
    total: 1,
    items: [
      { id: 41, contrato_id: 3, contrato_codigo: 'CP-0003', empresa_razon_social: 'Generadora Sur, S.A.', anio: 2026, mes: 10, version_liquidacion: 'DF', reconciliacion: 0, calculada_por: 'analista@demo.energy', calculada_en: '2026-11-02T15:00:00Z' },
    ],
  },
  por_emitir: {
    pais: 'GT',
    total: 3,
    items: [
      { id: 7, tipo_documento: 'factura', sentido: 'cobrar', contrato_codigo: 'CP-0007', razon_social: 'Comercializadora Norte, S.A.', anio: 2026, mes: 9, total: '1500.25', moneda: 'USD', solicitado_por: 'analista@demo.energy', solicitado_en: '2026-11-03T15:00:00Z' },
      { id: 8, tipo_documento: 'nota_credito', sentido: 'cobrar', contrato_codigo: 'CP-0008', razon_social: 'Comercializadora Norte, S.A.', anio: 2026, mes: 9, total: '20.00', moneda: 'USD', solicitado_por: 'analista@demo.energy', solicitado_en: '2026-11-03T16:00:00Z' },
    ],
  },
  ejecuciones: { total: 1, items: [{ id: 12, tipo: 'sube', estado: 'fallida', creado_en: '2026-11-20T12:00:00Z', terminado_en: '2026-11-20T12:30:00Z', error: 'processes.errors.allFailed' }] },
  alertas_garantias: { total: 0, items: [] },
  datos_mercado: { anio: 2026, mes: 11, desde: '2026-11-01', hasta: '2026-11-29', total: 1, items: [{ fecha: '2026-11-29', sin_tipo_cambio: true, nodos_sin_precio: 2 }] },
  trabajos_fallidos: { total: 1, items: [{ id: 5, tipo: 'settlements.refresh-energy', terminado_en: '2026-11-27T09:00:00Z' }] },
};

describe('home page: what needs the user now', () => {
  const card = (name: string) => screen.getByRole('region', { name });
  const hrefOf = (link: HTMLElement) => link.getAttribute('href');

  it('shows the cards the server answers before the sections, each with its count, its first items and the way on', async () => {
    getPending.mockResolvedValue(EVERYTHING);
    session.current = signedIn(['relaciones', 'liquidaciones', 'facturacion', 'acciones', 'monitoreo']);
    const { history } = renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lo que necesita tu atención' })).toBeTruthy();
    const titles = within(main()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles.slice(0, 6)).toEqual([
      'Liquidaciones por validar',
      'Facturas por emitir',
      'Ejecuciones de Registra y Sube',
      'Alertas de garantías de la semana',
      'Datos de mercado que faltan',
      'Trabajos fallidos',
    ]);
    expect(titles.slice(6)).toEqual(['Relaciones Comerciales', 'Liquidaciones', 'Acciones', 'Facturación', 'Monitoreo']);

    // One settlement: the card leads to it.
    const toValidate = card('Liquidaciones por validar');
    expect(within(toValidate).getByText('1 pendiente')).toBeTruthy();
    expect(hrefOf(within(toValidate).getByRole('link', { name: 'Abrir la liquidación' }))).toBe('/liquidaciones/41');
    expect(hrefOf(within(toValidate).getByRole('link', { name: 'DF · Octubre 2026 · CP-0003' }))).toBe('/liquidaciones/41');

    // Three invoices, two listed: the card leads to the list filtered by status and country.
    const toIssue = card('Facturas por emitir');
    expect(within(toIssue).getByText('3 pendientes')).toBeTruthy();
    expect(within(toIssue).getByText('y 1 más')).toBeTruthy();
    expect(hrefOf(within(toIssue).getByRole('link', { name: 'Ver las facturas solicitadas' }))).toBe('/facturacion/?estado=SOLICITADO&pais=GT');
    expect(hrefOf(within(toIssue).getByRole('link', { name: /^Nota de crédito · Septiembre 2026 · CP-0008/ }))).toBe('/facturacion/8');

    // A failed run opens its monitor on its robot's page, and says why it failed.
    const runs = card('Ejecuciones de Registra y Sube');
    expect(hrefOf(within(runs).getByRole('link', { name: /^Sube Planillas n\.º 12: Fallida/ }))).toBe('/procesos/sube-planillas/?ejecucion=12');
    expect(within(runs).getByText('Motivo: no se pudo hacer ningún elemento')).toBeTruthy();

    // The week's card says the week when it is empty (not the guarantee page's 30 days).
    const alerts = card('Alertas de garantías de la semana');
    expect(within(alerts).getByText('0 pendientes')).toBeTruthy();
    expect(within(alerts).getByText('Ninguna alerta en los últimos 7 días.')).toBeTruthy();
    expect(hrefOf(within(alerts).getByRole('link', { name: 'Abrir Garantías' }))).toBe('/garantias/');
    const market = card('Datos de mercado que faltan');
    expect(within(market).getByText('29/11/2026: sin tipo de cambio · 2 nodos sin precios')).toBeTruthy();
    expect(hrefOf(within(market).getByRole('link', { name: 'Abrir los datos de mercado del mes' }))).toBe('/liquidaciones/datos-mercado?anio=2026&mes=11');
    // Following a link leaves Home for the page.
    fireEvent.click(within(card('Trabajos fallidos')).getByRole('link', { name: /^Actualización de liquidaciones · / }));
    expect(history.at(-1)).toBe('/anexos');
  });

  it('says so when a card has nothing waiting', async () => {
    getPending.mockResolvedValue({ por_validar: { pais: 'GT', total: 0, items: [] } } satisfies Pending);
    session.current = signedIn(['liquidaciones']);
    renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByText('Ninguna liquidación espera tu validación.')).toBeTruthy();
    expect(hrefOf(within(card('Liquidaciones por validar')).getByRole('link', { name: 'Ver las liquidaciones preliminares' }))).toBe('/liquidaciones?estado=preliminar&pais=GT');
  });

  it('shows no heading when the server answers no card, and the failure when it fails', async () => {
    session.current = signedIn(['relaciones']);
    renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByRole('heading', { level: 3, name: 'Relaciones Comerciales' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Lo que necesita tu atención' })).toBeNull();
    cleanup();

    getPending.mockRejectedValue(new Error('offline'));
    renderWithApp(<ShellRoutes />, '/home');
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
