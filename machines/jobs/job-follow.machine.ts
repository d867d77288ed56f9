import { assign, setup, type AnyActorRef, type ErrorActorEvent } from 'xstate';
import type { JobEvent } from '../../schemas/job.schema';
import { injectedAction, injectedActor } from '../injected';

/**
 * Following one job's events (server/jobs/events-stream.ts): streaming (connecting ->
 * following) until the stream closes; a closed stream after the job's last state is `ended`,
 * any other close or a passing failure waits a growing delay and connects again from the
 * last event seen, and a refusal (or too many failures in a row) is `failed`, from where the
 * user may retry. The stream is the injected `stream` actor; `remember` keeps what was seen
 * (the browser's session storage) so a reload resumes where it was.
 */

/** The states a job never leaves (server/jobs/store.ts). */
export const ENDED_JOB_STATES: readonly string[] = ['terminado', 'fallido', 'detenido'];

/** Failures in a row after which the machine stops reconnecting on its own. */
export const MAX_ATTEMPTS = 6;

/** Why following failed: the i18n key to show, and whether trying again may help. */
export interface FollowFailure {
  messageKey: string;
  transient: boolean;
}

/** What the stream actor is handed: the job, where to resume, and who hears its events. */
export interface StreamInput {
  jobId: number;
  lastEventId: number | null;
  parent: AnyActorRef;
}

/** What has been seen of a job; a reload starts from what was remembered. */
export interface FollowMemory {
  lastEventId: number | null;
  /** State and progress as last seen (null until an event or the job told them). */
  estado: string | null;
  hechos: number;
  total: number | null;
  /** The events with a line to show (log lines and state changes), oldest first. */
  lines: JobEvent[];
}

interface FollowInput extends Partial<FollowMemory> {
  jobId: number;
}

interface FollowContext extends FollowMemory {
  jobId: number;
  /** Failures in a row since the stream last opened. */
  attempts: number;
  failure: FollowFailure | null;
}

export type FollowEvent =
  | { type: 'stream.opened' }
  | { type: 'job.event'; event: JobEvent }
  | { type: 'follow.retry' };

/** At most this many lines are kept: a long job's log must not fill the page and the storage. */
const MAX_LINES = 500;

/** The delay before reconnect number `attempt` (1, 2, ...): 1 s doubling up to 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(attempt - 1, 0), 30_000);
}

/** A stream that kept closing before the job ended, without ever opening in between. */
const CONNECTION_LOST: FollowFailure = { messageKey: 'forms.errors.connection', transient: true };

function failureOf(error: unknown): FollowFailure {
  const failure = error as Partial<FollowFailure> | null;
  return {
    messageKey: typeof failure?.messageKey === 'string' ? failure.messageKey : 'forms.errors.connection',
    transient: failure?.transient === true,
  };
}

export const jobFollowMachine = setup({
  types: {
    context: {} as FollowContext,
    events: {} as FollowEvent,
    input: {} as FollowInput,
  },
  actors: {
    stream: injectedActor<void, StreamInput>('stream'),
  },
  actions: {
    remember: injectedAction<FollowMemory>('remember'),
    assignEvent: assign(({ context, event }) => {
      if (event.type !== 'job.event') return {};
      const next = event.event;
      const update: Partial<FollowContext> = { lastEventId: next.id };
      if (next.tipo === 'progreso') {
        update.hechos = next.hechos ?? context.hechos;
        update.total = next.total ?? null;
      }
      if (next.tipo === 'estado' && next.estado) update.estado = next.estado;
      if (next.clave) update.lines = [...context.lines, next].slice(-MAX_LINES);
      return update;
    }),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0, failure: null }),
    assignFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
  },
  guards: {
    hasJobEnded: ({ context }) => context.estado !== null && ENDED_JOB_STATES.includes(context.estado),
    isBelowMaxAttempts: ({ context }) => context.attempts + 1 < MAX_ATTEMPTS,
    isWorthRetrying: ({ context }, error: unknown) => failureOf(error).transient && context.attempts + 1 < MAX_ATTEMPTS,
    // A resumed stream starts after the last id seen: an older one is a repeat.
    isNewEvent: ({ context, event }) => event.type === 'job.event' && (context.lastEventId === null || event.event.id > context.lastEventId),
  },
  delays: {
    backoff: ({ context }) => backoffDelay(context.attempts),
  },
}).createMachine({
  id: 'jobFollow',
  context: ({ input }) => ({
    jobId: input.jobId,
    lastEventId: input.lastEventId ?? null,
    estado: input.estado ?? null,
    hechos: input.hechos ?? 0,
    total: input.total ?? null,
    lines: input.lines ?? [],
    attempts: 0,
    failure: null,
  }),
  initial: 'streaming',
  states: {
    streaming: {
      invoke: {
        id: 'stream',
        src: 'stream',
        input: ({ context, self }: { context: FollowContext; self: AnyActorRef }) => ({ jobId: context.jobId, lastEventId: context.lastEventId, parent: self }),
        onDone: [
          { guard: 'hasJobEnded', target: 'ended' },
          // The server closed without the job's end (it restarted, a proxy cut in): resume.
          { guard: 'isBelowMaxAttempts', target: 'waiting' },
          { target: 'failed', actions: { type: 'assignFailure', params: CONNECTION_LOST } },
        ],
        onError: [
          {
            guard: { type: 'isWorthRetrying', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'waiting',
            actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          { target: 'failed', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
      on: {
        'job.event': {
          guard: 'isNewEvent',
          actions: ['assignEvent', { type: 'remember', params: ({ context }: { context: FollowContext }) => memoryOf(context) }],
        },
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'stream.opened': { target: 'following', actions: 'resetAttempts' } },
        },
        following: {},
      },
    },
    waiting: {
      entry: 'countAttempt',
      after: { backoff: 'streaming' },
    },
    ended: { type: 'final' },
    failed: {
      on: { 'follow.retry': { target: 'streaming', actions: 'resetAttempts' } },
    },
  },
});

/** The part of the context kept between page loads. */
function memoryOf(context: FollowContext): FollowMemory {
  const { lastEventId, estado, hechos, total, lines } = context;
  return { lastEventId, estado, hechos, total, lines };
}

export type JobFollowMachine = typeof jobFollowMachine;
