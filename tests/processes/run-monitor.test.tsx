// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Run, RunKind } from '../../schemas/process.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { renderWithApp } from '../app/helpers/render-with-app';
import { detailOf, ITEMS, runJobOf, runOf, streamOf } from './process-fixtures';

const { apiData } = vi.hoisted(() => ({ apiData: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ api: vi.fn(), apiData }));
const { RunMonitor } = await import('../../src/features/processes/run-monitor');

/** The server: the run as `current()` says, its items, its job; Stop answers the run stopping. */
function serve(current: () => Run) {
  apiData.mockImplementation(async (request: { path: string; method: string }) => {
    const { path, method } = request;
    if (path === '/api/v1/trabajos/9') return runJobOf();
    if (path.endsWith('/items')) return ITEMS;
    if (method === 'POST' && path.endsWith('/detener')) return { ...current(), estado: 'deteniendo', detenible: false };
    if (path === `/procesos/api/v1/ejecuciones/${current().id}`) return detailOf(current());
    throw new Error(`unexpected ${method} ${path}`);
  });
}

const WORDS = {
  'en-US': {
    title: 'Register planillas · run 7',
    counts: { Done: '4', Failed: '1', Pending: '5', Retries: '2', Total: '10' },
    running: 'Running',
    log: 'Job log',
    logView: 'Log',
    hubView: 'Session hub',
    worker: 'Worker 1',
    attempts: 'Attempts: 2',
    stop: 'Stop',
    stopTitle: 'Stop the run?',
    confirm: 'Stop the run',
    registraText: 'Planillas already registered stay on the site and must be removed there',
    subeText: 'A stopped run cannot be restarted (a new run can be started), and the bids already submitted are not deleted.',
    supresionLink: 'Open Planilla deletion',
    asked: 'Stop requested: no new request is sent.',
    ended: 'Run stopped. Done: 4; failed: 1; not sent: 5.',
    summary: 'Original site · workers: 2 · retries: 3',
    newRun: 'New run',
  },
  'es-ES': {
    title: 'Registra Planillas · ejecución 7',
    counts: { Hechos: '4', Fallidos: '1', Pendientes: '5', Reintentos: '2', Total: '10' },
    running: 'En curso',
    log: 'Registro del trabajo',
    logView: 'Bitácora',
    hubView: 'Hub de sesiones',
    worker: 'Trabajador 1',
    attempts: 'Intentos: 2',
    stop: 'Detener',
    stopTitle: '¿Detener la ejecución?',
    confirm: 'Detener la ejecución',
    registraText: 'Las planillas ya registradas quedan en el sitio y deben eliminarse allí',
    subeText: 'Una ejecución detenida no puede reanudarse (puede iniciarse una nueva) y las ofertas ya enviadas no se eliminan.',
    supresionLink: 'Abrir Supresión',
    asked: 'Detención solicitada: no se envía ninguna solicitud nueva.',
    ended: 'Ejecución detenida. Hechos: 4; fallidos: 1; sin enviar: 5.',
    summary: 'Sitio original · trabajadores: 2 · reintentos: 3',
    newRun: 'Nueva ejecución',
  },
} as const;

beforeEach(() => {
  apiData.mockReset();
});
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 300));
  sessionStorage.clear();
});

describe.each(Object.entries(WORDS))('the run monitor (%s)', (locale, words) => {
  beforeEach(() => {
    act(() => setLocale(locale as Locale));
  });

  const monitor = (kind: RunKind = 'registra') => {
    let run = runOf({ tipo: kind, ...(kind === 'sube' ? { fecha_operacion: '2026-11-25' } : {}) });
    serve(() => run);
    const onNewRun = vi.fn();
    const view = renderWithApp(<RunMonitor runId={7} onNewRun={onNewRun} open={streamOf([{ id: 1, clave: 'jobs.events.en_curso' }])} />);
    return { ...view, onNewRun, end: (changes: Partial<Run>) => (run = { ...run, ...changes }) };
  };

  it('shows the counts and the live log, and toggles to the hub of worker sessions', async () => {
    monitor();
    const section = await screen.findByRole('region', { name: words.title });
    expect(within(section).getByText(words.running)).toBeTruthy();
    for (const [label, value] of Object.entries(words.counts)) {
      const term = within(section).getAllByRole('term').find((item) => item.textContent === label);
      expect(term?.nextElementSibling?.textContent).toBe(value);
    }
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await waitFor(() => expect(within(screen.getByRole('log', { name: words.log })).getAllByRole('listitem')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: words.hubView }));
    expect(screen.queryByRole('log', { name: words.log })).toBeNull();
    const tile = screen.getByRole('listitem', { name: words.worker });
    expect(within(tile).getByText('CP-0001-A1')).toBeTruthy();
    expect(within(tile).getByText(words.attempts)).toBeTruthy();
    expect(within(tile).getByText(/^1:0\d$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: words.hubView }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: words.logView }));
    expect(screen.getByRole('log', { name: words.log })).toBeTruthy();
  });

  it('asks for no job before the run has named it, and says its site, workers and retries', async () => {
    monitor();
    const section = await screen.findByRole('region', { name: words.title });
    expect(within(section).getByText(words.summary)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('log', { name: words.log })).getAllByRole('listitem')).toHaveLength(1));
    const jobCalls = apiData.mock.calls.map(([request]) => (request as { path: string }).path).filter((path) => path.startsWith('/api/v1/trabajos'));
    // The run names job 9: that one, once; never job 0 while the run was still on its way.
    expect(jobCalls).toEqual(['/api/v1/trabajos/9']);
  });

  it('asks before stopping a Registra run, saying the registered planillas stay on the site, with a link to Supresion', async () => {
    const { end, onNewRun } = monitor();
    fireEvent.click(await screen.findByRole('button', { name: words.stop }));
    const dialog = await screen.findByRole('alertdialog', { name: words.stopTitle });
    expect(dialog.textContent).toContain(words.registraText);
    expect(within(dialog).getByRole('link', { name: words.supresionLink }).getAttribute('href')).toBe('/procesos/supresion/');
    expect(apiData.mock.calls.some(([request]) => (request as { path: string }).path.endsWith('/detener'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: words.confirm }));
    await waitFor(() => expect(screen.getByText(words.asked)).toBeTruthy());
    expect(apiData).toHaveBeenCalledWith({ method: 'POST', path: '/procesos/api/v1/ejecuciones/7/detener' });

    // The run ends stopped: its end in words, and a new run (never a restart).
    end({ estado: 'detenida', detenible: false });
    await waitFor(() => expect(screen.getByText(words.ended)).toBeTruthy(), { timeout: 3000 });
    expect(screen.queryByRole('button', { name: words.stop })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: words.newRun }));
    expect(onNewRun).toHaveBeenCalled();
  });

  it('says a stopped Sube run cannot be restarted and its bids stay', async () => {
    monitor('sube');
    fireEvent.click(await screen.findByRole('button', { name: words.stop }));
    const dialog = await screen.findByRole('alertdialog', { name: words.stopTitle });
    expect(dialog.textContent).toContain(words.subeText);
    expect(within(dialog).queryByRole('link')).toBeNull();
  });
});
