import { getNextSnapshot, setup } from 'xstate';
import type { RunState } from '../../schemas/process.schema';
import { mayStopRun, runRefusal, type RunCommand, type RunFacts, type RunRefusal, type RunUser } from './run-rules';

/**
 * The lifecycle of a run (docs/processes.md, "The lifecycles as machines"), the one place its
 * rule lives: the server asks it (`runTransition`) whether a stop is allowed, the runner what
 * state an outcome leads to (`nextRunState`), and the monitor whether to offer Stop.
 *
 * - `en_curso`: its items go to the site. `run.stop` (who started it, or an admin) ->
 *   `deteniendo`; the last item ended -> `completada`, or `fallida` when the site could not be
 *   reached at all.
 * - `deteniendo`: no new request starts; the runner ends it `detenida` once the requests on
 *   their way are answered or abandoned, or `completada` / `fallida` when the last item had
 *   ended before the stop took hold. A second stop changes nothing (a double click is no error).
 * - `detenida`, `completada`, `fallida`: final. A stop of an ended run is refused (409). No run
 *   is taken up again in place: Sube's stop is final, and a stopped Registra or
 *   Supresion run is followed by a new run (Registra's candidates leave out what is registered).
 *
 * The machine holds no effects: the server writes the state, the runner does the work.
 */
export type { RunCommand, RunFacts, RunUser };

/** What the runner reports: how the work ended. */
export type RunOutcome = { type: 'run.stopped' } | { type: 'run.completed' } | { type: 'run.failed' };

export type RunEvent = RunCommand | RunOutcome;

export interface RunContext {
  run: RunFacts;
  /** Who is asking (the server: the caller; the monitor: the signed-in user). */
  user: RunUser;
}

export const runMachine = setup({
  types: {
    context: {} as RunContext,
    events: {} as RunEvent,
    input: {} as RunContext,
  },
  guards: {
    mayStop: ({ context }) => mayStopRun(context.run, context.user),
  },
}).createMachine({
  id: 'run',
  initial: 'en_curso',
  context: ({ input }) => input,
  states: {
    en_curso: {
      on: {
        'run.stop': { guard: 'mayStop', target: 'deteniendo' },
        'run.completed': 'completada',
        'run.failed': 'fallida',
      },
    },
    deteniendo: {
      on: {
        // Already stopping: heard, and it stays so (a double click is no error).
        'run.stop': { guard: 'mayStop', target: 'deteniendo' },
        'run.stopped': 'detenida',
        'run.completed': 'completada',
        'run.failed': 'fallida',
      },
    },
    detenida: { type: 'final' },
    completada: { type: 'final' },
    fallida: { type: 'final' },
  },
});

export type RunMachine = typeof runMachine;

/** Refused by the machine though the rules name no reason: the tests keep this from happening. */
export const RUN_TRANSITION_REFUSED = 'APP_ERR_PROCESS_RUN_TRANSITION';

export type RunVerdict = { allowed: true; estado: RunState } | { allowed: false; code: RunRefusal | typeof RUN_TRANSITION_REFUSED };

/** The machine's snapshot for a stored run as `user` sees it. */
export function runSnapshotOf(run: RunFacts, user: RunUser) {
  return runMachine.resolveState({ value: run.estado, context: { run, user } });
}

/**
 * Whether the server lets `user` send `command` about `run`, decided by the run machine.
 * Allowed: the state the run goes to. Refused: the catalogue code of the reason (`runRefusal`).
 */
export function runTransition(run: RunFacts, command: RunCommand, user: RunUser): RunVerdict {
  const snapshot = runSnapshotOf(run, user);
  if (!snapshot.can(command)) return { allowed: false, code: runRefusal(run, command, user) ?? RUN_TRANSITION_REFUSED };
  return { allowed: true, estado: getNextSnapshot(runMachine, snapshot, command).value as RunState };
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
  return getNextSnapshot(runMachine, snapshot, outcome).value as RunState;
}
