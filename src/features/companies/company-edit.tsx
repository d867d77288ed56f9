import { Alert, Button, Card, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { userFormMachine, type FormFieldErrors, type FormValue } from '../../../machines/admin/user-form.machine';
import { blankBank, blankContact, setDraftAt, type CompanyDraft, type RowList } from '../../../machines/companies/company-wizard.machine';
import type { Company } from '../../../schemas/company.schema';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { DiscardChangesDialog, FormActions } from '../../lib/forms/form-actions';
import { useT } from '../../lib/i18n/use-t';
import { useLoaded } from '../../lib/ui/use-loaded';
import { getCompany, updateCompany } from './companies-api';
import { CompanyDataFields } from './company-data-fields';
import { CompanyDocumentsFields } from './company-documents-fields';
import { companyToDraft, failureOf, updateBody, validateUpdate } from './company-values';
import { useLeaveGuard } from './use-leave-guard';

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
  const machine = useMemo(
    () =>
      userFormMachine.provide({
        actors: {
          validate: fromPromise<FormFieldErrors, FormValue>(async ({ input }) => validateUpdate(input as CompanyDraft, company.version) as FormFieldErrors),
          submit: fromPromise<unknown, FormValue>(async ({ input }) => {
            try {
              return await updateCompany(company.id, updateBody(input as CompanyDraft, company.version));
            } catch (error) {
              throw failureOf(error);
            }
          }),
        },
      }),
    // One machine per form instance: a reload remounts the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const initial = useMemo(() => companyToDraft(company), [company]);
  const [snapshot, send] = useMachine(machine, { input: { initial: initial as FormValue } });
  const value = snapshot.context.value as CompanyDraft;
  const failure = snapshot.matches('failed') ? (snapshot.context.failure as ReturnType<typeof failureOf>) : null;
  const errors: FieldErrors = { ...(snapshot.context.fieldErrors as FieldErrors), ...((failure?.fields ?? {}) as FieldErrors) };
  const busy = snapshot.matches('validating') || snapshot.matches('submitting');
  const dirty = JSON.stringify(value) !== JSON.stringify(initial);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);

  useLeaveGuard(dirty && !snapshot.matches('created') && !snapshot.matches('cancelled'), (href) => {
    setLeaveTo(href);
    send({ type: 'form.cancel' });
  });

  const outcome = snapshot.matches('created') ? 'created' : snapshot.matches('cancelled') ? 'cancelled' : null;
  const callbacks = useRef({ onSaved, onLeft });
  callbacks.current = { onSaved, onLeft };
  const result = snapshot.context.result as Company | null;
  useEffect(() => {
    if (outcome === 'created' && result) callbacks.current.onSaved(result);
    if (outcome === 'cancelled') callbacks.current.onLeft(leaveTo);
  }, [outcome, result, leaveTo]);

  const changeList = (list: RowList, rows: Array<Record<string, string>>) => send({ type: 'form.change', field: list, value: rows });
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
            send({ type: 'form.submit' });
          }}
        >
          <Stack gap="6">
            {failure ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{failure.messageKey ? t(failure.messageKey) : t('forms.errors.connection')}</Alert.Title>
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
                send({ type: 'form.change', field: top, value: next[top] });
              }}
              onAddRow={(list) => changeList(list, [...value[list], list === 'contactos' ? blankContact() : blankBank()])}
              onRemoveRow={(list, index) => changeList(list, value[list].filter((_, at) => at !== index))}
            />
            <Stack gap="3">
              <Text fontWeight="semibold" textStyle="lg">
                {t('companies.steps.documents')}
              </Text>
              <CompanyDocumentsFields
                documents={value.documentos}
                errors={errors}
                onSet={(tipo, document) => send({ type: 'form.change', field: 'documentos', value: { ...value.documentos, [tipo]: document } })}
                onClear={(tipo) => {
                  const { [tipo]: _removed, ...rest } = value.documentos;
                  send({ type: 'form.change', field: 'documentos', value: rest });
                }}
                onBusyChange={(_, isBusy) => setUploading((count) => count + (isBusy ? 1 : -1))}
              />
            </Stack>
            <FormActions busy={busy} submitKey="common.save" submitDisabled={uploading > 0} onCancel={() => send({ type: 'form.cancel' })} />
          </Stack>
        </form>
      </Card.Body>
      <DiscardChangesDialog
        open={snapshot.matches('confirmingCancel')}
        onConfirm={() => send({ type: 'cancel.confirm' })}
        onCancel={() => {
          setLeaveTo(null);
          send({ type: 'cancel.dismiss' });
        }}
      />
    </Card.Root>
  );
}
