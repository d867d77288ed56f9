// @vitest-environment happy-dom
// A country's charges page as its users meet it: the charges in force on the URL's day or
// every period, in the page's country; Panama's update offered only to who may compute
// settlements; a period with the settlements that used it; a period of another country is not
// this page's.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Charge, ChargeSettlement } from '../../schemas/country-charge.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import { gridRows } from '../app/helpers/grid-rows';
import { renderWithApp, useFreshPage } from '../app/helpers/render-with-app';
import { session, signedIn, userWith } from '../app/helpers/session-double';
import { storedCharge } from './charge-fixture';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const { PanamaChargesPage, MexicoChargesPage } = await import('../../src/features/countries/charges-page');

const charge = (values: Partial<Charge>) => storedCharge({ id: 1, version: 1, ...values });

const PANAMA = [
  charge({ id: 1 }),
  charge({ id: 2, codigo: 'PA_PERD', nombre: 'Pérdidas de transmisión', base: 'porcentaje', unidad: '%', tasa: '2.352', pagador: 'vendedor', gravado: true, concepto_liquidacion: null, vigente_hasta: '2026-12-31' }),
];

const COLUMNS = ['codigo', 'base', 'tasa', 'unidad', 'vigente_desde', 'vigente_hasta', 'estado', 'concepto_liquidacion', 'pagador', 'gravado'];

/** The list calls' bodies, in order. */
const listBodies = () => apiData.mock.calls.filter(([request]) => request.path === '/countries/api/v1/cargo/').map(([request]) => request.body);

useFreshPage(['paises'], [apiData, api]);

/** A user with the `paises` key whose role may (or may not) create and edit on the Settlements page. */
function signedInMay(write: boolean) {
  const all = uniformRolePermissions(true);
  session.current = { ...signedIn(['paises']), user: { ...userWith(['paises']), permisos_x_pagina: { ...all, Settlements: { ...all.Settlements, create: write, edit: write } } } };
}

beforeEach(() => signedInMay(true));

describe("a country's charges page", () => {
  it("lists the country's charges in force today, in words and the language's numbers", async () => {
    apiData.mockResolvedValue(PANAMA);
    renderWithApp(<PanamaChargesPage />, '/');
    await waitFor(() => expect(gridRows(document, COLUMNS)).toHaveLength(2));
    expect(listBodies()).toEqual([{ pais_id: 6 }]);
    expect(gridRows(document, COLUMNS)).toEqual([
      ['PA_SPT', 'kW-mes', '3,472', 'USD/kW-mes', '01/07/2025', 'Sin fecha final', 'Vigente', 'Cargos MMr', 'Comprador', 'No'],
      ['PA_PERD', 'Porcentaje', '2,352', '%', '01/07/2025', '31/12/2026', 'Vigente', 'Ninguno', 'Vendedor', 'Sí'],
    ]);
    act(() => setLocale('en-US'));
    await waitFor(() => expect(gridRows(document, COLUMNS)[0]).toEqual(['PA_SPT', 'kW-month', '3.472', 'USD/kW-mes', '01/07/2025', 'No end date', 'In force', 'MMr charges', 'Buyer', 'No']));
  });

  it("asks for the URL's day, or every period with the history switch (the day then does not apply)", async () => {
    apiData.mockResolvedValue(PANAMA);
    const { history } = renderWithApp(<MexicoChargesPage />, '/?fecha=2025-03-15');
    await waitFor(() => expect(listBodies()).toEqual([{ pais_id: 7, fecha: '2025-03-15' }]));
    const day = screen.getByLabelText('En vigor el') as HTMLInputElement;
    expect(day.value).toBe('15/03/2025');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Todos los periodos' }));
    await waitFor(() => expect(listBodies().at(-1)).toEqual({ pais_id: 7, historia: true }));
    expect(history.at(-1)).toMatch(/historia=1/);
    expect(day.disabled).toBe(true);
  });

  it('offers Panama\'s update, asking first, only to who may compute settlements', async () => {
    apiData.mockResolvedValue(PANAMA);
    const { unmount } = renderWithApp(<PanamaChargesPage />, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Actualizar cargos' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Tarda unos minutos/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(apiData.mock.calls.some(([request]) => request.path === '/countries/api/v1/cargos-proceso')).toBe(false);
    unmount();
    signedInMay(false);
    renderWithApp(<PanamaChargesPage />, '/');
    await waitFor(() => expect(gridRows(document, COLUMNS)).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Actualizar cargos' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nuevo periodo de cargo' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Editar PA_SPT/ })).toBeNull();
  });

  it('shows a period with the settlements that used it, each opening its settlement', async () => {
    const used: ChargeSettlement[] = [{ id: 10, contrato_id: 4, contrato_codigo: 'GEIS-026', anio: 2026, mes: 9, version_liquidacion: 'DF', estado: 'validada' }];
    apiData.mockImplementation(async (request: { path: string }) => (request.path.endsWith('/liquidaciones') ? used : PANAMA[0]));
    renderWithApp(<PanamaChargesPage />, '/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'PA_SPT · Uso del Sistema Principal de Transmisión' })).toBeTruthy();
    expect(screen.getByText('3,472 USD/kW-mes')).toBeTruthy();
    await waitFor(() => expect(gridRows(document, ['id', 'contrato_codigo', 'mes', 'version_liquidacion', 'estado'])).toEqual([['#10', 'GEIS-026', '09/2026', 'DF', 'Validada']]));
    expect(screen.getByRole('link', { name: '#10' }).getAttribute('href')).toBe('/liquidaciones/10');
    expect(screen.getByRole('link', { name: 'Abrir el periodo siguiente' }).getAttribute('href')).toBe('/nuevo?siguiente=1');
  });

  it('does not show a period of another country on this page', async () => {
    apiData.mockResolvedValue(charge({ id: 5, pais_id: 2, pais: 'SV', codigo: 'SV_CARN' }));
    renderWithApp(<PanamaChargesPage />, '/5');
    expect(await screen.findByText('No existe ese cargo.')).toBeTruthy();
    expect(screen.queryByText('SV_CARN')).toBeNull();
  });
});
