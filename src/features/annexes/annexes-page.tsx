import { Alert, Button, Card, HStack, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link, Route, Switch, useLocation, useParams, useSearchParams } from 'wouter';
import type { Annex } from '../../../schemas/annex.schema';
import { notify } from '../../app/toaster';
import { ApiError } from '../../lib/api/api-error';
import { uploadFile } from '../../lib/files/files-api';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { useLoaded } from '../../lib/ui/use-loaded';
import { AnnexForm, type AnnexFormEffects } from './annex-form';
import { AnnexView } from './annex-view';
import { AnnexesList } from './annexes-list';
import { createAnnex, deleteAnnex, getAnnex, listAnnexes, listContracts, updateAnnex } from './annexes-api';

const EFFECTS: AnnexFormEffects = { create: createAnnex, update: updateAnnex, upload: uploadFile };

function LoadFailure({ errorKey }: { errorKey: string }) {
  const t = useT();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{t(errorKey)}</Alert.Title>
    </Alert.Root>
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

function ListRoute() {
  const t = useT();
  const annexes = useLoaded(listAnnexes);
  if (annexes.errorKey) return <LoadFailure errorKey={annexes.errorKey} />;
  return (
    <Stack gap="4">
      <HStack justify="flex-end">
        <Button asChild colorPalette="blue">
          <Link href="/nuevo">{t('annexes.new')}</Link>
        </Button>
      </HStack>
      <AnnexesList rows={annexes.data} />
    </Stack>
  );
}

function CreateRoute() {
  const t = useT();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const contracts = useLoaded(listContracts);
  if (contracts.errorKey) return <LoadFailure errorKey={contracts.errorKey} />;
  if (contracts.data === null) return null;
  const from = params.get('contrato') ?? '';
  return (
    <FormCard titleKey="annexes.createTitle">
      <AnnexForm
        contracts={contracts.data}
        initialContractId={/^\d+$/.test(from) ? from : ''}
        effects={EFFECTS}
        onSaved={(saved) => {
          notify({ type: 'success', message: t('annexes.created', { id: String(saved.id) }) });
          navigate(`/${saved.id}`);
        }}
        onCancelled={() => navigate('~/anexos')}
      />
    </FormCard>
  );
}

function EditRoute({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const loaded = useLoaded(() => Promise.all([getAnnex(id), listContracts()]));
  if (loaded.errorKey) return <LoadFailure errorKey={loaded.errorKey} />;
  if (loaded.data === null) return null;
  const [annex, contracts] = loaded.data;
  return (
    <FormCard titleKey="annexes.editTitle">
      <AnnexForm
        annex={annex}
        contracts={contracts}
        effects={EFFECTS}
        onSaved={(saved) => {
          notify({ type: 'success', message: t('annexes.updated', { id: String(saved.id) }) });
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
  const annex = useLoaded(() => getAnnex(id));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function confirmDelete(target: Annex) {
    setDeleting(true);
    try {
      await deleteAnnex(target.id);
      notify({ type: 'success', message: t('annexes.deleted', { id: String(target.id) }) });
      navigate('~/anexos');
    } catch (error) {
      setRefusal(error instanceof ApiError && error.code ? `errors.${error.code}` : 'forms.errors.connection');
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  if (annex.errorKey) return <LoadFailure errorKey={annex.errorKey} />;
  if (annex.data === null) return null;
  const current = annex.data;
  return (
    <Stack gap="4">
      {refusal ? <LoadFailure errorKey={refusal} /> : null}
      <AnnexView
        annex={current}
        onEdit={() => navigate(`/${id}/editar`)}
        onDelete={() => {
          setRefusal(null);
          setConfirming(true);
        }}
      />
      <ConfirmDialog
        open={confirming}
        titleKey="annexes.confirmDelete.title"
        textKey="annexes.confirmDelete.text"
        textParams={{ id: String(current.id), company: current.empresa_razon_social }}
        confirmKey="annexes.delete"
        busy={deleting}
        onConfirm={() => void confirmDelete(current)}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

function RecordRoute({ edit }: { edit: boolean }) {
  const { id } = useParams<{ id: string }>();
  if (!/^\d{1,9}$/.test(id ?? '')) return <LoadFailure errorKey="errors.APP_ERR_ANNEX_NOT_FOUND" />;
  // A new id is a new page: nothing of the previous record may linger.
  return edit ? <EditRoute key={id} id={Number(id)} /> : <ViewRoute key={id} id={Number(id)} />;
}

/**
 * `/anexos` and the addresses below it (nested route): `/` the list, `/nuevo` the creation form
 * (`?contrato=` preselects the contract), `/:id` an annex with its document, `/:id/editar`.
 */
export default function AnnexesPage() {
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
