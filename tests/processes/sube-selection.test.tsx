// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { clickWhenEnabled } from '../app/helpers/click-when-enabled';
import { renderWithApp } from '../app/helpers/render-with-app';
import { ApiError } from '../../src/lib/api/api-error';
import { bidHour, runOf } from './process-fixtures';

const { apiData } = vi.hoisted(() => ({ apiData: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ api: vi.fn(), apiData }));
const { SubeSelection } = await import('../../src/features/processes/sube-selection');

const HOURS = [
  bidHour({ periodo: 1, nodo: 'GT-ESC-230', potencia: '85.75', potencia_oferta: '85.75', precio: '100.00', precio_oferta: '100.00' }),
  bidHour({ periodo: 2, nodo: 'GT-ESC-230', potencia: '85.75', potencia_oferta: '85.75', precio: '80.555', precio_oferta: '80.555' }),
  bidHour({ periodo: 1, nodo: 'SV-AHU-115', precio: '50', precio_oferta: '50.00' }),
];

/** The EOR credit of today: Guatemala's guarantee has 10,000 USD left, El Salvador's nothing posted. */
const CREDIT = {
  fecha: '2026-11-29',
  sucursales: [
    { sucursal: 'GT', moneda: 'USD', monto_garantizado: '50000', rea: '40000', disponible: '10000' },
    { sucursal: 'SV', moneda: 'USD', monto_garantizado: '0', rea: '0', disponible: '0' },
    { sucursal: 'PA', moneda: 'USD', monto_garantizado: '0', rea: '0', disponible: '0' },
  ],
  nodos: [
    { nodo: 'GT-ESC-230', sucursal: 'GT' },
    { nodo: 'SV-AHU-115', sucursal: 'SV' },
  ],
};

/** The server: the hours of every day, or of `days` only (no other day has any: the page's first day, tomorrow, among them). */
function serve(days?: string[]) {
  apiData.mockImplementation(async ({ path, query }: { path: string; query?: { fecha_operacion: string } }) => {
    if (path === '/procesos/api/v1/sube/horas') return !days || days.includes(query?.fecha_operacion ?? '') ? HOURS : [];
    if (path === '/procesos/api/v1/sube/ejecuciones') return runOf({ tipo: 'sube' });
    if (path === '/procesos/api/v1/sube/credito') return CREDIT;
    throw new Error(`unexpected ${path}`);
  });
}

const started = () => apiData.mock.calls.filter(([request]) => (request as { path: string }).path === '/procesos/api/v1/sube/ejecuciones');
const sentBody = () => (started().at(-1)?.[0] as { body: Record<string, unknown> }).body;
const daysAsked = () =>
  apiData.mock.calls
    .filter(([request]) => (request as { path: string }).path === '/procesos/api/v1/sube/horas')
    .map(([request]) => (request as { query: { fecha_operacion: string } }).query.fecha_operacion);
const price = (name: string) => (screen.getByRole('textbox', { name }) as HTMLInputElement).value;
/** The text of the read-only cell of column `colId` in the row of `nodo`, `periodo`. */
const cell = (nodo: string, periodo: number, colId: string) => document.querySelector(`[row-id="${nodo}|${periodo}"] [col-id="${colId}"]`)?.textContent ?? '';

beforeEach(() => {
  apiData.mockReset();
  act(() => setLocale('es-ES'));
});
afterEach(cleanup);

/** Starts after the question, confirmed. */
async function startConfirmed(start: string, confirm: string) {
  fireEvent.click(screen.getByRole('button', { name: start }));
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: confirm }));
}

describe('the Sube selection step (es-ES)', () => {
  it('recomputes the bid prices the trader did not type when the price percentage changes', async () => {
    serve();
    renderWithApp(<SubeSelection onStarted={vi.fn()} />);
    await waitFor(() => expect(price('Precio de oferta GT-ESC-230 periodo 1')).toBe('100,00'));
    // Every price first from the percentage (100 %): to the cent.
    expect(price('Precio de oferta GT-ESC-230 periodo 2')).toBe('80,56');

    fireEvent.change(screen.getByRole('textbox', { name: 'Precio de oferta SV-AHU-115 periodo 1' }), { target: { value: '61,5' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Porcentaje de precio' }), { target: { value: '50' } });
    await waitFor(() => expect(price('Precio de oferta GT-ESC-230 periodo 1')).toBe('50,00'));
    expect(price('Precio de oferta GT-ESC-230 periodo 2')).toBe('40,28');
    // A typed price is the trader's: the percentage leaves it.
    expect(price('Precio de oferta SV-AHU-115 periodo 1')).toBe('61,5');
  });

  it("shows each branch's credit against what the ticked hours may cost, and the shortfall of a branch that would be short", async () => {
    serve();
    renderWithApp(<SubeSelection onStarted={vi.fn()} />);
    const panel = await screen.findByRole('region', { name: 'Crédito ante el EOR' });
    const row = (name: string) => within(panel).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    // GT: 85.75 MW x 100.00 + 85.75 MW x 80.56 = 15,483.02 USD against 10,000 available.
    await waitFor(() => expect(row('GT ante el EOR').textContent).toMatch(/15\.483,02/));
    expect(within(row('GT ante el EOR')).getByText(/Faltan 5\.483,02/)).toBeTruthy();
    // SV: 10 MW x 50.00 with nothing posted.
    expect(within(row('SV ante el EOR')).getByText(/Faltan 500,00/)).toBeTruthy();
    // The server refuses the run for it: its message, not a problem of the selection's.
    apiData.mockImplementation(async ({ path }: { path: string }) => {
      if (path === '/procesos/api/v1/sube/credito') return CREDIT;
      if (path === '/procesos/api/v1/sube/horas') return HOURS;
      throw new ApiError('clientError', 'short', {
        statusCode: 409,
        body: { statusCode: 409, code: 'APP_ERR_GUARANTEE_SHORT', message: 'short', details: [{ instancePath: '/horas', keyword: 'guaranteeShort', message: 'EOR GT short' }] },
      });
    });
    await startConfirmed('Iniciar', 'Subir las ofertas');
    expect(await screen.findByText(/Las ofertas de la ejecución pueden costar más de lo que la garantía ante el EOR tiene disponible/)).toBeTruthy();
    expect(screen.queryByText(/Problemas por corregir/)).toBeNull();
    // Untick GT's second hour and SV's: GT is within its credit, SV bids nothing.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ofertar GT-ESC-230 periodo 2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ofertar SV-AHU-115 periodo 1' }));
    await waitFor(() => expect(within(panel).queryByText(/Faltan/)).toBeNull());
    expect(row('GT ante el EOR').textContent).toMatch(/1\.425,00/);
  });

  it('refuses an invalid price on its row and prioritisation without its first and second nodes, then starts with the priorities of the hours', async () => {
    serve();
    const onStarted = vi.fn();
    renderWithApp(<SubeSelection onStarted={onStarted} />);
    await waitFor(() => expect(price('Precio de oferta GT-ESC-230 periodo 1')).toBe('100,00'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Precio de oferta GT-ESC-230 periodo 2' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Priorización de nodos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar' }));
    await waitFor(() => expect(screen.getAllByText('El precio de oferta debe ser un número mayor que 0 con hasta 4 decimales.')).toHaveLength(1));
    expect(screen.getAllByText(/Con la priorización de nodos, elige el (primer|segundo) nodo/)).toHaveLength(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(started()).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Precio de oferta GT-ESC-230 periodo 2' }), { target: { value: '75' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Primer nodo/ }), { target: { value: 'SV-AHU-115' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Segundo nodo/ }), { target: { value: 'GT-ESC-230' } });
    await startConfirmed('Iniciar', 'Subir las ofertas');
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    const body = sentBody();
    expect(body.priorizacion).toEqual({ activa: true, nodos: ['SV-AHU-115', 'GT-ESC-230'] });
    expect((body.horas as Array<{ precio_oferta: string; prioridad: number | null }>).map((hour) => [hour.precio_oferta, hour.prioridad])).toEqual([
      ['100.00', 2],
      ['75', 2],
      ['50.00', 1],
    ]);
  });
});

/** The days the tests type (years away: never the page's own first day, tomorrow). */
const DAY = { typed: '28/11/2031', iso: '2031-11-28' };
const NEXT_DAY = { typed: '29/11/2031', iso: '2031-11-29' };

const WORDS = {
  'es-ES': {
    day: 'Día de operación',
    dayInvalid: 'Escribe un día de operación que exista, como dd/mm/aaaa.',
    noDay: 'Sin horas: el día de operación escrito no es un día.',
    bidRow: (nodo: string, periodo: number) => `Ofertar ${nodo} periodo ${periodo}`,
    bidPower: (nodo: string, periodo: number) => `Potencia de oferta ${nodo} periodo ${periodo}`,
    bidPrice: (nodo: string, periodo: number) => `Precio de oferta ${nodo} periodo ${periodo}`,
    count: (n: number, total: number) => `Horas por ofertar: ${n} de ${total}`,
    search: 'Buscar horas',
    all: 'Seleccionar las mostradas',
    none: 'Quitar selección',
    start: 'Iniciar',
    pm: 'Cantidad de PM',
    title: '¿Subir las ofertas al sitio?',
    text: (dia: string, horas: number, nodos: number) => `Ofertas del día ${dia} al Sitio original. Horas por ofertar: ${horas}; nodos (PM): ${nodos}.`,
    left: (n: number) => `Nodos con horas que quedan para otra ejecución (límite de la cantidad de PM): ${n}.`,
    confirm: 'Subir las ofertas',
    power: '85,75',
    prices: ['100,00', '80,555', '50,00'],
    typed: '61,5',
    foreign: '61.5',
    bidPriceInvalid: 'El precio de oferta debe ser un número mayor que 0 con hasta 4 decimales.',
  },
  'en-US': {
    day: 'Operating day',
    dayInvalid: 'Enter an operating day that exists, as dd/mm/yyyy.',
    noDay: 'No hours: the operating day typed is not a day.',
    bidRow: (nodo: string, periodo: number) => `Bid ${nodo} period ${periodo}`,
    bidPower: (nodo: string, periodo: number) => `Bid power ${nodo} period ${periodo}`,
    bidPrice: (nodo: string, periodo: number) => `Bid price ${nodo} period ${periodo}`,
    count: (n: number, total: number) => `Hours to bid: ${n} of ${total}`,
    search: 'Search hours',
    all: 'Select all shown',
    none: 'Select none',
    start: 'Start',
    pm: 'PM count',
    title: 'Upload the bids to the site?',
    text: (dia: string, horas: number, nodos: number) => `Bids of ${dia} to the Original site. Hours to bid: ${horas}; nodes (PMs): ${nodos}.`,
    left: (n: number) => `Nodes with hours left for another run (PM count limit): ${n}.`,
    confirm: 'Upload the bids',
    power: '85.75',
    prices: ['100.00', '80.555', '50.00'],
    typed: '61.5',
    foreign: '61,5',
    bidPriceInvalid: 'The bid price must be a number above 0 with up to 4 decimals.',
  },
} as const;

describe.each(Object.entries(WORDS))('the Sube selection step (%s)', (locale, words) => {
  beforeEach(() => {
    act(() => setLocale(locale as Locale));
  });

  const dayBox = () => screen.getByRole('textbox', { name: words.day });

  it.each(['31/02/2026', '2026-11-29', 'mañana', ''])('a day typed as %j is no day: said beside the field, the grid cleared, nothing to start', async (typed) => {
    serve([DAY.iso, NEXT_DAY.iso]);
    renderWithApp(<SubeSelection onStarted={vi.fn()} />);
    fireEvent.change(dayBox(), { target: { value: DAY.typed } });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: words.bidRow('GT-ESC-230', 1) })).toBeTruthy());
    expect(screen.getByText(words.count(3, 3))).toBeTruthy();

    fireEvent.change(dayBox(), { target: { value: typed } });
    await waitFor(() => expect(screen.getByText(words.dayInvalid)).toBeTruthy());
    expect(dayBox().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: words.bidRow('GT-ESC-230', 1) })).toBeNull());
    expect(screen.getByText(words.count(0, 0))).toBeTruthy();
    expect(screen.getByText(words.noDay)).toBeTruthy();
    expect((screen.getByRole('button', { name: words.start }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: words.start }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(started()).toHaveLength(0);
    // Only real days are asked for.
    expect(daysAsked().every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day !== '2026-02-31')).toBe(true);

    // A day again: its hours again, and the message gone.
    fireEvent.change(dayBox(), { target: { value: NEXT_DAY.typed } });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: words.bidRow('GT-ESC-230', 1) })).toBeTruthy());
    expect(screen.queryByText(words.dayInvalid)).toBeNull();
    expect(daysAsked().at(-1)).toBe(NEXT_DAY.iso);
  });

  it('ticks only the hours the search shows, and asks first saying how many hours of how many PMs go, for which day, to which site', async () => {
    serve([DAY.iso]);
    const onStarted = vi.fn();
    renderWithApp(<SubeSelection onStarted={onStarted} />);
    fireEvent.change(dayBox(), { target: { value: DAY.typed } });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: words.bidRow('SV-AHU-115', 1) })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: words.none }));
    await waitFor(() => expect(screen.getByText(words.count(0, 3))).toBeTruthy());

    fireEvent.change(screen.getByRole('searchbox', { name: words.search }), { target: { value: 'SV-AHU' } });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: words.bidRow('GT-ESC-230', 1) })).toBeNull());
    await clickWhenEnabled(words.all);
    await waitFor(() => expect(screen.getByText(words.count(1, 3))).toBeTruthy());
    fireEvent.change(screen.getByRole('searchbox', { name: words.search }), { target: { value: '' } });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: words.bidRow('GT-ESC-230', 1) })).toBeTruthy());
    expect((screen.getByRole('checkbox', { name: words.bidRow('GT-ESC-230', 1) }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: words.start }));
    let dialog = await screen.findByRole('alertdialog', { name: words.title });
    expect(dialog.textContent).toContain(words.text(DAY.typed, 1, 1));
    expect(dialog.textContent).not.toContain(words.left(1));
    fireEvent.click(within(dialog).getByRole('button', { name: words.confirm }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    const sent = sentBody();
    expect(sent.fecha_operacion).toBe(DAY.iso);
    expect((sent.horas as Array<{ nodo: string; ofertar: boolean }>).filter((hour) => hour.ofertar).map((hour) => hour.nodo)).toEqual(['SV-AHU-115']);

    // With every hour ticked and one PM per run, the other node waits for another run, as said.
    cleanup();
    apiData.mockClear();
    renderWithApp(<SubeSelection onStarted={vi.fn()} />);
    fireEvent.change(dayBox(), { target: { value: DAY.typed } });
    await waitFor(() => expect(screen.getByText(words.count(3, 3))).toBeTruthy());
    fireEvent.change(screen.getByRole('spinbutton', { name: words.pm }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: words.start }));
    dialog = await screen.findByRole('alertdialog', { name: words.title });
    expect(dialog.textContent).toContain(words.text(DAY.typed, 2, 1));
    expect(dialog.textContent).toContain(words.left(1));
  });

  it("shows every figure in the language's notation, prices with their cents, and reads typed ones back in it", async () => {
    serve([DAY.iso, NEXT_DAY.iso]);
    renderWithApp(<SubeSelection onStarted={vi.fn()} />);
    fireEvent.change(dayBox(), { target: { value: DAY.typed } });
    await waitFor(() => expect(price(words.bidPrice('GT-ESC-230', 1))).toBe(words.prices[0]));
    expect(price(words.bidPower('GT-ESC-230', 1))).toBe(words.power);
    expect(cell('GT-ESC-230', 1, 'potencia')).toBe(words.power);
    expect(['GT-ESC-230|1', 'GT-ESC-230|2', 'SV-AHU-115|1'].map((key) => cell(key.split('|')[0]!, Number(key.split('|')[1]), 'precio'))).toEqual(words.prices);

    fireEvent.change(screen.getByRole('textbox', { name: words.bidPrice('GT-ESC-230', 1) }), { target: { value: words.typed } });
    fireEvent.change(screen.getByRole('textbox', { name: words.bidPrice('SV-AHU-115', 1) }), { target: { value: words.foreign } });
    await startConfirmed(words.start, words.confirm).catch(() => undefined);
    // The other language's decimal point is no number here: refused on its row, nothing sent.
    await waitFor(() => expect(screen.getAllByText(words.bidPriceInvalid)).toHaveLength(1));
    expect(price(words.bidPrice('SV-AHU-115', 1))).toBe(words.foreign);
    expect(started()).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: words.bidPrice('SV-AHU-115', 1) }), { target: { value: words.typed } });
    await startConfirmed(words.start, words.confirm);
    await waitFor(() => expect(started()).toHaveLength(1));
    expect((sentBody().horas as Array<{ precio_oferta: string }>).map((hour) => hour.precio_oferta)).toEqual(['61.5', '80.56', '61.5']);
  });
});
