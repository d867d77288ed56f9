import { Box, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { showsExchangeRate } from '../../../machines/invoicing/invoice-amounts';
import type { InvoiceDetail } from '../../../schemas/invoice.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { InvoiceStateBadge } from './invoice-badges';
import { invoiceReference } from './invoice-names';
import { FigureCell } from '../../lib/ui/figure-cell';

/** The attribute the print style keeps: only the element that carries it is printed. */
export const PRINTED_DOCUMENT = 'data-printed-document';

// The theme's breakpoints are screen media queries, so a sheet of paper gets the narrowest
// layout: the wide one is asked for again on paper.
const PRINT_COLUMNS = { '@media print': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } };
const PRINT_BLOCK_WIDTH = { '@media print': { minWidth: '24rem' } };

function Fact({ labelKey, children }: { labelKey: string; children: ReactNode }) {
  const t = useT();
  return (
    <Stack gap="0" data-testid={`fact-${labelKey.split('.').at(-1)}`}>
      <Text textStyle="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {t(labelKey)}
      </Text>
      <Text overflowWrap="anywhere">{children === '' || children === null || children === undefined ? '—' : children}</Text>
    </Stack>
  );
}

/** A line of the amounts block: label, then the amount right-aligned. */
function AmountLine({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <HStack justify="space-between" gap="6" fontWeight={strong ? 'bold' : undefined} data-testid={testId} borderTopWidth={strong ? '1px' : undefined} paddingTop={strong ? '2' : undefined}>
      <Text>{label}</Text>
      <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap" textAlign="end">
        {value}
      </Text>
    </HStack>
  );
}

/**
 * An invoice or note as a document, in the page's language: what it is (kind, reference,
 * status), whom it is for (spec section 3: contract code, business name, month, incoterm, tax
 * id, address), what for (description, unit price, the lines), the amounts (subtotal, discount
 * % and discount, adjustment, VAT, total, in its currency, with its exchange rate where it means something), and its
 * payments. It is what the browser prints (print-to-PDF): the page's print style hides the rest.
 */
export function InvoiceDocument({ invoice }: { invoice: InvoiceDetail }) {
  const t = useT();
  const format = useFormat();
  const money = (value: string | null | undefined) => format.money(value ?? null, invoice.moneda);
  const month = invoice.mes && invoice.anio ? format.month(invoice.anio, invoice.mes) : '';
  const kind = t(`invoicing.kinds.${invoice.tipo_documento}`);
  const pagado = invoice.pagado ?? '0';

  return (
    <Box
      as="article"
      {...{ [PRINTED_DOCUMENT]: '' }}
      aria-labelledby="invoice-document-title"
      bg="bg"
      borderWidth="1px"
      borderRadius="md"
      padding={{ base: '5', md: '8' }}
      maxW="5xl"
      css={{ '@media print': { borderWidth: 0, padding: 0, maxWidth: 'none' } }}
    >
      <Stack gap="6">
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="4">
          <Stack gap="1">
            <Heading as="h3" size="xl" id="invoice-document-title">
              {t('invoicing.document.title', { kind, reference: invoiceReference(invoice) })}
            </Heading>
            <Text color="fg.muted">{t(`invoicing.directions.${invoice.sentido}`)}</Text>
          </Stack>
          <Stack gap="1" align="flex-end">
            <HStack gap="2">
              <Text textStyle="sm" color="fg.muted">
                {t('invoicing.document.fields.estado')}
              </Text>
              <InvoiceStateBadge state={invoice.estado} />
            </HStack>
            {invoice.fecha_emision ? <Text textStyle="sm">{t('invoicing.document.issuedOn', { date: format.date(invoice.fecha_emision) })}</Text> : null}
            {invoice.fecha_vencimiento ? <Text textStyle="sm">{t('invoicing.document.dueOn', { date: format.date(invoice.fecha_vencimiento) })}</Text> : null}
          </Stack>
        </HStack>

        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" css={PRINT_COLUMNS}>
          <Fact labelKey="invoicing.document.fields.contrato_codigo">{invoice.contrato_codigo}</Fact>
          <Fact labelKey="invoicing.document.fields.razon_social">{invoice.razon_social}</Fact>
          <Fact labelKey="invoicing.document.fields.mes">{month}</Fact>
          <Fact labelKey="invoicing.document.fields.nit">{invoice.nit}</Fact>
          <Fact labelKey="invoicing.document.fields.direccion">{invoice.direccion}</Fact>
          <Fact labelKey="invoicing.document.fields.incoterm">{invoice.incoterm}</Fact>
          <Fact labelKey="invoicing.document.fields.pais">{invoice.pais ? t(`countries.${invoice.pais}`) : ''}</Fact>
          <Fact labelKey="invoicing.document.fields.moneda">{invoice.moneda}</Fact>
          {showsExchangeRate(invoice) ? <Fact labelKey="invoicing.document.fields.tipo_cambio">{format.decimal(invoice.tipo_cambio)}</Fact> : null}
        </SimpleGrid>

        <Stack gap="2">
          <Fact labelKey="invoicing.document.fields.descripcion">{invoice.descripcion}</Fact>
          <Fact labelKey="invoicing.document.fields.precio_unitario">
            {invoice.precio_unitario ? t('invoicing.document.perMwh', { amount: format.unitPrice(invoice.precio_unitario, invoice.moneda) }) : ''}
          </Fact>
        </Stack>

        <Table.Root size="sm" aria-label={t('invoicing.document.lines.title')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('invoicing.document.lines.concepto')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('invoicing.document.lines.cantidad_mwh')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('invoicing.document.lines.monto')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {invoice.lineas.map((line) => (
              <Table.Row key={line.concepto}>
                <Table.Cell>{t(`invoicing.concepts.${line.concepto}`)}</Table.Cell>
                <FigureCell>
                  {line.cantidad_mwh ? format.decimal(line.cantidad_mwh, { maxFractionDigits: 3 }) : ''}
                </FigureCell>
                <FigureCell>
                  {money(line.monto)}
                </FigureCell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>

        <Stack gap="2" alignSelf="flex-end" minW={{ base: 'full', md: '24rem' }} css={PRINT_BLOCK_WIDTH} aria-label={t('invoicing.document.amounts')} role="group">
          <AmountLine testId="amount-subtotal" label={t('invoicing.document.fields.subtotal')} value={money(invoice.subtotal)} />
          <AmountLine testId="amount-descuento_pct" label={t('invoicing.document.fields.descuento_pct')} value={format.percent(invoice.descuento_pct ?? '0')} />
          <AmountLine testId="amount-descuento" label={t('invoicing.document.fields.descuento')} value={money(invoice.descuento ?? '0')} />
          <AmountLine testId="amount-ajuste" label={t('invoicing.document.fields.ajuste')} value={money(invoice.ajuste ?? '0')} />
          <AmountLine
            testId="amount-iva"
            label={t('invoicing.document.fields.iva', { rate: format.percent(invoice.tasa_iva ?? '0') })}
            value={money(invoice.iva)}
          />
          <AmountLine testId="amount-total" label={t('invoicing.document.fields.total')} value={money(invoice.total)} strong />
        </Stack>

        <Stack gap="2">
          <Heading as="h4" size="sm">
            {t('invoicing.document.payments.title')}
          </Heading>
          {invoice.pagos.length === 0 ? (
            <Text color="fg.muted">{t('invoicing.document.payments.none')}</Text>
          ) : (
            <Table.Root size="sm" aria-label={t('invoicing.document.payments.title')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('invoicing.document.payments.fecha')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('invoicing.document.payments.referencia')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('invoicing.document.payments.monto')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {invoice.pagos.map((payment) => (
                  <Table.Row key={payment.id}>
                    <Table.Cell>{format.date(payment.fecha)}</Table.Cell>
                    <Table.Cell>{payment.referencia}</Table.Cell>
                    <FigureCell>
                      {format.money(payment.monto, payment.moneda)}
                    </FigureCell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          <Stack gap="1" alignSelf="flex-end" minW={{ base: 'full', md: '24rem' }} css={PRINT_BLOCK_WIDTH}>
            <AmountLine testId="amount-pagado" label={t('invoicing.document.fields.pagado')} value={money(pagado)} />
            <AmountLine testId="amount-saldo" label={t('invoicing.document.fields.saldo')} value={money(invoice.saldo ?? invoice.total)} strong />
          </Stack>
        </Stack>
      </Stack>
    </Box>
  );
}
