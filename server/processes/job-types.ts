// The job type that carries each kind of run (docs/processes.md): the routes enqueue it with
// `{ ejecucion_id }` as its parameters, the runner registers its handler.
import type { RunKind } from '../../schemas/process.schema';

export const RUN_JOB_TYPES: Record<RunKind, string> = {
  registra: 'processes.registra',
  sube: 'processes.sube',
  supresion: 'processes.supresion',
};

/** What a run's job carries. */
export interface RunJobParams {
  ejecucion_id: number;
}
