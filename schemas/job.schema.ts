import type { FromSchema } from 'json-schema-to-ts';

/** A job's states (server/jobs): `pendiente` -> `en_curso` -> `terminado` | `fallido` | `detenido`. */
const JOB_STATE_VALUES = ['pendiente', 'en_curso', 'terminado', 'fallido', 'detenido'] as const;

/** A job as the API shows it: what runs, how far it got, how it ended. */
export const jobSchema = {
  type: 'object',
  required: ['id', 'tipo', 'estado', 'parametros', 'hechos', 'total', 'creado_por', 'creado_en', 'iniciado_en', 'terminado_en', 'error', 'detenible'],
  properties: {
    id: { type: 'integer' },
    tipo: { type: 'string' },
    estado: { type: 'string', enum: JOB_STATE_VALUES },
    parametros: { type: 'object', additionalProperties: true },
    hechos: { type: 'integer' },
    total: { type: ['integer', 'null'] },
    creado_por: { type: ['string', 'null'] },
    /** ISO 8601 in UTC, like the two below. */
    creado_en: { type: 'string' },
    iniciado_en: { type: ['string', 'null'] },
    terminado_en: { type: ['string', 'null'] },
    error: { type: ['string', 'null'] },
    /** Whether a stop may be asked for now (the type allows it and the job has not ended). */
    detenible: { type: 'boolean' },
  },
} as const;

export type Job = FromSchema<typeof jobSchema>;

/** `GET /api/v1/trabajos` query: the caller's visible jobs, newest first, optionally in one state. */
export const jobListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    estado: { type: 'string', enum: JOB_STATE_VALUES },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;

export type JobListQuery = FromSchema<typeof jobListQuerySchema>;

/**
 * One event of a job, the `data` of a Server-Sent Event whose `id` is the event's id:
 * `progreso` (hechos of total), `log` (nivel, an i18n key `clave` and its `params`) or
 * `estado` (the state entered, with `clave` and `params` wording it).
 */
export const jobEventSchema = {
  type: 'object',
  required: ['id', 'trabajo_id', 'en', 'tipo'],
  properties: {
    id: { type: 'integer' },
    trabajo_id: { type: 'integer' },
    en: { type: 'string' },
    tipo: { type: 'string', enum: ['progreso', 'log', 'estado'] },
    nivel: { type: ['string', 'null'] },
    clave: { type: ['string', 'null'] },
    params: {},
    hechos: { type: ['integer', 'null'] },
    total: { type: ['integer', 'null'] },
    estado: { type: ['string', 'null'] },
  },
} as const;

export type JobEvent = FromSchema<typeof jobEventSchema>;
