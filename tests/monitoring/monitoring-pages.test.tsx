// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Counterparty, EnergyHour, EnergyRow, EnergyTotal, PowerRow, PowerTotal } from '../../schemas/monitoring.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp, useFreshPage } from '../app/helpers/render-with-app';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => Object.assign(vi.fn(), { raw: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/files/save-blob', () => ({ saveBlob, dispositionFileName: () => null }));
// ApexCharts draws with SVG measurements happy-dom does not make; the chart is replaced by its
// label and the series it was given, which is what the page decides.
vi.mock('../../src/lib/charts/chart', () => ({
  default: ({ label, series }: { label: string; series: Array<{ name: string; data: Array<number | null> }> }) => <div role="figure" aria-label={label} data-series={JSON.stringify(series)} />,
}));
const { default: PowerPage } = await import('../../src/features/monitoring/power-page');
const { default: EnergyPage } = await import('../../src/features/monitoring/energy-page');

const COUNTERPARTIES: Counterparty[] = [
  { empresa_id: 7, razon_social: 'Alfa, S.A.', rol: 'comprador', sucursales: ['GT'], contratos: 1, anexos: 1 },
  { empresa_id: 7, razon_social: 'Alfa, S.A.', rol: 'vendedor', sucursales: ['GT'], contratos: 1, anexos: 1 },
  { empresa_id: 8, razon_social: 'Beta, S.A.', rol: 'comprador', sucursales: ['SV'], contratos: 1, anexos: 1 },
];
const POWER_TOTALS: PowerTotal[] = [
  { rol: 'comprador', mw_contratada_max: '7.5', mw_max: '6.5', dias: [{ fecha: '2025-03-01', mw_contratada: '5', mw_max: '5' }, { fecha: '2025-03-02', mw_contratada: '7.5', mw_max: '6.5' }] },
  { rol: 'vendedor', mw_contratada_max: '10', mw_max: '10.5', dias: [{ fecha: '2025-03-01', mw_contratada: '10', mw_max: '10.5' }, { fecha: '2025-03-02', mw_contratada: '10', mw_max: null }] },
];
const POWER_ROWS: PowerRow[] = [
  { fecha: '2025-03-01', empresa_id: 7, razon_social: 'Alfa, S.A.', rol: 'vendedor', anexos: 1, mw_contratada: '10', mw_max: '10.5', periodo_max: 5, version: 'DF', factor_uso_pct: '105' },
  { fecha: '2025-03-02', empresa_id: 7, razon_social: 'Alfa, S.A.', rol: 'vendedor', anexos: 1, mw_contratada: '10', mw_max: null, periodo_max: null, version: null, factor_uso_pct: null },
];
const ENERGY_TOTALS: EnergyTotal[] = [
  {
    rol: 'vendedor',
    mwh_contratada: '480',
    mwh_fisica: '217',
    mwh_flex: '12',
    mwh_total: '229',
    version: 'DF',
    cumplimiento_pct: '47.71',
    dias: [
      { fecha: '2025-03-01', mwh_contratada: '240', mwh_fisica: '217', mwh_flex: '12', mwh_total: '229', version: 'DF', cumplimiento_pct: '95.42' },
      { fecha: '2025-03-02', mwh_contratada: '240', mwh_fisica: null, mwh_flex: null, mwh_total: null, version: null, cumplimiento_pct: null },
    ],
  },
];
const ENERGY_ROWS: EnergyRow[] = [];
const HOURS: EnergyHour[] = [
  { empresa_id: 7, razon_social: 'Alfa, S.A.', rol: 'vendedor', periodo: 5, mwh_fisica: '10', mwh_flex: '0.5', mwh_total: '10.5', version: 'DF' },
  { empresa_id: 8, razon_social: 'Beta, S.A.', rol: 'vendedor', periodo: 5, mwh_fisica: '1', mwh_flex: '0', mwh_total: '1', version: 'PE' },
];

/** The server as the pages ask it, by path. */
function serve() {
  const answers: Record<string, unknown> = {
    'lista-compradores-vendedores': COUNTERPARTIES,
    'potencia-total': POWER_TOTALS,
    'potencia-compradores-vendedores': POWER_ROWS,
    'energia-total': ENERGY_TOTALS,
    'energia-compradores-vendedores': ENERGY_ROWS,
    energia: HOURS,
  };
  apiData.mockImplementation(async ({ path }: { path: string }) => answers[path.split('/').at(-1)!]);
}

const callsTo = (name: string) => apiData.mock.calls.map(([call]) => call as { path: string; body?: unknown; query?: unknown }).filter((call) => call.path.endsWith(`/${name}`));
const seriesOf = (name: string) => JSON.parse(screen.getByRole('figure', { name }).getAttribute('data-series') ?? '[]') as Array<{ name: string; data: Array<number | null> }>;

useFreshPage(['monitoreo'], [apiData, api.raw, saveBlob]);

describe('the power page', () => {
  it("asks for the URL's range and filters, and shows each role's largest day and the days as a chart", async () => {
    serve();
    renderWithApp(<PowerPage />, '/?desde=2025-03-01&hasta=2025-03-02&sucursal=GT&empresa=7&version=DF');
    await waitFor(() => expect(callsTo('potencia-total')).toHaveLength(1));
    const body = { desde: '2025-03-01', hasta: '2025-03-02', sucursal: 'GT', empresa_id: 7, version: 'DF' };
    expect(callsTo('potencia-total')[0]!.body).toEqual(body);
    expect(callsTo('potencia-compradores-vendedores')[0]!.body).toEqual(body);
    expect(await screen.findByText('10,5 MW')).toBeTruthy();
    expect(screen.getByText('7,5 MW')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('figure', { name: 'MW contratados y máximo horario entregado por día, compradores y vendedores' })).toBeTruthy());
    expect(seriesOf('MW contratados y máximo horario entregado por día, compradores y vendedores')).toEqual([
      { name: 'MW contratados Compradores', type: 'column', data: [5, 7.5] },
      { name: 'MW contratados Vendedores', type: 'column', data: [10, 10] },
      { name: 'Máximo horario Compradores', type: 'line', data: [5, 6.5] },
      { name: 'Máximo horario Vendedores', type: 'line', data: [10.5, null] },
    ]);
    expect((screen.getByLabelText('Empresa') as HTMLSelectElement).value).toBe('7');
    expect(screen.getAllByRole('option', { name: 'Alfa, S.A.' })).toHaveLength(1);
  });

  it('asks nothing for a reversed range or one over 366 days, and says why beside the end date', async () => {
    serve();
    renderWithApp(<PowerPage />, '/?desde=2025-03-02&hasta=2025-03-01');
    expect(await screen.findByText('La fecha final debe ser igual o posterior a la inicial.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Descargar Excel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo('potencia-total')).toHaveLength(0);
  });

  it('says the limit of a range too long, in English', async () => {
    act(() => setLocale('en-US'));
    serve();
    renderWithApp(<PowerPage />, '/?desde=2024-01-01&hasta=2025-01-01');
    expect(await screen.findByText('A range is at most 366 days long.')).toBeTruthy();
    expect(callsTo('potencia-compradores-vendedores')).toHaveLength(0);
  });
});

describe('the energy page', () => {
  it('shows the totals, "no data" where there is no energy, and the hourly profile of the chosen day', async () => {
    serve();
    renderWithApp(<EnergyPage />, '/?desde=2025-03-01&hasta=2025-03-02&dia=2025-03-01');
    expect(await screen.findByText('229 MWh')).toBeTruthy();
    expect(screen.getByText('47,71 %')).toBeTruthy();
    // The buyers have no energy in the range: their delivered MWh is "no data", never 0.
    expect(screen.getAllByText('sin datos').length).toBeGreaterThan(0);
    await waitFor(() => expect(callsTo('energia')).toHaveLength(1));
    expect(callsTo('energia')[0]!.query).toEqual({ fecha: '2025-03-01' });
    await waitFor(() => expect(screen.getByRole('figure', { name: 'MWh por hora del 01/03/2025, compradores y vendedores' })).toBeTruthy());
    const [buyers, sellers] = seriesOf('MWh por hora del 01/03/2025, compradores y vendedores');
    expect(buyers!.data.every((value) => value === null)).toBe(true);
    expect(sellers!.data[4]).toBe(11.5);
  });

  it('downloads the workbook of the range in the language of the screen', async () => {
    act(() => setLocale('en-US'));
    serve();
    const blob = new Blob(['x']);
    api.raw.mockResolvedValue({ data: blob, headers: new Headers() });
    renderWithApp(<EnergyPage />, '/?desde=2025-03-01&hasta=2025-03-02');
    fireEvent.click(await screen.findByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(blob, 'monitoring-energy-2025-03-01-2025-03-02.xlsx'));
    expect(api.raw).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/monitoreo/api/v1/energia-excel', body: { desde: '2025-03-01', hasta: '2025-03-02', idioma: 'en-US' } }));
  });
});
