import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useMemo, type DependencyList } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { requestMachine } from '../../../machines/request/request.machine';
import { readFailure, type Failure, type FieldsReader } from './read-failure';

interface RequestOptions<T, P> {
  /**
   * A read: send at once, and again whenever one of these values changes (like an effect's
   * dependencies). Without it the request waits for `send` (a write, or a read on demand).
   */
  load?: DependencyList;
  /** What a success without a body stores (spec section 4): `list` for lists, `object` otherwise. */
  empty?: 'list' | 'object';
  /** After each success (a write's follow-up: a toast, a navigation). */
  onSuccess?: (data: T, params: P) => void;
  /** After each failure. */
  onFailure?: (failure: Failure, params: P) => void;
  /** How `failure.fields` reads the server's 400 details (by default one message per top-level field). */
  fields?: FieldsReader;
}

interface Request<T, P> {
  state: 'idle' | 'loading' | 'success' | 'failure';
  /** The last answer since the last reset; null before the first (a reload keeps the previous one). */
  data: T | null;
  /** The last failure, read once (message key, server message, field messages); null otherwise. */
  failure: Failure | null;
  /** Sends the request (again); a newer send replaces one in flight. */
  send: (params: P) => void;
  /** Back to idle: no data, no failure. */
  reset: () => void;
}

/**
 * Every read and every stand-alone write of a page (spec section 4): the request machine runs
 * `perform` (a call of the area's API module) idle -> loading -> success | failure, and a reset
 * returns to idle. `perform` and the callbacks are the latest render's, so they read the current props.
 *
 *   const contract = useRequest(() => getContract(id), { load: [id] });
 *   const removal = useRequest((target: Contract) => deleteContract(target.id), { onSuccess: ... });
 */
export function useRequest<T, P = void>(perform: (params: P, signal: AbortSignal) => Promise<T>, options: RequestOptions<T, P> = {}): Request<T, P> {
  // Provided on every render (XState keeps a running actor's implementations up to date), so
  // the call reads the current props. The signal aborts the call's answer when a newer request
  // or a reset replaces it.
  const machine = requestMachine.provide({ actors: { perform: fromPromise(({ input, signal }) => perform(input as P, signal)) } });
  const actor = useActorRef(machine, { input: { empty: options.empty ?? 'object' } });

  const settled = useEffectEvent((snapshot: SnapshotFrom<typeof requestMachine>) => {
    const params = snapshot.context.params as P;
    if (snapshot.value === 'success') options.onSuccess?.(snapshot.context.data as T, params);
    if (snapshot.value === 'failure') options.onFailure?.(readFailure(snapshot.context.error?.payload, options.fields), params);
  });
  useEffect(() => {
    let previous = actor.getSnapshot().value;
    const subscription = actor.subscribe((snapshot) => {
      const left = previous === 'loading' && snapshot.value !== 'loading';
      previous = snapshot.value;
      if (left) settled(snapshot);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const load = options.load;
  useEffect(() => {
    if (load) actor.send({ type: 'request.send' });
    // The caller's dependencies decide when a read is sent again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, load ?? [null]);

  const state = useSelector(actor, (snapshot) => snapshot.value);
  const data = useSelector(actor, (snapshot) => (snapshot.context.answered ? (snapshot.context.data as T) : null));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fields = options.fields;
  const failure = useMemo(() => (state === 'failure' && error ? readFailure(error.payload, fields) : null), [state, error, fields]);
  const controls = useMemo(
    () => ({
      send: (params: P) => actor.send({ type: 'request.send', params }),
      reset: () => actor.send({ type: 'request.reset' }),
    }),
    [actor],
  );
  return { state, data, failure, ...controls };
}
