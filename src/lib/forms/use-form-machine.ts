import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent } from 'react';
import {
  fromPromise,
  type AnyStateMachine,
  type ContextFrom,
  type EventFrom,
  type InputFrom,
  type MachineImplementationsFrom,
  type OutputFrom,
  type SnapshotFrom,
} from 'xstate';
import type { RecordFormMachine } from '../../../machines/forms/record-form.machine';
import { readFailure, type Failure, type FieldsReader } from '../api/read-failure';
import type { FieldErrors } from './field-errors';
import { useLeaveGuard } from './use-leave-guard';

type ActorLogics<TMachine extends AnyStateMachine> = NonNullable<MachineImplementationsFrom<TMachine>['actors']>;

/**
 * A machine's promise effects as plain functions, by the name its setup gives each actor: what
 * the area's API module does (`submit: (value) => createContract(body(value))`). Each gets the
 * actor's input and an abort signal (aborted when the machine leaves the state that runs it).
 */
type FormEffects<TMachine extends AnyStateMachine> = {
  [Name in keyof ActorLogics<TMachine>]?: (
    input: InputFrom<NonNullable<ActorLogics<TMachine>[Name]>>,
    signal: AbortSignal,
  ) => Promise<OutputFrom<NonNullable<ActorLogics<TMachine>[Name]>>> | OutputFrom<NonNullable<ActorLogics<TMachine>[Name]>>;
};

interface FormMachineOptions<TMachine extends AnyStateMachine> {
  /** The machine's input (read once, when the actor starts: a new record remounts the form). */
  input?: InputFrom<TMachine>;
  /** The machine's effects (its actors); the latest render's are used, so they read the current props. */
  effects?: FormEffects<TMachine>;
  /** The machine's injected actions (a toast, a navigation); the latest render's too. */
  actions?: MachineImplementationsFrom<TMachine>['actions'];
  /** How an effect's refusal places the server's field `details` (readFailure's `fields`). */
  fields?: FieldsReader;
  /**
   * While `isDirty(context)`, leaving the page asks first (in-app links, Back, closing the tab):
   * the machine is sent `leaveEvent(href)` (by default `form.leave` with `to`) and decides.
   */
  isDirty?: (context: ContextFrom<TMachine>) => boolean;
  leaveEvent?: (href: string) => EventFrom<TMachine>;
  /**
   * Told once when the machine ends in its final state `saved`, with the `result` it keeps (what
   * the submit effect answered: the page knows its type, the machine keeps it as `unknown`).
   */
  onSaved?: (result: never) => void;
  /** Told once when the machine ends otherwise (left): its `leaveTo`, null for the form's own Cancel. */
  onLeft?: (href: string | null) => void;
}

/** What the kit's form machines keep in their context (see machines/forms/). */
interface KitContext {
  value?: unknown;
  result?: unknown;
  leaveTo?: string | null;
  fieldErrors?: FieldErrors;
  failure?: unknown;
}

/**
 * Runs a form machine for a component: the one way a page runs a machine of machines/forms/
 * (record form), machines/companies/ (company draft), machines/admin/ (role editor, view
 * assignment) or any machine written on the kit of machines/forms/.
 *
 * The contract:
 * - `effects` are the machine's actors as plain functions (usually calls of the area's API
 *   module); `actions` its injected actions. Both are taken from every render (XState keeps a
 *   running actor's implementations up to date), so they read the current props and language:
 *   no ref to keep them fresh.
 * - An effect's rejection reaches the machine read once, as a `Failure` (src/lib/api/
 *   read-failure.ts) whose `fields` are the server's `details` placed by `fields`: a machine's
 *   `assignRefusal` puts them beside the fields, `assignFailure` keeps the whole refusal.
 * - With `isDirty`, a navigation is held back while the machine holds changes, and the machine
 *   is told where the user was going (`leaveEvent`); `onSaved` / `onLeft` hear how it ended, once.
 * - It answers the snapshot and `send`, and what the kit's machines keep alike: `value`,
 *   `errors` (messages by field), `failure` (the refusal on screen, or null), `busy` (a state
 *   tagged `busy`: checking or calling) and `leaveDialog` (the props of `DiscardChangesDialog`
 *   for a machine whose `confirmingLeave` state answers `leave.confirm` / `leave.dismiss`).
 */
export function useFormMachine<TMachine extends AnyStateMachine>(machine: TMachine, options: FormMachineOptions<TMachine> = {}) {
  const { effects = {}, actions, fields, isDirty, leaveEvent } = options;
  const actors = Object.fromEntries(
    Object.entries(effects as Record<string, (input: unknown, signal: AbortSignal) => unknown>).map(([name, effect]) => [
      name,
      fromPromise<unknown, unknown>(async ({ input, signal }) => {
        try {
          return await effect(input, signal);
        } catch (error) {
          throw readFailure(error, fields);
        }
      }),
    ]),
  );
  const provided = machine.provide({ actors, ...(actions ? { actions } : {}) } as MachineImplementationsFrom<TMachine>) as TMachine;
  const [snapshot, send, actorRef] = useMachine(provided, { input: options.input } as never);
  const context = snapshot.context as KitContext;
  const done = snapshot.status === 'done';
  const sendKit = send as (event: { type: string; [key: string]: unknown }) => void;

  useLeaveGuard(!done && isDirty !== undefined && isDirty(snapshot.context), (to) => {
    if (leaveEvent) send(leaveEvent(to));
    else sendKit({ type: 'form.leave', to });
  });

  const finish = useEffectEvent(() => {
    if (snapshot.value === 'saved') options.onSaved?.(context.result as never);
    else options.onLeft?.(context.leaveTo ?? null);
  });
  useEffect(() => {
    if (done) finish();
  }, [done]);

  return {
    snapshot: snapshot as SnapshotFrom<TMachine>,
    send: send as (event: EventFrom<TMachine>) => void,
    actorRef,
    value: context.value as ContextFrom<TMachine> extends { value: infer Value } ? Value : undefined,
    /** Messages beside the fields: the form's own check, or a refusal's details. */
    errors: (context.fieldErrors ?? {}) as FieldErrors,
    /** The refusal on screen (an effect's rejection, read once), until the machine clears it. */
    failure: (context.failure ?? null) as Failure | null,
    busy: snapshot.hasTag('busy'),
    change: (field: string, value: unknown) => sendKit({ type: 'form.change', field, value }),
    submit: () => sendKit({ type: 'form.submit' }),
    cancel: () => sendKit({ type: 'form.cancel' }),
    /** Props of the "discard changes?" dialog. */
    leaveDialog: {
      open: snapshot.value === 'confirmingLeave',
      onConfirm: () => sendKit({ type: 'leave.confirm' }),
      onCancel: () => sendKit({ type: 'leave.dismiss' }),
    },
  };
}

/** A record form as `useFormMachine(recordFormMachine, ...)` runs it (for parts that take the whole form). */
export type RecordForm = ReturnType<typeof useFormMachine<RecordFormMachine>>;
