import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  companyDraftMachine,
  draftIsDirty,
  type CompanyDraft,
  type CompanyDraftInput,
  type DraftFieldErrors,
} from '../../../machines/companies/company-draft.machine';
import type { Company } from '../../../schemas/company.schema';
import { readFailure, type Failure } from '../../lib/api/read-failure';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { useLeaveGuard } from '../../lib/forms/use-leave-guard';
import { toPathErrors } from './company-values';

export interface CompanyDraftOptions extends CompanyDraftInput {
  /** Field messages of the draft (empty: valid); the latest render's function is used. */
  validate: (draft: CompanyDraft) => FieldErrors;
  /** The API call (create or update). */
  submit: (draft: CompanyDraft) => Promise<Company>;
  onSaved: (company: Company) => void;
  /** The draft was left: by its Cancel button (`href` null) or for the in-app address `href`. */
  onLeft: (href: string | null) => void;
}

/**
 * Runs the company-draft machine for the wizard (`create`) or the edit form (`edit`): its
 * effects are the latest render's `validate` and `submit` (a refusal is read once, its
 * `details` placed by field path), leaving a changed company asks first, and the page hears of
 * the outcome once the machine has reached it.
 */
export function useCompanyDraft(options: CompanyDraftOptions) {
  const latest = useRef(options);
  latest.current = options;
  const machine = useMemo(
    () =>
      companyDraftMachine.provide({
        actors: {
          validate: fromPromise<DraftFieldErrors, CompanyDraft>(async ({ input }) => latest.current.validate(input)),
          submit: fromPromise<unknown, CompanyDraft>(async ({ input }) => {
            try {
              return await latest.current.submit(input);
            } catch (error) {
              throw readFailure(error, toPathErrors);
            }
          }),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { mode: options.mode, initial: options.initial } });
  const { context } = snapshot;
  const open = snapshot.status !== 'done';

  useLeaveGuard(open && draftIsDirty(context), (to) => send({ type: 'form.leave', to }));

  const saved = snapshot.matches('saved');
  const left = snapshot.matches('cancelled');
  useEffect(() => {
    if (saved) latest.current.onSaved(context.result as Company);
    if (left) latest.current.onLeft(context.leaveTo);
  }, [saved, left, context.result, context.leaveTo]);

  return {
    snapshot,
    send,
    value: context.value,
    errors: context.fieldErrors as FieldErrors,
    /** The last refusal while its messages are on screen (the submit effect read it). */
    failure: context.failure as Failure | null,
    busy: snapshot.matches('validatingData') || snapshot.matches('validating') || snapshot.matches('submitting'),
    /** Props of the "discard changes?" dialog. */
    leaveDialog: {
      open: snapshot.matches('confirmingLeave'),
      onConfirm: () => send({ type: 'leave.confirm' }),
      onCancel: () => send({ type: 'leave.dismiss' }),
    },
  };
}
