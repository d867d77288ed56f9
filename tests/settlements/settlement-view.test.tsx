// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { uniformRolePermissions } from '../../schemas/role.schema';
import type { SettlementDetail } from '../../schemas/settlement.schema';
import { ApiError } from '../../src/lib/api/api-error';
import type { ApiRequest } from '../../src/lib/api/client';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { gridRows } from '../app/helpers/grid-rows';
import { renderWithApp } from '../app/helpers/render-with-app';
import { session, signedIn, userWith } from '../app/helpers/session-double';
import { ME, settlementDetail } from './settlement-fixtures';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
// The API is faked at the module edge, as the other page tests do: every call is asserted by path and body.
const apiData = vi.hoisted(() => vi.fn());
const apiCall = vi.hoisted(() => vi.fn());
const raw = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api: Object.assign(apiCall, { raw }) }));
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/files/save-blob', () => ({ saveBlob, dispositionFileName: () => 'liquidacion-CP-0003-2026-03-DF.xlsx' }));
// ApexCharts measures its SVG with browser layout that happy-dom does not have: the chart is
// replaced by a stand-in showing what the page gives it (its label and the series' points).
vi.mock('../../src/lib/charts/chart', () => ({
  default: ({ label, series }: { label: string; series: Array<{ name: string; data: number[] }> }) => (
    <div role="figure" aria-label={label}>
      {series.map((serie) => `${serie.name}: ${serie.data.join(' ')}`).join(' | ')}
    </div>
  ),
}));
const { SettlementViewRoute } = await import('../../src/features/settlements/settlement-view-route');

const CATALOGUES = { 'es-ES': esES, 'en-US': enUS as unknown as typeof esES };

/** The server as the page sees it: the stored settlement (changed by validating) and its rows at each aggregation. */
function serve(initial: Partial<SettlementDetail> = {}, validate: () => Promise<unknown> = async () => ({})) {
  let stored: Partial<SettlementDetail> = initial;
  apiData.mockImplementation(async (request: ApiRequest) => {
    if (request.method === 'GET') return settlementDetail((request.query?.agregacion as SettlementDetail['agregacion']) ?? 'hora', stored);
    if (request.path.endsWith('/conciliar')) return settlementDetail('hora', { id: 31, version_liquidacion: 'CD', reconciliacion: 1, totales: null, filas: [] });
    if (request.path.endsWith('/validar')) {
      await validate();
      stored = { ...stored, estado: 'validada', validada_por: 'ada@demo.energy', validada_en: '2026-04-03T09:00:00.000Z', version: 5 };
      return settlementDetail('hora', stored);
    }
    throw new Error(`unexpected call ${request.method} ${request.path}`);
  });
}

/** Signed in as Ada (id 7), whose role may create and, when `validate`, validate settlements. */
function signedInAs({ validate }: { validate: boolean }) {
  const permisos = uniformRolePermissions(true);
  session.current = {
    ...signedIn(['liquidaciones']),
    user: { ...userWith(['liquidaciones']), permisos_x_pagina: { ...permisos, Settlements: { ...permisos.Settlements, validate } } },
  };
}

function renderView(search = '?agregacion=hora') {
  return renderWithApp(<SettlementViewRoute id={12} />, `/12${search}`);
}

const gets = (agregacion: string) =>
  apiData.mock.calls.filter(([request]) => request.method === 'GET' && request.path === '/liquidacion/api/v3/liquidaciones/12' && request.query?.agregacion === agregacion);

beforeEach(() => {
  apiData.mockReset();
  apiCall.mockReset();
  raw.mockReset();
  saveBlob.mockReset();
  signedInAs({ validate: true });
});
afterEach(() => {
  cleanup();
  act(() => setLocale('es-ES'));
});

describe('the settlement view', () => {
  // A pair is what the two languages write differently: in Spanish, then in English.
  type Shown = string | [es: string, en: string];
  const AMOUNT: Shown = ['1.234,56', '1,234.56'];
  const SHOWN: { title: Shown; state: Shown; physical: Shown; invoice: Shown; computedBy: Shown; rows: Shown[][] } = {
    title: ['Liquidación CP-0003 · Marzo 2026', 'Settlement CP-0003 · March 2026'],
    state: ['Preliminar', 'Preliminary'],
    physical: ['2.976 MWh', '2,976 MWh'],
    invoice: ['918.512,64 USD', 'USD 918,512.64'],
    computedBy: 'bruno@demo.energy · 02/04/2026',
    rows: [
      ['7', '01/03/2026', '1', '4', '5', AMOUNT],
      ['7', '01/03/2026', '2', '4', '5', AMOUNT],
    ],
  };

  /** What `locale` shows of SHOWN. */
  function shownIn(locale: Locale) {
    const word = (shown: Shown) => (typeof shown === 'string' ? shown : shown[locale === 'es-ES' ? 0 : 1]);
    const { title, state, physical, invoice, computedBy, rows } = SHOWN;
    return { title: word(title), state: word(state), physical: word(physical), invoice: word(invoice), computedBy: word(computedBy), rows: rows.map((row) => row.map(word)) };
  }

  it.each(['es-ES', 'en-US'] as const)('shows what the settlement is, its totals, its hourly rows and its month day by day (%s)', async (locale) => {
    const expected = shownIn(locale);
    act(() => setLocale(locale));
    const catalogue = CATALOGUES[locale];
    serve();
    renderView();
    expect(await screen.findByRole('heading', { level: 2, name: expected.title })).toBeTruthy();
    expect(screen.getAllByText(expected.state).length).toBeGreaterThan(0);
    expect(screen.getByText(catalogue.settlements.common.versionNames.DF, { selector: 'dd *, dd' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`^${expected.computedBy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))).toBeTruthy();
    expect(within(screen.getByTestId('total-energia_fisica_mwh')).getByText(expected.physical)).toBeTruthy();
    expect(within(screen.getByTestId('total-factura')).getByText(expected.invoice)).toBeTruthy();
    // The USD invoice only: a Guatemalan settlement has no MXN amounts.
    expect(screen.queryByTestId('total-factura_mxn')).toBeNull();
    await waitFor(() => expect(gridRows(document, ['anexo_id', 'fecha', 'periodo', 'energia_fisica_mwh', 'energia_total_mwh', 'factura'])).toEqual(expected.rows));
    // The chart module is imported lazily: the first import takes a while on a busy machine.
    const chart = await screen.findByRole('figure', { name: catalogue.settlements.view.chartLabel }, { timeout: 10_000 });
    // Two days of 24 summed hours: 120 MWh and 29,629.44 USD invoiced each.
    expect(chart.textContent).toBe(
      `${catalogue.settlements.view.chartEnergy}: 120 120 | ${catalogue.settlements.view.chartInvoice}: 29629.44 29629.44 | ${catalogue.settlements.view.chartMargin}: 294 294`,
    );
  });

  it('switches the rows to days and keeps the aggregation in the URL', async () => {
    serve();
    const { history } = renderView();
    await screen.findByRole('heading', { level: 2 });
    fireEvent.click(screen.getByRole('radio', { name: esES.settlements.common.aggregations.dia }));
    await waitFor(() => expect(history.at(-1)).toBe('/12?agregacion=dia'));
    await waitFor(() => expect(gridRows(document, ['anexo_id', 'fecha', 'energia_total_mwh'])).toEqual([
      ['7', '01/03/2026', '120'],
      ['7', '02/03/2026', '120'],
    ]));
    expect(document.querySelector('[role="gridcell"][col-id="periodo"]')).toBeNull();
  });

  it('downloads the Excel of the aggregation shown, in the page language', async () => {
    serve();
    raw.mockResolvedValue({ data: new Blob(['xlsx']), headers: new Headers({ 'content-disposition': 'attachment' }) });
    act(() => setLocale('en-US'));
    renderView('?agregacion=mes');
    fireEvent.click(await screen.findByRole('button', { name: enUS.settlements.view.download }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalled());
    expect(raw).toHaveBeenCalledWith(expect.objectContaining({ path: '/liquidacion/api/v3/liquidaciones/12/excel', query: { agregacion: 'mes', idioma: 'en-US' } }));
  });

  it.each(Object.entries(CATALOGUES))('refuses validation to whoever computed it last, saying why (%s)', async (locale, catalogue) => {
    act(() => setLocale(locale as Locale));
    serve({ calculada_por: ME.email });
    renderView();
    const validate = await screen.findByRole('button', { name: catalogue.settlements.view.validate });
    expect((validate as HTMLButtonElement).disabled).toBe(true);
    expect(validate.getAttribute('aria-describedby')).toBe('refusal-validate');
    expect(document.getElementById('refusal-validate')?.textContent).toBe(catalogue.errors.APP_ERR_SETTLEMENT_FOUR_EYES);
  });

  it('does not offer validation to a role without the validate action', async () => {
    signedInAs({ validate: false });
    serve();
    renderView();
    await screen.findByRole('button', { name: esES.settlements.view.compute });
    expect(screen.queryByRole('button', { name: esES.settlements.view.validate })).toBeNull();
  });

  it.each(Object.entries(CATALOGUES))('validates after a confirmation that says it is irreversible, then shows it final and locked (%s)', async (locale, catalogue) => {
    act(() => setLocale(locale as Locale));
    serve();
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: catalogue.settlements.view.validate }));
    const dialog = await screen.findByRole('alertdialog');
    const month = locale === 'es-ES' ? 'Marzo' : 'March';
    expect(dialog.textContent).toContain(catalogue.settlements.view.validateText.replace('{{name}}', `DF · CP-0003 · ${month} 2026`));
    expect(apiData.mock.calls.some(([request]) => request.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: catalogue.settlements.view.validateConfirm }));
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/liquidacion/api/v3/liquidaciones/12/validar', body: { version: 4 } })));
    expect(await screen.findByText(catalogue.settlements.view.locked)).toBeTruthy();
    expect(screen.queryByRole('button', { name: catalogue.settlements.view.validate })).toBeNull();
    expect(screen.queryByRole('button', { name: catalogue.settlements.view.compute })).toBeNull();
    expect(screen.getByRole('button', { name: catalogue.settlements.view.reconcile })).toBeTruthy();
  });

  it('says a stale settlement changed meanwhile and reloads it', async () => {
    const stale = new ApiError('clientError', 'Request failed with status code 409', {
      statusCode: 409,
      body: { statusCode: 409, code: 'APP_ERR_RECORD_STALE', message: 'stale' },
    });
    serve({}, () => Promise.reject(stale));
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: esES.settlements.view.validate }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: esES.settlements.view.validateConfirm }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(esES.errors.APP_ERR_RECORD_STALE);
    expect(alert.textContent).toContain(esES.settlements.view.reloaded);
    await waitFor(() => expect(gets('hora').length).toBe(2));
  });

  it('reconciles a validated DF after asking, and opens the new CD', async () => {
    signedInAs({ validate: false });
    serve({ estado: 'validada', validada_por: 'sara@demo.energy' });
    const { history } = renderView();
    fireEvent.click(await screen.findByRole('button', { name: esES.settlements.view.reconcile }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: esES.settlements.view.reconcileConfirm }));
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/liquidacion/api/v3/liquidaciones/12/conciliar', body: { version: 4 } })));
    await waitFor(() => expect(history.at(-1)).toBe('/liquidaciones/31'));
  });

  it('links a CD to the DF it was reconciled from, and says it has no rows until computed', async () => {
    serve({ version_liquidacion: 'CD', reconciliacion: 1, totales: null, filas: [] });
    apiCall.mockResolvedValue({ data: [settlementDetail('hora', { id: 11, estado: 'validada', conciliada: true })], total: 1 });
    renderView();
    const link = await screen.findByRole('link', { name: 'DF #11' });
    expect(link.getAttribute('href')).toBe('/liquidaciones/11');
    expect(apiCall).toHaveBeenCalledWith(expect.objectContaining({ path: '/liquidacion/api/v3/liquidaciones', query: expect.objectContaining({ contrato_id: 3, anio: 2026, mes: 3, version: 'DF' }) }));
    expect(screen.getByText(esES.settlements.view.notComputed)).toBeTruthy();
    expect(screen.getByRole('button', { name: esES.settlements.view.compute })).toBeTruthy();
    expect(screen.getByLabelText(esES.settlements.common.versionNames.CD).textContent).toBe('CD1');
  });
});
