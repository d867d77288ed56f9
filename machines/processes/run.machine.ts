import { assign, getNextSnapshot, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { RunState } from '../../schemas/process.schema';
import { injectedActor } from '../injected';
import { mayStopRun, runRefusal, type RunCommand, type RunFacts, type RunRefusal, type RunUser } from './run-rules';

/**
 * The lifecycle of a run (docs/processes.md, "The lifecycles as machines"), the one place its
 * rule lives: the server asks it (`runTransition`) whether a stop is allowed, the runner what
 * state an outcome leads to (`nextRunState`), and the monitor runs it to offer and send Stop.
 *
 * - `en_curso`: its items go to the site. `run.stop` (who started it, or an admin) ->
 *   `deteniendo`; the last item ended -> `completada`, or `fallida` when the site could not be
 *   reached at all. The monitor asks first (`run.ask` -> `asking`; `run.dismiss` goes back).
 * - `deteniendo`: no new request starts; the runner ends it `detenida` once the requests on
 *   their way are answered or abandoned, or `completada` / `fallida` when the last item had
 *   ended before the stop took hold. A second stop changes nothing (a double click is no error).
 *   A stop the monitor sent is `requesting` until the server answered (the injected `stop`);
 *   refused, the run is still `en_curso` and the refusal is in `failure`.
 * - `detenida`, `completada`, `fallida`: final. A stop of an ended run is refused (409). No run
 *   is taken up again in place: Sube's stop is final, and a stopped Registra or Supresion run
 *   is followed by a new run (Registra's candidates leave out what is registered).
 *
 * The monitor opens before it has read the run (`opening`) and sends every read as
 * `run.updated`: the machine follows the stored state forward (a stop asked in another tab, an
 * end), never back. The server writes the state, the runner does the work.
 */
export type { RunFacts, RunUser };

/** What the runner reports: how the work ended. */
export type RunOutcome = { type: 'run.stopped' } | { type: 'run.completed' } | { type: 'run.failed' };

/** What the monitor tells the machine: the question before a stop, and each read of the run. */
type RunMonitorEvent = { type: 'run.ask' } | { type: 'run.dismiss' } | { type: 'run.updated'; run: RunFacts };

export type RunEvent = RunCommand | RunOutcome | RunMonitorEvent;

interface RunInput {
  /** The run as stored; null while the monitor has not read it yet. */
  run: RunFacts | null;
  /** Who is asking (the server: the caller; the monitor: the signed-in user). */
  user: RunUser;
}

interface RunContext extends RunInput {
  /** What the last stop the monitor sent was refused with; null when none. */
  failure: unknown;
}

/** Where a read of the stored run moves the machine: forward only (detenida, completada, fallida end it). */
const followStored = (...states: RunState[]) =>
  states.map((estado) => ({ guard: { type: 'isStoredAs' as const, params: estado }, target: `#run.${estado}` }));

export const runMachine = setup({
  types: {
    context: {} as RunContext,
    events: {} as RunEvent,
    input: {} as RunInput,
  },
  actors: {
    stop: injectedActor<RunFacts, RunFacts | null>('stop'),
  },
  guards: {
    hasRun: ({ context }) => context.run !== null,
    mayStop: ({ context }) => context.run !== null && mayStopRun(context.run, context.user),
    isStoredAs: ({ context }, estado: RunState) => context.run?.estado === estado,
  },
  actions: {
    assignRun: assign((_, run: RunFacts) => ({ run })),
    assignFailure: assign((_, error: unknown) => ({ failure: error })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'run',
  initial: 'opening',
  context: ({ input }) => ({ run: input.run, user: input.user, failure: null }),
  on: {
    'run.updated': { actions: { type: 'assignRun', params: ({ event }) => event.run } },
  },
  states: {
    opening: {
      always: [{ guard: 'hasRun', target: 'en_curso' }],
    },
    en_curso: {
      always: followStored('deteniendo', 'detenida', 'completada', 'fallida'),
      on: {
        'run.stop': { guard: 'mayStop', target: 'deteniendo.requesting' },
        'run.completed': 'completada',
        'run.failed': 'fallida',
      },
      initial: 'running',
      states: {
        running: {
          on: { 'run.ask': { guard: 'mayStop', target: 'asking', actions: 'clearFailure' } },
        },
        asking: {
          on: { 'run.dismiss': 'running' },
        },
      },
    },
    deteniendo: {
      always: followStored('detenida', 'completada', 'fallida'),
      on: {
        'run.stopped': 'detenida',
        'run.completed': 'completada',
        'run.failed': 'fallida',
      },
      initial: 'heard',
      states: {
        heard: {
          // Already stopping: heard, and it stays so (a double click is no error).
          on: { 'run.stop': { guard: 'mayStop', target: 'heard' } },
        },
        requesting: {
          invoke: {
            id: 'stop',
            src: 'stop',
            input: ({ context }) => context.run,
            onDone: { target: 'heard', actions: { type: 'assignRun', params: ({ event }: { event: DoneActorEvent<RunFacts> }) => event.output } },
            onError: { target: '#run.en_curso', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
      },
    },
    detenida: { type: 'final' },
    completada: { type: 'final' },
    fallida: { type: 'final' },
  },
});

/** Refused by the machine though the rules name no reason: the tests keep this from happening. */
export const RUN_TRANSITION_REFUSED = 'APP_ERR_PROCESS_RUN_TRANSITION';

type RunVerdict = { allowed: true; estado: RunState } | { allowed: false; code: RunRefusal | typeof RUN_TRANSITION_REFUSED };

/** The machine's snapshot for a stored run as `user` sees it. */
export function runSnapshotOf(run: RunFacts, user: RunUser) {
  return runMachine.resolveState({ value: run.estado, context: { run, user, failure: null } });
}

/** The stored state a snapshot stands for (its top-level state; null before the first read). */
export function runStateOf(snapshot: { value: string | Record<string, unknown> }): RunState | null {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  return top === 'opening' || top === undefined ? null : (top as RunState);
}

/**
 * Whether the server lets `user` send `command` about `run`, decided by the run machine.
 * Allowed: the state the run goes to. Refused: the catalogue code of the reason (`runRefusal`).
 */
export function runTransition(run: RunFacts, command: RunCommand, user: RunUser): RunVerdict {
  const snapshot = runSnapshotOf(run, user);
  if (!snapshot.can(command)) return { allowed: false, code: runRefusal(run, command, user) ?? RUN_TRANSITION_REFUSED };
  return { allowed: true, estado: runStateOf(getNextSnapshot(runMachine, snapshot, command)) as RunState };
}

/** Whether `user` is offered Stop on `run`: it may stop it, and stopping changes something. */
export function isRunStoppable(run: RunFacts, user: RunUser): boolean {
  const verdict = runTransition(run, { type: 'run.stop' }, user);
  return verdict.allowed && verdict.estado !== run.estado;
}

/** The state a runner's outcome leads to from `estado`, or null when the machine allows none. */
export function nextRunState(estado: RunState, outcome: RunOutcome): RunState | null {
  // Who asks plays no part in an outcome: the runner reports what happened.
  const snapshot = runSnapshotOf({ tipo: 'registra', estado, creado_por: null }, { email: '', isAdmin: true });
  if (!snapshot.can(outcome)) return null;
  return runStateOf(getNextSnapshot(runMachine, snapshot, outcome));
}
