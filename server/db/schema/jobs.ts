// Long work (ARCHITECTURE.md, Long work): one row per job, claimed from the table by whichever
// server process is free (server/jobs/), and its append-only events, whose ids are the
// Server-Sent Events' ids a browser resumes after.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const JOB_STATES = ['pendiente', 'en_curso', 'terminado', 'fallido', 'detenido'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_EVENT_TYPES = ['progreso', 'log', 'estado'] as const;
export type JobEventType = (typeof JOB_EVENT_TYPES)[number];

export const trabajos = pgTable(
  'trabajos',
  {
    id: serial('id').primaryKey(),
    /** The handler that runs it (`registerJobHandler`). */
    tipo: text('tipo').notNull(),
    estado: text('estado', { enum: JOB_STATES }).notNull().default('pendiente'),
    parametros: jsonb('parametros').notNull().default({}),
    hechos: integer('hechos').notNull().default(0),
    /** Unknown until the handler says how much there is to do. */
    total: integer('total'),
    /** The e-mail of who asked for it; kept as text so the job outlives the account. */
    creado_por: text('creado_por'),
    creado_en: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    iniciado_en: timestamp('iniciado_en', { withTimezone: true }),
    terminado_en: timestamp('terminado_en', { withTimezone: true }),
    error: text('error'),
    /** Someone asked to stop it; the worker running it hears at its next heartbeat. */
    detener: boolean('detener').notNull().default(false),
    /** How many times a worker claimed it: more than one means a dead process's job was taken up again. */
    intentos: integer('intentos').notNull().default(0),
    /** The worker holding the lease (process and loop), while en_curso. */
    trabajador: text('trabajador'),
    /** The lease ends here unless its worker's heartbeat renews it; then any worker may claim the job. */
    lease_hasta: timestamp('lease_hasta', { withTimezone: true }),
  },
  (table) => [
    index('trabajos_pendientes_idx').on(table.estado, table.creado_en),
    index('trabajos_creado_por_idx').on(table.creado_por),
    // Home's failed work of the last days (server/home).
    index('trabajos_fallidos_idx').on(table.terminado_en).where(sql`${table.estado} = 'fallido'`),
    check('trabajos_estado_check', sql`${table.estado} IN ('pendiente', 'en_curso', 'terminado', 'fallido', 'detenido')`),
  ],
);

export const trabajoEventos = pgTable(
  'trabajo_eventos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    trabajo_id: integer('trabajo_id')
      .notNull()
      .references(() => trabajos.id, { onDelete: 'cascade' }),
    en: timestamp('en', { withTimezone: true }).notNull().defaultNow(),
    tipo: text('tipo', { enum: JOB_EVENT_TYPES }).notNull(),
    /** `info`, `warn` or `error` for log lines. */
    nivel: text('nivel'),
    /** An i18n key: the browser words the line in the reader's language. */
    clave: text('clave'),
    params: jsonb('params'),
    hechos: integer('hechos'),
    total: integer('total'),
    /** The state the job entered, for `estado` events. */
    estado: text('estado', { enum: JOB_STATES }),
  },
  (table) => [
    index('trabajo_eventos_trabajo_idx').on(table.trabajo_id, table.id),
    check('trabajo_eventos_tipo_check', sql`${table.tipo} IN ('progreso', 'log', 'estado')`),
  ],
);

export type JobRow = typeof trabajos.$inferSelect;
export type JobEventRow = typeof trabajoEventos.$inferSelect;
