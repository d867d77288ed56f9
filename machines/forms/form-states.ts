import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

// The states and transitions every form machine shares (record form, company draft, role
// editor): written once, so the forms of every area behave alike.

/**
 * Cancel and leave: a changed form asks first (`confirmingLeave`), an untouched one goes at once
 * (`cancelled`); either way `rememberLeave` keeps where the user was going. The machine's setup
 * names the guard `isDirty` and the action `rememberLeave`.
 */
export const leaving = [
  { guard: 'isDirty', target: 'confirmingLeave', actions: 'rememberLeave' },
  { target: 'cancelled', actions: 'rememberLeave' },
] as const;

/** Cancel and leave both go by `leaving`. */
export const leaveEvents = { 'form.cancel': leaving, 'form.leave': leaving } as const;

/** Submit: the messages cleared, the value checked again (`validating`). */
export const submitEvents = { 'form.submit': { target: 'validating', actions: 'clearErrors' } } as const;

/** How a form ends: saved (the machine keeps the submit's `result`) or left (`leaveTo`). */
export const endStates = { saved: { type: 'final' }, cancelled: { type: 'final' } } as const;

/**
 * The state every form machine checks its value (of type `Value`) in: the injected `validate` actor answers the
 * field messages; with some, back to `back` to show them; with none, on to `next`; a crash of
 * the validator goes to `failed` with it. The state is tagged `busy` (a form waits for it). The machine's setup names the actor `validate`, the
 * guard `hasFieldErrors` and the actions `assignFieldErrors` and `assignFailure`:
 * `validating: validatingState<FormValue>()({ back: 'editing', next: 'submitting', failed: 'failed' })`.
 */
export function validatingState<Value>() {
  return <const Back extends string, const Next extends string, const Failed extends string>(targets: { back: Back; next: Next; failed: Failed }) =>
    ({
      tags: 'busy',
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
