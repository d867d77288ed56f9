// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import type { Invoice, InvoicePage } from '../../schemas/invoice.schema';
import type { ApiRequest } from '../../src/lib/api/client';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { renderWithApp } from '../app/helpers/render-with-app';
import { listRow, signedInAs } from './invoice-fixtures';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const { api, apiData } = vi.hoisted(() => ({ api: vi.fn(), apiData: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ api, apiData }));
const { InvoicesListRoute } = await import('../../src/features/invoicing/invoices-list-route');

const CATALOGUES = { 'es-ES': esES, 'en-US': enUS as unknown as typeof esES };

const DRAFT_A = listRow({ id: 1, contrato_codigo: 'CP-0001' });
const DRAFT_B = listRow({ id: 2, contrato_codigo: 'CP-0002', razon_social: 'Comercializadora Sur, S.A.', total: '1000.5', saldo: '1000.5' });
const ISSUED = listRow({ id: 3, contrato_codigo: 'CP-0003', estado: 'FACTURADO', numero: 'FEL-7', solicitado_por: 'bruno@demo.energy', fecha_emision: '2026-04-05', fecha_vencimiento: '2026-05-05', pagado: '4726.03', saldo: '500000' });
const MEXICAN = listRow({ id: 4, contrato_codigo: 'CP-0009', pais: 'MX', moneda: 'MXN', estado: 'SOLICITADO', solicitado_por: 'bruno@demo.energy', total: '2000000', saldo: '2000000' });

const TOTALS: InvoicePage['totales'] = [
  { sentido: 'pagar', estado: 'GUARDADO', moneda: 'USD', cantidad: 1, total: '-112.00', saldo: '-112.00' },
  { sentido: 'cobrar', estado: 'FACTURADO', moneda: 'USD', cantidad: 1, total: '504726.03', saldo: '500000' },
  { sentido: 'cobrar', estado: 'GUARDADO', moneda: 'USD', cantidad: 2, total: '505726.53', saldo: '505726.53' },
  { sentido: 'cobrar', estado: 'SOLICITADO', moneda: 'MXN', cantidad: 1, total: '2000000', saldo: '2000000' },
];

/** The server as the page asks it: the list (GET) and the batch request (POST procesar). */
function serve(rows: Invoice[] = [DRAFT_A, DRAFT_B, ISSUED, MEXICAN], request: () => Promise<Invoice[]> = async () => []) {
  api.mockImplementation(async () => ({ data: rows, total: rows.length, totales: TOTALS }) satisfies InvoicePage);
  apiData.mockImplementation(async (call: ApiRequest) => {
    if (call.method === 'POST' && call.path === '/facturacion/api/v1/procesar') return request();
    throw new Error(`unexpected call ${call.method} ${call.path}`);
  });
}

/** The text of each cell of a body row (by its row id), by column id. */
function rowCells(rowId: string, columns: string[]): string[] {
  return columns.map((id) => document.querySelector<HTMLElement>(`[row-id="${rowId}"] [role="gridcell"][col-id="${id}"]`)?.textContent ?? '');
}

const listCalls = () => api.mock.calls.map(([call]) => call as ApiRequest);

beforeEach(() => {
  api.mockReset();
  apiData.mockReset();
  signedInAs();
  act(() => setLocale('es-ES'));
});
afterEach(cleanup);

describe('the invoices list', () => {
  const EXPECTED: Record<Locale, { issued: string[]; mexican: string[]; totals: string[] }> = {
    'es-ES': {
      issued: ['FEL-7', 'Factura', 'CP-0003', 'Guatemala', '03/2026', 'Facturada', '504.726,03 USD', '500.000,00 USD', '05/04/2026', '05/05/2026'],
      mexican: ['#4', 'México', 'Solicitada', '2.000.000,00 MXN'],
      totals: ['Cuentas por cobrar', 'Guardada', 'USD', '2', '505.726,53 USD', '505.726,53 USD'],
    },
    'en-US': {
      issued: ['FEL-7', 'Invoice', 'CP-0003', 'Guatemala', '03/2026', 'Invoiced', 'USD 504,726.03', 'USD 500,000.00', '05/04/2026', '05/05/2026'],
      mexican: ['#4', 'Mexico', 'Requested', 'MXN 2,000,000.00'],
      totals: ['Accounts receivable', 'Saved', 'USD', '2', 'USD 505,726.53', 'USD 505,726.53'],
    },
  };

  it.each(Object.entries(EXPECTED))('asks for the filters of the URL and shows the invoices with their status and amounts in their currency, and the totals per status (%s)', async (locale, expected) => {
    act(() => setLocale(locale as Locale));
    serve();
    renderWithApp(<InvoicesListRoute />, '/?sentido=cobrar&anio=2026&mes=3&pais=GT&estado=FACTURADO&moneda=USD&empresa=5&pagina=2&mes=13');
    await waitFor(() =>
      expect(rowCells('3', ['referencia', 'tipo_documento', 'contrato_codigo', 'pais', 'periodo', 'estado', 'total', 'saldo', 'fecha_emision', 'fecha_vencimiento'])).toEqual(expected.issued),
    );
    expect(rowCells('4', ['referencia', 'pais', 'estado', 'total'])).toEqual(expected.mexican);
    // Amounts stand right-aligned in their cells.
    expect(document.querySelector('[row-id="3"] [col-id="total"]')?.className).toContain('ag-right-aligned-cell');
    // The URL's filters, and its page, are the query (the first month wins; a bad one is never sent).
    expect(listCalls()[0]).toMatchObject({
      method: 'GET',
      path: '/facturacion/api/v1/facturas',
      query: { sentido: 'cobrar', anio: 2026, mes: 3, pais: 'GT', estado: 'FACTURADO', moneda: 'USD', empresa_id: 5, pagina: 2, por_pagina: 50 },
    });
    const totals = screen.getByRole('table', { name: CATALOGUES[locale as Locale].invoicing.list.totals.title });
    const rows = within(totals).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    // Receivable first, then payable, each in the statuses' own order, never adding MXN to USD.
    expect(rows.map((row) => row[1])).toEqual(locale === 'es-ES' ? ['Guardada', 'Solicitada', 'Facturada', 'Guardada'] : ['Saved', 'Requested', 'Invoiced', 'Saved']);
    expect(rows[0]).toEqual(expected.totals);
    expect(rows[3]?.[0]).toBe(locale === 'es-ES' ? 'Cuentas por pagar' : 'Accounts payable');
  });

  it('puts the amounts and the dates right after what names the invoice, and what the filters and reference already tell last', async () => {
    serve();
    renderWithApp(<InvoicesListRoute />, '/');
    await waitFor(() => expect(rowCells('3', ['referencia'])).toEqual(['FEL-7']));
    // At 1440 px with the drawer open the columns up to the due date fit beside the pinned row
    // actions (e2e/list-layout.spec.ts measures it); month, kind and country scroll.
    const order = [...document.querySelectorAll('.ag-header-cell[col-id]')].map((header) => header.getAttribute('col-id'));
    expect(order).toEqual(['elegida', 'referencia', 'contrato_codigo', 'razon_social', 'estado', 'total', 'saldo', 'fecha_emision', 'fecha_vencimiento', 'periodo', 'tipo_documento', 'pais', 'actions']);
  });

  it('writes a chosen filter to the URL, back on the first page, and asks for it', async () => {
    serve();
    const { history } = renderWithApp(<InvoicesListRoute />, '/?anio=2026&pagina=3');
    await waitFor(() => expect(listCalls().length).toBe(1));
    fireEvent.change(screen.getByRole('combobox', { name: esES.invoicing.list.filters.estado }), { target: { value: 'SOLICITADO' } });
    await waitFor(() => expect(history.at(-1)).toBe('/?anio=2026&estado=SOLICITADO'));
    await waitFor(() => expect(listCalls().at(-1)?.query).toEqual({ anio: 2026, estado: 'SOLICITADO', pagina: 1, por_pagina: 50 }));
    fireEvent.change(screen.getByRole('combobox', { name: esES.invoicing.list.filters.moneda }), { target: { value: 'MXN' } });
    await waitFor(() => expect(history.at(-1)).toBe('/?anio=2026&estado=SOLICITADO&moneda=MXN'));
  });

  it.each(Object.entries(CATALOGUES))('requests the ticked drafts together after a confirmation, then reads the list again (%s)', async (locale, catalogue) => {
    act(() => setLocale(locale as Locale));
    serve(undefined, async () => [DRAFT_A, DRAFT_B]);
    renderWithApp(<InvoicesListRoute />, '/');
    const tick = (id: number) => document.querySelector<HTMLInputElement>(`[row-id="${id}"] input[type="checkbox"]`)!;
    await waitFor(() => expect(tick(1)).toBeTruthy());
    // Only a draft can be requested: the issued and requested rows cannot be ticked.
    expect([1, 2, 3, 4].map((id) => tick(id).disabled)).toEqual([false, false, true, true]);
    const request = (n: number) => screen.getByRole('button', { name: catalogue.invoicing.list.request.replace('{{n}}', String(n)) });
    expect((request(0) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(tick(1));
    fireEvent.click(tick(2));
    await waitFor(() => expect((request(2) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(request(2));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(catalogue.invoicing.list.requestText.other.replace('{{count}}', '2'));
    // Nothing is sent before the confirmation.
    expect(apiData).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: catalogue.invoicing.list.requestConfirm }));
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/facturacion/api/v1/procesar', body: { Facturas: [1, 2] } })));
    await waitFor(() => expect(listCalls().length).toBe(2));
    await waitFor(() => expect(screen.getByRole('button', { name: catalogue.invoicing.list.request.replace('{{n}}', '0') })).toBeTruthy());
  });

  it('sends nothing when the question is dismissed', async () => {
    serve();
    renderWithApp(<InvoicesListRoute />, '/');
    await waitFor(() => expect(document.querySelector('[row-id="1"] input[type="checkbox"]')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: esES.invoicing.list.chooseAll }));
    fireEvent.click(await screen.findByRole('button', { name: esES.invoicing.list.request.replace('{{n}}', '2') }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: esES.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(apiData).not.toHaveBeenCalled();
  });

  it('offers no tick boxes to a user without the invoicing view key', async () => {
    signedInAs({ keys: ['liquidaciones'] });
    serve();
    renderWithApp(<InvoicesListRoute />, '/');
    await waitFor(() => expect(rowCells('1', ['referencia'])).toEqual(['#1']));
    expect(document.querySelector('input[type="checkbox"]')).toBeNull();
    expect(screen.queryByRole('button', { name: esES.invoicing.list.chooseAll })).toBeNull();
  });
});
