// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCED_JOB_GRACE_MS, RUNNING_JOBS_POLL_MS } from '../../machines/jobs/running-jobs.machine';
import { TopBar } from '../../src/app/shell/top-bar';
import { initI18n } from '../../src/lib/i18n/i18n';
import { announceJobStarted } from '../../src/lib/jobs/running-jobs-store';
import { flushJobMemory } from '../../src/lib/jobs/job-memory';
import { events, fakeFetch, frame, jobOf } from '../jobs/job-stream-fake';
import { renderWithApp } from './helpers/render-with-app';
import { session, signedIn } from './helpers/session-double';

vi.mock('../../src/lib/identity/identity-client', () => ({ getIdToken: async () => 'id-token' }));
vi.mock('../../src/app/session/use-session', async () => (await import('./helpers/session-double')).sessionModule);

const WORDS = {
  'es-ES': { two: 'Trabajos en curso: 2', one: 'Trabajos en curso: 1', title: 'Trabajos en curso', job: 'Trabajo 9', count: '3 de 10' },
  'en-US': { two: 'Running jobs: 2', one: 'Running jobs: 1', title: 'Running jobs', job: 'Job 9', count: '3 of 10' },
} as const;

/** Answers the running-jobs list with whatever `running.jobs` holds at the time of the call. */
function serveRunning() {
  const running = { jobs: [jobOf(), jobOf({ id: 10, hechos: 1, total: 4 })] };
  const fake = fakeFetch((url) => (url.includes('/api/v1/trabajos') ? { data: running.jobs } : {}));
  const listCalls = () => fake.fetch.mock.calls.filter(([input]) => /\/api\/v1\/trabajos\?estado=en_curso$/.test(String(input))).length;
  return { ...fake, running, listCalls };
}

afterEach(() => {
  cleanup();
  // What a test's jobs remembered is written a moment later: write it now, before the clear.
  flushJobMemory();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe.each(Object.entries(WORDS))('top bar running jobs (%s)', (locale, words) => {
  beforeEach(() => {
    initI18n({ search: `?lang=${locale}`, storage: null });
    session.current = signedIn([]);
  });

  const renderBar = () => renderWithApp(<TopBar drawerOpen onToggleDrawer={() => {}} />);

  it('shows how many jobs run and lists them with their progress, following each live only while open', async () => {
    const { streams, listCalls } = serveRunning();
    renderBar();
    const trigger = await screen.findByRole('button', { name: words.two });
    expect(listCalls()).toBe(1);
    expect(streams).toHaveLength(0);
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: words.title });
    // The list's body loads when it first opens.
    const groups = await within(dialog).findAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([words.job, locale === 'es-ES' ? 'Trabajo 10' : 'Job 10']);
    await waitFor(() => expect(streams).toHaveLength(2));
    await act(async () => streams[0]!.write(frame(events.progress)));
    await waitFor(() => expect(within(within(dialog).getByRole('group', { name: words.job })).getByText(words.count)).toBeTruthy());
  });

  it('shows nothing while no job runs', async () => {
    const { running, listCalls } = serveRunning();
    running.jobs = [];
    renderBar();
    await waitFor(() => expect(listCalls()).toBe(1));
    expect(screen.queryByRole('button', { name: new RegExp(words.title) })).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });

  it('asks again while any runs, and stops asking once none does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { running, listCalls } = serveRunning();
    renderBar();
    await screen.findByRole('button', { name: words.two });
    running.jobs = [jobOf()];
    await act(() => vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS));
    await screen.findByRole('button', { name: words.one });
    expect(listCalls()).toBe(2);
    running.jobs = [];
    await act(() => vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS));
    await waitFor(() => expect(screen.queryByRole('button', { name: words.one })).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS * 3));
    expect(listCalls()).toBe(3);
  });

  it('looks again when a page announces a job it started', async () => {
    const { running, listCalls } = serveRunning();
    running.jobs = [];
    renderBar();
    await waitFor(() => expect(listCalls()).toBe(1));
    running.jobs = [jobOf()];
    act(() => announceJobStarted());
    await screen.findByRole('button', { name: words.one });
    expect(listCalls()).toBe(2);
  });

  it('keeps looking for a while after an announcement, while the job started waits for a worker', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const { running, listCalls } = serveRunning();
    running.jobs = [];
    renderBar();
    await waitFor(() => expect(listCalls()).toBe(1));
    act(() => announceJobStarted());
    await waitFor(() => expect(listCalls()).toBe(2));
    // Still pending at the announcement; a worker claims it a moment later.
    await act(() => vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS));
    await waitFor(() => expect(listCalls()).toBe(3));
    running.jobs = [jobOf()];
    await act(() => vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS));
    await screen.findByRole('button', { name: words.one });
    // None left and the grace over: it stops asking.
    running.jobs = [];
    await act(() => vi.advanceTimersByTimeAsync(ANNOUNCED_JOB_GRACE_MS));
    const calls = listCalls();
    await act(() => vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS * 3));
    expect(listCalls()).toBe(calls);
  });
});
