// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';
import { bidHour, runOf } from './process-fixtures';

const { apiData } = vi.hoisted(() => ({ apiData: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ api: vi.fn(), apiData }));
const { SubeSelection } = await import('../../src/features/processes/sube-selection');

const HOURS = [
  bidHour({ periodo: 1, nodo: 'GT-ESC-230', precio: '100.00', precio_oferta: '100.00' }),
  bidHour({ periodo: 2, nodo: 'GT-ESC-230', precio: '80.555', precio_oferta: '80.555' }),
  bidHour({ periodo: 1, nodo: 'SV-AHU-115', precio: '50.00', precio_oferta: '50.00' }),
];

function serve() {
  apiData.mockImplementation(async ({ path }: { path: string }) => {
    if (path === '/procesos/api/v1/sube/horas') return HOURS;
    if (path === '/procesos/api/v1/sube/ejecuciones') return runOf({ tipo: 'sube' });
    throw new Error(`unexpected ${path}`);
  });
}

const started = () => apiData.mock.calls.filter(([request]) => (request as { path: string }).path === '/procesos/api/v1/sube/ejecuciones');
const price = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;

beforeEach(() => {
  apiData.mockReset();
  act(() => setLocale('es-ES'));
});
afterEach(cleanup);

describe('the Sube selection step (es-ES)', () => {
  it('recomputes the bid prices the trader did not type when the price percentage changes', async () => {
    serve();
    renderWithApp(<SubeSelection onStarted={vi.fn()} />);
    await waitFor(() => expect(price('Precio de oferta GT-ESC-230 periodo 1')).toBe('100.00'));
    // Every price first from the percentage (100 %): to the cent.
    expect(price('Precio de oferta GT-ESC-230 periodo 2')).toBe('80.56');

    fireEvent.change(screen.getByRole('textbox', { name: 'Precio de oferta SV-AHU-115 periodo 1' }), { target: { value: '61,5' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Porcentaje de precio' }), { target: { value: '50' } });
    await waitFor(() => expect(price('Precio de oferta GT-ESC-230 periodo 1')).toBe('50.00'));
    expect(price('Precio de oferta GT-ESC-230 periodo 2')).toBe('40.28');
    // A typed price is the trader's: the percentage leaves it.
    expect(price('Precio de oferta SV-AHU-115 periodo 1')).toBe('61.5');
  });

  it('refuses an invalid price on its row and prioritisation without its first and second nodes, then starts with the priorities of the hours', async () => {
    serve();
    const onStarted = vi.fn();
    renderWithApp(<SubeSelection onStarted={onStarted} />);
    await waitFor(() => expect(price('Precio de oferta GT-ESC-230 periodo 1')).toBe('100.00'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Precio de oferta GT-ESC-230 periodo 2' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Priorización de nodos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar' }));
    await waitFor(() => expect(screen.getAllByText('El precio de oferta debe ser un número mayor que 0 con hasta 4 decimales.')).toHaveLength(1));
    expect(screen.getAllByText(/Con la priorización de nodos, elige el (primer|segundo) nodo/)).toHaveLength(2);
    expect(started()).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Precio de oferta GT-ESC-230 periodo 2' }), { target: { value: '75' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Primer nodo/ }), { target: { value: 'SV-AHU-115' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Segundo nodo/ }), { target: { value: 'GT-ESC-230' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    const body = (started()[0]?.[0] as { body: Record<string, unknown> }).body;
    expect(body.priorizacion).toEqual({ activa: true, nodos: ['SV-AHU-115', 'GT-ESC-230'] });
    expect((body.horas as Array<{ precio_oferta: string; prioridad: number | null }>).map((hour) => [hour.precio_oferta, hour.prioridad])).toEqual([
      ['100.00', 2],
      ['75', 2],
      ['50.00', 1],
    ]);
  });
});
