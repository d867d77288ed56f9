// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type SnapshotFrom } from 'xstate';
import type { JobEvent } from '../../schemas/job.schema';
import {
  backoffDelay,
  jobFollowMachine,
  MAX_ATTEMPTS,
  type FollowEvent,
  type FollowMemory,
  type JobFollowMachine,
  type StreamInput,
} from '../../machines/jobs/job-follow.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const at = '2026-11-24T10:00:00.000Z';
const started: JobEvent = { id: 1, trabajo_id: 9, en: at, tipo: 'estado', estado: 'en_curso', clave: 'jobs.events.en_curso', params: { intento: 1 } };
const progress: JobEvent = { id: 2, trabajo_id: 9, en: at, tipo: 'progreso', hechos: 3, total: 10 };
const finished: JobEvent = { id: 3, trabajo_id: 9, en: at, tipo: 'estado', estado: 'terminado', clave: 'jobs.events.terminado', params: {} };
const offline = { messageKey: 'forms.errors.connection', transient: true };
const refused = { messageKey: 'errors.APP_ERR_AUTH_FORBIDDEN', transient: false };

const modelEvents = [
  { type: 'stream.opened' },
  { type: 'job.event', event: started },
  { type: 'job.event', event: progress },
  { type: 'job.event', event: finished },
  { type: 'follow.retry' },
  { type: 'xstate.done.actor.stream' },
  { type: 'xstate.error.actor.stream', error: offline },
  { type: 'xstate.error.actor.stream', error: refused },
  { type: 'xstate.after.backoff.jobFollow.waiting' },
] as unknown as FollowEvent[];

type FollowSnapshot = SnapshotFrom<JobFollowMachine>;

function observable(snapshot: FollowSnapshot) {
  const { lastEventId, estado, hechos, total, lines, attempts, failure } = snapshot.context;
  return { value: snapshot.value, lastEventId, estado, hechos, total, lines: lines.map((line) => line.id), attempts, failure };
}

function withDeferred(deferred: DeferredActors, remembered: FollowMemory[] = []): JobFollowMachine {
  return jobFollowMachine.provide({
    actors: { stream: deferred.logic<void, StreamInput>('stream') },
    actions: { remember: (_, memory) => remembered.push(memory) },
  });
}

describe('job follow machine, model-based', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const input = { jobId: 9 };
    const paths = modelPaths(jobFollowMachine, {
      events: modelEvents,
      input,
      // Attempts and events seen are what tell two states apart; the lines follow the events.
      serializeState: (snapshot) => JSON.stringify(observable(snapshot as FollowSnapshot)),
    }, { simplePaths: false });
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: (deferred) => withDeferred(deferred),
      input,
      observe: (snapshot) => observable(snapshot as FollowSnapshot),
    });
    expect([...visitedStates].filter((id) => id !== jobFollowMachine.id).sort()).toEqual(definedStateIds(jobFollowMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(jobFollowMachine));
  });
});

describe('job follow machine, behaviour', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  function start(input: { jobId: number; lastEventId?: number | null } = { jobId: 9 }) {
    const deferred = new DeferredActors();
    const remembered: FollowMemory[] = [];
    const actor = createActor(withDeferred(deferred, remembered), { input }).start();
    const streamInputs = () => deferred.calls.map((call) => (call.input as StreamInput).lastEventId);
    return { actor, deferred, remembered, streamInputs };
  }

  it('keeps state, progress and the lines to show, remembering each event, and ends with the job', async () => {
    const { actor, deferred, remembered } = start();
    expect(actor.getSnapshot().value).toEqual({ streaming: 'connecting' });
    actor.send({ type: 'stream.opened' });
    for (const event of [started, progress, finished]) actor.send({ type: 'job.event', event });
    expect(actor.getSnapshot().context).toMatchObject({ estado: 'terminado', hechos: 3, total: 10, lastEventId: 3 });
    expect(actor.getSnapshot().context.lines.map((line) => line.clave)).toEqual(['jobs.events.en_curso', 'jobs.events.terminado']);
    expect(remembered.map((memory) => memory.lastEventId)).toEqual([1, 2, 3]);
    deferred.settle('stream', { output: undefined });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ignores an event it has already seen', () => {
    const { actor, remembered } = start({ jobId: 9, lastEventId: 2 });
    actor.send({ type: 'job.event', event: progress });
    expect(remembered).toEqual([]);
    expect(actor.getSnapshot().context.hechos).toBe(0);
  });

  it('reconnects after a drop from the last event seen, waiting longer each time in a row', async () => {
    const { actor, deferred, streamInputs } = start();
    actor.send({ type: 'stream.opened' });
    actor.send({ type: 'job.event', event: started });
    deferred.settle('stream', { error: offline });
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(backoffDelay(1) - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ streaming: 'connecting' });
    deferred.settle('stream', { error: offline });
    await flush();
    vi.advanceTimersByTime(backoffDelay(1));
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(backoffDelay(2) - backoffDelay(1));
    expect(actor.getSnapshot().value).toEqual({ streaming: 'connecting' });
    expect(streamInputs()).toEqual([null, 1, 1]);
  });

  it('also resumes when the server closes the stream before the job ended', async () => {
    const { actor, deferred, streamInputs } = start();
    actor.send({ type: 'stream.opened' });
    actor.send({ type: 'job.event', event: progress });
    deferred.settle('stream', { output: undefined });
    await flush();
    vi.runOnlyPendingTimers();
    expect(actor.getSnapshot().value).toEqual({ streaming: 'connecting' });
    expect(streamInputs()).toEqual([null, 2]);
  });

  it('fails at once on a refusal, and after too many passing failures in a row; a retry starts over', async () => {
    const refusedRun = start();
    refusedRun.deferred.settle('stream', { error: refused });
    await flush();
    expect(refusedRun.actor.getSnapshot().value).toBe('failed');
    expect(refusedRun.actor.getSnapshot().context.failure).toEqual(refused);

    const { actor, deferred } = start();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      deferred.settle('stream', { error: offline });
      await flush();
      expect(actor.getSnapshot().value).toBe('waiting');
      vi.runOnlyPendingTimers();
    }
    deferred.settle('stream', { error: offline });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'follow.retry' });
    expect(actor.getSnapshot().context).toMatchObject({ attempts: 0, failure: null });
    expect(deferred.isRunning('stream')).toBe(true);
  });

  it('hands the stream effect the job and its own ref, to which the effect reports', async () => {
    const machine = jobFollowMachine.provide({
      actors: {
        stream: fromPromise<void, StreamInput>(async ({ input }) => {
          input.parent.send({ type: 'stream.opened' });
          input.parent.send({ type: 'job.event', event: { ...finished, trabajo_id: input.jobId } });
        }),
      },
      actions: { remember: () => {} },
    });
    const actor = createActor(machine, { input: { jobId: 9 } }).start();
    await flush();
    expect((actor.getSnapshot() as AnyMachineSnapshot).status).toBe('done');
  });

  it('waits 1 s, doubling up to 30 s', () => {
    expect([1, 2, 3, 5, 6, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 16_000, 30_000, 30_000]);
  });
});
