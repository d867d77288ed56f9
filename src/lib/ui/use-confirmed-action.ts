import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
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
  const settle = useRef(() => {});
  const request = useRequest(perform, {
    onSuccess: (data, subject) => {
      settle.current();
      onSuccess(data, subject);
    },
    onFailure: () => settle.current(),
    fields,
  });
  const run = request.send;
  // `run` is stable for the request's life: one machine per action.
  const machine = useMemo(() => confirmMachine.provide({ actions: { proceed: ({ context }) => run(context.subject as S) } }), [run]);
  const [snapshot, send] = useMachine(machine);
  settle.current = () => send({ type: 'confirm.settled' });

  return {
    /** What the open question is about (null when none). */
    subject: snapshot.context.subject as S | null,
    ask: (subject: S) => {
      request.reset();
      send({ type: 'confirm.ask', subject });
    },
    failure: request.failure,
    dialog: {
      open: !snapshot.matches('closed'),
      busy: snapshot.matches('proceeding'),
      onConfirm: () => send({ type: 'confirm.accept' }),
      onCancel: () => send({ type: 'confirm.dismiss' }),
    },
  };
}
