import { recordFormMachine } from '../forms/record-form.machine';

/** The annex form (create or update; issue 4): the record form definition. */
export const annexFormMachine = recordFormMachine('annexForm');
