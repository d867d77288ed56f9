// @vitest-environment happy-dom
// The AMM process record as a trader meets it: the range in the URL reads the AMM annexes in
// force, a figure over the contracted power is named by its line with nothing sent, the record
// is created after a question with what the sheet declares, shown, and reset for another.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActiveAnnex } from '../../schemas/logbook.schema';
import { renderWithApp, useFreshPage } from '../app/helpers/render-with-app';
import { logbookAnswer } from './logbook-answers';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const { default: AmmOffersPage } = await import('../../src/features/logbooks/amm-page');

const ANNEX: ActiveAnnex = {
  anexo_id: 12,
  contrato_id: 4,
  contrato_codigo: 'GT-LOC-2031',
  clase_contrato: 'firme',
  tipo_transaccion: 'I',
  contraparte: 'Distribuidora de Occidente',
  pmi: ['GT-ESC-230'],
  pmr: [],
  potencia_mw: '25',
  enviado: false,
};

const RECORD = logbookAnswer('AMM', '2026-12-03', {
  id: 31,
  fecha_fin: '2026-12-05',
  estado: 'enviada',
  enviada_en: '2026-12-01T15:00:00.000Z',
  enviada_por: 'trader@demo.energy',
});

type Request = { method: string; path: string; body?: unknown };

function serve() {
  const create = vi.fn(async (_request: Request): Promise<unknown> => RECORD);
  apiData.mockImplementation(async (request: Request) => (request.method === 'GET' ? [ANNEX] : create(request)));
  return create;
}

const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

useFreshPage(['acciones'], [apiData, api]);

describe('the AMM offers page', () => {
  it('reads the annexes of the range, refuses a figure over the contracted power, then creates the record after a question', async () => {
    const create = serve();
    renderWithApp(<AmmOffersPage />, '/?desde=2026-12-03&hasta=2026-12-05');
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ path: '/bitacoras/api/v1/anexos-activos-filtro?start_date=2026-12-03&end_date=2026-12-05' })));
    await waitFor(() => expect(box('MW de GT-LOC-2031 en GT-ESC-230, periodo 1')).toBeTruthy());
    fireEvent.change(box('MW de GT-LOC-2031 en GT-ESC-230, periodo 1'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear el registro AMM' }));
    expect(await screen.findByText(/GT-LOC-2031, GT-ESC-230, periodo 1: .*25 MW/)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(box('MW de GT-LOC-2031 en GT-ESC-230, periodo 1'), { target: { value: '20,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear el registro AMM' }));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText(/del 03\/12\/2026 al 05\/12\/2026 con 1 declaraciones/)).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Crear el registro AMM' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toEqual({
      method: 'POST',
      path: '/bitacoras/api/v1/create-amm',
      body: {
        desde: '2026-12-03',
        hasta: '2026-12-05',
        filas: [{ periodo: 1, pm: 'GT-ESC-230', sentido: 'I', tipo: 'DECLARACION', anexo_id: 12, mw_declarada: '20.5', bloques: [] }],
      },
    });
    expect(await screen.findByText('Registro AMM 31 creado y enviado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preparar otro registro' }));
    expect((await screen.findByLabelText('MW de GT-LOC-2031 en GT-ESC-230, periodo 1') as HTMLInputElement).value).toBe('');
  });

  it('says when the range ends before it starts, and asks nothing of the server', async () => {
    serve();
    renderWithApp(<AmmOffersPage />, '/?desde=2026-12-05&hasta=2026-12-03');
    expect(await screen.findByText('La fecha final debe ser igual o posterior a la inicial.')).toBeTruthy();
    expect(apiData).not.toHaveBeenCalled();
  });
});
