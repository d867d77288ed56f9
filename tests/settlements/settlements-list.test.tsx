// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uniformRolePermissions } from '../../schemas/role.schema';
import type { Settlement } from '../../schemas/settlement.schema';
import type { AccumulatedMargin, ContractSummary, SettlementSummary, SummaryFigures } from '../../schemas/settlement-summary.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { renderWithApp } from '../app/helpers/render-with-app';
import { session, signedIn, userWith } from '../app/helpers/session-double';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const { api, apiData } = vi.hoisted(() => ({ api: vi.fn(), apiData: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ api, apiData }));
// ApexCharts draws with SVG measurements happy-dom does not make; the chart is replaced by its
// label and the series it was given, which is what the page decides (the wrapper is the app's).
vi.mock('../../src/lib/charts/chart', () => ({
  default: ({ label, series }: { label: string; series: Array<{ name: string; data: number[] }> }) => (
    <div role="figure" aria-label={label} data-series={JSON.stringify(series)} />
  ),
}));
const { SettlementsListRoute } = await import('../../src/features/settlements/settlements-list-route');

const figures = (energia: string, monto: string, margen: string, factura: string, n = 1): SummaryFigures => ({
  energia_total_mwh: energia,
  liquidacion_energia: monto,
  margen,
  factura,
  liquidaciones: n,
  validadas: 0,
  versiones: { PE: 0, DF: n, CD: 0 },
});

const SETTLEMENT: Settlement = {
  id: 12,
  contrato_id: 3,
  contrato_codigo: 'CP-0001',
  empresa_id: 5,
  empresa_razon_social: 'Generadora 501, S.A.',
  sucursal: 'GT',
  moneda: 'USD',
  anio: 2026,
  mes: 2,
  version_liquidacion: 'CD',
  reconciliacion: 1,
  estado: 'validada',
  conciliada: false,
  energia_total_mwh: '1234.5',
  liquidacion_energia: '98765.4321',
  margen: '-12.5',
  factura: '100000',
  factura_mxn: null,
  calculada_por: 'analista@demo.energy',
  calculada_en: '2026-03-02T10:00:00.000Z',
  validada_por: 'supervisor@demo.energy',
  validada_en: '2026-03-03T11:00:00.000Z',
  version: 2,
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-03T11:00:00.000Z',
  created_by: 'analista@demo.energy',
  updated_by: 'supervisor@demo.energy',
};

const SUMMARY: SettlementSummary = {
  anio: 2026,
  total: figures('3000', '250000.5', '4200', '260000', 3),
  meses: [
    { mes: 2, ...figures('1000', '90000', '1200', '95000', 2) },
    { mes: 3, ...figures('2000', '160000.5', '3000', '165000') },
  ],
  por_pais: [],
  por_tipo_contrato: [],
  por_pais_mes: [
    { mes: 2, pais: 'GT', ...figures('600', '50000', '700', '52000') },
    { mes: 2, pais: 'SV', ...figures('400', '40000', '500', '43000') },
    { mes: 3, pais: 'GT', ...figures('2000', '160000.5', '3000', '165000') },
  ],
  por_tipo_contrato_mes: [{ mes: 3, tipo_contrato: 'PF', ...figures('2000', '160000.5', '3000', '165000') }],
};
const ACCUMULATED: AccumulatedMargin = {
  anio: 2026,
  meses: [
    { mes: 2, margen: '1200', margen_acumulado: '1200', liquidaciones: 2, versiones: { PE: 0, DF: 2, CD: 0 } },
    { mes: 3, margen: '3000', margen_acumulado: '4200', liquidaciones: 1, versiones: { PE: 0, DF: 1, CD: 0 } },
  ],
};
const CONTRACTS: ContractSummary[] = [
  { contrato_id: 3, contrato_codigo: 'CP-0001', empresa_id: 5, empresa_razon_social: 'Generadora 501, S.A.', pais: 'GT', tipo_contrato: 'PF', meses: [2, 3], ...figures('3000', '250000.5', '4200', '260000', 3) },
];
const NOTHING: SettlementSummary = { ...SUMMARY, total: { ...figures('0', '0', '0', '0', 0), versiones: { PE: 0, DF: 0, CD: 0 } }, meses: [], por_pais_mes: [], por_tipo_contrato_mes: [] };

/** The server as the page asks it: the list through `api`, the three summary calls through `apiData`. */
function serve({ rows = [SETTLEMENT], total = rows.length, summary = SUMMARY }: { rows?: Settlement[]; total?: number; summary?: SettlementSummary } = {}) {
  api.mockImplementation(async () => ({ data: rows, total }));
  apiData.mockImplementation(async ({ path }: { path: string }) =>
    path.endsWith('/resumen') ? summary : path.endsWith('/liquidations') ? (summary === NOTHING ? { anio: 2026, meses: [] } : ACCUMULATED) : summary === NOTHING ? [] : CONTRACTS,
  );
}

function signedInWith(create: boolean) {
  const settlements = { ...uniformRolePermissions(true).Settlements, create };
  session.current = { ...signedIn(['liquidaciones']), user: { ...userWith(['liquidaciones']), permisos_x_pagina: { ...uniformRolePermissions(true), Settlements: settlements } } };
}

/** The text of each cell of the grid's first body row, by column id. */
function firstRow(columns: string[]): string[] {
  return columns.map((id) => document.querySelector<HTMLElement>(`[row-index="0"] [role="gridcell"][col-id="${id}"]`)?.textContent ?? '');
}

beforeEach(() => {
  api.mockReset();
  apiData.mockReset();
  act(() => setLocale('es-ES'));
});
afterEach(cleanup);

describe('the settlements list', () => {
  const EXPECTED: Record<Locale, { row: string[]; totals: string[]; byCountry: string; pageOf: string }> = {
    'es-ES': {
      row: ['CP-0001', 'Generadora 501, S.A.', 'Guatemala', '02/2026', 'CD1', 'Validada', '1.234,5', '98.765,43 USD', '-12,50 USD', '100.000,00 USD'],
      totals: ['3.000 MWh', '250.000,50 USD', '4.200,00 USD', '260.000,00 USD'],
      byCountry: 'Liquidación de energía (USD) por mes y país',
      pageOf: 'Página 2 de 3 · 120 liquidaciones',
    },
    'en-US': {
      row: ['CP-0001', 'Generadora 501, S.A.', 'Guatemala', '02/2026', 'CD1', 'Validated', '1,234.5', 'USD 98,765.43', 'USD -12.50', 'USD 100,000.00'],
      totals: ['3,000 MWh', 'USD 250,000.50', 'USD 4,200.00', 'USD 260,000.00'],
      byCountry: 'Energy amount (USD) per month and country',
      pageOf: 'Page 2 of 3 · 120 settlements',
    },
  };

  it.each(Object.entries(EXPECTED))('asks for the filters and page of the URL and shows the settlements and the dashboard (%s)', async (locale, expected) => {
    act(() => setLocale(locale as Locale));
    signedInWith(true);
    serve({ total: 120 });
    renderWithApp(<SettlementsListRoute />, '/?anio=2026&version=CD&estado=validada&pais=GT&contrato=3&pagina=2&mes=99');
    await waitFor(() => expect(firstRow(['contrato_codigo', 'empresa_razon_social', 'sucursal', 'periodo', 'version', 'estado', 'energia_total_mwh', 'liquidacion_energia', 'margen', 'factura'])).toEqual(expected.row));
    // A month out of bounds in a hand-edited link is left out, not sent to be refused.
    expect(api).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'GET', path: '/liquidacion/api/v3/liquidaciones', query: { anio: 2026, version: 'CD', estado: 'validada', contrato_id: 3, pais: 'GT', pagina: 2, por_pagina: 50 } }),
    );
    // The dashboard shows the list's year, country and version.
    expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/liquidacion/api/v3/resumen', body: { anio: 2026, pais: 'GT', version: 'CD' } }));
    const dashboard = await screen.findByRole('region', { name: locale === 'es-ES' ? 'Resumen de 2026' : 'Summary of 2026' });
    await waitFor(() => expect(within(dashboard).getAllByText(/MWh|USD/).slice(0, 4).map((node) => node.textContent)).toEqual(expected.totals));
    const byCountry = await within(dashboard).findByRole('figure', { name: expected.byCountry });
    expect(JSON.parse(byCountry.getAttribute('data-series')!)).toEqual([
      { name: 'Guatemala', data: [50000, 160000.5] },
      { name: 'El Salvador', data: [40000, 0] },
    ]);
    expect(screen.getByText(expected.pageOf)).toBeTruthy();
    const link = screen.getByRole('link', { name: locale === 'es-ES' ? 'Abrir la liquidación CP-0001 de 02/2026 (CD1)' : 'Open the settlement CP-0001 of 02/2026 (CD1)' });
    expect(link.getAttribute('href')).toBe('/12');
  });

  it('keeps a new filter in the URL and goes back to the first page; the next page is a page of the URL', async () => {
    signedInWith(true);
    serve({ total: 120 });
    const { history } = renderWithApp(<SettlementsListRoute />, '/?anio=2026&pagina=2');
    await screen.findByText('Página 2 de 3 · 120 liquidaciones');
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'preliminar' } });
    await waitFor(() => expect(history.at(-1)).toBe('/?anio=2026&estado=preliminar'));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith(expect.objectContaining({ query: { anio: 2026, estado: 'preliminar', pagina: 1, por_pagina: 50 } })));
    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(history.at(-1)).toBe('/?anio=2026&estado=preliminar&pagina=2'));
  });

  it('offers a new settlement and the market data to a role that may create, and only the market data otherwise', async () => {
    signedInWith(true);
    serve();
    renderWithApp(<SettlementsListRoute />, '/');
    expect(screen.getByRole('link', { name: 'Nueva liquidación' }).getAttribute('href')).toBe('/nueva');
    expect(screen.getByRole('link', { name: 'Datos de mercado' }).getAttribute('href')).toBe('/liquidaciones/datos-mercado');
    cleanup();
    signedInWith(false);
    renderWithApp(<SettlementsListRoute />, '/');
    expect(screen.queryByRole('link', { name: 'Nueva liquidación' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Datos de mercado' })).toBeTruthy();
  });

  it('says so, and how to start, when nothing is settled in the year, instead of empty charts', async () => {
    signedInWith(true);
    serve({ rows: [], summary: NOTHING });
    renderWithApp(<SettlementsListRoute />, '/?anio=2026');
    const empty = await screen.findByTestId('settlements-dashboard-empty');
    expect(within(empty).getByRole('heading', { name: 'No hay liquidaciones calculadas en 2026' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Calcular una liquidación' }).getAttribute('href')).toBe('/nueva');
    expect(within(empty).getByRole('link', { name: 'Cargar datos de mercado' })).toBeTruthy();
    expect(screen.queryAllByRole('figure')).toEqual([]);
    expect(await screen.findByText('Ninguna liquidación coincide con los filtros.')).toBeTruthy();
  });
});
