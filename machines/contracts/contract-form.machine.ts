import { recordFormMachine } from '../forms/record-form.machine';

export type { FormFieldErrors, FormValue, RecordFormContext, RecordFormEvent, RecordFormInput } from '../forms/record-form.machine';

/**
 * The contract form (create or edit; issue 4): the record form definition ending in `saved`,
 * with the field messages of spec section 5. The annex form runs the same definition.
 */
export const contractFormMachine = recordFormMachine('contractForm', 'saved');

export type ContractFormMachine = typeof contractFormMachine;
