import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { confirmMachine } from '../../../machines/confirm/confirm.machine';
import type { FieldsReader } from '../api/read-failure';
import { useRequest } from '../api/use-request';

/**
 * An action after a yes/no question (deleting a record, switching an account off): the confirm
 * machine asks, the request machine runs `perform` with the subject asked about. `ask(subject)`
 * opens the question; `dialog` gives the `ConfirmDialog` its open/busy/confirm/cancel props;
 * `failure` is the last refusal (until the next question); `onSuccess` follows a success.
 */
export function useConfirmedAction<S, T = unknown>(
  perform: (subject: S) => Promise<T>,
  onSuccess: (data: T, subject: S) => void,
  /** How `failure.fields` reads a refusal's details (useRequest's `fields`). */
  fields?: FieldsReader,
) {
  // The request's callbacks run after this render, once `send` below is there.
  const settle = () => send({ type: 'confirm.settled' });
  const request = useRequest(perform, {
    onSuccess: (data, subject) => {
      settle();
      onSuccess(data, subject);
    },
    onFailure: settle,
    fields,
  });
  const run = request.send;
  // `run` is stable for the request's life: one machine per action.
  const machine = useMemo(() => confirmMachine.provide({ actions: { proceed: ({ context }) => run(context.subject as S) } }), [run]);
  const [snapshot, send] = useMachine(machine);
  const { reset } = request;
  // Stable, so the columns of a list that offer it need not be drawn again.
  const ask = useCallback(
    (subject: S) => {
      reset();
      send({ type: 'confirm.ask', subject });
    },
    [reset, send],
  );

  return {
    /** What the open question is about (null when none). */
    subject: snapshot.context.subject as S | null,
    ask,
    failure: request.failure,
    dialog: {
      open: !snapshot.matches('closed'),
      busy: snapshot.matches('proceeding'),
      onConfirm: () => send({ type: 'confirm.accept' }),
      onCancel: () => send({ type: 'confirm.dismiss' }),
    },
  };
}
