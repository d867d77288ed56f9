import { Alert, Button, Card, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { companyEditMachine } from '../../../machines/companies/company-edit.machine';
import { blankBank, blankContact, setDraftAt, type CompanyDraft } from '../../../machines/companies/company-wizard.machine';
import type { FormValue } from '../../../machines/forms/record-form.machine';
import type { Company } from '../../../schemas/company.schema';
import { DiscardChangesDialog, FormActions } from '../../lib/forms/form-actions';
import { useRecordForm } from '../../lib/forms/use-record-form';
import { useT } from '../../lib/i18n/use-t';
import { useLoaded } from '../../lib/ui/use-loaded';
import { getCompany, updateCompany } from './companies-api';
import { CompanyDataFields } from './company-data-fields';
import { CompanyDocumentsFields } from './company-documents-fields';
import { companyToDraft, failureOf, updateBody, validateUpdate } from './company-values';

/** `/empresas/:id/editar`: loads the company, then the edit form (remounted by "reload"). */
export function CompanyEdit({ id, onSaved, onLeft }: { id: number; onSaved: (company: Company) => void; onLeft: (href: string | null) => void }) {
  const t = useT();
  const [round, setRound] = useState(0);
  const company = useLoaded(() => getCompany(id));
  if (company.errorKey) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t(company.errorKey)}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!company.data) return <Text>{t('common.loading')}</Text>;
  return (
    <CompanyEditForm
      key={`${company.data.id}-${company.data.version}-${round}`}
      company={company.data}
      onSaved={onSaved}
      onLeft={onLeft}
      onReload={() => {
        company.reload();
        setRound((value) => value + 1);
      }}
    />
  );
}

/**
 * The edit form on the generic form machine (editing -> validating -> submitting, cancel
 * asks when changed): the whole draft is the form's value, lists change as a whole. The
 * version read goes with the update; a stale one (409) offers to reload.
 */
function CompanyEditForm({
  company,
  onSaved,
  onLeft,
  onReload,
}: {
  company: Company;
  onSaved: (company: Company) => void;
  onLeft: (href: string | null) => void;
  onReload: () => void;
}) {
  const t = useT();
  const form = useRecordForm(companyEditMachine, {
    initial: companyToDraft(company) as FormValue,
    validate: (input) => validateUpdate(input as CompanyDraft, company.version),
    submit: (input) => updateCompany(company.id, updateBody(input as CompanyDraft, company.version)),
    readFailure: failureOf,
    onSaved,
    onLeft,
  });
  const { busy, change, failure, errors } = form;
  const value = form.value as CompanyDraft;
  const [uploading, setUploading] = useState(0);

  const stale = failure?.messageKey === 'errors.APP_ERR_RECORD_STALE';

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('companies.editTitle', { name: company.razon_social })}</Card.Title>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          aria-label={t('companies.editTitle', { name: company.razon_social })}
          onSubmit={(event) => {
            event.preventDefault();
            form.submit();
          }}
        >
          <Stack gap="6">
            {failure ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t(failure.messageKey)}</Alert.Title>
                  {stale ? (
                    <Alert.Description>
                      <Button size="xs" marginTop="2" variant="outline" onClick={onReload}>
                        {t('companies.reload')}
                      </Button>
                    </Alert.Description>
                  ) : null}
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <CompanyDataFields
              value={value}
              errors={errors}
              disabled={busy}
              onChange={(path, fieldValue) => {
                const next = setDraftAt(value, path, fieldValue);
                const top = path.split('.')[0] ?? path;
                change(top, next[top]);
              }}
              onAddRow={(list) => change(list, [...value[list], list === 'contactos' ? blankContact() : blankBank()])}
              onRemoveRow={(list, index) => change(list, value[list].filter((_, at) => at !== index))}
            />
            <Stack gap="3">
              <Text fontWeight="semibold" textStyle="lg">
                {t('companies.steps.documents')}
              </Text>
              <CompanyDocumentsFields
                documents={value.documentos}
                errors={errors}
                onSet={(tipo, document) => change('documentos', { ...value.documentos, [tipo]: document })}
                onClear={(tipo) => {
                  const { [tipo]: _removed, ...rest } = value.documentos;
                  change('documentos', rest);
                }}
                onBusyChange={(_, isBusy) => setUploading((count) => count + (isBusy ? 1 : -1))}
              />
            </Stack>
            <FormActions busy={busy} submitKey="common.save" submitDisabled={uploading > 0} onCancel={form.cancel} />
          </Stack>
        </form>
      </Card.Body>
      <DiscardChangesDialog {...form.leaveDialog} />
    </Card.Root>
  );
}
