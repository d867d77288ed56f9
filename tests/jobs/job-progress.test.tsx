// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobProgress } from '../../src/lib/jobs/job-progress';
import { initI18n } from '../../src/lib/i18n/i18n';
import { flushJobMemory } from '../../src/lib/jobs/job-memory';
import { renderWithApp } from '../app/helpers/render-with-app';
import { events, fakeFetch, frame, jobOf, lastEventIdsSent } from './job-stream-fake';

vi.mock('../../src/lib/identity/identity-client', () => ({ getIdToken: async () => 'id-token' }));

const WORDS = {
  'es-ES': {
    running: 'En curso',
    finished: 'Terminado',
    started: 'Empezado.',
    resumed: 'Retomado tras la caída del proceso que lo ejecutaba (intento 2).',
    ended: 'Terminado.',
    count: '3 de 10',
    log: 'Registro del trabajo',
    stop: 'Detener',
    stopAsked: /Detención pedida/,
  },
  'en-US': {
    running: 'Running',
    finished: 'Finished',
    started: 'Started.',
    resumed: 'Taken up again after the process running it went down (attempt 2).',
    ended: 'Finished.',
    count: '3 of 10',
    log: 'Job log',
    stop: 'Stop',
    stopAsked: /Stop requested/,
  },
} as const;

afterEach(() => {
  cleanup();
  // What a test's jobs remembered is written a moment later: write it now, before the clear.
  flushJobMemory();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe.each(Object.entries(WORDS))('job progress (%s)', (locale, words) => {
  beforeEach(() => {
    initI18n({ search: `?lang=${locale}`, storage: null });
  });

  const logLines = () => within(screen.getByRole('log', { name: words.log })).getAllByRole('listitem').map((item) => item.textContent);

  it('shows the state, the progress and the translated log lines as the stream brings them, newest last', async () => {
    const { streams } = fakeFetch();
    renderWithApp(<JobProgress job={jobOf()} />);
    await waitFor(() => expect(streams).toHaveLength(1));
    await act(async () => {
      streams[0]!.write(frame(events.started) + frame(events.progress));
      streams[0]!.write(frame(events.resumed).slice(0, 20));
      streams[0]!.write(frame(events.resumed).slice(20) + ': keep-alive\n\n');
    });
    await waitFor(() => expect(logLines()).toEqual([words.started, words.resumed]));
    expect(screen.getByText(words.running)).toBeTruthy();
    expect(screen.getByText(words.count)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');

    await act(async () => {
      streams[0]!.write(frame(events.finished));
      streams[0]!.close();
    });
    await waitFor(() => expect(screen.getByText(words.finished)).toBeTruthy());
    expect(logLines().at(-1)).toBe(words.ended);
    // An ended job offers no stop.
    expect(screen.queryByRole('button', { name: words.stop })).toBeNull();
  });

  it('reconnects after a dropped connection, sending the last event id seen, and shows nothing twice', async () => {
    const { fetch, streams } = fakeFetch();
    renderWithApp(<JobProgress job={jobOf()} />);
    await waitFor(() => expect(streams).toHaveLength(1));
    await act(async () => {
      streams[0]!.write(frame(events.started) + frame(events.progress));
    });
    await waitFor(() => expect(screen.getByText(words.count)).toBeTruthy());
    await act(async () => streams[0]!.drop());
    // The first reconnect waits a second.
    await waitFor(() => expect(streams).toHaveLength(2), { timeout: 3000 });
    expect(lastEventIdsSent(fetch)).toEqual([null, '2']);
    expect(new Headers(fetch.mock.calls[1]?.[1]?.headers).get('authorization')).toBe('Bearer id-token');
    await act(async () => {
      streams[1]!.write(frame(events.finished));
      streams[1]!.close();
    });
    await waitFor(() => expect(screen.getByText(words.finished)).toBeTruthy());
    expect(logLines()).toEqual([words.started, words.ended]);
  });

  it('after a reload resumes from the last event id this tab remembered, with the lines seen before', async () => {
    const first = fakeFetch();
    const { unmount } = renderWithApp(<JobProgress job={jobOf()} />);
    await waitFor(() => expect(first.streams).toHaveLength(1));
    await act(async () => first.streams[0]!.write(frame(events.started) + frame(events.progress)));
    await waitFor(() => expect(screen.getByText(words.count)).toBeTruthy());
    await waitFor(() => expect(sessionStorage.getItem('energy-backoffice.job.9')).toContain('"lastEventId":2'));
    unmount();

    const second = fakeFetch();
    renderWithApp(<JobProgress job={jobOf()} />);
    await waitFor(() => expect(second.streams).toHaveLength(1));
    expect(lastEventIdsSent(second.fetch)).toEqual(['2']);
    expect(logLines()).toEqual([words.started]);
    expect(screen.getByText(words.count)).toBeTruthy();
  });

  it('stops the job after a confirmation, then says the stop was asked for', async () => {
    const { fetch, streams } = fakeFetch(() => ({ data: jobOf() }));
    renderWithApp(<JobProgress job={jobOf()} />);
    await waitFor(() => expect(streams).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: words.stop }));
    const dialog = await screen.findByRole('alertdialog');
    expect(fetch.mock.calls.some(([input]) => String(input).endsWith('/detener'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: words.stop }));
    await waitFor(() => expect(screen.getByText(words.stopAsked)).toBeTruthy());
    const stop = fetch.mock.calls.find(([input]) => String(input).endsWith('/detener'));
    expect(String(stop?.[0])).toBe('/api/v1/trabajos/9/detener');
    expect(stop?.[1]?.method).toBe('POST');
    // Neither the Stop button nor the closing dialog's is left.
    await waitFor(() => expect(screen.queryByRole('button', { name: words.stop })).toBeNull());
  });

  it('offers no stop for a job whose type cannot be stopped', async () => {
    const { streams } = fakeFetch();
    renderWithApp(<JobProgress job={jobOf({ detenible: false })} />);
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(screen.queryByRole('button', { name: words.stop })).toBeNull();
  });
});
