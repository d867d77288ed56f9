import { SimpleGrid, Stack } from '@chakra-ui/react';
import { CONTACT_TYPES, type Contact, type ContactCreate, type ContactUpdate } from '../../../schemas/contact.schema';
import { DiscardChangesDialog, FormActions, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { formIsDirty, recordFormMachine } from '../../../machines/forms/record-form.machine';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useT } from '../../lib/i18n/use-t';
import {
  blankContactForm,
  CONTACT_FORM_FIELDS,
  CONTACT_MESSAGES,
  CONTACT_REQUIRED_FIELDS,
  contactToForm,
  createBody,
  updateBody,
  validateCreate,
  validateUpdate,
} from './contact-values';

export interface ContactFormEffects {
  create: (body: ContactCreate) => Promise<Contact>;
  update: (body: ContactUpdate) => Promise<Contact>;
}

const INPUT_TYPES: Readonly<Record<string, 'email' | 'tel'>> = { email: 'email', telefono: 'tel', celular: 'tel' };

/**
 * Create or edit a contact on the form machine: the shared schema checks first, the server's
 * refusal (400 details, 409 stale) comes back beside the fields and in a banner.
 */
export function ContactForm({
  contact,
  companies,
  effects,
  onSaved,
  onLeft,
}: {
  contact?: Contact;
  companies: Array<{ id: number; razon_social: string }>;
  effects: ContactFormEffects;
  onSaved: (contact: Contact) => void;
  /** The form was left: by Cancel (`href` null) or for the in-app address `href`. */
  onLeft: (href: string | null) => void;
}) {
  const t = useT();
  const creating = contact === undefined;
  const form = useFormMachine(recordFormMachine, {
    input: { initial: creating ? blankContactForm() : contactToForm(contact) },
    effects: {
      validate: creating ? validateCreate : validateUpdate,
      submit: (input) => (creating ? effects.create(createBody(input) as ContactCreate) : effects.update(updateBody(input) as ContactUpdate)),
    },
    fields: CONTACT_MESSAGES,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { value, busy, change, failure, errors } = form;

  const { textInput, select, picker } = useRecordFields({
    value,
    errors,
    change,
    labelPrefix: 'contacts.fields',
    isRequired: (field) => CONTACT_REQUIRED_FIELDS.has(field),
  });

  const title = t(creating ? 'contacts.createTitle' : 'contacts.editTitle');
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack gap="5">
        {failure ? <SubmitFailureAlert failure={failure} /> : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {CONTACT_FORM_FIELDS.map((field) => {
            if (field === 'empresa_id') return picker(field, companies.map((company) => ({ value: String(company.id), label: company.razon_social })));
            if (field === 'tipo_contacto') return select(field, CONTACT_TYPES, (type) => t(`contacts.types.${type}`));
            return textInput(field, { type: INPUT_TYPES[field] ?? 'text' });
          })}
        </SimpleGrid>
        <FormActions busy={busy} submitKey={creating ? 'contacts.create' : 'common.save'} onCancel={form.cancel} />
      </Stack>
      <DiscardChangesDialog {...form.leaveDialog} />
    </form>
  );
}
