// @vitest-environment happy-dom
// One instrument as its page shows it: its amount in its currency, its dates, its state, and how
// long until it falls due (or since it did, or when it was released), counted from today.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, businessToday } from '../../schemas/date.schema';
import { InstrumentView } from '../../src/features/guarantees/instrument-view';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';
import { storedInstrument } from './instrument-fixture';

const day = (offset: number) => addDays(businessToday(), offset);

afterEach(() => {
  cleanup();
  act(() => setLocale('es-ES'));
});

describe('an instrument page', () => {
  it('shows the amount in its currency, the state and the days until it falls due, in both languages', () => {
    const onEdit = vi.fn();
    renderWithApp(<InstrumentView instrument={storedInstrument({ moneda: 'MXN', operador: 'CENACE', sucursal: 'MX', fecha_vencimiento: day(12) })} onEdit={onEdit} />, '/7');
    expect(screen.getByRole('heading', { level: 2, name: 'Carta de crédito n.º CC-2026-001 · Banco Industrial' })).toBeTruthy();
    expect(screen.getByText('250.000,00 MXN')).toBeTruthy();
    expect(screen.getByText('Vigente')).toBeTruthy();
    expect(screen.getByText('Vence en 12 días')).toBeTruthy();
    act(() => setLocale('en-US'));
    expect(screen.getByText('MXN 250,000.00')).toBeTruthy();
    expect(screen.getByText('Due in 12 days')).toBeTruthy();
    screen.getByRole('button', { name: 'Edit' }).click();
    expect(onEdit).toHaveBeenCalled();
  });

  it('counts the days since a due date passed, says today on the day, and names the release day of a released one', () => {
    const { unmount } = renderWithApp(<InstrumentView instrument={storedInstrument({ fecha_vencimiento: day(-1), estado: 'vencida' })} />, '/7');
    expect(screen.getByText('Venció hace 1 día')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    unmount();
    const second = renderWithApp(<InstrumentView instrument={storedInstrument({ fecha_vencimiento: day(0) })} />, '/7');
    expect(screen.getByText('Vence hoy')).toBeTruthy();
    second.unmount();
    renderWithApp(<InstrumentView instrument={storedInstrument({ liberada_en: '2026-03-02', estado: 'liberada' })} />, '/7');
    expect(screen.getByText('Liberada el 02/03/2026')).toBeTruthy();
  });
});
