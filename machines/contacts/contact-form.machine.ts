import { recordFormMachine } from '../forms/record-form.machine';

/** A contact form (create through the gateway, or edit; issue 4): the record form definition. */
export const contactFormMachine = recordFormMachine('contactForm');
