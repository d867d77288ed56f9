import { Alert, Button, Card, HStack, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import type { Contract } from '../../../schemas/contract.schema';
import { notify } from '../../app/toaster';
import { ApiError } from '../../lib/api/api-error';
import { uploadFile } from '../../lib/files/files-api';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { useLoaded } from '../../lib/ui/use-loaded';
import { ContractForm, type ContractFormEffects } from './contract-form';
import { ContractView } from './contract-view';
import { ContractsList } from './contracts-list';
import { createContract, deleteContract, getContract, listCompanies, listContractAnnexes, listContracts, updateContract } from './contracts-api';

const EFFECTS: ContractFormEffects = { create: createContract, update: updateContract, upload: uploadFile };

function errorKeyOf(error: unknown): string {
  return error instanceof ApiError && error.code ? `errors.${error.code}` : 'forms.errors.connection';
}

function LoadFailure({ errorKey }: { errorKey: string }) {
  const t = useT();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{t(errorKey)}</Alert.Title>
    </Alert.Root>
  );
}

function ListRoute() {
  const t = useT();
  const contracts = useLoaded(listContracts);
  if (contracts.errorKey) return <LoadFailure errorKey={contracts.errorKey} />;
  return (
    <Stack gap="4">
      <HStack justify="flex-end">
        <Button asChild colorPalette="blue">
          <Link href="/nuevo">{t('contracts.new')}</Link>
        </Button>
      </HStack>
      <ContractsList rows={contracts.data} />
    </Stack>
  );
}

function FormCard({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const t = useT();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t(titleKey)}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function CreateRoute() {
  const t = useT();
  const [, navigate] = useLocation();
  const companies = useLoaded(listCompanies);
  if (companies.errorKey) return <LoadFailure errorKey={companies.errorKey} />;
  if (companies.data === null) return null;
  return (
    <FormCard titleKey="contracts.createTitle">
      <ContractForm
        companies={companies.data}
        effects={EFFECTS}
        onSaved={(saved) => {
          notify({ type: 'success', message: t('contracts.created', { id: String(saved.id) }) });
          navigate(`/${saved.id}`);
        }}
        onCancelled={() => navigate('~/contratos')}
      />
    </FormCard>
  );
}

function EditRoute({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const loaded = useLoaded(() => Promise.all([getContract(id), listCompanies()]));
  if (loaded.errorKey) return <LoadFailure errorKey={loaded.errorKey} />;
  if (loaded.data === null) return null;
  const [contract, companies] = loaded.data;
  return (
    <FormCard titleKey="contracts.editTitle">
      <ContractForm
        key={contract.version}
        contract={contract}
        companies={companies}
        effects={EFFECTS}
        onSaved={(saved) => {
          notify({ type: 'success', message: t('contracts.updated', { id: String(saved.id) }) });
          navigate(`/${saved.id}`);
        }}
        onCancelled={() => navigate(`/${id}`)}
      />
    </FormCard>
  );
}

function ViewRoute({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const contract = useLoaded(() => getContract(id));
  const annexes = useLoaded(() => listContractAnnexes(id));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function confirmDelete(target: Contract) {
    setDeleting(true);
    try {
      await deleteContract(target.id);
      notify({ type: 'success', message: t('contracts.deleted', { id: String(target.id) }) });
      navigate('~/contratos');
    } catch (error) {
      setRefusal(errorKeyOf(error));
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  if (contract.errorKey) return <LoadFailure errorKey={contract.errorKey} />;
  if (contract.data === null) return null;
  const current = contract.data;
  const annexCount = annexes.data?.length ?? current.numero_anexos ?? 0;
  return (
    <Stack gap="4">
      {refusal ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(refusal)}</Alert.Title>
            {refusal === 'errors.APP_ERR_RECORD_IN_USE' ? (
              <Alert.Description>{t('contracts.deleteInUse', { n: String(annexCount) })}</Alert.Description>
            ) : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <ContractView
        contract={current}
        annexes={annexes.data}
        onEdit={() => navigate(`/${id}/editar`)}
        onDelete={() => {
          setRefusal(null);
          setConfirming(true);
        }}
      />
      <ConfirmDialog
        open={confirming}
        titleKey="contracts.confirmDelete.title"
        textKey="contracts.confirmDelete.text"
        textParams={{ id: String(current.id), company: current.empresa_razon_social }}
        confirmKey="contracts.delete"
        busy={deleting}
        onConfirm={() => void confirmDelete(current)}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** A record route's id, or nothing for a path that is not one (it shows the not-found text). */
function useRecordId(): number | null {
  const { id } = useParams<{ id: string }>();
  return /^\d{1,9}$/.test(id ?? '') ? Number(id) : null;
}

function RecordRoute({ edit }: { edit: boolean }) {
  const id = useRecordId();
  if (id === null) return <LoadFailure errorKey="errors.APP_ERR_CONTRACT_NOT_FOUND" />;
  // A new id is a new page: nothing of the previous record may linger.
  return edit ? <EditRoute key={id} id={id} /> : <ViewRoute key={id} id={id} />;
}

/**
 * `/contratos` and the addresses below it (nested route): `/` the list, `/nuevo` the creation
 * form, `/:id` a contract with its annexes, `/:id/editar` its edit form.
 */
export default function ContractsPage() {
  return (
    <Switch>
      <Route path="/">
        <ListRoute />
      </Route>
      <Route path="/nuevo">
        <CreateRoute />
      </Route>
      <Route path="/:id/editar">
        <RecordRoute edit />
      </Route>
      <Route path="/:id">
        <RecordRoute edit={false} />
      </Route>
    </Switch>
  );
}
