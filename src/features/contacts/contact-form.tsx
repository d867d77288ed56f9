import { Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { contactFormMachine } from '../../../machines/contacts/contact-form.machine';
import { CONTACT_TYPES, type Contact, type ContactCreate, type ContactUpdate } from '../../../schemas/contact.schema';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { useRecordForm } from '../../lib/forms/use-record-form';
import { DiscardChangesDialog, FormActions, SubmitFailureAlert } from '../../lib/forms/form-actions';
import { FormField } from '../../lib/forms/form-field';
import { submitFailureOf } from '../../lib/forms/server-errors';
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

const INPUT_TYPES: Readonly<Record<string, string>> = { email: 'email', telefono: 'tel', celular: 'tel' };

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
  const form = useRecordForm(contactFormMachine, {
    initial: creating ? blankContactForm() : contactToForm(contact),
    validate: creating ? validateCreate : validateUpdate,
    submit: (input) => (creating ? effects.create(createBody(input) as ContactCreate) : effects.update(updateBody(input) as ContactUpdate)),
    onSaved,
    onLeft,
  });
  const { value, busy, change } = form;
  const failure = form.failure === null ? null : submitFailureOf(form.failure, CONTACT_MESSAGES);
  const errors: FieldErrors = { ...(form.fieldErrors as FieldErrors), ...(failure?.fields ?? {}) };

  const text = (field: string) => (typeof value[field] === 'string' ? (value[field] as string) : '');

  function select(field: string, options: Array<{ value: string; label: string }>) {
    return (
      <FormField key={field} labelKey={`contacts.fields.${field}`} error={errors[field]} required={CONTACT_REQUIRED_FIELDS.has(field)}>
        <NativeSelect.Root>
          <NativeSelect.Field name={field} value={text(field)} onChange={(event) => change(field, event.target.value)}>
            <option value="">{t('forms.choose')}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    );
  }

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
            if (field === 'empresa_id') return select(field, companies.map((company) => ({ value: String(company.id), label: company.razon_social })));
            if (field === 'tipo_contacto') return select(field, CONTACT_TYPES.map((type) => ({ value: type, label: t(`contacts.types.${type}`) })));
            return (
              <FormField key={field} labelKey={`contacts.fields.${field}`} error={errors[field]} required={CONTACT_REQUIRED_FIELDS.has(field)}>
                <Input name={field} type={INPUT_TYPES[field] ?? 'text'} autoComplete="off" value={text(field)} onChange={(event) => change(field, event.target.value)} />
              </FormField>
            );
          })}
        </SimpleGrid>
        <FormActions busy={busy} submitKey={creating ? 'contacts.create' : 'common.save'} onCancel={form.cancel} />
      </Stack>
      <DiscardChangesDialog {...form.leaveDialog} />
    </form>
  );
}
