import { assign, type EventObject } from 'xstate';
import { injectedActor } from '../injected';

// The guard and actions every form machine shares (record form, company draft, role editor,
// forgotten password, bid-process selection): written once, so a message or a refusal comes
// and goes alike in every form. `form-states.ts` names them in the states it shares.

/** Field messages by field (name, path or JSON Pointer); empty means valid. */
type FormMessages = Record<string, unknown>;

/** The context of a form that keeps an effect's refusal. */
interface FormFailureContext {
  /** What the last effect rejected with; null when none. */
  failure: unknown;
}

/** The context of a form that also shows messages beside its fields. */
interface FormMessagesContext extends FormFailureContext {
  fieldErrors: FormMessages;
}

/** The context of a form that keeps its saved result and where the user was leaving for. */
interface FormOutcomeContext extends FormMessagesContext {
  result: unknown;
  leaveTo: string | null;
}

/**
 * The effects of a form that checks its value, then sends it: `validate` (the field messages;
 * empty means valid) and `submit` (the API call), supplied with `.provide()`.
 */
export function formEffects<TValue>() {
  return {
    validate: injectedActor<FormMessages, TValue>('validate'),
    submit: injectedActor<unknown, TValue>('submit'),
  };
}

/** `hasFieldErrors`, the question `validatingState` asks of the validator's answer. */
export const formGuards = {
  hasFieldErrors: (_: unknown, errors: FormMessages) => Object.keys(errors).length > 0,
};

/**
 * `assignFailure` (an effect's rejection, kept as it came) and `clearFailure` (a new call: the
 * last refusal was about the previous one), for a machine whose context has `failure`.
 */
export function formFailureActions<TContext extends FormFailureContext, TEvent extends EventObject>() {
  return {
    assignFailure: assign<TContext, TEvent, unknown, TEvent, never>((_, failure) => ({ failure }) as Partial<TContext>),
    clearFailure: assign<TContext, TEvent, undefined, TEvent, never>(() => ({ failure: null }) as Partial<TContext>),
  };
}

/**
 * The failure actions plus those on the messages beside the fields, for a machine whose context
 * has `fieldErrors` too: `assignFieldErrors` (the validator's answer) and `clearErrors` (a new
 * check or call starts clean).
 */
export function formMessageActions<TContext extends FormMessagesContext, TEvent extends EventObject>() {
  return {
    ...formFailureActions<TContext, TEvent>(),
    assignFieldErrors: assign<TContext, TEvent, FormMessages, TEvent, never>((_, errors) => ({ fieldErrors: errors }) as Partial<TContext>),
    clearErrors: assign<TContext, TEvent, undefined, TEvent, never>(() => ({ fieldErrors: {}, failure: null }) as Partial<TContext>),
  };
}

/** The messages by field a refusal carries (`fields`, as the page's reading of it names them). */
export function refusedFields(failure: unknown): FormMessages {
  const fields = (failure as { fields?: unknown } | null)?.fields;
  return typeof fields === 'object' && fields !== null ? (fields as FormMessages) : {};
}

/**
 * The message actions plus those of a form that ends (saved or left): `assignRefusal` (a refused
 * submission, its `fields` beside the fields), `assignResult` (what the submit effect answered)
 * and `rememberLeave` (where a `form.leave` was going; null for the
 * form's own Cancel).
 */
export function formActions<TContext extends FormOutcomeContext, TEvent extends EventObject>() {
  return {
    ...formMessageActions<TContext, TEvent>(),
    // A refusal's messages go beside the fields it names, where the form's own would be.
    assignRefusal: assign<TContext, TEvent, unknown, TEvent, never>((_, failure) => ({ failure, fieldErrors: refusedFields(failure) }) as Partial<TContext>),
    assignResult: assign<TContext, TEvent, unknown, TEvent, never>((_, result) => ({ result, failure: null }) as Partial<TContext>),
    rememberLeave: assign<TContext, TEvent, undefined, TEvent, never>(
      ({ event }) => ({ leaveTo: event.type === 'form.leave' ? ((event as Partial<{ to: string }>).to ?? null) : null }) as Partial<TContext>,
    ),
  };
}
