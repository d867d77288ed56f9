import { fromCallback, fromPromise, type EventObject } from 'xstate';

// The effects a machine does not own (an API call, the identity service, a toast, a navigation)
// are declared in its setup and supplied by its user with `.provide()`, so tests swap them.
// Until supplied, each fails naming itself.

/** A promise effect supplied with `.provide({ actors })`. */
export function injectedActor<TOutput, TInput = unknown>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} must be provided`);
  });
}

/** A callback effect (a subscription that sends events back) supplied with `.provide({ actors })`. */
export function injectedCallback<TSentBack extends EventObject, TInput = void>(name: string) {
  return fromCallback<EventObject, TInput, TSentBack>(() => {
    throw new Error(`${name} must be provided`);
  });
}

/** An action supplied with `.provide({ actions })`; `TParams` types what the machine hands it. */
export function injectedAction<TParams = undefined>(name: string) {
  return (_: unknown, _params: TParams): void => {
    throw new Error(`${name} must be provided`);
  };
}
