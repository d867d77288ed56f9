// @vitest-environment happy-dom
// Mexico's link offers as a trader meets them: prices in MXN with their USD equivalent at the
// day's FIX, a fixed MW and three segments saved with the language's decimals read, the link's
// MW per hour checked before anything is sent, the import side on its own call with the import
// annexes, and a thermal agent added with its form's refusals first.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActiveAnnex, ImportAgent, OffersView } from '../../schemas/logbook.schema';
import { renderWithApp, useFreshPage } from '../app/helpers/render-with-app';
import { logbookAnswer } from './logbook-answers';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const { default: MexOffersPage } = await import('../../src/features/logbooks/mex-page');

const DAY = '2026-12-03';

/** The day's log book as the server answers a save: a draft. */
const DRAFT = logbookAnswer('MEX', DAY);

const VIEW: OffersView = { bitacora: null, limites: [], tipo_cambio: '17.5', limite_enlace_mw: '200' };

const ANNEX: ActiveAnnex = {
  anexo_id: 7,
  contrato_id: 3,
  contrato_codigo: 'IMPO-2026-01',
  clase_contrato: 'firme',
  tipo_transaccion: 'R',
  contraparte: 'CFE Calificados',
  pmi: [],
  pmr: ['MX-TAP-400'],
  potencia_mw: '40',
  enviado: false,
};

const AGENT: ImportAgent = {
  id: 1,
  codigo_agente: 'GT-SJO',
  nombre: 'San José',
  planta: 'San José 1',
  combustible: 'carbon',
  cv_usd_mwh: '61.2',
  mw_max: '120',
  vigente_desde: '2026-01-01',
  vigente_hasta: null,
  version: 1,
};

type Request = { method: string; path: string; body?: unknown };

function serve(save = vi.fn(async (_request: Request): Promise<unknown> => DRAFT)) {
  apiData.mockImplementation(async (request: Request) => {
    if (request.method !== 'GET') return save(request);
    if (request.path.includes('anexos-activos-impomex')) return [ANNEX];
    if (request.path.includes('impo-agentes')) return [AGENT];
    return VIEW;
  });
  return save;
}

const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function addUnit(pm: string) {
  fireEvent.change(await screen.findByLabelText('PM de la unidad que añadir'), { target: { value: pm } });
  fireEvent.click(screen.getByRole('button', { name: 'Añadir unidad' }));
}

useFreshPage(['acciones'], [apiData, api]);

describe("Mexico's link offers page", () => {
  it('shows the FIX and each price in USD beside it, and saves a fixed MW and segments in MXN', async () => {
    const save = serve();
    renderWithApp(<MexOffersPage />, `/?fecha=${DAY}`);
    expect(await screen.findByText(/FIX del día: 17,5 MXN por USD/)).toBeTruthy();
    await addUnit('mx-tap-400');
    await waitFor(() => expect(box('MW fijos de MX-TAP-400, periodo 1')).toBeTruthy());
    fireEvent.change(box('MW fijos de MX-TAP-400, periodo 1'), { target: { value: '10' } });
    fireEvent.change(box('Precio del segmento 1 de MX-TAP-400, periodo 1'), { target: { value: '1.750,00' } });
    fireEvent.change(box('MW del segmento 1 de MX-TAP-400, periodo 1'), { target: { value: '5,5' } });
    expect(await screen.findByText('100,00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ofertas' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toEqual({
      method: 'PATCH',
      path: '/bitacoras/api/v1/update-mex-ofertas-api',
      body: {
        fecha_operacion: DAY,
        filas: [{ periodo: 1, pm: 'MX-TAP-400', sentido: 'I', tipo: 'EXPORTACION', anexo_id: null, mw_declarada: null, mw_fija: '10', bloques: [{ precio: '1750.00', mw: '5.5' }] }],
      },
    });
  });

  it("refuses an hour over the link's capacity, naming the line, and sends nothing", async () => {
    const save = serve();
    renderWithApp(<MexOffersPage />, `/?fecha=${DAY}`);
    await addUnit('MX-TAP-400');
    await waitFor(() => expect(box('MW fijos de MX-TAP-400, periodo 2')).toBeTruthy());
    fireEvent.change(box('MW fijos de MX-TAP-400, periodo 2'), { target: { value: '150' } });
    fireEvent.change(box('Precio del segmento 1 de MX-TAP-400, periodo 2'), { target: { value: '1800' } });
    fireEvent.change(box('MW del segmento 1 de MX-TAP-400, periodo 2'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar ofertas' }));
    expect(await screen.findByText('MX-TAP-400, periodo 2: La hora 2 supera la capacidad del enlace (200 MW).')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('reads the import side on its own call, with the import annexes of the day', async () => {
    serve();
    renderWithApp(<MexOffersPage />, `/?fecha=${DAY}&seccion=importacion`);
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ path: `/bitacoras/api/v1/get-mex-ofertas-impo-api?fecha=${DAY}` })));
    expect(await screen.findByText('IMPO-2026-01')).toBeTruthy();
    expect(screen.getByText('CFE Calificados')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ofertas de importación del día' })).toBeTruthy();
  });

  it('adds a thermal agent: a bad code and a missing cost refused beside their fields, then saved', async () => {
    const save = serve(vi.fn(async (request: Request) => ({ ...AGENT, id: 2, ...(request.body as object) })));
    renderWithApp(<MexOffersPage />, `/?seccion=agentes`);
    expect(await screen.findByText('GT-SJO')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir agente' }));
    const form = await screen.findByRole('form', { name: 'Nuevo agente térmico' });
    const field = (label: RegExp) => form.querySelector(`input[name="${label.source}"], select[name="${label.source}"]`) as HTMLInputElement;
    fireEvent.change(field(/codigo_agente/), { target: { value: '9X' } });
    fireEvent.change(field(/nombre/), { target: { value: 'Las Palmas' } });
    fireEvent.change(field(/planta/), { target: { value: 'Las Palmas 2' } });
    fireEvent.change(field(/combustible/), { target: { value: 'bunker' } });
    fireEvent.change(field(/mw_max/), { target: { value: '45,5' } });
    fireEvent.change(field(/vigente_desde/), { target: { value: '01/12/2026' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Añadir agente' }).at(-1)!);
    expect(await screen.findByText('Mayúsculas, dígitos, «_» o «-», empezando por una letra (2 a 30).')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(field(/codigo_agente/), { target: { value: 'gt-lpa' } });
    fireEvent.change(field(/cv_usd_mwh/), { target: { value: '88,75' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Añadir agente' }).at(-1)!);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toEqual({
      method: 'POST',
      path: '/bitacoras/api/v1/create-mex-ofertas-impo-agentes',
      body: { codigo_agente: 'GT-LPA', nombre: 'Las Palmas', planta: 'Las Palmas 2', combustible: 'bunker', cv_usd_mwh: '88.75', mw_max: '45.5', vigente_desde: '2026-12-01' },
    });
    // The dialog closes and the list is read again.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nuevo agente térmico' })).toBeNull());
    await waitFor(() => expect(apiData.mock.calls.filter(([request]) => (request as Request).path.endsWith('/get-mex-ofertas-impo-agentes'))).toHaveLength(2));
  });
});
