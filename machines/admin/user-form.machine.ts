import { recordFormMachine } from '../forms/record-form.machine';

/** A user form (create or edit; issue 3): the record form definition. */
export const userFormMachine = recordFormMachine('userForm');
