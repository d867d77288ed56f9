import { recordFormMachine } from '../contracts/contract-form.machine';

export type { FormFieldErrors, FormValue, RecordFormEvent } from '../contracts/contract-form.machine';

/**
 * The annex form (create or update): the same editing -> validating -> submitting -> saved
 * definition as the contract form, so both forms behave alike and one model-based test
 * covers the definition.
 */
export const annexFormMachine = recordFormMachine('annexForm');

export type AnnexFormMachine = typeof annexFormMachine;
