import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { requestMachine, type RequestFailure } from '../../../machines/request/request.machine';
import type { DataArea, DataOperation } from './data-areas';
import { operationSpec, runOperation, type OperationParams } from './run-operation';

export interface DataRequest {
  state: 'idle' | 'loading' | 'success' | 'failure';
  /** The stored data: an empty list or object until a success brings some (spec section 4). */
  data: unknown;
  /** Message and payload (an ApiError with the server's error body) of the last failure. */
  error: RequestFailure | null;
  send(params?: OperationParams): void;
  reset(): void;
}

/**
 * One operation of a data area, run through the request machine:
 * `const { state, data, send } = useDataRequest('company', 'getOne')`.
 */
export function useDataRequest<A extends DataArea>(area: A, operation: DataOperation<A>): DataRequest {
  const machine = useMemo(
    () =>
      requestMachine.provide({
        actors: {
          // The signal aborts the call when a newer request or a reset replaces it.
          perform: fromPromise(({ input, signal }) => runOperation(area, operation, input as OperationParams, { signal })),
        },
      }),
    [area, operation],
  );
  const [snapshot, sendEvent] = useMachine(machine, { input: { empty: operationSpec(area, operation).empty ?? 'object' } });
  const send = useCallback((params?: OperationParams) => sendEvent({ type: 'request.send', params }), [sendEvent]);
  const reset = useCallback(() => sendEvent({ type: 'request.reset' }), [sendEvent]);
  return {
    state: snapshot.value,
    data: snapshot.context.data,
    error: snapshot.context.error,
    send,
    reset,
  };
}
