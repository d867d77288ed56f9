import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

/**
 * The state every form machine checks its value (of type `Value`) in: the injected `validate` actor answers the
 * field messages; with some, back to `back` to show them; with none, on to `next`; a crash of
 * the validator goes to `failed` with it. The machine's setup names the actor `validate`, the
 * guard `hasFieldErrors` and the actions `assignFieldErrors` and `assignFailure`:
 * `validating: validatingState<FormValue>()({ back: 'editing', next: 'submitting', failed: 'failed' })`.
 */
export function validatingState<Value>() {
  return <const Back extends string, const Next extends string, const Failed extends string>(targets: { back: Back; next: Next; failed: Failed }) =>
    ({
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }: { context: { value: Value } }) => context.value,
        onDone: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }: { event: DoneActorEvent<Record<string, unknown>> }) => event.output },
            target: targets.back,
            actions: { type: 'assignFieldErrors', params: ({ event }: { event: DoneActorEvent<Record<string, unknown>> }) => event.output },
          },
          { target: targets.next },
        ],
        onError: { target: targets.failed, actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    }) as const;
}
