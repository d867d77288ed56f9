import { recordFormMachine } from '../forms/record-form.machine';

export type { FormFieldErrors, FormValue, RecordFormEvent } from '../forms/record-form.machine';

/**
 * The annex form (create or update): the same editing -> validating -> submitting -> saved
 * definition as the contract form, so both forms behave alike and one model-based test
 * covers the definition.
 */
export const annexFormMachine = recordFormMachine('annexForm', 'saved');

export type AnnexFormMachine = typeof annexFormMachine;
