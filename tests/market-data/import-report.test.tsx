// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { ImportForm } from '../../src/features/market-data/import-form';
import { renderWithApp } from '../app/helpers/render-with-app';
import { PROBLEMS, refusal } from './market-data-fixtures';

const apiData = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api: vi.fn() }));
const { importMarketData } = await import('../../src/features/market-data/market-data-api');

/** The cells of each body row of the report grid (row, column, reason), top to bottom. */
function reportRows(): string[][] {
  const rows = new Map<number, string[]>();
  for (const [index, id] of ['fila', 'columna', 'motivo'].entries()) {
    for (const cell of document.querySelectorAll<HTMLElement>(`[role="gridcell"][col-id="${id}"]`)) {
      const row = Number(cell.closest('[row-index]')?.getAttribute('row-index') ?? -1);
      const cells = rows.get(row) ?? ['', '', ''];
      cells[index] = cell.textContent ?? '';
      rows.set(row, cells);
    }
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, cells]) => cells);
}

async function submitFile(onStored = vi.fn()) {
  renderWithApp(<ImportForm upload={importMarketData} onStored={onStored} />, '/');
  const file = new File(['nodo,fecha,periodo,version,precio\n'], 'precios.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText(/Archivo|File/), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: /^(Importar|Import)$/ }));
  return onStored;
}

beforeEach(() => {
  apiData.mockReset();
  act(() => setLocale('es-ES'));
});
afterEach(cleanup);

describe('a refused import', () => {
  const EXPECTED: Record<Locale, { title: string; nothing: RegExp; rows: string[][] }> = {
    'es-ES': {
      title: 'El archivo tiene problemas: no se ha importado nada.',
      nothing: /No se ha guardado ninguna fila\. Corrige estos 3 problemas/,
      rows: [
        ['3', 'periodo', 'El periodo es un número entero de 1 a 24.'],
        ['4', 'version', 'La versión es PE, DF o CD.'],
        ['5', '(toda la fila)', 'Esta clave ya está en la fila 2 del archivo.'],
      ],
    },
    'en-US': {
      title: 'The file has problems: nothing was imported.',
      nothing: /No row was stored\. Fix these 3 problems/,
      rows: [
        ['3', 'periodo', 'The period is a whole number from 1 to 24.'],
        ['4', 'version', 'The version is PE, DF or CD.'],
        ['5', '(whole row)', 'This key is already in row 2 of the file.'],
      ],
    },
  };

  it.each(Object.entries(EXPECTED))('lists every problem by row, column and translated reason, and says nothing was stored (%s)', async (locale, expected) => {
    act(() => setLocale(locale as Locale));
    apiData.mockRejectedValue(refusal());
    const onStored = await submitFile();

    const report = await screen.findByRole('region', { name: locale === 'es-ES' ? 'Problemas del archivo' : 'Problems of the file' });
    const alert = within(report).getByRole('alert');
    expect(alert.textContent).toContain(expected.title);
    expect(alert.textContent).toMatch(expected.nothing);
    await waitFor(() => expect(reportRows()).toEqual(expected.rows));
    expect(onStored).not.toHaveBeenCalled();
    // The request carried the kind and the file, as the server reads them.
    const form = (apiData.mock.calls[0]![0] as { body: FormData }).body;
    expect(form.get('tipo')).toBe('precios');
    expect((form.get('file') as File).name).toBe('precios.csv');
  });

  it('shows a reason the build has no text for in the server words', async () => {
    apiData.mockRejectedValue(refusal([{ ...PROBLEMS[0]!, key: 'marketData.problems.nueva', motivo: 'A new reason' }]));
    await submitFile();
    await waitFor(() => expect(reportRows()[0]?.[2]).toBe('A new reason'));
  });

  it('shows any other refusal as the shared alert, without a report', async () => {
    apiData.mockRejectedValue(
      new (await import('../../src/lib/api/api-error')).ApiError('clientError', 'Forbidden', {
        statusCode: 403,
        body: { statusCode: 403, code: 'APP_ERR_AUTH_FORBIDDEN', message: 'Forbidden' },
      }),
    );
    await submitFile();
    expect((await screen.findByRole('alert')).textContent).toContain('No tienes permiso');
    expect(screen.queryByRole('region', { name: 'Problemas del archivo' })).toBeNull();
  });

  it('asks for a file before sending anything', () => {
    renderWithApp(<ImportForm upload={importMarketData} onStored={vi.fn()} />, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(screen.getByText('Elige el archivo que quieres importar.')).toBeTruthy();
    expect(apiData).not.toHaveBeenCalled();
  });

  it('tells how many rows a stored import kept and refreshes the page', async () => {
    apiData.mockResolvedValue({ tipo: 'precios', filas: 48 });
    const onStored = await submitFile();
    await waitFor(() => expect(onStored).toHaveBeenCalledTimes(1));
    const { notificationsStore } = await import('../../src/app/notifications');
    expect(notificationsStore.getSnapshot().context.queue.at(-1)?.message).toBe('Precios nodales: se han guardado 48 filas.');
  });
});
