import { and, assign, getNextSnapshot, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { injectedActor } from '../injected';
import {
  isCurrentVersion,
  isNotReconciled,
  isReconcilableVersion,
  isValidatableVersion,
  isValidatorDifferent,
  mayValidate,
  settlementRefusal,
  type SettlementCommand,
  type SettlementFacts,
  type SettlementRefusal,
  type SettlementSubject,
  type SettlementUser,
} from './settlement-rules';

/**
 * The lifecycle of one settlement (one contract, one month, one version), the one place its
 * rule lives: the settlement pages run it, and the server asks it (`settlementTransition`)
 * whether a command is allowed.
 *
 * - `none`: nothing computed yet. The pre-settlement (`settlement.check`) asks whether the
 *   month's prices, energy and rates are there: `dataAvailable` or `dataUnavailable`.
 * - `computing` -> `preliminar`: computed, and recomputable (`settlement.compute` again) as
 *   long as it is not validated. A failed computation leaves what was there before.
 * - `validating` -> `validada`: only DF and CD, only with the `validate` action, never by the
 *   user who last computed it, and only on the row version the user looked at. Irreversible:
 *   nothing leads from `validada` back to `preliminar` for the same settlement.
 * - `reconciling`: a validated DF gives a new CD settlement (claims), which starts as
 *   `preliminar`; the DF itself never changes.
 * - `downloading`, inside `preliminar` and `validada`: the Excel of the rows.
 *
 * A machine opened on a stored settlement starts in its state (the `opening` choice), and
 * takes it up again from each new read of it (`settlement.read`, between commands): a command
 * is about the settlement as the page last read it. A pre-settlement whose question changed
 * drops its answer (`settlement.clear`).
 * Effects are injected with `.provide()`: `checkData`, `compute`, `validate`, `reconcile`
 * (each answers the stored settlement as it now is) and `download`. An effect's answer may
 * carry more than the facts (what the API answered, for the page to show): the machine keeps it
 * whole and decides on the facts.
 */

/** What the pre-settlement asks for: one contract, one month; a CD is only made by reconciling. */
export interface SettlementKey {
  contrato_id: number;
  anio: number;
  mes: number;
  tipo: 'PE' | 'DF';
}

/** The pre-settlement's answer: whether every input is there, and which are missing. */
export interface SettlementDataCheck {
  available: boolean;
  /** What is missing, for the page to say (for example `precios_nodo`, `tipo_cambio`). */
  missing: string[];
}

interface SettlementInput {
  user: SettlementUser;
  /** The stored settlement the page opens, or none for a new pre-settlement. */
  settlement?: SettlementFacts | null;
}

interface SettlementContext {
  user: SettlementUser;
  key: SettlementKey | null;
  data: SettlementDataCheck | null;
  settlement: SettlementFacts | null;
  /** What the last effect rejected with, until the next one starts; null when none. */
  failure: unknown;
}

export type SettlementEvent =
  | { type: 'settlement.check'; key: SettlementKey }
  | { type: 'settlement.clear' }
  | SettlementCommand
  | { type: 'settlement.download' }
  | { type: 'settlement.read'; settlement: SettlementFacts };

/** The version a command names, when it names one. */
function versionOf(event: SettlementEvent): number | undefined {
  return 'version' in event ? event.version : undefined;
}

function failureState(target: string) {
  return { target, actions: { type: 'assignFailure' as const, params: ({ event }: { event: ErrorActorEvent }) => event.error } };
}

function settledState(target: string) {
  return { target, actions: { type: 'assignSettlement' as const, params: ({ event }: { event: DoneActorEvent<SettlementFacts> }) => event.output } };
}

/** A (new) pre-settlement: from every state of `none` except while one is being checked. */
const checkAgain = { 'settlement.check': { target: 'checkingData', actions: 'assignKey' } } as const;

/** The stored settlement read again (after a command, or a refusal that says the page was behind). */
const readAgain = {
  'settlement.read': {
    target: '#settlement.opening',
    actions: { type: 'assignSettlement' as const, params: ({ event }: { event: SettlementEvent }) => (event as { settlement: SettlementFacts }).settlement },
  },
} as const;

/** A download of the rows, in either state a settlement is stored in. */
const downloadStates = {
  initial: 'idle',
  states: {
    idle: { on: { 'settlement.download': 'downloading' } },
    downloading: {
      entry: 'clearFailure',
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }: { context: SettlementContext }) => context.settlement,
        onDone: 'idle',
        onError: failureState('idle'),
      },
    },
  },
} as const;

export const settlementMachine = setup({
  types: {
    context: {} as SettlementContext,
    events: {} as SettlementEvent,
    input: {} as SettlementInput,
  },
  actors: {
    checkData: injectedActor<SettlementDataCheck, SettlementKey>('checkData'),
    compute: injectedActor<SettlementFacts, { key: SettlementKey | null; settlement: SettlementFacts | null }>('compute'),
    validate: injectedActor<SettlementFacts, SettlementFacts>('validate'),
    reconcile: injectedActor<SettlementFacts, SettlementFacts>('reconcile'),
    download: injectedActor<void, SettlementFacts | null>('download'),
  },
  guards: {
    isComputed: ({ context }) => context.settlement !== null,
    isValidated: ({ context }) => context.settlement?.estado === 'validada',
    isDataComplete: (_, check: SettlementDataCheck) => check.available,
    isValidatableVersion: ({ context }) => context.settlement !== null && isValidatableVersion(context.settlement.tipo),
    isValidatorDifferent: ({ context }) => context.settlement !== null && isValidatorDifferent(context.settlement, context.user),
    mayValidate: ({ context }) => mayValidate(context.user),
    isCurrentVersion: ({ context, event }) => isCurrentVersion(context.settlement, versionOf(event)),
    isReconcilableVersion: ({ context }) => context.settlement !== null && isReconcilableVersion(context.settlement.tipo),
    isNotReconciled: ({ context }) => context.settlement !== null && isNotReconciled(context.settlement),
  },
  actions: {
    assignKey: assign(({ event }) => (event.type === 'settlement.check' ? { key: event.key, data: null } : {})),
    assignData: assign((_, data: SettlementDataCheck) => ({ data })),
    assignSettlement: assign((_, settlement: SettlementFacts) => ({ settlement })),
    assignFailure: assign((_, error: unknown) => ({ failure: error })),
    clearFailure: assign({ failure: null }),
    clearCheck: assign({ key: null, data: null, failure: null }),
  },
}).createMachine({
  id: 'settlement',
  initial: 'opening',
  context: ({ input }) => ({ user: input.user, key: null, data: null, settlement: input.settlement ?? null, failure: null }),
  states: {
    opening: {
      always: [
        { guard: 'isValidated', target: 'validada' },
        { guard: 'isComputed', target: 'preliminar' },
        { target: 'none' },
      ],
    },
    none: {
      on: { 'settlement.clear': { target: '.idle', actions: 'clearCheck' } },
      initial: 'idle',
      states: {
        idle: { on: { ...checkAgain } },
        checkingData: {
          entry: 'clearFailure',
          invoke: {
            id: 'checkData',
            src: 'checkData',
            input: ({ context }) => context.key as SettlementKey,
            onDone: [
              {
                guard: { type: 'isDataComplete', params: ({ event }) => event.output },
                target: 'dataAvailable',
                actions: { type: 'assignData', params: ({ event }) => event.output },
              },
              { target: 'dataUnavailable', actions: { type: 'assignData', params: ({ event }) => event.output } },
            ],
            onError: failureState('checkFailed'),
          },
        },
        dataAvailable: {
          on: { ...checkAgain, 'settlement.compute': '#settlement.computing' },
        },
        dataUnavailable: { on: { ...checkAgain } },
        checkFailed: { on: { ...checkAgain } },
      },
    },
    computing: {
      entry: 'clearFailure',
      invoke: {
        id: 'compute',
        src: 'compute',
        input: ({ context }) => ({ key: context.key, settlement: context.settlement }),
        onDone: settledState('preliminar'),
        // A failed run leaves the stored settlement as it was (or still none).
        onError: [{ guard: 'isComputed', ...failureState('preliminar') }, failureState('none.dataAvailable')],
      },
    },
    preliminar: {
      ...downloadStates,
      on: {
        ...readAgain,
        'settlement.compute': { guard: 'isCurrentVersion', target: 'computing' },
        'settlement.validate': {
          guard: and(['isValidatableVersion', 'mayValidate', 'isValidatorDifferent', 'isCurrentVersion']),
          target: 'validating',
        },
      },
    },
    validating: {
      entry: 'clearFailure',
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => context.settlement as SettlementFacts,
        onDone: settledState('validada'),
        onError: failureState('preliminar'),
      },
    },
    validada: {
      ...downloadStates,
      on: {
        ...readAgain,
        'settlement.reconcile': {
          guard: and(['isReconcilableVersion', 'isNotReconciled', 'isCurrentVersion']),
          target: 'reconciling',
        },
      },
    },
    reconciling: {
      entry: 'clearFailure',
      invoke: {
        id: 'reconcile',
        src: 'reconcile',
        input: ({ context }) => context.settlement as SettlementFacts,
        // From here on the page follows the new CD.
        onDone: settledState('preliminar'),
        onError: failureState('validada'),
      },
    },
  },
});

export type SettlementMachine = typeof settlementMachine;

/** The effect the server runs for an allowed command (the one its machine state invokes). */
export type SettlementEffect = 'compute' | 'validate' | 'reconcile';

const EFFECT_OF_STATE: Record<string, SettlementEffect> = { computing: 'compute', validating: 'validate', reconciling: 'reconcile' };

/** Refused by the machine though the rules name no reason: the tests keep this from happening. */
export const SETTLEMENT_TRANSITION_REFUSED = 'APP_ERR_SETTLEMENT_TRANSITION';

type SettlementVerdict =
  | { allowed: true; effect: SettlementEffect }
  | { allowed: false; code: SettlementRefusal | typeof SETTLEMENT_TRANSITION_REFUSED };

/** The machine's snapshot for what the server knows: a stored settlement's state, or none yet. */
export function settlementSnapshotOf(subject: SettlementSubject, user: SettlementUser) {
  const { settlement } = subject;
  const value = settlement !== null ? settlement.estado : { none: subject.dataAvailable ? 'dataAvailable' : 'dataUnavailable' };
  const data = settlement === null ? { available: subject.dataAvailable, missing: [] } : null;
  return settlementMachine.resolveState({ value, context: { user, key: null, data, settlement, failure: null } });
}

/**
 * Whether the server lets `user` send `command` about `subject`, decided by the settlement
 * machine. Allowed: the effect to run. Refused: the catalogue code of the reason
 * (`settlementRefusal`).
 */
export function settlementTransition(
  subject: SettlementSubject,
  command: SettlementCommand,
  user: SettlementUser,
): SettlementVerdict {
  const snapshot = settlementSnapshotOf(subject, user);
  if (!snapshot.can(command)) {
    return { allowed: false, code: settlementRefusal(subject, command, user) ?? SETTLEMENT_TRANSITION_REFUSED };
  }
  const next = getNextSnapshot(settlementMachine, snapshot, command);
  const effect = EFFECT_OF_STATE[String(next.value)];
  if (!effect) throw new Error(`settlementTransition: ${command.type} leads to no effect`);
  return { allowed: true, effect };
}
