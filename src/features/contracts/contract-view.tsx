import { Badge, Button, HStack, Link as ChakraLink, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AnnexListItem } from '../../../schemas/annex.schema';
import type { Contract } from '../../../schemas/contract.schema';
import { FileDownloadButton } from '../../lib/files/file-upload';
import { formatDate } from '../../lib/format/date-format';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { Facts, RecordViewHeader, ViewSection } from '../../lib/ui/record-view';

/**
 * `/contratos/:id`: one contract by the sections of its form, its signed file, and its annexes
 * (each opens in Anexos; a new one starts there for this contract).
 */
export function ContractView({
  contract,
  annexes,
  onEdit,
  onDelete,
  canAddAnnex,
}: {
  contract: Contract;
  annexes: AnnexListItem[] | null;
  /** Absent when the user's role may not: the button is not offered. */
  onEdit?: () => void;
  onDelete?: () => void;
  /** Whether the user may add an annex (Contracts create). */
  canAddAnnex: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const option = (prefix: string, value: string | null | undefined) => (value ? t(`${prefix}.${value}`) : '');
  return (
    <Stack gap="5">
      <RecordViewHeader
        title={t('contracts.viewTitle', { id: String(contract.id), company: contract.empresa_razon_social })}
        backHref="~/contratos"
        backKey="contracts.backToList"
        deleteKey="contracts.delete"
        onEdit={onEdit}
        onDelete={onDelete}
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ViewSection titleKey="contracts.sections.company">
          <Facts
            items={[
              ['contracts.fields.empresa_id', contract.empresa_razon_social],
              ['contracts.fields.sucursal', option('countries', contract.sucursal)],
              ['contracts.fields.local_regional', option('contracts.localRegional', contract.local_regional)],
              ['contracts.fields.codigo_contraparte', contract.codigo_contraparte],
              ['contracts.fields.codigo_agente', contract.codigo_agente],
              ['contracts.fields.tripartito', t(contract.tripartito ? 'contracts.yes' : 'contracts.no')],
              ...(contract.tripartito
                ? ([
                    ['contracts.fields.nombre_empresa_tercero', contract.nombre_empresa_tercero],
                    ['contracts.fields.codigo_tercero', contract.codigo_tercero],
                  ] as Array<[string, ReactNode]>)
                : []),
            ]}
          />
        </ViewSection>
        <ViewSection titleKey="contracts.sections.signers">
          {contract.firmantes.length === 0 ? (
            <Text color="fg.muted">{t('contracts.signers.none')}</Text>
          ) : (
            <Stack gap="1" as="ul" listStyleType="none">
              {contract.firmantes.map((signer) => (
                <Text as="li" key={signer.email}>
                  {signer.nombre} · {signer.cargo} · {signer.email}
                </Text>
              ))}
            </Stack>
          )}
          <HStack mt="4" gap="3">
            <Text fontWeight="medium">{t('contracts.fields.archivo_firmado')}</Text>
            <FileDownloadButton file={{ key: contract.archivo_firmado, nombre: contract.archivo_firmado_nombre ?? `contrato-${contract.id}.pdf` }} />
          </HStack>
        </ViewSection>
        <ViewSection titleKey="contracts.sections.parameters">
          <Facts
            items={[
              ['contracts.fields.tipo_contrato', option('contracts.tipoContrato', contract.tipo_contrato)],
              ['contracts.fields.clase_contrato', option('contracts.claseContrato', contract.clase_contrato)],
              ['contracts.fields.tipo_transaccion', option('contracts.tipoTransaccion', contract.tipo_transaccion)],
              ['contracts.fields.tipo_oferta', option('contracts.tipoOferta', contract.tipo_oferta)],
              ['contracts.fields.incoterm', contract.incoterm],
              ['contracts.fields.tipo_liquidacion', option('contracts.tipoLiquidacion', contract.tipo_liquidacion)],
              ['contracts.fields.fecha_inicio', formatDate(contract.fecha_inicio)],
              ['contracts.fields.plazo', t('contracts.months', { count: contract.plazo })],
              ['contracts.fields.pmi', contract.pmi.join(', ')],
              ['contracts.fields.pmr', contract.pmr.join(', ')],
              ['contracts.fields.poc', format.decimal(contract.poc)],
              ['contracts.fields.margen', format.decimal(contract.margen)],
              ['contracts.fields.fee', format.decimal(contract.fee)],
              ['contracts.fields.precio_fijo', format.decimal(contract.precio_fijo)],
              ['contracts.fields.energia', format.decimal(contract.energia)],
              ['contracts.fields.potencia', format.decimal(contract.potencia)],
            ]}
          />
        </ViewSection>
        <ViewSection titleKey="contracts.sections.invoice">
          <Facts
            items={[
              ['contracts.fields.tipo_factura', option('contracts.tipoFactura', contract.tipo_factura)],
              ['contracts.fields.dias_factura', format.integer(contract.dias_factura)],
              ['contracts.fields.tipo_credito', option('contracts.tipoCredito', contract.tipo_credito)],
              ['contracts.fields.dias_credito', format.integer(contract.dias_credito)],
              ['contracts.fields.tipo_garantia', option('contracts.tipoGarantia', contract.tipo_garantia)],
              ['contracts.fields.monto_garantia', format.money(contract.monto_garantia, contract.moneda)],
            ]}
          />
        </ViewSection>
      </SimpleGrid>

      <ViewSection titleKey="contracts.annexes.title">
        <Stack gap="3">
          {canAddAnnex ? (
            <HStack>
              <Button asChild size="sm" colorPalette="blue" variant="outline">
                <Link href={`~/anexos/nuevo?contrato=${contract.id}`}>{t('contracts.annexes.new')}</Link>
              </Button>
            </HStack>
          ) : null}
          {annexes === null ? (
            <Text color="fg.muted">{t('common.loading')}</Text>
          ) : annexes.length === 0 ? (
            <Text color="fg.muted">{t('contracts.annexes.none')}</Text>
          ) : (
            <Table.Root size="sm" aria-label={t('contracts.annexes.title')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('contracts.annexes.id')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('contracts.annexes.start')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('contracts.annexes.end')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('contracts.annexes.power')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('contracts.fields.tripartito')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {annexes.map((annex) => (
                  <Table.Row key={annex.id}>
                    <Table.Cell>
                      <ChakraLink asChild color="brand.fg">
                        <Link href={`~/anexos/${annex.id}`}>{t('contracts.annexes.open', { id: String(annex.id) })}</Link>
                      </ChakraLink>
                    </Table.Cell>
                    <Table.Cell>{formatDate(annex.fecha_inicio)}</Table.Cell>
                    <Table.Cell>{formatDate(annex.fecha_fin)}</Table.Cell>
                    <Table.Cell>{`${format.decimal(annex.potencia_contratada)} ${annex.unidad_potencia}`}</Table.Cell>
                    <Table.Cell>{annex.tripartito ? <Badge>{t('contracts.yes')}</Badge> : t('contracts.no')}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Stack>
      </ViewSection>
    </Stack>
  );
}
