import { Input, SimpleGrid } from '@chakra-ui/react';
import type { Invoice } from '../../../schemas/invoice.schema';
import { FormField } from '../../lib/forms/form-field';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { formIsDirty, recordFormMachine } from '../../../machines/forms/record-form.machine';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useLocale } from '../../lib/i18n/use-locale';
import { InvoiceFormCard } from './invoice-form-card';
import { blankPayment, DATE_MESSAGES, PAYMENT_REQUIRED, paymentBody, validatePayment } from './invoice-form-values';
import { recordPayment } from './invoicing-api';

/**
 * A payment of an issued invoice: its date (today), amount (what is still owed; a part of it is
 * a partial payment), and the bank's reference, in the invoice's currency, which is shown and
 * not chosen. An amount beyond what is owed is the server's refusal, shown translated; a date
 * before the invoice's issue or after today is refused beside the field, here and by the server.
 */
export function InvoicePaymentForm({ invoice, onSaved, onLeft }: { invoice: Invoice; onSaved: () => void; onLeft: () => void }) {
  const locale = useLocale();
  const form = useFormMachine(recordFormMachine, {
    input: { initial: blankPayment(invoice, locale) },
    effects: {
      validate: (value) => validatePayment(value, invoice, locale),
      submit: (value) => recordPayment(invoice.id, paymentBody(value, invoice, locale)),
    },
    fields: DATE_MESSAGES,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { textInput } = useRecordFields({
    value: form.value,
    errors: form.errors,
    change: form.change,
    labelPrefix: 'invoicing.payment.fields',
    isRequired: (field) => PAYMENT_REQUIRED.has(field),
  });
  return (
    <InvoiceFormCard titleKey="invoicing.payment.title" failureTitleKey="invoicing.payment.failed" submitKey="invoicing.payment.submit" form={form}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {textInput('fecha', { placeholderKey: 'forms.datePlaceholder', inputMode: 'numeric' })}
        {textInput('monto', { inputMode: 'decimal' })}
        <FormField labelKey="invoicing.payment.fields.moneda" error={form.errors.moneda}>
          <Input name="moneda" value={invoice.moneda} readOnly />
        </FormField>
        {textInput('referencia')}
      </SimpleGrid>
    </InvoiceFormCard>
  );
}
