// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatementsImport } from '../../src/features/guarantees/statements-import';
import { ApiError } from '../../src/lib/api/api-error';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { renderWithApp } from '../app/helpers/render-with-app';

const apiData = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api: vi.fn() }));

/** The server's refusal of a statement file with two bad rows. */
function refused() {
  const problem = (fila: number, columna: string | null, keyword: string, params?: Record<string, string>) => ({
    instancePath: `/filas/${fila}`,
    keyword,
    message: keyword,
    fila,
    columna,
    motivo: keyword,
    key: `marketData.problems.${keyword}`,
    ...(params ? { params } : {}),
  });
  return new ApiError('clientError', 'invalid', {
    statusCode: 400,
    body: {
      statusCode: 400,
      code: 'APP_ERR_MARKET_DATA_INVALID',
      message: 'The file has problems: nothing was imported',
      details: [problem(2, 'operador', 'statement_operator'), problem(3, 'sucursal', 'branch_operator', { operador: 'ERCOT', sucursales: 'US' })],
    },
  });
}

async function choose(onStored = vi.fn()) {
  renderWithApp(<StatementsImport onStored={onStored} />, '/');
  const file = new File(['fecha,operador,sucursal,rea,acl,eal\n'], 'estado.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText(/Archivo del estado|Statement file/), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: /^(Importar|Import)$/ }));
  return onStored;
}

beforeEach(() => {
  apiData.mockReset();
  act(() => setLocale('es-ES'));
});
afterEach(cleanup);

describe("the operators' statements import", () => {
  const EXPECTED: Record<Locale, { reasons: RegExp[] }> = {
    'es-ES': { reasons: [/Solo se importan estados de CENACE/, /La empresa no es agente de ERCOT por esta sucursal \(US\)/] },
    'en-US': { reasons: [/Statements are imported for CENACE \(REA\) and ERCOT/, /The company is not an agent of ERCOT through this branch \(US\)/] },
  };

  it.each(Object.entries(EXPECTED))('lists every problem of a refused file in the language, and stores nothing (%s)', async (locale, expected) => {
    act(() => setLocale(locale as Locale));
    apiData.mockRejectedValue(refused());
    const onStored = await choose();
    for (const reason of expected.reasons) expect(await screen.findByText(reason)).toBeTruthy();
    expect(onStored).not.toHaveBeenCalled();
    const form = (apiData.mock.calls[0]![0] as { path: string; body: FormData }).body;
    expect((form.get('file') as File).name).toBe('estado.csv');
    expect((apiData.mock.calls[0]![0] as { path: string }).path).toBe('/garantias/api/v1/estados');
  });

  it('says what was stored, reads the figures again and clears the field', async () => {
    apiData.mockResolvedValue({ filas: 2, desde: '2026-11-27', hasta: '2026-11-28' });
    const onStored = await choose();
    await waitFor(() => expect(onStored).toHaveBeenCalledTimes(1));
    const region = screen.getByRole('region', { name: 'Estados de los operadores' });
    expect(within(region).getByText('Ningún archivo elegido')).toBeTruthy();
  });
});
