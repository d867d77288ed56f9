// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Ageing, Statement } from '../../schemas/accounting.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import { gridRows } from '../app/helpers/grid-rows';
import { renderWithApp, useFreshPage } from '../app/helpers/render-with-app';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => Object.assign(vi.fn(), { raw: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/files/save-blob', () => ({ saveBlob, dispositionFileName: () => 'estado-cuenta-cobrar-2025-04-15.xlsx' }));
const { default: StatementPage } = await import('../../src/features/accounting/statement-page');

const ageing = (values: Partial<Ageing>): Ageing => ({ corriente: '0', dias_1_30: '0', dias_31_60: '0', dias_61_90: '0', dias_mas_90: '0', total: '0', ...values });

const STATEMENT: Statement = {
  tipo: 'cobrar',
  fecha_corte: '2025-04-15',
  empresas: [
    { id: 5, razon_social: 'Comercializadora Sur, S.A.' },
    { id: 8, razon_social: 'Minera Norte, S.A.' },
  ],
  cuentas: [
    {
      empresa_id: 5,
      razon_social: 'Comercializadora Sur, S.A.',
      moneda: 'USD',
      saldo: '1804.00',
      antiguedad: ageing({ dias_1_30: '-56.00', dias_31_60: '1240.00', dias_61_90: '620.00', total: '1804.00' }),
      movimientos: [
        { fecha: '2025-01-10', concepto: 'factura', factura_id: 1, numero: 'F-1', contrato_codigo: 'VTA-GT', referencia: null, fecha_vencimiento: '2025-02-09', importe: '1120.00', saldo: '1120.00' },
        { fecha: '2025-02-01', concepto: 'pago', factura_id: 1, numero: 'F-1', contrato_codigo: 'VTA-GT', referencia: 'TRF-881', fecha_vencimiento: null, importe: '-500', saldo: '620.00' },
        { fecha: '2025-02-15', concepto: 'nota_credito', factura_id: 2, numero: 'NC-1', contrato_codigo: 'VTA-GT', referencia: null, fecha_vencimiento: '2025-03-17', importe: '-112.00', saldo: '508.00' },
      ],
      documentos: [],
    },
  ],
  totales: [{ moneda: 'USD', antiguedad: ageing({ dias_1_30: '-56.00', dias_31_60: '1240.00', dias_61_90: '620.00', total: '1804.00' }) }],
};

const EMPTY: Statement = { tipo: 'pagar', fecha_corte: '2025-04-15', empresas: [], cuentas: [], totales: [] };

useFreshPage(['contabilidad'], [apiData, api.raw, saveBlob]);

describe('the account statements page', () => {
  it("asks for the URL's accounts, company, currency and cut-off date, and shows the ageing and the movements with the running balance", async () => {
    apiData.mockResolvedValue(STATEMENT);
    renderWithApp(<StatementPage />, '/?tipo=cobrar&empresa_id=5&moneda=USD&corte=2025-04-15');
    await waitFor(() =>
      expect(apiData).toHaveBeenCalledWith(
        expect.objectContaining({ method: 'POST', path: '/estado_de_cuenta/api/v1/get', body: { tipo: 'cobrar', empresa_id: 5, moneda: 'USD', fecha_corte: '2025-04-15' } }),
      ),
    );
    expect((screen.getByLabelText('Cuentas') as HTMLSelectElement).value).toBe('cobrar');
    expect((screen.getByLabelText('Fecha de corte') as HTMLInputElement).value).toBe('15/04/2025');
    const table = await screen.findByRole('table', { name: 'Antigüedad del saldo' });
    const lines = within(table)
      .getAllByRole('row')
      .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    expect(lines.slice(1)).toEqual([
      ['Comercializadora Sur, S.A.', '0,00 USD', '-56,00 USD', '1.240,00 USD', '620,00 USD', '0,00 USD', '1.804,00 USD'],
      ['Total', '0,00 USD', '-56,00 USD', '1.240,00 USD', '620,00 USD', '0,00 USD', '1.804,00 USD'],
    ]);
    await waitFor(() => expect(gridRows(document, ['fecha', 'concepto', 'numero', 'cargo', 'abono', 'saldo'])).toHaveLength(3));
    expect(gridRows(document, ['fecha', 'concepto', 'numero', 'referencia', 'cargo', 'abono', 'saldo'])).toEqual([
      ['10/01/2025', 'Factura', 'F-1', '', '1.120,00 USD', '', '1.120,00 USD'],
      ['01/02/2025', 'Pago', 'F-1', 'TRF-881', '', '500,00 USD', '620,00 USD'],
      ['15/02/2025', 'Nota de crédito', 'NC-1', '', '', '112,00 USD', '508,00 USD'],
    ]);
  });

  it('keeps a change of accounts or company in the URL and asks again', async () => {
    apiData.mockResolvedValue(STATEMENT);
    const { history } = renderWithApp(<StatementPage />, '/');
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ body: { tipo: 'cobrar' } })));
    const company = (await screen.findByLabelText('Empresa')) as HTMLSelectElement;
    await waitFor(() => expect([...company.options].map((option) => option.text)).toEqual(['Todas', 'Comercializadora Sur, S.A.', 'Minera Norte, S.A.']));
    fireEvent.change(company, { target: { value: '8' } });
    await waitFor(() => expect(apiData).toHaveBeenLastCalledWith(expect.objectContaining({ body: { tipo: 'cobrar', empresa_id: 8 } })));
    fireEvent.change(screen.getByLabelText('Cuentas'), { target: { value: 'pagar' } });
    await waitFor(() => expect(apiData).toHaveBeenLastCalledWith(expect.objectContaining({ body: { tipo: 'pagar', empresa_id: 8 } })));
    expect(history.at(-1)).toContain('tipo=pagar');
    expect(screen.getByText(/Lo que debemos a los proveedores/)).toBeTruthy();
  });

  it('says so when nothing is issued up to the cut-off date', async () => {
    apiData.mockResolvedValue(EMPTY);
    renderWithApp(<StatementPage />, '/?tipo=pagar&corte=2025-04-15');
    expect((await screen.findByRole('status')).textContent).toBe('No hay documentos emitidos en cuentas por pagar hasta el 15/04/2025.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('downloads the workbook of the filters in the language on screen, its words in English', async () => {
    act(() => setLocale('en-US'));
    apiData.mockResolvedValue(STATEMENT);
    const blob = new Blob(['x']);
    api.raw.mockResolvedValue({ data: blob, headers: new Headers() });
    renderWithApp(<StatementPage />, '/?moneda=USD&corte=2025-04-15');
    expect(await screen.findByRole('table', { name: 'Balance ageing' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Movements' })).toBeTruthy();
    expect(screen.getByText('As of 15/04/2025')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(blob, 'estado-cuenta-cobrar-2025-04-15.xlsx'));
    expect(api.raw).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', path: '/estado_de_cuenta/api/v1/excel', body: { tipo: 'cobrar', moneda: 'USD', fecha_corte: '2025-04-15', idioma: 'en-US' } }),
    );
  });
});
