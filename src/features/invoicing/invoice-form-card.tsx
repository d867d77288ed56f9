import { Card, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Failure } from '../../lib/api/read-failure';
import { DiscardChangesDialog, FormActions, SubmitFailureAlert } from '../../lib/forms/form-actions';
import type { RecordForm } from '../../lib/forms/use-form-machine';
import { useT } from '../../lib/i18n/use-t';

/**
 * One of the invoice page's forms (the draft's fields, issuing, a payment) in a titled card:
 * the server's refusal above the fields (translated, `failureTitleKey` leading), Cancel and
 * submit below, and the question before a changed form is dropped.
 */
export function InvoiceFormCard({
  titleKey,
  failureTitleKey,
  submitKey,
  form,
  submitDisabled,
  children,
}: {
  titleKey: string;
  failureTitleKey: string;
  submitKey: string;
  form: RecordForm;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const failure: Failure | null = form.failure;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h3">{t(titleKey)}</Card.Title>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          aria-label={t(titleKey)}
          onSubmit={(event) => {
            event.preventDefault();
            form.submit();
          }}
        >
          <Stack gap="5">
            {failure && Object.keys(failure.fields).length === 0 ? <SubmitFailureAlert failure={failure} titleKey={failureTitleKey} /> : null}
            {children}
            <FormActions busy={form.busy} submitKey={submitKey} submitDisabled={submitDisabled} onCancel={form.cancel} />
          </Stack>
          <DiscardChangesDialog {...form.leaveDialog} />
        </form>
      </Card.Body>
    </Card.Root>
  );
}
