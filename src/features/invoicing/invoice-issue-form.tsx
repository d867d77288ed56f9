import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { fileTypeId, INVOICE_FILE_ACCEPT } from '../../../schemas/file.schema';
import type { Invoice } from '../../../schemas/invoice.schema';
import { uploadFile } from '../../lib/files/files-api';
import { useRecordFields } from '../../lib/forms/use-record-fields';
import { formIsDirty, recordFormMachine } from '../../../machines/forms/record-form.machine';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useLocale } from '../../lib/i18n/use-locale';
import { InvoiceFormCard } from './invoice-form-card';
import { blankIssue, DATE_MESSAGES, ISSUE_REQUIRED, issueBody, validateIssue } from './invoice-form-values';
import { issueInvoice } from './invoicing-api';

/** An invoice document is a PDF or an e-invoice XML (what issuing accepts), never an image. */
const DOCUMENT = { accept: INVOICE_FILE_ACCEPT, hintKey: 'invoicing.issue.fileHint' };

/**
 * Issuing a requested invoice: its number and date, and the physical-energy and flex-energy
 * invoice documents, each uploaded to the files service as it is chosen (the form keeps their
 * keys). All four are required, as the server's schema says; the submit waits for an upload.
 * The date is not after today nor before the invoiced month, as the server checks it too.
 */
export function InvoiceIssueForm({ invoice, onSaved, onLeft }: { invoice: Invoice; onSaved: () => void; onLeft: () => void }) {
  const locale = useLocale();
  const [uploads, setUploads] = useState(0);
  const form = useFormMachine(recordFormMachine, {
    input: { initial: blankIssue() },
    effects: {
      validate: (value) => validateIssue(value, invoice, locale),
      submit: (value) => issueInvoice(invoice.id, issueBody(value, locale)),
    },
    fields: DATE_MESSAGES,
    isDirty: formIsDirty,
    onSaved,
    onLeft,
  });
  const { textInput, file } = useRecordFields({
    value: form.value,
    errors: form.errors,
    change: form.change,
    labelPrefix: 'invoicing.issue.fields',
    isRequired: (field) => ISSUE_REQUIRED.has(field),
  });
  const onBusyChange = (busy: boolean) => setUploads((count) => count + (busy ? 1 : -1));
  return (
    <InvoiceFormCard titleKey="invoicing.issue.title" failureTitleKey="invoicing.issue.failed" submitKey="invoicing.issue.submit" form={form} submitDisabled={uploads > 0}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {textInput('numero')}
        {textInput('fecha', { placeholderKey: 'forms.datePlaceholder', inputMode: 'numeric' })}
      </SimpleGrid>
      <Stack gap="4">
        {file('archivo_fisica', { nameField: 'archivo_fisica_nombre', tipo: fileTypeId('factura_energia_fisica'), fallbackNameKey: 'invoicing.issue.fields.archivo_fisica', upload: uploadFile, onBusyChange, ...DOCUMENT })}
        {file('archivo_flex', { nameField: 'archivo_flex_nombre', tipo: fileTypeId('factura_energia_flex'), fallbackNameKey: 'invoicing.issue.fields.archivo_flex', upload: uploadFile, onBusyChange, ...DOCUMENT })}
      </Stack>
    </InvoiceFormCard>
  );
}
