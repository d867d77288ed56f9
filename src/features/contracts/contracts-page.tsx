import { Stack } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import type { Contract } from '../../../schemas/contract.schema';
import { usePageActions } from '../../app/session/use-page-actions';
import { notify } from '../../app/notifications';
import { uploadFile } from '../../lib/files/files-api';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import {RecordFormRoute, RecordListLayout, RecordRoutes, useRecordFormOutcome } from '../../lib/ui/record-page';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useRequest } from '../../lib/api/use-request';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { listAnnexes } from '../annexes/annexes-api';
import { listCompanies } from '../companies/companies-api';
import { ContractForm, type ContractFormEffects } from './contract-form';
import { ContractView } from './contract-view';
import { ContractsList } from './contracts-list';
import { createContract, deleteContract, getContract, listContracts, updateContract } from './contracts-api';

const EFFECTS: ContractFormEffects = { create: createContract, update: updateContract, upload: uploadFile };

function ListRoute() {
  const { create } = usePageActions('Contracts');
  const contracts = useRequest(() => listContracts(), { load: [] });
  if (contracts.failure) return <ErrorAlert messageKey={contracts.failure.messageKey} />;
  return (
    <RecordListLayout newKey="contracts.new" canCreate={create}>
      <ContractsList rows={contracts.data} />
    </RecordListLayout>
  );
}

function CreateRoute() {
  const outcome = useRecordFormOutcome('contracts.created', '~/contratos');
  return (
    <RecordFormRoute titleKey="contracts.createTitle" load={listCompanies}>
      {(companies) => <ContractForm companies={companies} effects={EFFECTS} {...outcome} />}
    </RecordFormRoute>
  );
}

function EditRoute({ id }: { id: number }) {
  const outcome = useRecordFormOutcome('contracts.updated', `/${id}`);
  return (
    <RecordFormRoute titleKey="contracts.editTitle" load={() => Promise.all([getContract(id), listCompanies()])}>
      {([contract, companies]) => <ContractForm contract={contract} companies={companies} effects={EFFECTS} {...outcome} />}
    </RecordFormRoute>
  );
}

function ViewRoute({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const actions = usePageActions('Contracts');
  const contract = useRequest(() => getContract(id), { load: [id] });
  const annexes = useRequest(() => listAnnexes(id), { load: [id] });
  const deletion = useConfirmedAction(
    (target: Contract) => deleteContract(target.id),
    (_, target) => {
      notify({ type: 'success', message: t('contracts.deleted', { id: String(target.id) }) });
      navigate('~/contratos');
    },
  );
  const refusal = deletion.failure?.messageKey;

  if (contract.failure) return <ErrorAlert messageKey={contract.failure.messageKey} />;
  if (contract.data === null) return null;
  const current = contract.data;
  const annexCount = annexes.data?.length ?? current.numero_anexos ?? 0;
  return (
    <Stack gap="4">
      {refusal ? (
        <ErrorAlert messageKey={refusal}>{refusal === 'errors.APP_ERR_RECORD_IN_USE' ? t('contracts.deleteInUse', { count: annexCount }) : null}</ErrorAlert>
      ) : null}
      <ContractView
        contract={current}
        annexes={annexes.data}
        onEdit={actions.edit ? () => navigate(`/${id}/editar`) : undefined}
        onDelete={actions.delete ? () => deletion.ask(current) : undefined}
        canAddAnnex={actions.create}
      />
      <ConfirmDialog
        titleKey="contracts.confirmDelete.title"
        textKey="contracts.confirmDelete.text"
        textParams={{ id: String(current.id), company: current.empresa_razon_social }}
        confirmKey="contracts.delete"
        {...deletion.dialog}
      />
    </Stack>
  );
}

/**
 * `/contratos` and the addresses below it (nested route): `/` the list, `/nuevo` the creation
 * form, `/:id` a contract with its annexes, `/:id/editar` its edit form.
 */
export default function ContractsPage() {
  return <RecordRoutes list={<ListRoute />} create={<CreateRoute />} view={ViewRoute} edit={EditRoute} allowed={usePageActions('Contracts')} notFoundKey="errors.APP_ERR_CONTRACT_NOT_FOUND" />;
}
