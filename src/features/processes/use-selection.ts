import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { assign } from 'xstate';
import { refusedFields } from '../../../machines/forms/form-actions';
import { selectionMachine, type SelectionContext, type SelectionEvent, type SelectionValue } from '../../../machines/processes/selection.machine';
import type { Run } from '../../../schemas/process.schema';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { issuesFromDetails, type SelectionIssues } from './selection-issues';

interface SelectionOptions<TValue extends object, TBody> {
  /** The selection the page opens with (the machine holds it from then on). */
  initial: TValue;
  /** The body Start sends, made from the selection as it is. */
  bodyOf: (value: TValue) => TBody;
  /** The selection rules (selection-checks.ts, the server's rules): issues by JSON Pointer. */
  validate: (body: TBody) => SelectionIssues;
  /** The API call that asks for the run. */
  start: (body: TBody) => Promise<Run>;
  onStarted: (run: Run) => void;
}

/** A field's next value, or how to make it from the one the machine holds (two quick edits both count). */
type FieldChange<T> = T | ((current: T) => T);

/**
 * Runs the selection machine (machines/processes/selection.machine.ts) for a robot's selection
 * step. The machine holds the selection (`value`): the page reads it from there and tells it
 * each change (`change`, which clears that field's messages, the server's included); Start
 * validates the body made from it, then asks the trader (`question`: the page's
 * `ConfirmDialog` says what goes where), then asks for the run; a refusal's details show beside
 * their fields and rows. From the first Start on, the rules are checked again at each change,
 * so a fixed row loses its message at once.
 */
export function useSelection<TValue extends object, TBody>(options: SelectionOptions<TValue, TBody>) {
  const { bodyOf, validate, start } = options;
  const form = useFormMachine(selectionMachine, {
    input: { initial: options.initial as SelectionValue },
    effects: {
      validate: (input) => validate(bodyOf(input as TValue)),
      start: (input) => start(bodyOf(input as TValue)),
    },
    // The server's details read as the browser's own checks are: i18n message objects by JSON Pointer.
    // A credit refusal's details are its figures, which the credit panel shows: no field's problem.
    fields: (details) => issuesFromDetails(details?.filter((detail) => detail.keyword !== 'guaranteeShort')),
    actions: { assignRefusal: assign<SelectionContext, SelectionEvent, unknown, SelectionEvent, never>((_, failure) => ({ failure, fieldErrors: refusedFields(failure) })) },
  });
  const { snapshot, send, actorRef: actor } = form;
  const [submitted, setSubmitted] = useState(false);
  const value = snapshot.context.value as TValue;

  const run = snapshot.matches('monitoring') ? (snapshot.context.run as Run | null) : null;
  const started = useEffectEvent((next: Run) => options.onStarted(next));
  useEffect(() => {
    if (run) started(run);
  }, [run]);

  const change = <K extends keyof TValue & string>(field: K, next: FieldChange<TValue[K]>) => {
    const current = (actor.getSnapshot().context.value as TValue)[field];
    const resolved = typeof next === 'function' ? (next as (current: TValue[K]) => TValue[K])(current) : next;
    send({ type: 'selection.change', field, value: resolved });
  };

  /** Several fields at once (the run options: a site that lowers the workers). */
  const changeAll = (patch: Partial<TValue>) => {
    for (const [field, next] of Object.entries(patch)) send({ type: 'selection.change', field, value: next });
  };

  const { failure } = form;
  const fieldErrors = snapshot.context.fieldErrors as SelectionIssues;
  // Kept while nothing it is made of changes, so the grids' rows are made again only then.
  const issues = useMemo<SelectionIssues>(
    () => ({ ...fieldErrors, ...(submitted ? validate(bodyOf(value)) : {}) }),
    [fieldErrors, submitted, validate, bodyOf, value],
  );
  return {
    /** The selection as the machine holds it. */
    value,
    /** The body Start would send now. */
    body: bodyOf(value),
    change,
    changeAll,
    issues,
    /** A refusal that names no field (or a connection failure), while it is the latest word. */
    failure,
    busy: snapshot.matches('validating') || snapshot.matches('starting'),
    submit: () => {
      setSubmitted(true);
      send({ type: 'selection.submit' });
    },
    /** The question before the run starts, as a `ConfirmDialog` takes it: open until the run is asked for. */
    question: {
      open: snapshot.matches('confirming') || snapshot.matches('starting'),
      busy: snapshot.matches('starting'),
      onConfirm: () => send({ type: 'selection.confirm' }),
      onCancel: () => send({ type: 'selection.cancel' }),
    },
  };
}
