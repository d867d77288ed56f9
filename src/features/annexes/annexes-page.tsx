import { Stack } from '@chakra-ui/react';
import { useLocation, useSearchParams } from 'wouter';
import type { Annex } from '../../../schemas/annex.schema';
import { usePageActions } from '../../app/session/use-page-actions';
import { notify } from '../../app/toaster';
import { uploadFile } from '../../lib/files/files-api';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { LoadFailure, RecordFormRoute, RecordListLayout, RecordRoutes, useRecordFormOutcome } from '../../lib/ui/record-page';
import { useDeleteConfirmation } from '../../lib/ui/use-delete-confirmation';
import { useLoaded } from '../../lib/ui/use-loaded';
import { AnnexForm, type AnnexFormEffects } from './annex-form';
import { AnnexView } from './annex-view';
import { AnnexesList } from './annexes-list';
import { createAnnex, deleteAnnex, getAnnex, listAnnexes, listContracts, updateAnnex } from './annexes-api';

const EFFECTS: AnnexFormEffects = { create: createAnnex, update: updateAnnex, upload: uploadFile };

function ListRoute() {
  const { create } = usePageActions('Contracts');
  const annexes = useLoaded(listAnnexes);
  if (annexes.errorKey) return <LoadFailure errorKey={annexes.errorKey} />;
  return (
    <RecordListLayout newKey="annexes.new" canCreate={create}>
      <AnnexesList rows={annexes.data} />
    </RecordListLayout>
  );
}

function CreateRoute() {
  const outcome = useRecordFormOutcome('annexes.created', '~/anexos');
  const [params] = useSearchParams();
  const from = params.get('contrato') ?? '';
  return (
    <RecordFormRoute titleKey="annexes.createTitle" load={listContracts}>
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
  const annex = useLoaded(() => getAnnex(id));
  const deletion = useDeleteConfirmation(
    (target: Annex) => deleteAnnex(target.id),
    (target) => {
      notify({ type: 'success', message: t('annexes.deleted', { id: String(target.id) }) });
      navigate('~/anexos');
    },
  );

  if (annex.errorKey) return <LoadFailure errorKey={annex.errorKey} />;
  if (annex.data === null) return null;
  const current = annex.data;
  return (
    <Stack gap="4">
      {deletion.refusal ? <LoadFailure errorKey={deletion.refusal} /> : null}
      <AnnexView
        annex={current}
        onEdit={actions.edit ? () => navigate(`/${id}/editar`) : undefined}
        onDelete={actions.delete ? deletion.request : undefined}
      />
      <ConfirmDialog
        titleKey="annexes.confirmDelete.title"
        textKey="annexes.confirmDelete.text"
        textParams={{ id: String(current.id), company: current.empresa_razon_social }}
        confirmKey="annexes.delete"
        {...deletion.dialogFor(current)}
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
