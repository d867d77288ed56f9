// @vitest-environment node
// The run lifecycle (machines/processes/run.machine.ts): model-based on a real actor, the
// server's stop decision against the rules' words, and the runner's outcomes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { isRunStoppable, nextRunState, runMachine, runSnapshotOf, runStateOf, runTransition, RUN_TRANSITION_REFUSED, type RunEvent } from '../../machines/processes/run.machine';
import { isRunEnded, mayStopRun, runRefusal, RUN_REFUSALS, type RunFacts, type RunUser } from '../../machines/processes/run-rules';
import { RUN_KINDS, RUN_STATES, type RunState } from '../../schemas/process.schema';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths } from './model-harness';

const owner: RunUser = { email: 'ana@test.energy', isAdmin: false };
const admin: RunUser = { email: 'admin@test.energy', isAdmin: true };
const other: RunUser = { email: 'otro@test.energy', isAdmin: false };
const run = (estado: RunState, tipo: RunFacts['tipo'] = 'registra'): RunFacts => ({ tipo, estado, creado_por: owner.email });

/** The events the server and the runner send (an ended run is moved by none of them). */
const modelEvents: RunEvent[] = [{ type: 'run.stop' }, { type: 'run.stopped' }, { type: 'run.completed' }, { type: 'run.failed' }];

/** What the monitor adds: the question before a stop, its answer, and the run as each read finds it. */
const monitorEvents = [
  ...modelEvents,
  { type: 'run.ask' },
  { type: 'run.dismiss' },
  ...RUN_STATES.map((estado) => ({ type: 'run.updated', run: run(estado) })),
  { type: 'xstate.done.actor.stop', output: run('deteniendo') },
  { type: 'xstate.error.actor.stop', error: { statusCode: 409, code: RUN_REFUSALS.ended } },
] as unknown as RunEvent[];

type RunSnapshot = SnapshotFrom<typeof runMachine>;

function observable(snapshot: RunSnapshot) {
  return { value: snapshot.value, status: snapshot.status, estado: snapshot.context.run?.estado ?? null, failure: snapshot.context.failure };
}

/**
 * The events a state may hear: none once the run ended (its actor is done), and the stop's
 * answer only while it is on its way (elsewhere no stop runs to answer).
 */
function eventsOf(snapshot: RunSnapshot): RunEvent[] {
  if (snapshot.status !== 'active') return [];
  return monitorEvents.filter((event) => !event.type.startsWith('xstate.') || snapshot.matches({ deteniendo: 'requesting' }));
}

function withDeferred(deferred: DeferredActors) {
  return runMachine.provide({ actors: { stop: deferred.logic<RunFacts, RunFacts | null>('stop') } });
}

describe('run machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    // The server resolves a stored run; the monitor opens before its first read.
    for (const input of [{ run: run('en_curso'), user: owner }, { run: null, user: owner }]) {
      const paths = modelPaths(runMachine, { events: eventsOf, input, serializeState: (snapshot) => JSON.stringify(observable(snapshot as RunSnapshot)) }, { simplePaths: false });
      const result = await replayPaths(paths, { start: withDeferred, input, observe: (snapshot) => observable(snapshot as RunSnapshot) });
      for (const id of result.visitedStates) visited.add(id);
      for (const key of result.takenTransitions) taken.add(key);
    }
    expect([...visited].filter((id) => id !== runMachine.id).sort()).toEqual(definedStateIds(runMachine));
    expect([...taken].sort()).toEqual(definedTransitionKeys(runMachine));
  });

  it('a user who may not stop the run cannot move it: only the runner ends it', () => {
    const actor = createActor(runMachine, { input: { run: run('en_curso'), user: other } }).start();
    actor.send({ type: 'run.stop' });
    expect(runStateOf(actor.getSnapshot())).toBe('en_curso');
    actor.send({ type: 'run.completed' });
    expect(runStateOf(actor.getSnapshot())).toBe('completada');
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('run machine in the monitor', () => {
  function monitor() {
    const deferred = new DeferredActors();
    const actor = createActor(withDeferred(deferred), { input: { run: null, user: owner } }).start();
    return { actor, deferred };
  }

  it('waits for the first read, then follows the stored run forward and never back', () => {
    const { actor } = monitor();
    expect(runStateOf(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'run.updated', run: run('en_curso') });
    expect(runStateOf(actor.getSnapshot())).toBe('en_curso');
    actor.send({ type: 'run.updated', run: run('deteniendo') });
    expect(runStateOf(actor.getSnapshot())).toBe('deteniendo');
    actor.send({ type: 'run.updated', run: run('en_curso') });
    expect(runStateOf(actor.getSnapshot())).toBe('deteniendo');
    actor.send({ type: 'run.updated', run: run('detenida') });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('asks before it stops, sends the stop once confirmed, and hears it taken', async () => {
    const { actor, deferred } = monitor();
    actor.send({ type: 'run.updated', run: run('en_curso') });
    actor.send({ type: 'run.ask' });
    expect(actor.getSnapshot().matches({ en_curso: 'asking' })).toBe(true);
    actor.send({ type: 'run.dismiss' });
    expect(deferred.calls).toEqual([]);
    actor.send({ type: 'run.ask' });
    actor.send({ type: 'run.stop' });
    expect(deferred.calls).toEqual([{ src: 'stop', input: run('en_curso') }]);
    deferred.settle('stop', { output: run('deteniendo') });
    await flush();
    expect(actor.getSnapshot().matches({ deteniendo: 'heard' })).toBe(true);
  });

  it('a refused stop leaves the run under way with the refusal to show', async () => {
    const { actor, deferred } = monitor();
    actor.send({ type: 'run.updated', run: run('en_curso') });
    actor.send({ type: 'run.ask' });
    actor.send({ type: 'run.stop' });
    const refusal = { statusCode: 403, code: RUN_REFUSALS.forbidden };
    deferred.settle('stop', { error: refusal });
    await flush();
    expect(actor.getSnapshot().matches({ en_curso: 'running' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe(refusal);
  });

  it('offers no question to a user who may not stop the run', () => {
    const actor = createActor(runMachine, { input: { run: run('en_curso'), user: other } }).start();
    expect(actor.getSnapshot().can({ type: 'run.ask' })).toBe(false);
  });
});

describe('runTransition, the server decision', () => {
  it.each([
    ['stops a run under way for who started it', run('en_curso'), owner, 'deteniendo'],
    ['stops a run under way for an admin', run('en_curso'), admin, 'deteniendo'],
    ['hears a second stop of a stopping run without error', run('deteniendo'), owner, 'deteniendo'],
    ['refuses another user', run('en_curso'), other, RUN_REFUSALS.forbidden],
    ['refuses a stopped run (409)', run('detenida'), owner, RUN_REFUSALS.ended],
    ['refuses a completed run, even to an admin', run('completada'), admin, RUN_REFUSALS.ended],
    ['refuses a failed run', run('fallida'), other, RUN_REFUSALS.ended],
    ['refuses to stop a stopped Sube run again: its stop is final', run('detenida', 'sube'), owner, RUN_REFUSALS.ended],
  ])('%s', (_, facts, user, expected) => {
    const verdict = runTransition(facts, { type: 'run.stop' }, user);
    expect(verdict.allowed ? verdict.estado : verdict.code).toBe(expected);
  });

  it('never lets the system stop a run nobody started, unless an admin asks', () => {
    const system: RunFacts = { tipo: 'supresion', estado: 'en_curso', creado_por: null };
    expect(mayStopRun(system, { email: '', isAdmin: false })).toBe(false);
    expect(runTransition(system, { type: 'run.stop' }, admin)).toEqual({ allowed: true, estado: 'deteniendo' });
  });

  it('offers Stop only where it changes something', () => {
    expect(isRunStoppable(run('en_curso'), owner)).toBe(true);
    expect(isRunStoppable(run('deteniendo'), owner)).toBe(false);
    expect(isRunStoppable(run('en_curso'), other)).toBe(false);
    expect(isRunStoppable(run('completada'), admin)).toBe(false);
  });
});

describe('the runner outcomes', () => {
  it.each([
    ['en_curso', 'run.completed', 'completada'],
    ['en_curso', 'run.failed', 'fallida'],
    ['en_curso', 'run.stopped', null],
    ['deteniendo', 'run.stopped', 'detenida'],
    ['deteniendo', 'run.completed', 'completada'],
    ['deteniendo', 'run.failed', 'fallida'],
    ['detenida', 'run.completed', null],
    ['completada', 'run.failed', null],
    ['fallida', 'run.stopped', null],
  ] as const)('from %s, %s leads to %s', (estado, outcome, expected) => {
    expect(nextRunState(estado, { type: outcome })).toBe(expected);
  });
});

const facts: fc.Arbitrary<RunFacts> = fc.record({
  tipo: fc.constantFrom(...RUN_KINDS),
  estado: fc.constantFrom(...RUN_STATES),
  creado_por: fc.constantFrom(owner.email, other.email, null),
});
const users: fc.Arbitrary<RunUser> = fc.record({ email: fc.constantFrom(owner.email, other.email, admin.email), isAdmin: fc.boolean() });

describe('run machine and rules, never disagreeing', () => {
  it('accepts a stop exactly when the rules name no refusal, and every refusal has a name', () => {
    fc.assert(
      fc.property(facts, users, (subject, user) => {
        const accepted = runSnapshotOf(subject, user).can({ type: 'run.stop' });
        expect(accepted).toBe(runRefusal(subject, { type: 'run.stop' }, user) === null);
        const verdict = runTransition(subject, { type: 'run.stop' }, user);
        expect(verdict.allowed).toBe(accepted);
        if (!verdict.allowed) expect(verdict.code).not.toBe(RUN_TRANSITION_REFUSED);
        // An ended run is final: no event of anyone moves it.
        if (isRunEnded(subject)) for (const event of modelEvents) expect(runSnapshotOf(subject, user).can(event)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
