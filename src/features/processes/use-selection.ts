import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { assign, fromPromise } from 'xstate';
import { selectionMachine, type SelectionFieldErrors, type SelectionValue } from '../../../machines/processes/selection.machine';
import type { Run } from '../../../schemas/process.schema';
import { readFailure, type Failure } from '../../lib/api/read-failure';
import { issuesFromDetails, type SelectionIssues } from './selection-issues';

export interface SelectionOptions<TBody extends SelectionValue> {
  /** The body Start would send, as the page's controls make it now. */
  body: TBody;
  /** The selection rules (selection-checks.ts, the server's rules): issues by JSON Pointer. */
  validate: (body: TBody) => SelectionIssues;
  /** The API call that asks for the run. */
  start: (body: TBody) => Promise<Run>;
  onStarted: (run: Run) => void;
}

/**
 * Runs the selection machine (machines/processes/selection.machine.ts) for a robot's selection
 * step: the page's body is the machine's value (each top-level field that changes is told to
 * it, which clears that field's messages, the server's included); Start validates, then asks
 * the trader (`question`: the page's `ConfirmDialog` says what goes where), then asks for the
 * run; a refusal's details show beside their fields and rows. From the first Start on, the
 * rules are checked again at each change, so a fixed row loses its message at once.
 */
export function useSelection<TBody extends SelectionValue>(options: SelectionOptions<TBody>) {
  const latest = useRef(options);
  latest.current = options;
  const provided = useMemo(
    () =>
      selectionMachine.provide({
        actors: {
          validate: fromPromise<SelectionFieldErrors, SelectionValue>(async ({ input }) => latest.current.validate(input as TBody)),
          start: fromPromise<unknown, SelectionValue>(({ input }) => latest.current.start(input as TBody)),
        },
        actions: {
          // The server's details read as the browser's own checks are: i18n message objects.
          assignRefusal: assign((_, error: unknown) => ({ failure: error, fieldErrors: readFailure(error, issuesFromDetails).fields })),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(provided, { input: { initial: options.body } });
  const [submitted, setSubmitted] = useState(false);

  const { value } = snapshot.context;
  const serialized = JSON.stringify(options.body);
  useEffect(() => {
    for (const [field, next] of Object.entries(latest.current.body)) {
      if (JSON.stringify(value[field]) !== JSON.stringify(next)) send({ type: 'selection.change', field, value: next });
    }
    // The body's content, not its identity, says whether it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialized]);

  const run = snapshot.matches('monitoring') ? (snapshot.context.run as Run | null) : null;
  useEffect(() => {
    if (run) latest.current.onStarted(run);
  }, [run]);

  const failure: Failure | null = snapshot.context.failure ? readFailure(snapshot.context.failure, issuesFromDetails) : null;
  const issues: SelectionIssues = {
    ...(snapshot.context.fieldErrors as SelectionIssues),
    ...(submitted ? options.validate(options.body) : {}),
  };
  return {
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
