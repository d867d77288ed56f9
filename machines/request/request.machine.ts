import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { injectedActor } from '../injected';

/**
 * The data request of spec section 4, shared by every data area: idle -> loading ->
 * success (data stored; an empty object or list when none) | failure (error stored);
 * `request.reset` returns to idle from anywhere. The effect is the `perform` actor,
 * supplied with `.provide()`.
 */

/** The failure a data area keeps: a message to show and the payload the effect rejected with. */
interface RequestFailure {
  message: string;
  payload: unknown;
}

interface RequestInput {
  /** What `data` holds when the effect gives nothing back: `[]` for list reads, `{}` otherwise. */
  empty: 'list' | 'object';
}

interface RequestContext {
  empty: RequestInput['empty'];
  params: unknown;
  data: unknown;
  /** Whether `data` is an answer (until the first success, or after a reset, it is only the empty value). */
  answered: boolean;
  error: RequestFailure | null;
}

export type RequestEvent = { type: 'request.send'; params?: unknown } | { type: 'request.reset' };

function emptyData(kind: RequestInput['empty']): unknown {
  return kind === 'list' ? [] : {};
}

/** The failure a data area keeps of whatever the effect rejected with: a string, or an object's message. */
export function requestFailureOf(error: unknown): RequestFailure {
  if (typeof error === 'string') return { message: error, payload: error };
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return { message: (error as { message: string }).message, payload: error };
  }
  return { message: String(error), payload: error };
}

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as RequestInput,
  },
  actors: {
    perform: injectedActor<unknown, unknown>('perform'),
  },
  actions: {
    assignParams: assign(({ event }) => (event.type === 'request.send' ? { params: event.params } : {})),
    // Spec section 4: success stores the data, or an empty object or list when there is none.
    assignData: assign(({ context }, output: unknown) => ({
      data: output ?? emptyData(context.empty),
      answered: true,
      error: null,
    })),
    assignFailure: assign((_, error: unknown) => ({ error: requestFailureOf(error) })),
    clearResult: assign(({ context }) => ({ params: undefined, data: emptyData(context.empty), answered: false, error: null })),
  },
}).createMachine({
  id: 'request',
  initial: 'idle',
  context: ({ input }) => ({ empty: input.empty, params: undefined, data: emptyData(input.empty), answered: false, error: null }),
  on: {
    'request.reset': { target: '.idle', actions: 'clearResult' },
  },
  states: {
    idle: {
      on: { 'request.send': { target: 'loading', actions: 'assignParams' } },
    },
    loading: {
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }: { context: RequestContext }) => context.params,
        onDone: { target: 'success', actions: { type: 'assignData', params: ({ event }: { event: DoneActorEvent }) => event.output } },
        onError: { target: 'failure', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
      on: {
        // A newer request replaces the one in flight: re-entering cancels the old effect.
        'request.send': { target: 'loading', reenter: true, actions: 'assignParams' },
      },
    },
    success: {
      on: { 'request.send': { target: 'loading', actions: 'assignParams' } },
    },
    failure: {
      on: { 'request.send': { target: 'loading', actions: 'assignParams' } },
    },
  },
});
