// @vitest-environment node
// The top bar's running jobs (machines/jobs/running-jobs.machine.ts): model-based on a real
// actor with deferred reads and a fake clock, and the polling a user relies on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import {
  ANNOUNCED_JOB_GRACE_MS,
  RUNNING_JOBS_POLL_MS,
  runningJobsMachine,
  type RunningJobsEvent,
  type RunningJobsMachine,
} from '../../machines/jobs/running-jobs.machine';
import type { Job } from '../../schemas/job.schema';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const job = { id: 9, tipo: 'recalculo', estado: 'en_curso', hechos: 3, total: 10 } as unknown as Job;

const POLL = { type: 'xstate.after.poll.runningJobs.list.waiting' };
const GRACE = { type: 'xstate.after.grace.runningJobs.grace.open' };
const modelEvents = [
  { type: 'jobs.announced' },
  { type: 'xstate.done.actor.list', output: [] },
  { type: 'xstate.done.actor.list', output: [job] },
  { type: 'xstate.error.actor.list', error: new Error('offline') },
  POLL,
  GRACE,
] as unknown as RunningJobsEvent[];

type RunningJobsSnapshot = SnapshotFrom<RunningJobsMachine>;

function observable(snapshot: RunningJobsSnapshot) {
  return { value: snapshot.value, jobs: snapshot.context.jobs.map((listed) => listed.id) };
}

function withDeferred(deferred: DeferredActors, announce?: (send: () => void) => void): RunningJobsMachine {
  return runningJobsMachine.provide({
    actors: {
      list: deferred.logic<Job[], void>('list'),
      announcements: fromCallback(({ sendBack }) => announce?.(() => sendBack({ type: 'jobs.announced' }))),
    },
  });
}

describe('running jobs machine, model-based', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const paths = modelPaths(
      runningJobsMachine,
      {
        // While the list waits, its poll comes before the end of any grace (5 s against 30 s).
        events: (snapshot) => (snapshot.matches({ list: 'waiting' }) ? modelEvents.filter((event) => event !== GRACE) : modelEvents),
        serializeState: (snapshot) => JSON.stringify(observable(snapshot as RunningJobsSnapshot)),
      },
      { simplePaths: false },
    );
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: (deferred) => withDeferred(deferred),
      observe: (snapshot: AnyMachineSnapshot) => observable(snapshot as RunningJobsSnapshot),
    });
    expect([...visitedStates].filter((id) => id !== runningJobsMachine.id).sort()).toEqual(definedStateIds(runningJobsMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(runningJobsMachine));
  });
});

describe('running jobs machine, behaviour', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  function start() {
    const deferred = new DeferredActors();
    let announce = () => {};
    const actor = createActor(withDeferred(deferred, (send) => (announce = send))).start();
    const reads = () => deferred.calls.length;
    return { actor, deferred, reads, announce: () => announce() };
  }

  it('asks again every few seconds while a job runs, and stops once none does', async () => {
    const { actor, deferred, reads } = start();
    deferred.settle('list', { output: [job] });
    await flush();
    await vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS);
    expect(reads()).toBe(2);
    deferred.settle('list', { output: [] });
    await flush();
    expect(actor.getSnapshot().matches({ list: 'idle' })).toBe(true);
    await vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS * 3);
    expect(reads()).toBe(2);
  });

  it('asks at once when a job is announced, and keeps asking for a while though none is listed yet', async () => {
    const { deferred, reads, announce } = start();
    deferred.settle('list', { output: [] });
    await flush();
    announce();
    expect(reads()).toBe(2);
    deferred.settle('list', { output: [] });
    await flush();
    await vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS);
    expect(reads()).toBe(3);
    deferred.settle('list', { output: [] });
    await flush();
    await vi.advanceTimersByTimeAsync(ANNOUNCED_JOB_GRACE_MS);
    const calls = reads();
    if (deferred.isRunning('list')) deferred.settle('list', { output: [] });
    await flush();
    await vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS * 3);
    expect(reads()).toBe(calls);
  });

  it('keeps the jobs last listed when a read fails, and asks again', async () => {
    const { actor, deferred, reads } = start();
    deferred.settle('list', { output: [job] });
    await flush();
    await vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS);
    deferred.settle('list', { error: new Error('offline') });
    await flush();
    expect(actor.getSnapshot().context.jobs).toEqual([job]);
    await vi.advanceTimersByTimeAsync(RUNNING_JOBS_POLL_MS);
    expect(reads()).toBe(3);
  });
});
