import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { formIsDirty, recordFormMachine, type FormFieldErrors, type FormValue } from '../../../machines/forms/record-form.machine';
import type { FieldErrors } from './field-errors';
import { readFailure, type Failure, type FieldsReader } from '../api/read-failure';
import { useLeaveGuard } from './use-leave-guard';

export interface RecordFormOptions<TResult> {
  /** The value the form starts from (read once: a new record remounts the form). */
  initial: FormValue;
  /** Field messages for a value (empty: valid); the latest render's function is used. */
  validate: (value: FormValue) => FormFieldErrors;
  /** The API call; what it rejects with is the form's `failure`. */
  submit: (value: FormValue) => Promise<TResult>;
  /** How the server's field `details` of a refused submission read (default: by field name, generic texts). */
  fields?: FieldsReader;
  onSaved: (result: TResult) => void;
  /** The form was left: by its Cancel button (`href` null) or for the in-app address `href`. */
  onLeft: (href: string | null) => void;
}

/**
 * Runs the record form machine for a component: the effects are the latest render's
 * `validate` and `submit` (so they read the current language and props), leaving a changed
 * form asks first (links, Back, closing the tab), and the page hears of the outcome once
 * the machine has reached it.
 */
export function useRecordForm<TResult>(options: RecordFormOptions<TResult>) {
  const latest = useRef(options);
  latest.current = options;
  const provided = useMemo(
    () =>
      recordFormMachine.provide({
        actors: {
          validate: fromPromise<FormFieldErrors, FormValue>(async ({ input }) => latest.current.validate(input)),
          submit: fromPromise<unknown, FormValue>(({ input }) => latest.current.submit(input)),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(provided, { input: { initial: options.initial } });
  const { context } = snapshot;
  const open = snapshot.status !== 'done';

  useLeaveGuard(open && formIsDirty(context), (to) => send({ type: 'form.leave', to }));

  const saved = snapshot.matches('saved');
  const left = snapshot.matches('cancelled');
  useEffect(() => {
    if (saved) latest.current.onSaved(context.result as TResult);
    if (left) latest.current.onLeft(context.leaveTo);
  }, [saved, left, context.result, context.leaveTo]);

  const failure: Failure | null = snapshot.matches('failed') ? readFailure(context.failure, options.fields) : null;
  return {
    value: context.value,
    /** The last submission's refusal, while its messages are on screen. */
    failure,
    /** Messages beside the fields: the form's own check, then the server's details. */
    errors: { ...(context.fieldErrors as FieldErrors), ...(failure?.fields ?? {}) },
    busy: snapshot.matches('validating') || snapshot.matches('submitting'),
    change: (field: string, value: unknown) => send({ type: 'form.change', field, value }),
    submit: () => send({ type: 'form.submit' }),
    cancel: () => send({ type: 'form.cancel' }),
    /** Props of the "discard changes?" dialog. */
    leaveDialog: {
      open: snapshot.matches('confirmingLeave'),
      onConfirm: () => send({ type: 'leave.confirm' }),
      onCancel: () => send({ type: 'leave.dismiss' }),
    },
  };
}
