import { Table } from '@chakra-ui/react';
import { AGEING_BUCKETS, type Ageing, type Statement } from '../../../schemas/accounting.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { FigureCell } from '../../lib/ui/figure-cell';
import { ScrollTable } from '../../lib/ui/scroll-table';

interface AgeingLine {
  key: string;
  label: string;
  moneda: Statement['totales'][number]['moneda'];
  antiguedad: Ageing;
  total: boolean;
}

/**
 * What is still owed per ageing bucket: a line per company and currency, then each currency's
 * total in bold (never USD and MXN added together). The amounts are the server's sums.
 */
export function AgeingTable({ statement }: { statement: Statement }) {
  const t = useT();
  const format = useFormat();
  const lines: AgeingLine[] = [
    ...statement.cuentas.map((account) => ({
      key: `${account.empresa_id}-${account.moneda}`,
      label: account.razon_social,
      moneda: account.moneda,
      antiguedad: account.antiguedad,
      total: false,
    })),
    ...statement.totales.map((total) => ({ key: `total-${total.moneda}`, label: t('accounting.buckets.total'), moneda: total.moneda, antiguedad: total.antiguedad, total: true })),
  ];
  return (
    <ScrollTable label={t('accounting.statement.ageingTitle')}>
      <Table.Root size="sm" aria-label={t('accounting.statement.ageingTitle')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('accounting.statement.columns.empresa')}</Table.ColumnHeader>
            {AGEING_BUCKETS.map((bucket) => (
              <Table.ColumnHeader key={bucket} textAlign="end">
                {t(`accounting.buckets.${bucket}`)}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">{t('accounting.buckets.total')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={line.key} fontWeight={line.total ? 'semibold' : undefined}>
              <Table.Cell>{line.label}</Table.Cell>
              {[...AGEING_BUCKETS, 'total' as const].map((bucket) => (
                <FigureCell key={bucket}>
                  {format.money(line.antiguedad[bucket], line.moneda)}
                </FigureCell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollTable>
  );
}
