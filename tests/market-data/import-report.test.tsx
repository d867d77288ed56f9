// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { ImportForm } from '../../src/features/market-data/import-form';
import { renderWithApp } from '../app/helpers/render-with-app';
import { CHARGE_PROBLEMS, PROBLEMS, refusal } from './market-data-fixtures';

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

async function submitFile(onStored = vi.fn(), kind?: string) {
  renderWithApp(<ImportForm upload={importMarketData} onStored={onStored} />, '/');
  if (kind) fireEvent.change(screen.getByLabelText(/Tipo de datos|Kind of data/), { target: { value: kind } });
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

  it.each([
    [
      'es-ES',
      [
        ['3', '(toda la fila)', 'La vigencia se solapa con la de la fila 2 (del 01/01/2026 al 31/01/2026) del mismo país y concepto.'],
        ['4', '(toda la fila)', 'La vigencia se solapa con una guardada del mismo país y concepto (desde el 01/02/2026, sin fin) que el archivo no reemplaza.'],
        ['5', 'vigente_hasta', 'La vigencia termina antes de empezar.'],
      ],
    ],
    [
      'en-US',
      [
        ['3', '(whole row)', 'The period overlaps the one in row 2 (from 01/01/2026 to 31/01/2026) of the same country and kind.'],
        ['4', '(whole row)', 'The period overlaps a stored one of the same country and kind (from 01/02/2026, with no end) that the file does not replace.'],
        ['5', 'vigente_hasta', 'The period ends before it starts.'],
      ],
    ],
  ])('names the other period of an overlapping charge rate, in the user dates (%s)', async (locale, rows) => {
    act(() => setLocale(locale as Locale));
    apiData.mockRejectedValue(refusal(CHARGE_PROBLEMS));
    await submitFile(vi.fn(), 'cargos');
    await waitFor(() => expect(reportRows()).toEqual(rows));
    expect((apiData.mock.calls[0]![0] as { body: FormData }).body.get('tipo')).toBe('cargos');
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

  it.each([
    ['precios', 'nodo,fecha,periodo,version,precio', 'Columnas del archivo: Precios nodales'],
    ['factores-perdida', 'nodo,fecha,periodo,version,fpn', 'Columnas del archivo: Factores de pérdida (FPN)'],
    ['cargos', 'pais,concepto,vigente_desde,vigente_hasta,tasa', 'Columnas del archivo: Cargos nacionales'],
  ])('offers the kind %s with its columns and the codes some take', (kind, columns, title) => {
    renderWithApp(<ImportForm upload={importMarketData} onStored={vi.fn()} />, '/');
    fireEvent.change(screen.getByLabelText(/Tipo de datos/), { target: { value: kind } });
    expect(screen.getByTestId('expected-columns').textContent).toBe(columns);
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByTestId('column-values').textContent).toBe(
      kind === 'cargos' ? 'pais: GT | SV | MX | PA | HN | NI | CR | US\nconcepto: MMi | MMr | peaje_principal' : 'version: PE | DF | CD',
    );
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
