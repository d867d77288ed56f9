// The rules of a run's lifecycle as plain questions about its facts, and the refusal a command
// earns when one of them says no. The run machine's guards ask these same questions; the
// refusal names the reason for the server's answer and the monitor's message. The machine
// decides, these words explain: a test checks that they never disagree.
import type { Run, RunKind, RunState } from '../../schemas/process.schema';

/** The states a run never leaves (docs/processes.md, "The lifecycles as machines"). */
const RUN_ENDED_STATES: readonly RunState[] = ['detenida', 'completada', 'fallida'];

/** What the lifecycle needs to know of a run. */
export interface RunFacts {
  tipo: RunKind;
  estado: RunState;
  /** The e-mail of who started it (null: the system). */
  creado_por: string | null;
}

/** Who sends a command: their e-mail and whether they hold the `admin` view key. */
export interface RunUser {
  email: string;
  isAdmin: boolean;
}

/**
 * The catalogue codes a refused command answers with. `APP_ERR_AUTH_FORBIDDEN` exists already;
 * `APP_ERR_PROCESS_RUN_ENDED` is the processes area's (with `errors.<CODE>` in both languages).
 */
export const RUN_REFUSALS = {
  /** Stopping a run that has ended (detenida, completada, fallida): 409. */
  ended: 'APP_ERR_PROCESS_RUN_ENDED',
  /** Stopping someone else's run without the admin view key: 403. */
  forbidden: 'APP_ERR_AUTH_FORBIDDEN',
} as const;

export type RunRefusal = (typeof RUN_REFUSALS)[keyof typeof RUN_REFUSALS];

/** The command a user sends (the server decides on it). */
export type RunCommand = { type: 'run.stop' };

/** Whether the run has ended: nothing changes it any more. */
export function isRunEnded(run: Pick<RunFacts, 'estado'>): boolean {
  return RUN_ENDED_STATES.includes(run.estado);
}

/** Who may stop a run: who started it, or an administrator. */
export function mayStopRun(run: Pick<RunFacts, 'creado_por'>, user: RunUser): boolean {
  return user.isAdmin || (run.creado_por !== null && run.creado_por === user.email);
}

/**
 * Why `command` may not happen to `run` for `user`, or null when it may. What the run is first
 * (an ended run is ended for everyone), then who asks.
 */
export function runRefusal(run: RunFacts, command: RunCommand, user: RunUser): RunRefusal | null {
  switch (command.type) {
    case 'run.stop':
      if (isRunEnded(run)) return RUN_REFUSALS.ended;
      if (!mayStopRun(run, user)) return RUN_REFUSALS.forbidden;
      return null;
  }
}

/** A run's facts as the API shows it. */
export function runFacts(run: Pick<Run, 'tipo' | 'estado' | 'creado_por'>): RunFacts {
  return { tipo: run.tipo, estado: run.estado, creado_por: run.creado_por };
}
