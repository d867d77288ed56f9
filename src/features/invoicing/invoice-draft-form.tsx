import { SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { Invoice } from '../../../schemas/invoice.schema';
import { FormField } from '../../lib/forms/form-field';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { formIsDirty, recordFormMachine } from '../../../machines/forms/record-form.machine';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useFormat } from '../../lib/format/use-format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { InvoiceFormCard } from './invoice-form-card';
import { DRAFT_MESSAGES, draftBody, draftPreview, draftToForm, validateDraft } from './invoice-form-values';
import { updateInvoice } from './invoicing-api';

/**
 * The draft's editable fields (description, discount %, adjustment), checked with the PATCH's
 * schema, with the amounts they give shown as they are typed (`invoiceAmounts`, the function
 * the server stores them with: the preview is the stored result to the cent).
 */
export function InvoiceDraftForm({ invoice, onSaved, onLeft }: { invoice: Invoice; onSaved: () => void; onLeft: () => void }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const form = useFormMachine(recordFormMachine, {
    input: { initial: draftToForm(invoice, locale) },
    effects: {
      validate: (value) => validateDraft(value, invoice, locale),
      submit: (value) => updateInvoice(invoice.id, draftBody(value, locale)),
    },
    fields: DRAFT_MESSAGES,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { textInput, text } = useRecordFields({ value: form.value, errors: form.errors, change: form.change, labelPrefix: 'invoicing.edit.fields', isRequired: () => false });
  const preview = draftPreview(form.value, invoice, locale);
  const money = (value: string) => format.money(value, invoice.moneda);
  const lines: Array<[string, string]> = preview
    ? [
        ['subtotal', money(invoice.subtotal)],
        ['descuento', money(preview.descuento)],
        ['base', money(preview.base)],
        ['iva', money(preview.iva)],
        ['total', money(preview.total)],
      ]
    : [];

  return (
    <InvoiceFormCard titleKey="invoicing.edit.title" failureTitleKey="invoicing.edit.failed" submitKey="common.save" form={form}>
      <FormField labelKey="invoicing.edit.fields.descripcion" error={form.errors.descripcion}>
        <Textarea name="descripcion" value={text('descripcion')} rows={3} onChange={(event) => form.change('descripcion', event.target.value)} />
      </FormField>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {textInput('descuento_pct', { inputMode: 'decimal' })}
        {textInput('ajuste', { inputMode: 'decimal' })}
      </SimpleGrid>
      <Stack as="section" aria-label={t('invoicing.edit.preview')} gap="1" borderWidth="1px" borderRadius="md" padding="4" bg="bg.subtle">
        <Text fontWeight="semibold">{t('invoicing.edit.preview')}</Text>
        {preview ? (
          <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
            {lines.map(([name, value]) => (
              <Stack key={name} gap="0" data-testid={`preview-${name}`}>
                <Text textStyle="xs" color="fg.muted">
                  {t(`invoicing.edit.amounts.${name}`, { rate: format.percent(invoice.tasa_iva ?? '0') })}
                </Text>
                <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        ) : (
          <Text color="fg.muted">{t('invoicing.edit.previewUnavailable')}</Text>
        )}
      </Stack>
    </InvoiceFormCard>
  );
}
