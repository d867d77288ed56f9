import { recordFormMachine } from '../forms/record-form.machine';

/**
 * A company's edit form (issue 4): the record form definition over the whole company draft
 * (data, contact and bank rows, documents), with the version read sent back for the 409 check.
 */
export const companyEditMachine = recordFormMachine('companyEdit');
