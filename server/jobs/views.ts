// A job and its events as the API shows them (the jobs routes, and every area that answers with
// the job it queued: a settlement refresh, a bid run's live log).
import type { Job } from '../../schemas/job.schema';
import type { JobEventRow, JobRow } from '../db/schema/jobs';
import { jobType } from './registry';
import { ENDED_STATES } from './store';

/** The job as the API shows it. */
export function jobView(row: JobRow): Job {
  return {
    id: row.id,
    tipo: row.tipo,
    estado: row.estado,
    parametros: (row.parametros ?? {}) as Record<string, unknown>,
    hechos: row.hechos,
    total: row.total,
    creado_por: row.creado_por,
    creado_en: row.creado_en.toISOString(),
    iniciado_en: row.iniciado_en?.toISOString() ?? null,
    terminado_en: row.terminado_en?.toISOString() ?? null,
    error: row.error,
    detenible: Boolean(jobType(row.tipo)?.stoppable) && !ENDED_STATES.includes(row.estado),
  };
}

/** An event as the stream sends it. */
export function eventView(row: JobEventRow) {
  return { ...row, en: row.en.toISOString() };
}
