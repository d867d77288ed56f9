import { recordFormMachine, type RecordFormContext, type RecordFormEvent, type RecordFormInput } from '../forms/record-form.machine';

export type { FormFieldErrors, FormValue } from '../forms/record-form.machine';
export type UserFormInput = RecordFormInput;
export type UserFormContext = RecordFormContext;
export type UserFormEvent = RecordFormEvent;

/**
 * A user form (create or edit; issue 3): the record form definition ending in `created`. The
 * contact and company edit forms run it too.
 */
export const userFormMachine = recordFormMachine('userForm', 'created');

export type UserFormMachine = typeof userFormMachine;
