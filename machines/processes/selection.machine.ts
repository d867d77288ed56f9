import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { injectedActor } from '../injected';
import { formGuards, formMessageActions } from '../forms/form-actions';
import { validatingState } from '../forms/form-states';

/**
 * The selection step of both robots (Registra's registration rows, Sube's bid hours):
 * editing -> validating -> confirming -> starting -> monitoring.
 *
 * - `editing`: the trader changes the selection (`selection.change`, one field at a time: the
 *   site, the workers, the rows...). Changing a field clears its own messages.
 * - `validating`: the injected `validate` (the same rules as the server, server/processes/
 *   rules.ts) answers the field messages; any -> back to `editing` showing them beside the fields;
 *   none -> `confirming`. A change meanwhile goes back to `editing` (the answer was for the
 *   selection before it).
 * - `confirming`: the trader is asked (what goes, to which site) before anything is sent: a run
 *   registers planillas or uploads bids on the operator's site, and a stop does not take them
 *   back (spec section 4). `selection.confirm` -> `starting`; `selection.cancel` -> `editing`;
 *   a change to the selection meanwhile is no longer what was asked about -> `editing`.
 * - `starting`: the injected `start` asks the server for the run. A refusal goes back to
 *   `editing` with the server's field details beside the fields (a 400's `details`) and the
 *   refusal itself in `failure`.
 * - `monitoring`: the run started (or the page was opened on one: the monitor survives a
 *   reload); `run.updated` keeps the latest run; `selection.restart` goes back to `editing`
 *   for a new run, keeping the selection so the rest can be sent.
 *
 * Field messages are keyed by the field's JSON Pointer (`/filas/3/pmi`, `/trabajadores`), as the
 * server's details name them, each an i18n key. A view that reads a refusal's details its own way
 * provides `assignRefusal` (src/features/processes/use-selection.ts does).
 */

export type SelectionValue = Record<string, unknown>;

/** Field messages by JSON Pointer (an i18n key, or the view's message object); empty means valid. */
type SelectionFieldErrors = Record<string, unknown>;

/** A field detail as the API's error body and the rules give it. */
interface SelectionDetail {
  instancePath: string;
  message: string;
}

/** The field messages of a list of details: the first message of each field. */
export function fieldErrorsOf(details: readonly SelectionDetail[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { instancePath, message } of details) errors[instancePath] ??= message;
  return errors;
}

/** The field details a refused start carries (an API error body's `details`), if any. */
function detailsOf(error: unknown): SelectionDetail[] {
  const details = (error as { details?: unknown } | null)?.details;
  return Array.isArray(details) ? (details as SelectionDetail[]) : [];
}

interface SelectionInput {
  initial: SelectionValue;
  /** A run under way the page was opened on: the machine starts monitoring it. */
  run?: unknown;
}

export interface SelectionContext {
  value: SelectionValue;
  fieldErrors: SelectionFieldErrors;
  /** What `start` (or `validate`) rejected with; null when none. */
  failure: unknown;
  /** The run being monitored. */
  run: unknown;
}

export type SelectionEvent =
  | { type: 'selection.change'; field: string; value: unknown }
  | { type: 'selection.submit' }
  | { type: 'selection.confirm' }
  | { type: 'selection.cancel' }
  | { type: 'run.updated'; run: unknown }
  | { type: 'selection.restart' };

export const selectionMachine = setup({
  types: {
    context: {} as SelectionContext,
    events: {} as SelectionEvent,
    input: {} as SelectionInput,
  },
  actors: {
    validate: injectedActor<SelectionFieldErrors, SelectionValue>('validate'),
    start: injectedActor<unknown, SelectionValue>('start'),
  },
  guards: {
    hasRun: ({ context }) => context.run !== null,
    ...formGuards,
  },
  actions: {
    ...formMessageActions<SelectionContext, SelectionEvent>(),
    assignChange: assign(({ context, event }) => {
      if (event.type !== 'selection.change') return {};
      // A field's own messages go with the change, those of its rows too (`/filas` and `/filas/3/pmi`).
      const prefix = `/${event.field}`;
      const fieldErrors = Object.fromEntries(
        Object.entries(context.fieldErrors).filter(([path]) => path !== prefix && !path.startsWith(`${prefix}/`)),
      );
      return { value: { ...context.value, [event.field]: event.value }, fieldErrors };
    }),
    assignRefusal: assign((_, error: unknown) => ({ failure: error, fieldErrors: fieldErrorsOf(detailsOf(error)) })),
    assignRun: assign((_, run: unknown) => ({ run, failure: null })),
    clearRun: assign({ run: null }),
  },
}).createMachine({
  id: 'selection',
  initial: 'opening',
  context: ({ input }) => ({ value: input.initial, fieldErrors: {}, failure: null, run: input.run ?? null }),
  states: {
    opening: {
      always: [{ guard: 'hasRun', target: 'monitoring' }, { target: 'editing' }],
    },
    editing: {
      on: {
        'selection.change': { actions: 'assignChange' },
        'selection.submit': { target: 'validating', actions: 'clearErrors' },
      },
    },
    validating: {
      ...validatingState<SelectionValue>()({ back: 'editing', next: 'confirming', failed: 'editing' }),
      // A change while the rules are checked is not what they checked: back to editing.
      on: { 'selection.change': { target: 'editing', actions: 'assignChange' } },
    },
    confirming: {
      on: {
        'selection.confirm': { target: 'starting' },
        'selection.cancel': { target: 'editing' },
        'selection.change': { target: 'editing', actions: 'assignChange' },
      },
    },
    starting: {
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => context.value,
        onDone: { target: 'monitoring', actions: { type: 'assignRun', params: ({ event }: { event: DoneActorEvent }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    monitoring: {
      on: {
        'run.updated': { actions: { type: 'assignRun', params: ({ event }: { event: SelectionEvent }) => (event.type === 'run.updated' ? event.run : null) } },
        'selection.restart': { target: 'editing', actions: 'clearRun' },
      },
    },
  },
});

export type SelectionMachine = typeof selectionMachine;
