import { Table } from '@chakra-ui/react';
import type { CashFlowWeek } from '../../../schemas/accounting.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { CashFlowAmountCells, CashFlowAmountHeaders, type CashFlowAmount } from './cash-flow-amount-cells';
import { ScrollTable } from '../../lib/ui/scroll-table';

const AMOUNTS: readonly CashFlowAmount[] = ['ingresos', 'egresos', 'neto', 'acumulado'];

/** The range's weeks as the server summed them: the exact figures behind the weekly chart. */
export function CashFlowWeeksTable({ weeks }: { weeks: readonly CashFlowWeek[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <ScrollTable label={t('accounting.cashFlow.weeklyTitle')} maxHeight="24rem">
      <Table.Root size="sm" stickyHeader aria-label={t('accounting.cashFlow.weeklyTitle')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('accounting.cashFlow.columns.semana')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('accounting.cashFlow.columns.inicio')}</Table.ColumnHeader>
            <CashFlowAmountHeaders names={AMOUNTS} />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {weeks.map((week) => (
            <Table.Row key={`${week.moneda}-${week.semana}`}>
              <Table.Cell>{week.semana}</Table.Cell>
              <Table.Cell>{format.date(week.inicio)}</Table.Cell>
              <CashFlowAmountCells row={week} names={AMOUNTS} />
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollTable>
  );
}
