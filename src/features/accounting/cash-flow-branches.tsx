import { Table } from '@chakra-ui/react';
import type { CashFlowBranch } from '../../../schemas/accounting.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { CashFlowAmountCells, CashFlowAmountHeaders, type CashFlowAmount } from './cash-flow-amount-cells';
import { ScrollTable } from '../../lib/ui/scroll-table';

const AMOUNTS: readonly CashFlowAmount[] = ['ingresos', 'egresos', 'neto'];

/** Every open receipt and payment per branch (the contract's), then the currency's total in bold. */
export function CashFlowBranchTable({ branches }: { branches: readonly CashFlowBranch[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <ScrollTable label={t('accounting.cashFlow.branchTitle')}>
      <Table.Root size="sm" aria-label={t('accounting.cashFlow.branchTitle')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('accounting.cashFlow.columns.sucursal')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('accounting.cashFlow.columns.partidas')}</Table.ColumnHeader>
            <CashFlowAmountHeaders names={AMOUNTS} />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {branches.map((branch) => (
            <Table.Row key={`${branch.moneda}-${branch.sucursal ?? 'total'}`} fontWeight={branch.sucursal === null ? 'semibold' : undefined}>
              <Table.Cell>{branch.sucursal === null ? t('accounting.cashFlow.total') : t(`countries.${branch.sucursal}`)}</Table.Cell>
              <Table.Cell textAlign="end">{format.integer(branch.partidas)}</Table.Cell>
              <CashFlowAmountCells row={branch} names={AMOUNTS} />
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollTable>
  );
}
