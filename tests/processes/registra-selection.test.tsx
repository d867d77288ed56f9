// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { clickWhenEnabled } from '../app/helpers/click-when-enabled';
import { invalidRequest } from '../app/helpers/invalid-request';
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
const sentRows = () => (startCalls().at(-1)?.[0] as { body: { filas: Array<{ codigo: string; registrar: boolean; pmi: string[] }> } }).body.filas;

/** The text of the row of annex `codigo`'s cell of column `colId`. */
function cellOf(codigo: string, colId: string): string {
  const row = document.querySelector(`[row-id="${[...document.querySelectorAll('[col-id="codigo"]')].find((cell) => cell.textContent === codigo)?.closest('[row-id]')?.getAttribute('row-id')}"]`);
  return row?.querySelector(`[col-id="${colId}"]`)?.textContent ?? '';
}
const problemOf = (codigo: string) => cellOf(codigo, 'problema');
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

const THREE = [
  registrationRow(),
  registrationRow({ anexo_id: 2, codigo: 'CEMA-010-A2', contrato_id: 2, contrato_codigo: 'CEMA-010', contraparte: 'Cementos del Istmo', derechos_transmision: '1750 $' }),
  registrationRow({ anexo_id: 3, codigo: 'CEMA-020-A3', contrato_id: 3, contrato_codigo: 'CEMA-020', contraparte: 'Cementos del Istmo' }),
];

beforeEach(() => {
  apiData.mockReset();
  act(() => setLocale('en-US'));
});
afterEach(cleanup);

describe('the Registra selection step', () => {
  it("shows the server's refusal of a row on that row, and starts once the row is fixed", async () => {
    const rows = [registrationRow(), registrationRow({ anexo_id: 2, codigo: 'CP-0002-A2', contrato_id: 2, contrato_codigo: 'CP-0002', pmi: ['GT-OLD-1'] })];
    const refusal = invalidRequest([{ instancePath: '/filas/1/pmi', keyword: 'required', message: 'processes.rules.pmiRequired' }]);
    serve(rows, () => {
      throw refusal;
    });
    const onStarted = vi.fn();
    renderWithApp(<RegistraSelection onStarted={onStarted} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Register CP-0002-A2' })).toBeTruthy());
    await clickWhenEnabled('Select all shown');

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Register on the site' }));
    await waitFor(() => expect(problemOf('CP-0002-A2')).toBe('This contract has no PMI (injection point): add one.'));
    expect(problemOf('CP-0001-A1')).toBe('');
    expect(screen.getByRole('alert').textContent).toContain('Problems to fix before the run can start: 1.');
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
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Register on the site' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(runOf()));
    expect(sentRows().map((row) => [row.codigo, row.pmi])).toEqual([
      ['CP-0001-A1', ['GT-IMP-230']],
      ['CP-0002-A2', ['GT-IMP-230']],
    ]);
  });

  it('checks the shared rules before asking: a row without PMR, a CF contract without holder, nothing selected', async () => {
    serve([
      registrationRow({ pmr: [], registrar: true }),
      registrationRow({ anexo_id: 2, codigo: 'CP-0002-A2', clase_contrato: 'CF', titular_transmision: null, registrar: true }),
    ]);
    renderWithApp(<RegistraSelection onStarted={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Register CP-0001-A1' })).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(problemOf('CP-0001-A1')).toBe('This contract has no PMR (withdrawal point): add one.'));
    expect(problemOf('CP-0002-A2')).toBe('A firm (CF) contract needs its transmission holder.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(startCalls()).toHaveLength(0);

    // Unticked rows are not judged; with none left, the list itself is the problem.
    fireEvent.click(screen.getByRole('button', { name: 'Select none' }));
    await waitFor(() => expect(problemOf('CP-0001-A1')).toBe(''));
    expect(screen.getByRole('alert').textContent).toContain('Select at least one contract to register.');
    expect(startCalls()).toHaveLength(0);
  });

  it('bounds the workers by the chosen site', async () => {
    serve([registrationRow({ registrar: true })]);
    renderWithApp(<RegistraSelection onStarted={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Register CP-0001-A1' })).toBeTruthy());
    fireEvent.change(screen.getByRole('combobox', { name: 'Site' }), { target: { value: 'modified' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Workers (site sessions)' }), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByText("Workers go from 1 to the site's limit: 12 on the original site, 10 on the modified one.")).toBeTruthy());
    expect(startCalls()).toHaveLength(0);
  });
});

const WORDS = {
  'en-US': {
    register: (codigo: string) => `Register ${codigo}`,
    search: 'Search contracts',
    all: 'Select all shown',
    none: 'Select none',
    count: (n: number, total: number) => `Selected: ${n} of ${total}`,
    start: 'Start',
    title: 'Register the planillas on the site?',
    text: (n: number, site: string) => `Planillas to register on the ${site}: ${n}.`,
    modified: 'Modified site',
    site: 'Site',
    confirm: 'Register on the site',
    cancel: 'Cancel',
    money: 'USD 1,750.00',
    percent: '25%',
  },
  'es-ES': {
    register: (codigo: string) => `Registrar ${codigo}`,
    search: 'Buscar contratos',
    all: 'Seleccionar las mostradas',
    none: 'Quitar selección',
    count: (n: number, total: number) => `Seleccionados: ${n} de ${total}`,
    start: 'Iniciar',
    title: '¿Registrar las planillas en el sitio?',
    text: (n: number, site: string) => `Planillas por registrar en el ${site}: ${n}.`,
    modified: 'Sitio modificado',
    site: 'Sitio',
    confirm: 'Registrar en el sitio',
    cancel: 'Cancelar',
    money: '1.750,00 USD',
    percent: '25\u00a0%',
  },
} as const;

describe.each(Object.entries(WORDS))('the Registra selection step (%s)', (locale, words) => {
  beforeEach(() => {
    act(() => setLocale(locale as Locale));
  });

  it('arrives with nothing ticked, writes the transmission rights as the language does, and ticks only the rows the search shows', async () => {
    serve(THREE);
    renderWithApp(<RegistraSelection onStarted={vi.fn()} />, '/procesos/registra-planillas/');
    await waitFor(() => expect(box(words.register('CEMA-020-A3'))).toBeTruthy());
    expect(THREE.map((row) => box(words.register(row.codigo)).checked)).toEqual([false, false, false]);
    expect(screen.getByText(words.count(0, 3))).toBeTruthy();
    expect(cellOf('CEMA-010-A2', 'derechos_transmision')).toBe(words.money);
    expect(cellOf('CP-0001-A1', 'derechos_transmision')).toBe(words.percent);

    fireEvent.change(screen.getByRole('searchbox', { name: words.search }), { target: { value: 'CEMA' } });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: words.register('CP-0001-A1') })).toBeNull());
    await clickWhenEnabled(words.all);
    await waitFor(() => expect(screen.getByText(words.count(2, 3))).toBeTruthy());

    // The hidden row stays unticked: the run would register the two shown.
    fireEvent.change(screen.getByRole('searchbox', { name: words.search }), { target: { value: '' } });
    await waitFor(() => expect(box(words.register('CP-0001-A1')).checked).toBe(false));
    expect(box(words.register('CEMA-010-A2')).checked).toBe(true);
  });

  it('asks before it registers anything, saying how many planillas go to which site; cancelling sends nothing', async () => {
    serve(THREE);
    const onStarted = vi.fn();
    renderWithApp(<RegistraSelection onStarted={onStarted} />, '/procesos/registra-planillas/');
    await waitFor(() => expect(box(words.register('CEMA-020-A3'))).toBeTruthy());
    fireEvent.click(box(words.register('CEMA-010-A2')));
    fireEvent.click(box(words.register('CEMA-020-A3')));
    fireEvent.change(screen.getByRole('combobox', { name: words.site }), { target: { value: 'modified' } });

    fireEvent.click(screen.getByRole('button', { name: words.start }));
    let dialog = await screen.findByRole('alertdialog', { name: words.title });
    expect(dialog.textContent).toContain(words.text(2, words.modified));
    fireEvent.click(within(dialog).getByRole('button', { name: words.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(startCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: words.start }));
    dialog = await screen.findByRole('alertdialog', { name: words.title });
    fireEvent.click(within(dialog).getByRole('button', { name: words.confirm }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(startCalls()).toHaveLength(1);
    expect(sentRows().filter((row) => row.registrar).map((row) => row.codigo)).toEqual(['CEMA-010-A2', 'CEMA-020-A3']);
  });
});
