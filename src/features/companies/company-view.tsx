import { Box, Card, DataList, HStack, Heading, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { COMPANY_DOCUMENT_TYPES, type Company } from '../../../schemas/company.schema';
import { usePageActions } from '../../app/session/use-page-actions';
import { notify } from '../../app/notifications';
import { FileDownloadButton } from '../../lib/files/file-upload';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { RecordViewHeader } from '../../lib/ui/record-view';
import { useRequest } from '../../lib/api/use-request';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { deleteCompany, getCompany } from './companies-api';
import { BANK_FIELD_NAMES, COMPANY_FIELD_NAMES } from './company-values';
import { ScrollTable } from '../../lib/ui/scroll-table';

const CODED: Readonly<Record<string, string>> = {
  pais: 'countries',
  pais_destino: 'countries',
  tipo_identificacion: 'companies.idTypes',
  tipo_contrato: 'companies.contractTypes',
  tipo_contacto: 'contacts.types',
  moneda: 'currencies',
};

/** `/empresas/:id`: the company with its contacts, bank accounts and documents; edit and delete. */
export function CompanyView({ id, onEdit, onDeleted }: { id: number; onEdit: () => void; onDeleted: () => void }) {
  const t = useT();
  const format = useFormat();
  const actions = usePageActions('Companies');
  const company = useRequest(() => getCompany(id), { load: [id] });
  const deletion = useConfirmedAction(
    (target: Company) => deleteCompany(target.id),
    (_, target) => {
      notify({ type: 'success', message: t('companies.deleted', { name: target.razon_social }) });
      onDeleted();
    },
  );
  const deleteErrorKey = deletion.failure?.messageKey;

  const shown = (name: string, value: unknown) =>
    value === null || value === undefined || value === '' ? '—' : CODED[name] ? t(`${CODED[name]}.${String(value)}`) : String(value);

  if (company.failure) return <ErrorAlert messageKey={company.failure.messageKey} />;
  const data = company.data;
  if (!data) return <Text>{t('common.loading')}</Text>;

  return (
    <Stack gap="5">
      <RecordViewHeader
        title={data.razon_social}
        backHref="/"
        backKey="companies.backToList"
        deleteKey="companies.delete"
        onEdit={actions.edit ? onEdit : undefined}
        onDelete={actions.delete ? () => deletion.ask(data) : undefined}
      />
      {deleteErrorKey ? (
        <ErrorAlert messageKey={deleteErrorKey}>
          {deleteErrorKey === 'errors.APP_ERR_RECORD_IN_USE' ? (
            <>
              <Text as="span">{t('companies.inUseHint')} </Text>
              <ChakraLink asChild color="brand.fg">
                {/* The contracts list searched by the company's name (`~` leaves the companies area). */}
                <Link href={`~/contratos?q=${encodeURIComponent(data.razon_social)}`}>{t('companies.seeContracts')}</Link>
              </ChakraLink>
            </>
          ) : null}
        </ErrorAlert>
      ) : null}
      <Card.Root>
        <Card.Body>
          {/* Values wrap anywhere: a long unbroken address or account stays inside its card. */}
          <DataList.Root orientation="horizontal" size="sm">
            {COMPANY_FIELD_NAMES.map((name) => (
              <DataList.Item key={name}>
                <DataList.ItemLabel minW="16rem">{t(`companies.fields.${name}`)}</DataList.ItemLabel>
                <DataList.ItemValue minWidth="0" overflowWrap="anywhere">{shown(name, data[name])}</DataList.ItemValue>
              </DataList.Item>
            ))}
            <DataList.Item>
              <DataList.ItemLabel minW="16rem">{t('companies.updatedAt')}</DataList.ItemLabel>
              <DataList.ItemValue minWidth="0" overflowWrap="anywhere">{format.dateTime(data.updated_at)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Box>
        <Heading as="h3" size="md" marginBottom="2">
          {t('companies.sections.contacts')}
        </Heading>
        <ScrollTable label={t('companies.sections.contacts')} borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {(['tipo_contacto', 'nombre', 'email', 'telefono', 'extension', 'celular', 'cargo'] as const).map((name) => (
                  <Table.ColumnHeader key={name}>{t(`companies.contactFields.${name}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.contactos.map((contact) => (
                <Table.Row key={contact.id}>
                  {(['tipo_contacto', 'nombre', 'email', 'telefono', 'extension', 'celular', 'cargo'] as const).map((name) => (
                    <Table.Cell key={name}>{shown(name, contact[name])}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollTable>
      </Box>
      <Box>
        <Heading as="h3" size="md" marginBottom="2">
          {t('companies.sections.banks')}
        </Heading>
        <Stack gap="3">
          {data.coordenadas_bancarias.map((bank, index) => (
            <Card.Root key={bank.id} variant="outline">
              <Card.Header>
                <Card.Title as="h4">{t('companies.bankRow', { n: index + 1 })}</Card.Title>
              </Card.Header>
              <Card.Body>
                <DataList.Root orientation="horizontal" size="sm">
                  {BANK_FIELD_NAMES.map((name) => (
                    <DataList.Item key={name}>
                      <DataList.ItemLabel minW="16rem">{t(`companies.bankFields.${name}`)}</DataList.ItemLabel>
                      <DataList.ItemValue minWidth="0" overflowWrap="anywhere">{shown(name, bank[name])}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      </Box>
      <Box>
        <Heading as="h3" size="md" marginBottom="2">
          {t('companies.steps.documents')}
        </Heading>
        <Stack gap="2">
          {COMPANY_DOCUMENT_TYPES.map((tipo) => {
            const document = data.documentos.find((item) => item.tipo === tipo);
            return (
              <HStack key={tipo} gap="3" wrap="wrap">
                <Text minW="16rem" fontWeight="medium">
                  {t(`companies.documents.${tipo}`)}
                </Text>
                {document ? (
                  <>
                    <Text overflowWrap="anywhere">{document.nombre ?? tipo}</Text>
                    <FileDownloadButton file={{ key: document.key, nombre: document.nombre ?? `${tipo}.pdf` }} />
                  </>
                ) : (
                  <Text color="fg.muted">{t('companies.noDocument')}</Text>
                )}
              </HStack>
            );
          })}
        </Stack>
      </Box>
      <ConfirmDialog
        titleKey="companies.confirmDelete.title"
        textKey="companies.confirmDelete.text"
        textParams={{ name: data.razon_social }}
        confirmKey="companies.delete"
        {...deletion.dialog}
      />
    </Stack>
  );
}
