// @vitest-environment happy-dom
// The MER log book page as a trader meets it: the day's annexes as declaration lines, the
// contracted power filled in on demand (an annex's MW at its first PM), a refused figure named
// by its line and period with nothing sent, a draft saved with the language's decimals read,
// sending asked first, and a sent log book read-only until a new version is prepared.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ActiveAnnex, Logbook } from '../../schemas/logbook.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp, useFreshPage } from '../app/helpers/render-with-app';
import { logbookAnswer } from './logbook-answers';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const { default: MerLogbookPage } = await import('../../src/features/logbooks/mer-page');

const DAY = '2026-12-03';

const ANNEXES: ActiveAnnex[] = [
  { anexo_id: 7, contrato_id: 2, contrato_codigo: 'REG-001', clase_contrato: 'CNFFF', tipo_transaccion: 'I', contraparte: 'Generadora Norte', pmi: ['GT-ESC-230', 'GT-LBR-400'], pmr: ['SV-AHU-115'], potencia_mw: '20', enviado: false },
];

function sentLogbook(): Logbook {
  return logbookAnswer('MER', DAY, {
    id: 3,
    estado: 'enviada',
    enviada_en: '2026-12-02T15:00:00Z',
    enviada_por: 'analista@demo.energy',
    filas: [{ id: 1, periodo: 1, pm: 'GT-ESC-230', sentido: 'I', tipo: 'DECLARACION', anexo_id: 7, mw_declarada: '15', mw_fija: null, moneda: 'USD', bloques: [{ precio: '101.25', mw: '15' }] }],
  });
}

/** The API as the page reads it: the day's annexes, no sent summary, no prices, and the day's log book (what a save answered, after one). */
function serve(logbook: Logbook | null, save = vi.fn(async (_body: unknown) => ({ ...sentLogbook(), estado: 'borrador' as const, enviada_en: null, version: 1 }))) {
  let current = logbook;
  apiData.mockImplementation(async (request: { method: string; path: string; body?: unknown }) => {
    if (request.method === 'POST') return (current = await save(request.body));
    if (request.path.includes('/anexos-activos')) return ANNEXES;
    if (request.path.includes('/bitacora?')) return current;
    if (request.path.includes('/predespacho/comparacion')) return { importado: false, lineas: [] };
    return [];
  });
  return save;
}

const mwBox = (pm: string, periodo: number) => screen.getByLabelText(new RegExp(`^(MW de|MW of) REG-001 (en|at) ${pm}, (periodo|period) ${periodo}$`)) as HTMLInputElement;

useFreshPage(['acciones'], [apiData, api]);

describe('the MER log book page', () => {
  it('fills the contracted power at each annex’s first PM, refuses a period over it naming the line, and sends nothing', async () => {
    const save = serve(null);
    renderWithApp(<MerLogbookPage />, `/?fecha=${DAY}`);
    expect(await screen.findByText('Sin bitácora para este día')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Rellenar con la potencia contratada' }));
    await waitFor(() => expect(mwBox('GT-ESC-230', 1).value).toBe('20'));
    expect(mwBox('GT-LBR-400', 1).value).toBe('0');
    fireEvent.change(mwBox('GT-LBR-400', 2), { target: { value: '0,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('REG-001, GT-LBR-400, periodo 2: Supera la potencia contratada del anexo (20 MW).')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a draft with the figures read in the language, then asks before sending', async () => {
    const save = serve(null);
    renderWithApp(<MerLogbookPage />, `/?fecha=${DAY}`);
    await screen.findByText('Sin bitácora para este día');
    await waitFor(() => expect(mwBox('GT-ESC-230', 1)).toBeTruthy());
    fireEvent.change(mwBox('GT-ESC-230', 1), { target: { value: '12,5' } });
    fireEvent.change(screen.getByLabelText(/^Precio de REG-001 en GT-ESC-230$/), { target: { value: '101,25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      mercado: 'MER',
      fecha_operacion: DAY,
      filas: [{ periodo: 1, pm: 'GT-ESC-230', sentido: 'I', tipo: 'DECLARACION', anexo_id: 7, mw_declarada: '12.5', bloques: [{ precio: '101.25', mw: '12.5' }] }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Se enviará la bitácora del 03\/12\/2026 con 1 ofertas/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[1]![0]).toMatchObject({ enviar: true, version: 1 });
  });

  it('shows a sent log book read-only, in English too, until a new version is prepared', async () => {
    const save = serve(sentLogbook());
    act(() => setLocale('en-US'));
    renderWithApp(<MerLogbookPage />, `/?fecha=${DAY}`);
    expect(await screen.findByText('Sent')).toBeTruthy();
    expect(screen.getByText('Version 1')).toBeTruthy();
    expect(screen.queryByLabelText(/^MW of REG-001/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Prepare a new version' }));
    fireEvent.change(await screen.findByLabelText('MW of REG-001 at GT-ESC-230, period 1'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0]).toMatchObject({ nueva_version: true, filas: [expect.objectContaining({ mw_declarada: '14', bloques: [{ precio: '101.25', mw: '14' }] })] });
  });
});
