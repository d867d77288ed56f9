// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApexOptions } from 'apexcharts';
import { describe, expect, it, vi } from 'vitest';
import type { CashFlowAccumulated, CashFlowBranch, CashFlowRange, CashFlowWeek } from '../../schemas/accounting.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp, useFreshPage } from '../app/helpers/render-with-app';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => Object.assign(vi.fn(), { raw: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/files/save-blob', () => ({ saveBlob, dispositionFileName: () => 'flujo-caja-2025-03-01-2025-03-31.xlsx' }));
// ApexCharts draws with SVG measurements happy-dom does not make; the chart is replaced by its
// label and the series it was given, which is what the page decides (the wrapper is the app's).
vi.mock('../../src/lib/charts/chart', () => ({
  default: ({ label, series, options }: { label: string; series: Array<{ name: string; data: number[] }>; options?: ApexOptions }) => (
    <div role="figure" aria-label={label} data-series={JSON.stringify(series)} data-xaxis={JSON.stringify(options?.xaxis ?? {})} />
  ),
}));
const { default: CashFlowPage } = await import('../../src/features/accounting/cash-flow-page');

const week = (semana: string, inicio: string, ingresos: string, egresos: string, neto: string, acumulado: string): CashFlowWeek => ({ moneda: 'USD', semana, inicio, ingresos, egresos, neto, acumulado });

const RANGE: CashFlowRange = {
  desde: '2025-03-01',
  hasta: '2025-03-31',
  iniciales: [{ moneda: 'USD', ingresos: '620.00', egresos: '0', neto: '620.00' }],
  semanas: [week('2025-W09', '2025-02-24', '0', '112.00', '-112.00', '508.00'), week('2025-W10', '2025-03-03', '1240.50', '2360.00', '-1119.50', '-611.50')],
};
const ACCUMULATED: CashFlowAccumulated = {
  semanas: [week('2025-W06', '2025-02-03', '620.00', '0', '620.00', '620.00'), week('2025-W07', '2025-02-10', '0', '0', '0', '620.00')],
};
const BRANCHES: CashFlowBranch[] = [
  { sucursal: 'GT', moneda: 'USD', partidas: 7, ingresos: '1804.00', egresos: '6952.00', neto: '-5148.00' },
  { sucursal: null, moneda: 'USD', partidas: 7, ingresos: '1804.00', egresos: '6952.00', neto: '-5148.00' },
];

/** The server as the page asks it: the three calls by path. */
function serve({ range = RANGE, accumulated = ACCUMULATED, branches = BRANCHES } = {}) {
  apiData.mockImplementation(async ({ path }: { path: string }) =>
    path.endsWith('/flujo-caja-fechas') ? range : path.endsWith('/flujo-caja-acumulado') ? accumulated : branches,
  );
}

const xAxisOf = (name: string) => JSON.parse(screen.getByRole('figure', { name }).getAttribute('data-xaxis') ?? '{}') as NonNullable<ApexOptions['xaxis']>;
const seriesOf = (name: string) => JSON.parse(screen.getByRole('figure', { name }).getAttribute('data-series') ?? '[]') as Array<{ name: string; data: number[] }>;

useFreshPage(['contabilidad'], [apiData, api.raw, saveBlob]);

describe('the cash flow page', () => {
  it("asks for the URL's range and currency, and the open position without the date the spec removed", async () => {
    serve();
    renderWithApp(<CashFlowPage />, '/?desde=2025-03-01&hasta=2025-03-31&moneda=USD');
    await waitFor(() => expect(apiData).toHaveBeenCalledTimes(3));
    const bodies = Object.fromEntries(apiData.mock.calls.map(([call]) => [(call as { path: string }).path, (call as { body: unknown }).body]));
    expect(bodies).toEqual({
      '/flujo-caja/api/v1/flujo-caja-fechas': { desde: '2025-03-01', hasta: '2025-03-31', moneda: 'USD' },
      '/flujo-caja/api/v1/flujo-caja-acumulado': { moneda: 'USD' },
      '/flujo-caja/api/v1/flujo-caja-sucursales': { moneda: 'USD' },
    });
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('01/03/2025');
    expect((screen.getByLabelText('Hasta') as HTMLInputElement).value).toBe('31/03/2025');
  });

  it('draws the weekly receipts, payments and net, the accumulated position, and lists the weeks and the branches', async () => {
    serve();
    renderWithApp(<CashFlowPage />, '/?desde=2025-03-01&hasta=2025-03-31');
    expect(await screen.findByText('Posición al empezar el periodo (vencido y aún pendiente): 620,00 USD')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('figure', { name: 'Cobros, pagos y neto por semana en USD' })).toBeTruthy());
    expect(seriesOf('Cobros, pagos y neto por semana en USD')).toEqual([
      { name: 'Cobros esperados', type: 'column', data: [0, 1240.5] },
      { name: 'Pagos esperados', type: 'column', data: [112, 2360] },
      { name: 'Neto', type: 'line', data: [-112, -1119.5] },
    ]);
    await waitFor(() => expect(screen.getByRole('figure', { name: 'Posición acumulada por semana en USD' })).toBeTruthy());
    expect(seriesOf('Posición acumulada por semana en USD')).toEqual([{ name: 'Posición acumulada', data: [620, 620] }]);
    // Each week is labelled by its Monday, not its ISO code, and labels that would touch are tilted or thinned, never run together.
    for (const chart of ['Cobros, pagos y neto por semana en USD', 'Posición acumulada por semana en USD']) {
      const axis = xAxisOf(chart);
      expect(axis.categories, chart).toEqual(chart.startsWith('Cobros') ? ['24/02/2025', '03/03/2025'] : ['03/02/2025', '10/02/2025']);
      expect(axis.labels, chart).toMatchObject({ hideOverlappingLabels: true, rotate: -45 });
    }
    const cells = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells('Semanas del periodo')).toEqual([
      ['2025-W09', '24/02/2025', '0,00 USD', '112,00 USD', '-112,00 USD', '508,00 USD'],
      ['2025-W10', '03/03/2025', '1.240,50 USD', '2.360,00 USD', '-1.119,50 USD', '-611,50 USD'],
    ]);
    expect(cells('Por sucursal')).toEqual([
      ['Guatemala', '7', '1.804,00 USD', '6.952,00 USD', '-5.148,00 USD'],
      ['Total', '7', '1.804,00 USD', '6.952,00 USD', '-5.148,00 USD'],
    ]);
  });

  it('asks nothing for a range out of order and says why; a currency change goes to the URL', async () => {
    serve();
    const { history } = renderWithApp(<CashFlowPage />, '/?desde=2025-03-31&hasta=2025-03-01');
    expect(await screen.findByText('Elige dos fechas en orden, a lo sumo dos años entre ellas.')).toBeTruthy();
    await waitFor(() => expect(apiData).toHaveBeenCalledTimes(2));
    expect(apiData.mock.calls.map(([call]) => (call as { path: string }).path)).not.toContain('/flujo-caja/api/v1/flujo-caja-fechas');
    expect((screen.getByRole('button', { name: 'Descargar Excel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Moneda'), { target: { value: 'MXN' } });
    await waitFor(() => expect(apiData).toHaveBeenLastCalledWith(expect.objectContaining({ body: { moneda: 'MXN' } })));
    expect(history.at(-1)).toContain('moneda=MXN');
  });

  it('says so when nothing is open, and downloads the workbook in English on an English screen', async () => {
    act(() => setLocale('en-US'));
    serve({ range: { ...RANGE, iniciales: [], semanas: [] }, accumulated: { semanas: [] }, branches: [] });
    const blob = new Blob(['x']);
    api.raw.mockResolvedValue({ data: blob, headers: new Headers() });
    renderWithApp(<CashFlowPage />, '/?desde=2025-03-01&hasta=2025-03-31&moneda=USD');
    expect(await screen.findByText('Nothing falls due in USD between 01/03/2025 and 31/03/2025.')).toBeTruthy();
    expect(await screen.findAllByText('No receipts or payments are open in USD.')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(blob, 'flujo-caja-2025-03-01-2025-03-31.xlsx'));
    expect(api.raw).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', path: '/flujo-caja/api/v1/excel', body: { desde: '2025-03-01', hasta: '2025-03-31', moneda: 'USD', idioma: 'en-US' } }),
    );
  });
});
