// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import esES from '../../i18n/es-ES.json';
import type { Invoice } from '../../schemas/invoice.schema';
import type { ApiRequest } from '../../src/lib/api/client';
import { renderWithApp } from '../app/helpers/render-with-app';
import { settlementDetail } from '../settlements/settlement-fixtures';
import { listRow, signedInAs } from './invoice-fixtures';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const { api, apiData } = vi.hoisted(() => ({ api: vi.fn(), apiData: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ api, apiData }));
const { SettlementInvoice } = await import('../../src/features/settlements/settlement-invoice');

const VALIDATED = settlementDetail('hora', { estado: 'validada', validada_por: 'bruno@demo.energy', validada_en: '2026-04-03T09:00:00.000Z' });

function serve(existing: Invoice[]) {
  api.mockImplementation(async () => ({ data: existing, total: existing.length, totales: [] }));
  apiData.mockImplementation(async (call: ApiRequest) => {
    if (call.method === 'POST' && call.path === '/facturacion/api/v1/borradores') return listRow({ id: 77 });
    throw new Error(`unexpected call ${call.method} ${call.path}`);
  });
}

beforeEach(() => {
  api.mockReset();
  apiData.mockReset();
  signedInAs({ keys: ['liquidaciones', 'facturacion'] });
});
afterEach(cleanup);

describe('the invoice of a validated settlement', () => {
  it('drafts the invoice of a settlement that has none, and opens it', async () => {
    serve([]);
    const { history } = renderWithApp(<SettlementInvoice settlement={VALIDATED} />, '/12');
    fireEvent.click(await screen.findByRole('button', { name: esES.settlements.view.draftInvoice }));
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/facturacion/api/v1/borradores', body: { liquidacion_id: 12 } })));
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', path: '/facturacion/api/v1/facturas', query: { liquidacion_id: 12, pagina: 1, por_pagina: 1 } }));
    await waitFor(() => expect(history.at(-1)).toBe('/facturacion/77'));
  });

  it('links to the document once it is drafted, and offers no second draft', async () => {
    serve([listRow({ id: 41, tipo_documento: 'nota_credito' })]);
    renderWithApp(<SettlementInvoice settlement={VALIDATED} />, '/12');
    const link = await screen.findByRole('link', { name: 'Nota de crédito #41' });
    expect(link.getAttribute('href')).toBe('/facturacion/41');
    expect(screen.queryByRole('button', { name: esES.settlements.view.draftInvoice })).toBeNull();
  });

  it.each([
    ['a preliminary settlement', settlementDetail('hora'), ['liquidaciones', 'facturacion']],
    ['a validated PE', settlementDetail('hora', { estado: 'validada', version_liquidacion: 'PE' }), ['liquidaciones', 'facturacion']],
    ['a user without the invoicing view key', VALIDATED, ['liquidaciones']],
  ] as const)('offers nothing for %s', async (_case, settlement, keys) => {
    signedInAs({ keys: [...keys] });
    serve([]);
    renderWithApp(<SettlementInvoice settlement={settlement} />, '/12');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: esES.settlements.view.draftInvoice })).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });
});
