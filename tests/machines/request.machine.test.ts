// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { requestFailureOf, requestMachine, type RequestEvent } from '../../machines/request/request.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths, valueAndContext } from './model-harness';

const rows = [{ id: 1, razon_social: 'Energía del Norte' }];
const serverError = { statusCode: 500, code: 'APP_ERR_DB_UNAVAILABLE', message: 'Database unavailable' };

const modelEvents = [
  { type: 'request.send', params: { id: 7 } },
  { type: 'request.reset' },
  { type: 'xstate.done.actor.perform', output: rows },
  { type: 'xstate.done.actor.perform', output: null },
  { type: 'xstate.error.actor.perform', error: serverError },
] as unknown as RequestEvent[];

describe('request machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const traversal = { events: modelEvents, input: { empty: 'list' as const } };
    const paths = modelPaths(requestMachine, traversal);
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: (deferred) => requestMachine.provide({ actors: { perform: deferred.logic('perform') } }),
      input: { empty: 'list' },
      observe: valueAndContext(requestMachine, 'params', 'data', 'error'),
    });

    expect([...visitedStates].filter((id) => id !== 'request').sort()).toEqual(definedStateIds(requestMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(requestMachine));
  });
});

describe('request machine, behaviour', () => {
  function start(empty: 'list' | 'object') {
    const deferred = new DeferredActors();
    const actor = createActor(requestMachine.provide({ actors: { perform: deferred.logic('perform') } }), {
      input: { empty },
    }).start();
    return { actor, deferred };
  }

  it('stores an empty object when an object read answers nothing', async () => {
    const { actor, deferred } = start('object');
    actor.send({ type: 'request.send' });
    deferred.settle('perform', { output: undefined });
    await flush();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.data).toEqual({});
  });

  it('keeps the error message and payload on failure, and reset clears them', async () => {
    const { actor, deferred } = start('list');
    actor.send({ type: 'request.send', params: { id: 3 } });
    deferred.settle('perform', { error: serverError });
    await flush();
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Database unavailable', payload: serverError });

    actor.send({ type: 'request.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ data: [], error: null, params: undefined });
  });

  it('starts again when a new request arrives while one is loading, ignoring the old answer', async () => {
    const calls: unknown[] = [];
    const answers = new Map<unknown, (value: unknown) => void>();
    const actor = createActor(
      requestMachine.provide({
        actors: {
          perform: fromPromise(({ input }) => {
            calls.push(input);
            return new Promise((resolve) => answers.set(input, resolve));
          }),
        },
      }),
      { input: { empty: 'list' } },
    ).start();

    actor.send({ type: 'request.send', params: 'first' });
    actor.send({ type: 'request.send', params: 'second' });
    expect(calls).toEqual(['first', 'second']);
    answers.get('first')?.(['stale']);
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    answers.get('second')?.(['fresh']);
    await flush();
    expect(actor.getSnapshot().context.data).toEqual(['fresh']);
  });

  it('accepts send and reset in every state', () => {
    const { actor } = start('list');
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: 'request.send' })).toBe(true);
    expect(snapshot.can({ type: 'request.reset' })).toBe(true);
  });
});

describe('requestFailureOf', () => {
  it('reads a message from strings, errors and error bodies', () => {
    expect(requestFailureOf('Error en garantias').message).toBe('Error en garantias');
    expect(requestFailureOf(new Error('boom')).message).toBe('boom');
    expect(requestFailureOf(serverError)).toEqual({ message: 'Database unavailable', payload: serverError });
    expect(requestFailureOf(42)).toEqual({ message: '42', payload: 42 });
  });
});
