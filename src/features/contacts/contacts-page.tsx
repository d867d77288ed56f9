import { Alert, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, useState } from 'react';
import type { Contact } from '../../../schemas/contact.schema';
import { notify } from '../../app/toaster';
import { ApiError } from '../../lib/api/api-error';
import { DataGrid } from '../../lib/grid/data-grid';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { useLoaded } from '../../lib/ui/use-loaded';
import { createContact, deleteContact, listCompanyChoices, listContacts, updateContact } from './contacts-api';
import { ContactForm } from './contact-form';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; contact: Contact };

/** `/contacts`: every company contact (search, sort, filters, CSV), create, edit, delete. */
export default function ContactsPage() {
  const t = useT();
  const contacts = useLoaded(listContacts);
  const companies = useLoaded(listCompanyChoices);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteContact(deleting.id);
      notify({ type: 'success', message: t('contacts.deleted', { name: deleting.nombre }) });
      contacts.reload();
    } catch (error) {
      notify({ type: 'error', message: t(error instanceof ApiError && error.code ? `errors.${error.code}` : 'forms.errors.connection') });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  const columns = useMemo<ColDef<Contact>[]>(
    () => [
      { field: 'nombre', headerName: t('contacts.fields.nombre'), minWidth: 180 },
      { field: 'empresa_razon_social', headerName: t('contacts.fields.empresa_id'), minWidth: 200 },
      {
        field: 'tipo_contacto',
        headerName: t('contacts.fields.tipo_contacto'),
        valueFormatter: ({ value }) => (value ? t(`contacts.types.${value as string}`) : ''),
        filterValueGetter: ({ data }) => (data ? t(`contacts.types.${data.tipo_contacto}`) : ''),
        getQuickFilterText: ({ value }) => (value ? t(`contacts.types.${value as string}`) : ''),
      },
      { field: 'cargo', headerName: t('contacts.fields.cargo') },
      { field: 'email', headerName: t('contacts.fields.email'), minWidth: 200 },
      { field: 'telefono', headerName: t('contacts.fields.telefono') },
      { field: 'celular', headerName: t('contacts.fields.celular') },
      {
        colId: 'actions',
        headerName: t('contacts.columns.actions'),
        sortable: false,
        filter: false,
        minWidth: 180,
        cellRenderer: ({ data }: ICellRendererParams<Contact>) =>
          data ? (
            <HStack gap="2" height="full">
              <Button size="xs" variant="outline" aria-label={t('contacts.editNamed', { name: data.nombre })} onClick={() => setMode({ kind: 'edit', contact: data })}>
                {t('common.edit')}
              </Button>
              <Button size="xs" variant="outline" colorPalette="red" aria-label={t('contacts.deleteNamed', { name: data.nombre })} onClick={() => setDeleting(data)}>
                {t('contacts.delete')}
              </Button>
            </HStack>
          ) : null,
      },
    ],
    [t],
  );

  const errorKey = contacts.errorKey ?? companies.errorKey;
  if (errorKey) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t(errorKey)}</Alert.Title>
      </Alert.Root>
    );
  }

  if (mode.kind !== 'list') {
    return (
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t(mode.kind === 'create' ? 'contacts.createTitle' : 'contacts.editTitle')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <ContactForm
            key={mode.kind === 'edit' ? mode.contact.id : 'new'}
            contact={mode.kind === 'edit' ? mode.contact : undefined}
            companies={companies.data ?? []}
            effects={{ create: createContact, update: updateContact }}
            onSaved={(saved) => {
              contacts.reload();
              notify({ type: 'success', message: t(mode.kind === 'create' ? 'contacts.created' : 'contacts.updated', { name: saved.nombre }) });
              setMode({ kind: 'list' });
            }}
            onCancelled={() => setMode({ kind: 'list' })}
          />
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Text color="fg.muted">{t('contacts.listIntro')}</Text>
        <Button colorPalette="blue" onClick={() => setMode({ kind: 'create' })} disabled={companies.data === null}>
          {t('contacts.new')}
        </Button>
      </HStack>
      <DataGrid<Contact>
        rows={contacts.data}
        columns={columns}
        rowId={(contact) => String(contact.id)}
        emptyKey="contacts.empty"
        searchLabelKey="contacts.search"
        pageSize={25}
        csvFileName={t('contacts.csvName')}
      />
      <ConfirmDialog
        open={deleting !== null}
        titleKey="contacts.confirmDelete.title"
        textKey="contacts.confirmDelete.text"
        textParams={{ name: deleting?.nombre ?? '' }}
        confirmKey="contacts.delete"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
