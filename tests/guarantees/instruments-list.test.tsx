// @vitest-environment happy-dom
// The guarantee instruments list as its users meet it: each instrument in words and the
// language's money and dates, the days left until it falls due counted from today (negative
// once due, none once released), its number opening it, and the edit button only for who may edit.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, businessToday } from '../../schemas/date.schema';
import { InstrumentsList } from '../../src/features/guarantees/instruments-list';
import { setLocale } from '../../src/lib/i18n/i18n';
import { gridRows } from '../app/helpers/grid-rows';
import { renderWithApp } from '../app/helpers/render-with-app';
import { storedInstrument } from './instrument-fixture';

const today = businessToday();
const day = (offset: number) => addDays(today, offset);
/** An ISO date as the list writes it (dd/mm/yyyy). */
const shown = (iso: string) => iso.split('-').reverse().join('/');

const ROWS = [
  storedInstrument({ id: 7, fecha_emision: day(-100), fecha_vencimiento: day(12) }),
  storedInstrument({
    id: 8,
    operador: 'CENACE',
    sucursal: 'MX',
    agente: 'EPWM_MX',
    tipo: 'fianza',
    emisor: 'Afianzadora Sofimex',
    numero: 'F-88',
    moneda: 'MXN',
    monto: '1500000.50',
    fecha_emision: day(-400),
    fecha_vencimiento: day(-3),
    estado: 'vencida',
  }),
  storedInstrument({ id: 9, numero: 'CC-2025-014', fecha_emision: day(-300), fecha_vencimiento: day(30), liberada_en: day(-1), estado: 'liberada' }),
];

const COLUMNS = ['operador', 'sucursal', 'tipo', 'emisor', 'numero', 'monto', 'fecha_emision', 'fecha_vencimiento', 'dias', 'estado'];

afterEach(() => {
  cleanup();
  act(() => setLocale('es-ES'));
});

describe('the guarantee instruments list', () => {
  it('shows each instrument in words, its amount in its currency and the days to its due date, in both languages', async () => {
    act(() => setLocale('es-ES'));
    renderWithApp(<InstrumentsList rows={ROWS} canEdit={false} />, '/');
    await waitFor(() => expect(gridRows(document, COLUMNS)).toHaveLength(3));
    expect(gridRows(document, COLUMNS)).toEqual([
      ['EOR', 'GT', 'Carta de crédito', 'Banco Industrial', 'CC-2026-001', '250.000,00 USD', shown(day(-100)), shown(day(12)), '12', 'Vigente'],
      ['CENACE', 'MX', 'Fianza', 'Afianzadora Sofimex', 'F-88', '1.500.000,50 MXN', shown(day(-400)), shown(day(-3)), '-3', 'Vencida'],
      ['EOR', 'GT', 'Carta de crédito', 'Banco Industrial', 'CC-2025-014', '250.000,00 USD', shown(day(-300)), shown(day(30)), '', 'Liberada'],
    ]);
    expect(screen.getByRole('columnheader', { name: /Días al vencimiento/ })).toBeTruthy();
    act(() => setLocale('en-US'));
    await waitFor(() =>
      expect(gridRows(document, COLUMNS)[1]).toEqual(['CENACE', 'MX', 'Surety bond', 'Afianzadora Sofimex', 'F-88', 'MXN 1,500,000.50', shown(day(-400)), shown(day(-3)), '-3', 'Due']),
    );
    expect(screen.getByRole('columnheader', { name: /Days to due date/ })).toBeTruthy();
  });

  it("opens an instrument from its number, relative to the page's address", async () => {
    renderWithApp(<InstrumentsList rows={ROWS} canEdit={false} />, '/');
    const link = await screen.findByRole('link', { name: 'F-88' });
    expect(link.getAttribute('href')).toBe('/8');
  });

  it('offers the edit button only to who may edit', async () => {
    const { unmount } = renderWithApp(<InstrumentsList rows={ROWS} canEdit />, '/');
    const edit = await screen.findByRole('link', { name: 'Editar el instrumento F-88 de Afianzadora Sofimex' });
    expect(edit.getAttribute('href')).toBe('/8/editar');
    act(() => setLocale('en-US'));
    expect(await screen.findByRole('link', { name: 'Edit instrument F-88 of Afianzadora Sofimex' })).toBeTruthy();
    unmount();
    renderWithApp(<InstrumentsList rows={ROWS} canEdit={false} />, '/');
    await screen.findByRole('link', { name: 'F-88' });
    expect(screen.queryByRole('link', { name: /Edit instrument/ })).toBeNull();
  });

  it('says so when there is no instrument', async () => {
    renderWithApp(<InstrumentsList rows={[]} canEdit />, '/');
    expect(await screen.findByText('No hay instrumentos de garantía, o ninguno coincide con la búsqueda y los filtros.')).toBeTruthy();
  });
});
