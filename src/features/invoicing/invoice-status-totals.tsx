import { Table } from '@chakra-ui/react';
import { INVOICE_DIRECTIONS, INVOICE_STATES, type InvoicePage } from '../../../schemas/invoice.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ViewSection } from '../../lib/ui/record-view';
import { InvoiceStateBadge } from './invoice-badges';
import { FigureCell } from '../../lib/ui/figure-cell';

/**
 * The totals of the filtered invoices per direction, status and currency (the server's sums:
 * receivable never added to payable, USD never to MXN, a credit note negative): how many,
 * their total and what is still owed on them.
 */
export function InvoiceStatusTotals({ totals }: { totals: InvoicePage['totales'] }) {
  const t = useT();
  const format = useFormat();
  const rows = [...totals].sort(
    (a, b) =>
      INVOICE_DIRECTIONS.indexOf(a.sentido) - INVOICE_DIRECTIONS.indexOf(b.sentido) ||
      INVOICE_STATES.indexOf(a.estado) - INVOICE_STATES.indexOf(b.estado) ||
      a.moneda.localeCompare(b.moneda),
  );
  return (
    <ViewSection titleKey="invoicing.list.totals.title">
      <Table.Root size="sm" aria-label={t('invoicing.list.totals.title')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('invoicing.list.totals.sentido')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('invoicing.list.totals.estado')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('invoicing.list.totals.moneda')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('invoicing.list.totals.cantidad')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('invoicing.list.totals.total')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('invoicing.list.totals.saldo')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={6} color="fg.muted">
                {t('invoicing.list.totals.none')}
              </Table.Cell>
            </Table.Row>
          ) : (
            rows.map((row) => (
              <Table.Row key={`${row.sentido}-${row.estado}-${row.moneda}`} data-testid={`totals-${row.sentido}-${row.estado}-${row.moneda}`}>
                <Table.Cell>{t(`accounting.tipos.${row.sentido}`)}</Table.Cell>
                <Table.Cell>
                  <InvoiceStateBadge state={row.estado} />
                </Table.Cell>
                <Table.Cell>{row.moneda}</Table.Cell>
                <FigureCell>
                  {format.integer(row.cantidad)}
                </FigureCell>
                <FigureCell>
                  {format.money(row.total, row.moneda)}
                </FigureCell>
                <FigureCell>
                  {format.money(row.saldo, row.moneda)}
                </FigureCell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </ViewSection>
  );
}
