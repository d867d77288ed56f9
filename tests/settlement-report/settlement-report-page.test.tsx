// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettlementReport } from '../../schemas/settlement-report.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';
import { session, signedIn } from '../app/helpers/session-double';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => Object.assign(vi.fn(), { raw: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/files/save-blob', () => ({ saveBlob, dispositionFileName: () => 'reporte-liquidaciones-2026-01.xlsx' }));
const { default: SettlementReportPage } = await import('../../src/features/settlement-report/settlement-report-page');

const amounts = (factura: string, margen: string, mwh: string) => ({
  energia_total_mwh: mwh,
  liquidacion_energia: factura,
  liquidacion_potencia: '0',
  fee: '0',
  margen,
  factura,
});

const REPORT: SettlementReport = {
  anio: 2026,
  mes: 1,
  empresas: [
    { id: 5, razon_social: 'Eólica Altos, S.A.' },
    { id: 8, razon_social: 'Solar Metapán, S.A.' },
  ],
  contratos: [
    {
      contrato_id: 6,
      contrato_codigo: 'EAVN-006',
      empresa_id: 5,
      empresa_razon_social: 'Eólica Altos, S.A.',
      sucursal: 'GT',
      tipo_contrato: 'CFD',
      moneda: 'USD',
      pe: { id: 3, estado: 'preliminar', reconciliacion: 0, ...amounts('1000.5', '20', '100') },
      df: { id: 4, estado: 'validada', reconciliacion: 0, ...amounts('990.25', '25', '98.5') },
      cd: null,
      diferencia: { energia_total_mwh: '-1.5', factura: '-10.25', margen: '5', energia_total_mwh_pct: '-1.5', factura_pct: '-1.0245', margen_pct: '25' },
    },
    {
      contrato_id: 12,
      contrato_codigo: 'SOME-012',
      empresa_id: 8,
      empresa_razon_social: 'Solar Metapán, S.A.',
      sucursal: 'SV',
      tipo_contrato: 'FEE',
      moneda: 'USD',
      pe: { id: 6, estado: 'preliminar', reconciliacion: 0, ...amounts('500', '0', '50') },
      df: null,
      cd: null,
      diferencia: null,
    },
  ],
  totales: {
    contratos: 2,
    pe: amounts('1500.5', '20', '150'),
    df: amounts('990.25', '25', '98.5'),
    cd: null,
    diferencia: { energia_total_mwh: '-1.5', factura: '-10.25', margen: '5', energia_total_mwh_pct: '-1.5', factura_pct: '-1.0245', margen_pct: '25' },
  },
};

const EMPTY: SettlementReport = { anio: 2026, mes: 3, empresas: [], contratos: [], totales: { contratos: 0, pe: null, df: null, cd: null, diferencia: null } };

/** The text of one cell: the row (`row-index`, or `b-0` for the pinned totals row) and column. */
function cell(row: string, colId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[row-index="${row}"] [role="gridcell"][col-id="${colId}"]`);
}

beforeEach(() => {
  apiData.mockReset();
  api.raw.mockReset();
  saveBlob.mockReset();
  session.current = signedIn(['liquidaciones']);
  act(() => setLocale('es-ES'));
});
afterEach(cleanup);

describe('the settlements report', () => {
  it("asks for the URL's month and filters, and shows each contract's PE and DF side by side with the difference and the totals", async () => {
    apiData.mockResolvedValue(REPORT);
    renderWithApp(<SettlementReportPage />, '/?anio=2026&mes=1&pais=GT&tipo_contrato=CFD');
    await waitFor(() =>
      expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ path: '/liquidacion/api/v3/reporte', query: { anio: 2026, mes: 1, pais: 'GT', tipo_contrato: 'CFD' } })),
    );
    expect((screen.getByLabelText('País') as HTMLSelectElement).value).toBe('GT');
    await waitFor(() => expect(cell('0', 'contrato')?.textContent).toBe('6 · EAVN-006'));
    expect(cell('0', 'factura.pe')).toBeNull();
    expect(cell('0', 'pe.factura')?.textContent).toBe('1.000,50');
    expect(cell('0', 'df.factura')?.textContent).toBe('990,25');
    expect(cell('0', 'diferencia.factura')?.textContent).toBe('-10,25');
    expect(cell('0', 'diferencia.factura_pct')?.textContent).toBe('-1,02\u00a0%');
    expect(cell('0', 'diferencia.energia_total_mwh')?.textContent).toBe('-1,500');
    // Below zero reads in red; above zero does not.
    expect(cell('0', 'diferencia.factura')?.style.color).toContain('fg-error');
    expect(cell('0', 'diferencia.margen')?.style.color).toBe('');
    // Each settlement links to its page, its state beside it.
    const df = screen.getByRole('link', { name: 'Abrir la liquidación 4 (DF)' });
    expect(df.getAttribute('href')).toBe('/liquidaciones/4');
    expect(cell('0', 'df.id')?.textContent).toBe('4Validada');
    expect(cell('1', 'diferencia.factura')?.textContent).toBe('');
    // The totals row stays below the contracts.
    expect(cell('b-0', 'contrato')?.textContent).toBe('Total (2 contratos)');
    expect(cell('b-0', 'pe.factura')?.textContent).toBe('1.500,50');
  });

  it('opens on the last month that has settlements when the URL names none, and keeps it in the URL (replacing, so Back works)', async () => {
    apiData.mockImplementation(async (call: { path: string }) =>
      call.path === '/liquidacion/api/v3/reporte/meses'
        ? [
            { anio: 2026, mes: 1, liquidaciones: 3 },
            { anio: 2025, mes: 12, liquidaciones: 10 },
          ]
        : REPORT,
    );
    const { history } = renderWithApp(<SettlementReportPage />, '/');
    await waitFor(() => expect(cell('0', 'contrato')?.textContent).toBe('6 · EAVN-006'));
    expect(history).toEqual(['/?anio=2026&mes=1']);
    // The current month, empty, is never asked for.
    const reports = apiData.mock.calls.map(([call]) => call as { path: string; query?: object }).filter((call) => call.path === '/liquidacion/api/v3/reporte');
    expect(reports.map((call) => call.query)).toEqual([{ anio: 2026, mes: 1 }]);
    expect((screen.getByLabelText('Mes') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('Año') as HTMLInputElement).value).toBe('2026');
  });

  it('opens on the current month when nothing has been settled yet', async () => {
    apiData.mockImplementation(async (call: { path: string }) => (call.path === '/liquidacion/api/v3/reporte/meses' ? [] : EMPTY));
    const now = new Date();
    const { history } = renderWithApp(<SettlementReportPage />, '/');
    await waitFor(() => expect(history).toEqual([`/?anio=${now.getFullYear()}&mes=${now.getMonth() + 1}`]));
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ path: '/liquidacion/api/v3/reporte', query: { anio: now.getFullYear(), mes: now.getMonth() + 1 } })));
  });

  it('keeps a filter in the URL and asks again with it; the company filter offers the companies of the month', async () => {
    apiData.mockResolvedValue(REPORT);
    const { history } = renderWithApp(<SettlementReportPage />, '/?anio=2026&mes=1');
    await waitFor(() => expect(cell('0', 'contrato')).not.toBeNull());
    const company = screen.getByLabelText('Empresa') as HTMLSelectElement;
    expect([...company.options].map((option) => option.text)).toEqual(['Todas', 'Eólica Altos, S.A.', 'Solar Metapán, S.A.']);
    fireEvent.change(company, { target: { value: '8' } });
    await waitFor(() => expect(apiData).toHaveBeenLastCalledWith(expect.objectContaining({ query: { anio: 2026, mes: 1, empresa_id: 8 } })));
    expect(history.at(-1)).toContain('empresa_id=8');
  });

  it('says so when nothing is settled in the month', async () => {
    apiData.mockResolvedValue(EMPTY);
    renderWithApp(<SettlementReportPage />, '/?anio=2026&mes=3');
    expect((await screen.findByRole('status')).textContent).toBe('Ningún contrato tiene una liquidación en marzo de 2026.');
  });

  it('downloads the workbook of the month and filters in the language on screen', async () => {
    act(() => setLocale('en-US'));
    apiData.mockResolvedValue(REPORT);
    const blob = new Blob(['x']);
    api.raw.mockResolvedValue({ data: blob, headers: new Headers() });
    renderWithApp(<SettlementReportPage />, '/?anio=2026&mes=1&pais=GT');
    await waitFor(() => expect(cell('b-0', 'contrato')?.textContent).toBe('Total (2 contracts)'));
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(blob, 'reporte-liquidaciones-2026-01.xlsx'));
    expect(api.raw).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/liquidacion/api/v3/reporte/excel', query: { anio: 2026, mes: 1, pais: 'GT', idioma: 'en-US' } }),
    );
  });
});
