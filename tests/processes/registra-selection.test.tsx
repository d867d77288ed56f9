// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/api-error';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';
import { registrationRow, runOf } from './process-fixtures';

const { apiData } = vi.hoisted(() => ({ apiData: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ api: vi.fn(), apiData }));
const { RegistraSelection } = await import('../../src/features/processes/registra-selection');

const CANDIDATES = '/procesos/api/v1/registra/candidatos';
const START = '/procesos/api/v1/registra/ejecuciones';

/** The server: the candidates, and Start answered by `start` in turn. */
function serve(rows: ReturnType<typeof registrationRow>[], ...starts: Array<() => unknown>) {
  apiData.mockImplementation(async ({ path }: { path: string }) => {
    if (path === CANDIDATES) return rows;
    if (path === START) return (starts.shift() ?? (() => runOf()))();
    throw new Error(`unexpected ${path}`);
  });
}

const startCalls = () => apiData.mock.calls.filter(([request]) => (request as { path: string }).path === START);

/** The text of the row of annex `codigo`'s problem cell. */
function problemOf(codigo: string): string {
  const row = document.querySelector(`[row-id="${[...document.querySelectorAll('[col-id="codigo"]')].find((cell) => cell.textContent === codigo)?.closest('[row-id]')?.getAttribute('row-id')}"]`);
  return row?.querySelector('[col-id="problema"]')?.textContent ?? '';
}

beforeEach(() => {
  apiData.mockReset();
  act(() => setLocale('en-US'));
});
afterEach(cleanup);

describe('the Registra selection step', () => {
  it("shows the server's refusal of a row on that row, and starts once the row is fixed", async () => {
    const rows = [registrationRow(), registrationRow({ anexo_id: 2, codigo: 'CP-0002-A2', contrato_id: 2, contrato_codigo: 'CP-0002', pmi: ['GT-OLD-1'] })];
    const refusal = new ApiError('clientError', 'Request failed with status code 400', {
      statusCode: 400,
      body: {
        statusCode: 400,
        code: 'APP_ERR_REQUEST_INVALID',
        message: 'invalid',
        details: [{ instancePath: '/filas/1/pmi', keyword: 'required', message: 'processes.rules.pmiRequired' }],
      },
    });
    serve(rows, () => {
      throw refusal;
    });
    const onStarted = vi.fn();
    renderWithApp(<RegistraSelection onStarted={onStarted} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Register CP-0002-A2' })).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(problemOf('CP-0002-A2')).toBe('This contract has no PMI (injection point): add one.'));
    expect(problemOf('CP-0001-A1')).toBe('');
    expect(screen.getByRole('alert').textContent).toContain('1 problem(s) to fix');
    expect(onStarted).not.toHaveBeenCalled();

    // The trader fixes the row: its PMI replaced in the edit dialog, the message beside the field.
    fireEvent.click(screen.getByRole('button', { name: 'Edit CP-0002-A2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit planilla CP-0002-A2' });
    expect(within(dialog).getByText('This contract has no PMI (injection point): add one.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove GT-OLD-1' }));
    const pmi = within(dialog).getByRole('textbox', { name: 'PIH (injection)' });
    fireEvent.change(pmi, { target: { value: 'GT-IMP-230' } });
    fireEvent.keyDown(pmi, { key: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(problemOf('CP-0002-A2')).toBe(''));

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(runOf()));
    const sent = startCalls().at(-1)?.[0] as { body: { filas: Array<{ codigo: string; pmi: string[] }>; sitio: string; trabajadores: number } };
    expect(sent.body.filas.map((row) => [row.codigo, row.pmi])).toEqual([
      ['CP-0001-A1', ['GT-IMP-230']],
      ['CP-0002-A2', ['GT-IMP-230']],
    ]);
  });

  it('checks the shared rules before asking: a row without PMR, a CF contract without holder, nothing selected', async () => {
    serve([
      registrationRow({ pmr: [] }),
      registrationRow({ anexo_id: 2, codigo: 'CP-0002-A2', clase_contrato: 'CF', titular_transmision: null }),
    ]);
    renderWithApp(<RegistraSelection onStarted={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Register CP-0001-A1' })).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(problemOf('CP-0001-A1')).toBe('This contract has no PMR (withdrawal point): add one.'));
    expect(problemOf('CP-0002-A2')).toBe('A firm (CF) contract needs its transmission holder.');
    expect(startCalls()).toHaveLength(0);

    // Unticked rows are not judged; with none left, the list itself is the problem.
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    await waitFor(() => expect(problemOf('CP-0001-A1')).toBe(''));
    expect(screen.getByRole('alert').textContent).toContain('Select at least one contract to register.');
    expect(startCalls()).toHaveLength(0);
  });

  it('bounds the workers by the chosen site', async () => {
    serve([registrationRow()]);
    renderWithApp(<RegistraSelection onStarted={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Register CP-0001-A1' })).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Site' }), { target: { value: 'modified' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Workers (site sessions)' }), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByText("Workers go from 1 to the site's limit: 12 on the original site, 10 on the modified one.")).toBeTruthy());
    expect(startCalls()).toHaveLength(0);
  });
});
