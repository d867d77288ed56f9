import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { companyDraftMachine, draftIsDirty } from '../../../machines/companies/company-draft.machine';
import type { Company } from '../../../schemas/company.schema';
import { useRequest } from '../../lib/api/use-request';
import { DiscardChangesDialog, FormActions } from '../../lib/forms/form-actions';
import { useFormMachine } from '../../lib/forms/use-form-machine';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { getCompany, updateCompany } from './companies-api';
import { CompanyDataFields } from './company-data-fields';
import { CompanyDocumentsFields } from './company-documents-fields';
import { companyToDraft, toPathErrors, updateBody, validateUpdate } from './company-values';

/** `/empresas/:id/editar`: loads the company, then the edit form (remounted by "reload"). */
export function CompanyEdit({ id, onSaved, onLeft }: { id: number; onSaved: (company: Company) => void; onLeft: (href: string | null) => void }) {
  const t = useT();
  const [round, setRound] = useState(0);
  const company = useRequest(() => getCompany(id), { load: [id] });
  if (company.failure) return <ErrorAlert messageKey={company.failure.messageKey} />;
  if (!company.data) return <Text>{t('common.loading')}</Text>;
  return (
    <CompanyEditForm
      key={`${company.data.id}-${company.data.version}-${round}`}
      company={company.data}
      onSaved={onSaved}
      onLeft={onLeft}
      onReload={() => {
        company.send();
        setRound((value) => value + 1);
      }}
    />
  );
}

/**
 * The edit form on the company-draft machine (the wizard's rows, limits and documents on one
 * page). The version read goes with the update; a stale one (409) offers to reload.
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
  const draft = useFormMachine(companyDraftMachine, {
    input: { mode: 'edit', initial: companyToDraft(company) },
    effects: {
      validate: (value) => validateUpdate(value, company.version),
      submit: (value) => updateCompany(company.id, updateBody(value, company.version)),
    },
    fields: toPathErrors,
    isDirty: draftIsDirty,
    onSaved,
    onLeft,
  });
  const { send, value, errors, failure, busy } = draft;
  const [uploading, setUploading] = useState(0);

  const stale = failure?.code === 'APP_ERR_RECORD_STALE';

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
            send({ type: 'form.submit' });
          }}
        >
          <Stack gap="6">
            {failure ? (
              <ErrorAlert messageKey={failure.messageKey}>
                {stale ? (
                  <Button size="xs" marginTop="2" variant="outline" onClick={onReload}>
                    {t('companies.reload')}
                  </Button>
                ) : null}
              </ErrorAlert>
            ) : null}
            <CompanyDataFields
              value={value}
              errors={errors}
              disabled={busy}
              onChange={(path, fieldValue) => send({ type: 'form.change', field: path, value: fieldValue })}
              onAddRow={(list) => send({ type: 'row.add', list })}
              onRemoveRow={(list, index) => send({ type: 'row.remove', list, index })}
            />
            <Stack gap="3">
              <Text fontWeight="semibold" textStyle="lg">
                {t('companies.steps.documents')}
              </Text>
              <CompanyDocumentsFields
                documents={value.documentos}
                errors={errors}
                onSet={(tipo, document) => send({ type: 'document.set', tipo, document })}
                onClear={(tipo) => send({ type: 'document.clear', tipo })}
                onBusyChange={(_, isBusy) => setUploading((count) => count + (isBusy ? 1 : -1))}
              />
            </Stack>
            <FormActions busy={busy} submitKey="common.save" submitDisabled={uploading > 0} onCancel={() => send({ type: 'form.cancel' })} />
          </Stack>
        </form>
      </Card.Body>
      <DiscardChangesDialog {...draft.leaveDialog} />
    </Card.Root>
  );
}
