import { Button, Card, chakra, HStack, Stack, Steps, Text, useStepsStyles } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { companyDraftMachine, draftIsDirty } from '../../../machines/companies/company-draft.machine';
import type { Company, CompanyCreate } from '../../../schemas/company.schema';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { DiscardChangesDialog } from '../../lib/forms/form-actions';
import { CompanyDataFields } from './company-data-fields';
import { CompanyDocumentsFields } from './company-documents-fields';
import { createBody, toPathErrors, validateData } from './company-values';

/**
 * The wizard's steps as a plain list, styled as Chakra's. They only show where the wizard is
 * (its buttons move it); `Steps.List` would name them a tab list of step buttons and point at
 * triggers this wizard does not draw.
 */
function StepList({ children }: { children: ReactNode }) {
  const styles = useStepsStyles();
  return (
    <chakra.div role="list" css={styles.list}>
      {children}
    </chakra.div>
  );
}

export interface CompanyWizardEffects {
  create: (body: CompanyCreate) => Promise<Company>;
}

/**
 * The two-step company creation on the company-draft machine: step 1 data, contacts and bank
 * accounts; step 2 the legal documents; one create call at the end.
 */
export function CompanyWizard({
  effects,
  onCreated,
  onLeft,
}: {
  effects: CompanyWizardEffects;
  onCreated: (company: Company) => void;
  /** The wizard was cancelled or left: go to `href` (an in-app link), or back to the list. */
  onLeft: (href: string | null) => void;
}) {
  const t = useT();
  const draft = useFormMachine(companyDraftMachine, {
    input: { mode: 'create' },
    effects: { validate: validateData, submit: (value) => effects.create(createBody(value)) },
    fields: toPathErrors,
    isDirty: draftIsDirty,
    onSaved: onCreated,
    onLeft,
  });
  const { snapshot, send, value, errors, failure, busy } = draft;
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const onDocuments = snapshot.matches('documents') || snapshot.matches('submitting') || (snapshot.matches('confirmingLeave') && snapshot.context.step === 'documents');

  // After a refused step, the first field to fix gets the focus (and scrolls into view).
  const form = useRef<HTMLFormElement>(null);
  const errorCount = Object.keys(errors).length;
  const focusFirstToFix = useEffectEvent(() => {
    if (errorCount === 0 || !snapshot.matches('data')) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
  // Only a new set of messages moves the focus, not every keystroke.
  useEffect(() => focusFirstToFix(), [snapshot.context.fieldErrors]);


  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('companies.createTitle')}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <Steps.Root step={onDocuments ? 1 : 0} count={2} size="sm">
            <StepList>
              {['companies.steps.data', 'companies.steps.documents'].map((key, index) => (
                <Steps.Item key={key} index={index} role="listitem">
                  <Steps.Indicator />
                  <Steps.Title>{t(key)}</Steps.Title>
                  <Steps.Separator />
                </Steps.Item>
              ))}
            </StepList>
          </Steps.Root>
          <Text color="fg.muted" aria-live="polite">
            {t('companies.stepOf', { n: onDocuments ? 2 : 1, total: 2 })}
          </Text>
          {failure ? (
            <ErrorAlert messageKey={failure.messageKey}>{Object.keys(errors).length > 0 ? t('companies.fixFields') : null}</ErrorAlert>
          ) : null}
          <form
            ref={form}
            noValidate
            aria-label={t(onDocuments ? 'companies.steps.documents' : 'companies.steps.data')}
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: onDocuments ? 'form.submit' : 'step.next' });
            }}
          >
            <Stack gap="6">
              {onDocuments ? (
                <>
                  <Text>{t('companies.documentsIntro')}</Text>
                  <CompanyDocumentsFields
                    documents={value.documentos}
                    errors={errors}
                    onSet={(tipo, document) => send({ type: 'document.set', tipo, document })}
                    onClear={(tipo) => send({ type: 'document.clear', tipo })}
                    onBusyChange={(tipo, isBusy) =>
                      setUploading((previous) => {
                        const next = new Set(previous);
                        if (isBusy) next.add(tipo);
                        else next.delete(tipo);
                        return next;
                      })
                    }
                  />
                </>
              ) : (
                <CompanyDataFields
                  value={value}
                  errors={errors}
                  disabled={busy}
                  onChange={(path, fieldValue) => send({ type: 'form.change', field: path, value: fieldValue })}
                  onAddRow={(list) => send({ type: 'row.add', list })}
                  onRemoveRow={(list, index) => send({ type: 'row.remove', list, index })}
                />
              )}
              <HStack justify="flex-end" gap="3" wrap="wrap">
                <Button variant="ghost" disabled={busy} onClick={() => send({ type: 'form.cancel' })}>
                  {t('common.cancel')}
                </Button>
                {onDocuments ? (
                  <Button variant="outline" disabled={busy} onClick={() => send({ type: 'step.back' })}>
                    {t('companies.back')}
                  </Button>
                ) : null}
                <Button type="submit" colorPalette="blue" loading={busy} disabled={uploading.size > 0}>
                  {t(onDocuments ? 'companies.create' : 'companies.next')}
                </Button>
              </HStack>
            </Stack>
          </form>
        </Stack>
      </Card.Body>
      <DiscardChangesDialog {...draft.leaveDialog} />
    </Card.Root>
  );
}
