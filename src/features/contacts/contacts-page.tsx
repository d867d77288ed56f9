import { Button } from '@chakra-ui/react';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import type { Contact } from '../../../schemas/contact.schema';
import { usePageActions } from '../../app/session/use-page-actions';
import { notify } from '../../app/notifications';
import { leaveTarget } from '../../lib/forms/use-leave-guard';
import { DataGrid } from '../../lib/grid/data-grid';
import { actionsColumn } from '../../lib/grid/grid-cells';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import {RecordFormRoute, RecordListLayout, RecordRoutes } from '../../lib/ui/record-page';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useRequest } from '../../lib/api/use-request';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { listCompanies } from '../companies/companies-api';
import { ContactForm } from './contact-form';
import { createContact, deleteContact, getContact, listContacts, updateContact } from './contacts-api';

const EFFECTS = { create: createContact, update: updateContact };

function ListRoute() {
  const t = useT();
  const actions = usePageActions('Companies');
  const contacts = useRequest(() => listContacts(), { load: [] });
  const deletion = useConfirmedAction(
    (contact: Contact) => deleteContact(contact.id),
    (_, contact) => {
      notify({ type: 'success', message: t('contacts.deleted', { name: contact.nombre }) });
      contacts.send();
    },
  );
  const target = deletion.subject;
  const askDeletion = deletion.ask;

  const columns = useMemo<ColDef<Contact>[]>(
    () => [
      { field: 'nombre', headerName: t('contacts.fields.nombre') },
      { field: 'empresa_razon_social', headerName: t('contacts.fields.empresa_id') },
      {
        field: 'tipo_contacto',
        headerName: t('contacts.fields.tipo_contacto'),
        valueFormatter: ({ value }) => (value ? t(`contacts.types.${value as string}`) : ''),
        filterValueGetter: ({ data }) => (data ? t(`contacts.types.${data.tipo_contacto}`) : ''),
        getQuickFilterText: ({ value }) => (value ? t(`contacts.types.${value as string}`) : ''),
      },
      { field: 'cargo', headerName: t('contacts.fields.cargo') },
      { field: 'email', headerName: t('contacts.fields.email') },
      { field: 'telefono', headerName: t('contacts.fields.telefono') },
      { field: 'celular', headerName: t('contacts.fields.celular') },
      actionsColumn<Contact>({
        headerName: t('contacts.columns.actions'),
        hide: !actions.edit && !actions.delete,
        render: (contact) => (
          <>
            {actions.edit ? (
              <Button size="xs" variant="outline" asChild>
                <Link href={`/${contact.id}/editar`} aria-label={t('contacts.editNamed', { name: contact.nombre })}>
                  {t('common.edit')}
                </Link>
              </Button>
            ) : null}
            {actions.delete ? (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={t('contacts.deleteNamed', { name: contact.nombre })}
                onClick={() => askDeletion(contact)}
              >
                {t('contacts.delete')}
              </Button>
            ) : null}
          </>
        ),
      }),
    ],
    [t, actions.edit, actions.delete, askDeletion],
  );

  if (contacts.failure) return <ErrorAlert messageKey={contacts.failure.messageKey} />;
  return (
    <RecordListLayout newKey="contacts.new" introKey="contacts.listIntro" canCreate={actions.create}>
      {deletion.failure ? <ErrorAlert messageKey={deletion.failure.messageKey} /> : null}
      <DataGrid<Contact>
        rows={contacts.data}
        columns={columns}
        i18nPrefix="contacts"
        pageSize={25}
        csv
      />
      {target ? (
        <ConfirmDialog
          titleKey="contacts.confirmDelete.title"
          textKey="contacts.confirmDelete.text"
          textParams={{ name: target.nombre }}
          confirmKey="contacts.delete"
          {...deletion.dialog}
        />
      ) : null}
    </RecordListLayout>
  );
}

/** The create (no `id`) or edit form of a contact, with the companies it may belong to; both go back to the list. */
function FormRoute({ id }: { id?: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const load = () => Promise.all([id === undefined ? Promise.resolve(undefined) : getContact(id), listCompanies()]);
  return (
    <RecordFormRoute titleKey={id === undefined ? 'contacts.createTitle' : 'contacts.editTitle'} load={load}>
      {([contact, companies]) => (
        <ContactForm
          contact={contact}
          companies={companies}
          effects={EFFECTS}
          onSaved={(saved) => {
            notify({ type: 'success', message: t(contact ? 'contacts.updated' : 'contacts.created', { name: saved.nombre }) });
            navigate('/');
          }}
          onLeft={(href) => navigate(leaveTarget(href, '/'))}
        />
      )}
    </RecordFormRoute>
  );
}

/**
 * `/contacts` and below (nested route): `/` every company contact (search, sort, filters,
 * CSV, delete), `/nuevo` the creation form (sent through the gateway), `/:id/editar` the edit form.
 */
export default function ContactsPage() {
  return <RecordRoutes list={<ListRoute />} create={<FormRoute />} edit={FormRoute} allowed={usePageActions('Companies')} notFoundKey="errors.APP_ERR_CONTACT_NOT_FOUND" />;
}
