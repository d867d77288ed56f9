import { and, getNextSnapshot, not, setup } from 'xstate';
import type { LogbookState } from '../../schemas/logbook.schema';

/**
 * The lifecycle of one log book (docs/logbooks.md), the one place its rule lives: the log book
 * pages run it, and the server asks it (`logbookTransition`) whether a command is allowed and
 * which state it leads to.
 *
 * - `borrador`: being prepared; `logbook.edit` (its offers replaced) as often as needed;
 *   `logbook.send` (confirmed on the page; it needs offers) -> `enviada`, who and when kept.
 * - `enviada`: read-only. `logbook.supersede` (a new version of the day is prepared) ->
 *   `reemplazada`, and the new version starts as a `borrador`.
 * - `reemplazada`: final, kept as it was sent.
 * Every command waits for nothing but the market's gate closure: once it has passed, the day's
 * log book no longer changes (`APP_ERR_LOGBOOK_CLOSED`).
 * A machine opened on a stored log book starts in its state (the `opening` choice). The machine
 * holds no effects: the server writes the log book, the page calls the server.
 */

/** What the machine reads of a log book: its state, how many offers it holds, and whether its gate has closed. */
export interface LogbookFacts {
  estado: LogbookState;
  filas: number;
  /** The market's gate closure for the day has passed (server/logbooks/gate-closure.ts). */
  cerrada: boolean;
}

export type LogbookCommand = { type: 'logbook.edit' } | { type: 'logbook.send' } | { type: 'logbook.supersede' };

/** Why a command is refused, as the error catalogue names it. */
export type LogbookRefusal = 'APP_ERR_LOGBOOK_CLOSED' | 'APP_ERR_LOGBOOK_SENT' | 'APP_ERR_LOGBOOK_EMPTY' | 'APP_ERR_LOGBOOK_REPLACED' | 'APP_ERR_LOGBOOK_NOT_SENT';

export const logbookMachine = setup({
  types: {
    context: {} as LogbookFacts,
    events: {} as LogbookCommand,
    input: {} as LogbookFacts,
  },
  guards: {
    isDraft: ({ context }) => context.estado === 'borrador',
    isSent: ({ context }) => context.estado === 'enviada',
    isClosed: ({ context }) => context.cerrada,
    hasOffers: ({ context }) => context.filas > 0,
  },
}).createMachine({
  id: 'logbook',
  initial: 'opening',
  context: ({ input }) => input,
  states: {
    opening: {
      always: [{ guard: 'isDraft', target: 'borrador' }, { guard: 'isSent', target: 'enviada' }, { target: 'reemplazada' }],
    },
    borrador: {
      on: {
        // The offers change; the state does not.
        'logbook.edit': { guard: not('isClosed'), target: 'borrador' },
        'logbook.send': { guard: and([not('isClosed'), 'hasOffers']), target: 'enviada' },
      },
    },
    enviada: {
      on: {
        'logbook.supersede': { guard: not('isClosed'), target: 'reemplazada' },
      },
    },
    reemplazada: { type: 'final' },
  },
});

/** The reason a command is refused on `facts` (the machine decides whether; this names why). */
function refusalOf(facts: LogbookFacts, command: LogbookCommand): LogbookRefusal {
  if (facts.estado === 'reemplazada') return 'APP_ERR_LOGBOOK_REPLACED';
  if (facts.cerrada) return 'APP_ERR_LOGBOOK_CLOSED';
  if (command.type === 'logbook.supersede') return 'APP_ERR_LOGBOOK_NOT_SENT';
  if (facts.estado === 'enviada') return 'APP_ERR_LOGBOOK_SENT';
  return 'APP_ERR_LOGBOOK_EMPTY';
}

type LogbookVerdict = { allowed: true; estado: LogbookState } | { allowed: false; code: LogbookRefusal };

/**
 * Whether `command` is allowed on a log book of `facts`, decided by the machine. Allowed: the
 * state the log book goes to. Refused: the catalogue code of the reason.
 */
export function logbookTransition(facts: LogbookFacts, command: LogbookCommand): LogbookVerdict {
  const snapshot = logbookMachine.resolveState({ value: facts.estado, context: facts });
  if (!snapshot.can(command)) return { allowed: false, code: refusalOf(facts, command) };
  return { allowed: true, estado: getNextSnapshot(logbookMachine, snapshot, command).value as LogbookState };
}

/** The commands a page offers on a log book of `facts`. */
export function availableLogbookCommands(facts: LogbookFacts): Array<LogbookCommand['type']> {
  const commands: LogbookCommand[] = [{ type: 'logbook.edit' }, { type: 'logbook.send' }, { type: 'logbook.supersede' }];
  return commands.filter((command) => logbookTransition(facts, command).allowed).map((command) => command.type);
}
