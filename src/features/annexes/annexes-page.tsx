import { Stack } from '@chakra-ui/react';
import { useLocation, useSearchParams } from 'wouter';
import type { Annex } from '../../../schemas/annex.schema';
import { usePageActions } from '../../app/session/use-page-actions';
import { notify } from '../../app/notifications';
import { uploadFile } from '../../lib/files/files-api';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import {RecordFormRoute, RecordListLayout, RecordRoutes, useRecordFormOutcome } from '../../lib/ui/record-page';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useRequest } from '../../lib/api/use-request';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { listContracts } from '../contracts/contracts-api';
import { AnnexForm, type AnnexFormEffects } from './annex-form';
import { AnnexView } from './annex-view';
import { AnnexesList } from './annexes-list';
import { SettlementRefresh } from './settlement-refresh';
import { createAnnex, deleteAnnex, getAnnex, listAnnexes, updateAnnex } from './annexes-api';

const EFFECTS: AnnexFormEffects = { create: createAnnex, update: updateAnnex, upload: uploadFile };

function ListRoute() {
  const { create } = usePageActions('Contracts');
  const annexes = useRequest(() => listAnnexes(), { load: [] });
  if (annexes.failure) return <ErrorAlert messageKey={annexes.failure.messageKey} />;
  return (
    <Stack gap="4">
      <SettlementRefresh />
      <RecordListLayout newKey="annexes.new" canCreate={create}>
        <AnnexesList rows={annexes.data} />
      </RecordListLayout>
    </Stack>
  );
}

function CreateRoute() {
  const outcome = useRecordFormOutcome('annexes.created', '~/anexos');
  const [params] = useSearchParams();
  const from = params.get('contrato') ?? '';
  return (
    <RecordFormRoute titleKey="annexes.createTitle" load={() => listContracts()}>
      {(contracts) => <AnnexForm contracts={contracts} initialContractId={/^\d+$/.test(from) ? from : ''} effects={EFFECTS} {...outcome} />}
    </RecordFormRoute>
  );
}

function EditRoute({ id }: { id: number }) {
  const outcome = useRecordFormOutcome('annexes.updated', `/${id}`);
  return (
    <RecordFormRoute titleKey="annexes.editTitle" load={() => Promise.all([getAnnex(id), listContracts()])}>
      {([annex, contracts]) => <AnnexForm annex={annex} contracts={contracts} effects={EFFECTS} {...outcome} />}
    </RecordFormRoute>
  );
}

function ViewRoute({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const actions = usePageActions('Contracts');
  const annex = useRequest(() => getAnnex(id), { load: [id] });
  const deletion = useConfirmedAction(
    (target: Annex) => deleteAnnex(target.id),
    (_, target) => {
      notify({ type: 'success', message: t('annexes.deleted', { id: String(target.id) }) });
      navigate('~/anexos');
    },
  );

  if (annex.failure) return <ErrorAlert messageKey={annex.failure.messageKey} />;
  if (annex.data === null) return null;
  const current = annex.data;
  return (
    <Stack gap="4">
      {deletion.failure ? <ErrorAlert messageKey={deletion.failure.messageKey} /> : null}
      <AnnexView
        annex={current}
        onEdit={actions.edit ? () => navigate(`/${id}/editar`) : undefined}
        onDelete={actions.delete ? () => deletion.ask(current) : undefined}
      />
      <ConfirmDialog
        titleKey="annexes.confirmDelete.title"
        textKey="annexes.confirmDelete.text"
        textParams={{ id: String(current.id), company: current.empresa_razon_social }}
        confirmKey="annexes.delete"
        {...deletion.dialog}
      />
    </Stack>
  );
}

/**
 * `/anexos` and the addresses below it (nested route): `/` the list, `/nuevo` the creation form
 * (`?contrato=` preselects the contract), `/:id` an annex with its document, `/:id/editar`.
 */
export default function AnnexesPage() {
  return <RecordRoutes list={<ListRoute />} create={<CreateRoute />} view={ViewRoute} edit={EditRoute} allowed={usePageActions('Contracts')} notFoundKey="errors.APP_ERR_ANNEX_NOT_FOUND" />;
}
