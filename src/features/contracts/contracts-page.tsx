import { Alert, Stack } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import type { Contract } from '../../../schemas/contract.schema';
import { notify } from '../../app/toaster';
import { uploadFile } from '../../lib/files/files-api';
import { leaveTarget } from '../../lib/forms/use-leave-guard';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { FormCard, LoadFailure, RecordListLayout, RecordRoutes } from '../../lib/ui/record-page';
import { useDeleteConfirmation } from '../../lib/ui/use-delete-confirmation';
import { useLoaded } from '../../lib/ui/use-loaded';
import { ContractForm, type ContractFormEffects } from './contract-form';
import { ContractView } from './contract-view';
import { ContractsList } from './contracts-list';
import { createContract, deleteContract, getContract, listCompanies, listContractAnnexes, listContracts, updateContract } from './contracts-api';

const EFFECTS: ContractFormEffects = { create: createContract, update: updateContract, upload: uploadFile };

function ListRoute() {
  const contracts = useLoaded(listContracts);
  if (contracts.errorKey) return <LoadFailure errorKey={contracts.errorKey} />;
  return (
    <RecordListLayout newKey="contracts.new">
      <ContractsList rows={contracts.data} />
    </RecordListLayout>
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
        onLeft={(href) => navigate(leaveTarget(href, '~/contratos'))}
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
        onLeft={(href) => navigate(leaveTarget(href, `/${id}`))}
      />
    </FormCard>
  );
}

function ViewRoute({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const contract = useLoaded(() => getContract(id));
  const annexes = useLoaded(() => listContractAnnexes(id));
  const deletion = useDeleteConfirmation(
    (target: Contract) => deleteContract(target.id),
    (target) => {
      notify({ type: 'success', message: t('contracts.deleted', { id: String(target.id) }) });
      navigate('~/contratos');
    },
  );
  const refusal = deletion.refusal;

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
        onDelete={deletion.request}
      />
      <ConfirmDialog
        titleKey="contracts.confirmDelete.title"
        textKey="contracts.confirmDelete.text"
        textParams={{ id: String(current.id), company: current.empresa_razon_social }}
        confirmKey="contracts.delete"
        {...deletion.dialogFor(current)}
      />
    </Stack>
  );
}

/**
 * `/contratos` and the addresses below it (nested route): `/` the list, `/nuevo` the creation
 * form, `/:id` a contract with its annexes, `/:id/editar` its edit form.
 */
export default function ContractsPage() {
  return <RecordRoutes list={<ListRoute />} create={<CreateRoute />} view={ViewRoute} edit={EditRoute} notFoundKey="errors.APP_ERR_CONTRACT_NOT_FOUND" />;
}
