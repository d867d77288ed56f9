// @vitest-environment happy-dom
// El Salvador's top offers as a trader meets them: the units' limits of the day beside the
// injection offers, a price under the unit's floor named by its line with nothing sent, a block
// with its MW missing named too, the offers and limits saved with the language's decimals read,
// and the withdrawal side on its own call.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OffersView } from '../../schemas/logbook.schema';
import { renderWithApp, useFreshPage } from '../app/helpers/render-with-app';
import { logbookAnswer } from './logbook-answers';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const { default: SlvOffersPage } = await import('../../src/features/logbooks/slv-page');

const DAY = '2026-12-03';

/** The day's log book as the server answers a save: a draft. */
const DRAFT = logbookAnswer('SLV', DAY);

const VIEW: OffersView = {
  bitacora: null,
  limites: [{ pm: 'SV-AHU-230', costo_variable: '98.4', cargo_sistema: '14', precio_piso: '112.4', mw_ofertable: '15' }],
  tipo_cambio: null,
  limite_enlace_mw: null,
};

function serve(save = vi.fn(async (_body: unknown): Promise<unknown> => DRAFT)) {
  apiData.mockImplementation(async (request: { method: string; path: string; body?: unknown }) => (request.method === 'GET' ? VIEW : save(request)));
  return save;
}

const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

useFreshPage(['acciones'], [apiData, api]);

describe("El Salvador's top offers page", () => {
  it("shows the units' floor and refuses a price under it, or a block without its MW, naming the line", async () => {
    const save = serve();
    renderWithApp(<SlvOffersPage />, `/?fecha=${DAY}`);
    expect(await screen.findByText('112,4')).toBeTruthy();
    await waitFor(() => expect(box('Precio del bloque 1 de SV-AHU-230, periodo 1')).toBeTruthy());
    fireEvent.change(box('Precio del bloque 1 de SV-AHU-230, periodo 1'), { target: { value: '112,39' } });
    fireEvent.change(box('MW del bloque 1 de SV-AHU-230, periodo 1'), { target: { value: '5' } });
    fireEvent.change(box('Precio del bloque 1 de SV-AHU-230, periodo 2'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ofertas' }));
    expect(await screen.findByText('SV-AHU-230, periodo 2: cada bloque lleva precio y MW, sin huecos antes de otro bloque.')).toBeTruthy();
    expect(screen.getByText('SV-AHU-230, periodo 1: Un precio queda por debajo del piso de la unidad (112,4 USD/MWh).')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the injection offers with the limits of the day, the decimals read in the language', async () => {
    const save = serve();
    renderWithApp(<SlvOffersPage />, `/?fecha=${DAY}`);
    await waitFor(() => expect(box('Precio del bloque 1 de SV-AHU-230, periodo 1')).toBeTruthy());
    fireEvent.change(box('Precio del bloque 1 de SV-AHU-230, periodo 1'), { target: { value: '112,40' } });
    fireEvent.change(box('MW del bloque 1 de SV-AHU-230, periodo 1'), { target: { value: '7,5' } });
    fireEvent.change(box('Cantidad ofertable de SV-AHU-230'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ofertas' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toEqual({
      method: 'PATCH',
      path: '/bitacoras/api/v1/update-ofertas-top-inyeccion',
      body: {
        fecha_operacion: DAY,
        filas: [{ periodo: 1, pm: 'SV-AHU-230', sentido: 'I', tipo: 'OPORTUNIDAD', anexo_id: null, mw_declarada: null, bloques: [{ precio: '112.40', mw: '7.5' }] }],
        limites: [{ pm: 'SV-AHU-230', costo_variable: '98.4', cargo_sistema: '14', mw_ofertable: '20' }],
      },
    });
    // The success stays on the page, the sheet as saved and still editable; the next save sends the version answered.
    expect((await screen.findByRole('status')).textContent).toContain('Ofertas del 03/12/2026 guardadas (1).');
    expect(box('Precio del bloque 1 de SV-AHU-230, periodo 1').value).toBe('112,40');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ofertas' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]![0]).toMatchObject({ body: { version: 2 } });
  });

  it('reads and saves the withdrawal side on its own call, a unit added by its PM', async () => {
    const save = serve();
    renderWithApp(<SlvOffersPage />, `/?fecha=${DAY}&lado=retiro`);
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ path: `/bitacoras/api/v1/ofertas-top-retiro?fecha=${DAY}` })));
    fireEvent.change(await screen.findByLabelText('PM de la unidad que añadir'), { target: { value: 'sv-nej-230' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir unidad' }));
    await waitFor(() => expect(box('Precio del bloque 1 de SV-NEJ-230, periodo 3')).toBeTruthy());
    fireEvent.change(box('Precio del bloque 1 de SV-NEJ-230, periodo 3'), { target: { value: '90' } });
    fireEvent.change(box('MW del bloque 1 de SV-NEJ-230, periodo 3'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ofertas' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({ method: 'POST', path: '/bitacoras/api/v1/update-ofertas-top-retiro', body: { filas: [expect.objectContaining({ pm: 'SV-NEJ-230', sentido: 'R', periodo: 3 })] } });
  });
});
