import { recordFormMachine } from '../forms/record-form.machine';

/**
 * The contract form (create or edit; issue 4): the record form definition, with the field
 * messages of spec section 5 coming from its `validate` effect.
 */
export const contractFormMachine = recordFormMachine('contractForm');
